package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/results"
	"github.com/paperio/paperio/tourney"
)

func init() {
	register("series", "play the course's series between two players (up to 20 games, sides swap at half time)", runSeries)
}

// matchFlags are the flags every match command shares: the game and its
// settings, the players' flags, wall-time cap and pairing.
type matchFlags struct {
	game    *gameSetup
	cap     *string
	pairing *string
	options game.PlayerOptions // set by series
}

func addMatchFlags(fs *flag.FlagSet, args []string, withCap bool) (*matchFlags, error) {
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return nil, err
	}
	m := &matchFlags{
		game:    gs,
		pairing: fs.String("pairing", "same", "second-half starts (paperio): same (each player plays both heads of each start) or mirror (each keeps its head, mirrored)"),
	}
	if withCap {
		m.cap = fs.String("cap", "auto", "wall-time cap per series: auto = the course's (2·time + 5 s) per game, 0 = none, or a duration (90s, 10m)")
	}
	return m, nil
}

// series builds the series options (Games and Seed are left to the caller)
// and the players' options.
func (m *matchFlags) series(games int) (tourney.SeriesOptions, error) {
	var o tourney.SeriesOptions
	c, po, budget, err := m.game.resolve()
	if err != nil {
		return o, err
	}
	m.options = po
	if games < 2 || games%2 != 0 {
		return o, usagef("games per series %d: must be even and at least 2", games)
	}
	g := m.game.g
	if !slices.Contains(g.Info().Pairings, *m.pairing) {
		return o, usagef("--pairing %q: %s has %s", *m.pairing, g.Name(), strings.Join(g.Info().Pairings, " or "))
	}
	o = tourney.SeriesOptions{Game: g, Config: c, Games: games, Budget: budget, Pairing: *m.pairing}
	if m.cap != nil {
		switch v := strings.TrimSpace(*m.cap); v {
		case "auto":
			if o.Budget > 0 {
				o.Cap = tourney.CourseCap(games, o.Budget)
			}
		case "0", "none", "":
		default:
			d, err := time.ParseDuration(v)
			if err != nil {
				s, err2 := strconv.ParseFloat(v, 64)
				if err2 != nil || s < 0 {
					return o, usagef("--cap %q: want auto, 0, or a duration such as 90s", v)
				}
				d = time.Duration(s * float64(time.Second))
			}
			o.Cap = d
		}
	}
	return o, nil
}

// pair builds the two players of a match, each keeping the instance its
// check started for its first game: the caller releases them
// (game.ReleaseAll).
func (m *matchFlags) pair(p1, p2 string) (a, b *tourney.Entrant, err error) {
	es, err := players(m.game.g, m.options, p1, p2)
	if err != nil {
		return nil, nil, err
	}
	return es[0], es[1], nil
}

func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func runSeries(args []string) error {
	fs := newFlags("series", "--p1 A --p2 B [--games 20] [--seed S] [flags]")
	mf, err := addMatchFlags(fs, args, true)
	if err != nil {
		return err
	}
	p1 := fs.String("p1", "", "player A, who moves first in the first half: "+specKinds(mf.game.g, "a bot spec"))
	p2 := fs.String("p2", "", "player B, who moves first in the second half: "+specKinds(mf.game.g, "a bot spec"))
	games := fs.Int("games", 20, "games at most (even); the series stops when a player has won more than half")
	seed := fs.Int64("seed", 1, "first-half game j (and its paired second-half game) starts from the course's start of seed S+j, bots seeded alike")
	out := fs.String("out", "", "also write the series to this output folder (results.sqlite, games/ and turns/ parquet), as tournament does")
	quiet := fs.Bool("quiet", false, "print only the result, not every game")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *p1 == "" || *p2 == "" {
		return usagef("--p1 and --p2 are required")
	}
	opt, err := mf.series(*games)
	if err != nil {
		return err
	}
	opt.Seed = *seed
	a, b, err := mf.pair(*p1, *p2)
	if err != nil {
		return err
	}
	defer game.ReleaseAll([]*game.Entrant{a, b})
	key := fmt.Sprintf("series: %s v %s", a.Name, b.Name)
	var store *results.Store
	if *out != "" {
		if store, err = results.OpenStore(*out, mf.game.g); err != nil {
			return err
		}
		defer store.Close()
		desc, _ := json.Marshal(struct {
			Format string
			A, B   string
			Games  int
			Seed   int64
			Series string
		}{"series", a.Spec, b.Spec, *games, *seed, tourney.DescribeSeries(opt)})
		if _, err := store.BeginRun(string(desc)); err != nil {
			return err
		}
		if err := store.SavePlayers([]*tourney.Entrant{a, b}, nil); err != nil {
			return err
		}
		done, err := store.Completed()
		if err != nil {
			return err
		}
		if st := done[key]; st != nil {
			fmt.Fprintf(stdout, "%s: already played in %s\n", key, *out)
			printSeries(opt.Game.Info(), st.SeriesResult, *quiet)
			return nil
		}
	}
	fmt.Fprintf(stdout, "%s v %s: %s\n", a.Name, b.Name, tourney.DescribeSeries(opt))
	ctx, stop := signalContext()
	defer stop()
	res, err := tourney.PlaySeries(ctx, a, b, opt, func(g *tourney.GameRecord, _ tourney.Tally) {
		if !*quiet {
			fmt.Fprintln(stdout, tourney.GameLine(opt.Game.Info(), g))
		}
	})
	if err != nil {
		return err
	}
	if store != nil {
		if _, err := store.SaveSeries(key, "series", opt.Seed, opt.Pairing, res); err != nil {
			return err
		}
	}
	printSeries(opt.Game.Info(), res, true)
	if store != nil {
		fmt.Fprintf(stdout, "written to %s\n", filepath.Join(*out, results.DBFile))
	}
	return nil
}

// printSeries prints a series' result and what its games say about the two
// players (A's view).
func printSeries(in *game.Info, res *tourney.SeriesResult, quiet bool) {
	if !quiet {
		for i := range res.Games {
			fmt.Fprintln(stdout, tourney.GameLine(in, &res.Games[i]))
		}
	}
	t := res.Tally
	pa, pb := t.Points()
	fmt.Fprintf(stdout, "series %s v %s: %s after %d of %d games — %s (points %d : %d), %s\n",
		t.A, t.B, tourney.TallyText(t), len(res.Games), res.Planned, tourney.VerdictText(t), pa, pb, res.Wall.Round(time.Millisecond))
	e := rating.EstimateGames(t.WinsA, t.Draws, t.WinsB)
	by := map[int]int{}
	for _, g := range res.Games {
		by[g.Reason]++
	}
	fmt.Fprintf(stdout, "%s: score %.1f %%, Elo %s, LOS %.2f %%; games by result: %s\n",
		t.A, 100*e.Score, tourney.EloText(e, t.A, t.B, 1), 100*rating.LOSFromWinsLosses(t.WinsA, t.WinsB), tourney.ReasonCounts(in, by))
	tourney.WriteUse(stdout, tourney.Use(res.Games))
}
