package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/progress"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/tourney"
)

func init() {
	register("sprt", "paired games between two players until a sequential probability ratio test decides (fastchess-style report; no inf or nan: a figure without a finite value is said in words)", runSPRT)
}

func runSPRT(args []string) error {
	fs := newFlags("sprt", "--p1 A --p2 B --elo0 E0 --elo1 E1 [--alpha 0.05 --beta 0.05] [--max-games N] [flags]")
	mf, err := addMatchFlags(fs, args, false)
	if err != nil {
		return err
	}
	p1 := fs.String("p1", "", "player A, the one tested: "+specKinds(mf.game.g, "a bot spec"))
	p2 := fs.String("p2", "", "player B, the reference: "+specKinds(mf.game.g, "a bot spec"))
	elo0 := fs.Float64("elo0", 0, "Elo difference of H0")
	elo1 := fs.Float64("elo1", 0, "Elo difference of H1 (greater than --elo0)")
	alpha := fs.Float64("alpha", 0.05, "type I error: accepting H1 when H0 holds")
	beta := fs.Float64("beta", 0.05, "type II error: accepting H0 when H1 holds")
	model := fs.String("model", "normalized", "how --elo0 and --elo1 are read: normalized (Fishtest and fastchess default) or logistic (plain Elo)")
	maxGames := fs.Int("max-games", 0, "stop after this many games without a decision (0 = no limit)")
	seed := fs.Int64("seed", 1, "pair j starts from the course's start of seed S+j")
	workers := fs.Int("workers", 0, "pairs played at once (0 = one per CPU)")
	quiet := fs.Bool("quiet", false, "no progress, only the final report")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *p1 == "" || *p2 == "" {
		return usagef("--p1 and --p2 are required")
	}
	test := rating.SPRT{Elo0: *elo0, Elo1: *elo1, Alpha: *alpha, Beta: *beta, Model: *model}
	if err := test.Validate(); err != nil {
		return usagef("%v", err)
	}
	if *maxGames < 0 || *workers < 0 {
		return usagef("--max-games and --workers must not be negative")
	}
	so, err := mf.series(2)
	if err != nil {
		return err
	}
	a, b, err := mf.pair(*p1, *p2)
	if err != nil {
		return err
	}
	defer game.ReleaseAll([]*game.Entrant{a, b})
	opt := tourney.SPRTOptions{A: a, B: b, Test: test, Game: so.Game, Config: so.Config, Seed: *seed, Budget: so.Budget, Pairing: so.Pairing, MaxGames: *maxGames, Workers: *workers}
	var (
		mu   sync.Mutex
		line string
		live *progress.Display
	)
	if !*quiet {
		if stdout == os.Stdout {
			live = progress.Start(os.Stdout, 250*time.Millisecond, func(w io.Writer) {
				mu.Lock()
				defer mu.Unlock()
				io.WriteString(w, line)
			})
		}
		opt.OnPair = func(r *tourney.SPRTReport) {
			n := r.Pairs.N()
			l := fmt.Sprintf("games %d  W %d D %d L %d  Elo %s  LLR %.2f", 2*n, r.W, r.D, r.L, tourney.EloText(r.Estimate(), r.A, r.B, 1), r.LLR())
			mu.Lock()
			line = l
			mu.Unlock()
			if live == nil && n%50 == 0 {
				fmt.Fprintln(stdout, l)
			}
		}
	}
	lo, hi := test.Bounds()
	if !*quiet {
		fmt.Fprintf(stdout, "SPRT %s v %s: H0 Elo %g, H1 Elo %g (%s), alpha %g, beta %g, bounds (%.2f, %.2f); %s\n",
			a.Name, b.Name, *elo0, *elo1, *model, *alpha, *beta, lo, hi, tourney.DescribeGames(so))
	}
	ctx, stop := signalContext()
	defer stop()
	rep, err := tourney.RunSPRT(ctx, opt)
	live.Stop(true)
	if rep != nil {
		rep.WriteText(stdout)
	}
	return err
}
