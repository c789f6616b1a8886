package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/internal/progress"
	"github.com/paperio/paperio/selfplay"
)

func init() {
	register("selfplay", "play many games between players and write them as a parquet dataset", runSelfplay)
}

// defaultBots are the players of a run without --bots, as the game says
// (game.Info.SelfplayBots).
func defaultBots(g game.Game) string {
	return strings.Join(g.Info().SelfplayBots(g.Bots()), ",")
}

func runSelfplay(args []string) error {
	fs := newFlags("selfplay", "[--game G] [--bots A,B,...] [--pairs all|A:B,...] [--games N] [--seed S] [--workers N|auto] [game settings] [--shard i/n|auto [--shards N]] [--resume] [--check] [--out DIR|URL] [--quiet]")
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return err
	}
	botList := fs.String("bots", defaultBots(gs.g), "player specs `A,B,...` ("+specKinds(gs.g, "bots")+"; py:DIR/ or 'py:DIR/t_*.py' for every course AI there) whose every ordered pair plays (with --pairs all)")
	pairList := fs.String("pairs", "all", "matchups: all (every ordered pair of --bots, mirror games too) or `A:B,...` (A moves first)")
	games := fs.Int64("games", 360, "games in the run; game g plays matchup g mod (number of matchups)")
	seed := fs.Int64("seed", 1, "run seed: every game's seed derives from it and the game's index")
	workers := fs.String("workers", "auto", "games played at once: a number, or auto for one per CPU")
	shard := fs.String("shard", "0/1", "write only shard `i/n` of the run: chunks i, i+n, i+2n, ... (0 ≤ i < n); auto: i from $JOB_COMPLETION_INDEX (a Kubernetes Indexed Job)")
	shards := fs.Int("shards", 0, "number of shards n for --shard auto and --check (default $PAPERIO_SHARDS)")
	check := fs.Bool("check", false, "play nothing: report the chunks missing from --out and the shard indexes to rerun, rewrite the manifest; exit 0 only when the run is complete")
	chunk := fs.Int("chunk", 0, "games per chunk file; 0 = 128, or games/16 for fewer than 2048 games (part of the run: shards and --resume must agree)")
	resume := fs.Bool("resume", false, "finish the run already in --out: keep its complete chunks, write the rest")
	out := fs.String("out", "out/selfplay", "output folder, or bucket URL (s3://bucket/prefix, gs://…, azblob://…, file:///…)")
	quiet := fs.Bool("quiet", false, "print nothing but errors (no progress bar, no summary)")
	view := fs.String("view", "", "serve the live view at `ADDR` (127.0.0.1:8765): games move on screen as they are played, finished games join its index; it stays up after the run until Ctrl-C")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}

	c, o, budget, err := gs.resolve()
	if err != nil {
		return err
	}
	g := gs.g
	var pairs []selfplay.Pair
	if strings.EqualFold(strings.TrimSpace(*pairList), "all") {
		specs, err := selfplay.ParseBots(g, *botList)
		if err != nil {
			return usagef("--bots: %v", err)
		}
		pairs = selfplay.AllPairs(specs)
	} else {
		botsGiven := false
		fs.Visit(func(f *flag.Flag) { botsGiven = botsGiven || f.Name == "bots" })
		if botsGiven {
			return usagef("--bots goes with --pairs all; list the matchups in --pairs instead")
		}
		if pairs, err = selfplay.ParsePairs(g, *pairList); err != nil {
			return usagef("--pairs: %v", err)
		}
	}
	if *shards < 0 {
		return usagef("--shards %d: want a positive number", *shards)
	}
	var sh selfplay.Shard // zero: --check takes the shard count from the shard records
	if !*check || *shard != "0/1" || *shards > 0 {
		if *check && *shard == "0/1" {
			*shard = fmt.Sprintf("0/%d", *shards)
		}
		if sh, err = selfplay.ResolveShard(*shard, *shards, os.Getenv); err != nil {
			return usagef("--shard: %v", err)
		}
	}
	nw := pool.Size(0)
	if *workers != "auto" {
		if nw, err = strconv.Atoi(*workers); err != nil || nw < 1 {
			return usagef("--workers %q: want a positive number or auto", *workers)
		}
	}
	if *chunk == 0 {
		*chunk = selfplay.ChunkGamesFor(*games)
	}
	plan := selfplay.Plan{
		Game: g.Name(), Seed: *seed, Games: *games, ChunkGames: *chunk,
		Settings: c.Encode(), Pairs: pairs,
	}
	if err := plan.Validate(); err != nil {
		return usagef("%v", err)
	}

	var checked map[string]*game.Entrant
	if !*check {
		// Every player starts before anything is written, and the instance
		// started is kept for its first game when there are few players
		// (as in a tournament: with more, each would wait as a process).
		specs := plan.Specs()
		if checked, err = specEntrants(g, o, specs, len(specs) <= keepPlayers); err != nil {
			return err
		}
		defer func() {
			for _, e := range checked {
				e.Release()
			}
		}()
	}
	if *check {
		r, err := selfplay.Check(selfplay.Options{Plan: plan, Out: *out, Shard: sh})
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %s\n", *out, r)
		if !r.Manifest.Complete {
			return exitError{1}
		}
		return nil
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	prog := &selfplay.Progress{}
	opts := selfplay.Options{
		Plan: plan, Out: *out, Workers: nw, Shard: sh, Resume: *resume,
		Entrant: func(spec string) (*game.Entrant, error) {
			if e := checked[spec]; e != nil {
				return e, nil
			}
			return g.Entrant(spec, o)
		}, Budget: budget,
		Command:  append([]string{"paperio", "selfplay"}, args...),
		Progress: prog,
	}
	lv, err := startRunView(*view, fmt.Sprintf("paperio selfplay (%d games) to %s", *games, *out), gs)
	if err != nil {
		return err
	}
	if lv != nil {
		watchSelfPlay(lv.live, &opts)
	}
	start := time.Now()
	var bar *progress.Display
	if !*quiet {
		bar = progress.Start(os.Stderr, 250*time.Millisecond, func(w io.Writer) {
			io.WriteString(w, selfplay.ProgressLine(prog, time.Since(start)))
		})
	}
	m, err := selfplay.Run(ctx, opts)
	bar.Stop(true)
	if err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprint(os.Stdout, selfplay.Summary(m, prog, time.Since(start), *out))
	}
	lv.finish()
	return nil
}
