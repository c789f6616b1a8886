package main

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/pool"
)

func init() {
	register("bench", "measure replay speed (moves/s) or whole games per second with bots", runBench)
}

func runBench(args []string) error {
	fs := newFlags("bench", "[--game G] --replay FILE... | --bots A,B [--games N] [--workers N]")
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return err
	}
	replayMode := fs.Bool("replay", false, "replay the moves of the games in the FILE arguments, without frame checks")
	botList := fs.String("bots", "", "two player specs A,B ("+specKinds(gs.g, "bots")+"): play --games whole games between them")
	games := fs.Int("games", 200, "games to play with --bots")
	workers := fs.Int("workers", 1, "games played in parallel with --bots (0 = one per CPU)")
	minTime := fs.Duration("min-time", time.Second, "with --replay: repeat the replays for at least this long")
	seed := fs.Int64("seed", 1, "with --bots: run seed (game i uses seed+i for its start and bots)")
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	switch {
	case *replayMode && *botList == "":
		if fs.NArg() == 0 {
			return usagef("--replay needs replay files")
		}
		return benchReplay(gs.g, fs.Args(), *minTime)
	case *botList != "" && !*replayMode:
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		if *games < 1 || *workers < 0 {
			return usagef("--games must be at least 1 and --workers not negative")
		}
		c, o, budget, err := gs.resolve()
		if err != nil {
			return err
		}
		return benchBots(gs.g, c, o, budget, *botList, *games, *workers, *seed)
	}
	return usagef("give either --replay FILE... or --bots A,B")
}

// benchReplay times replaying every game's moves (loaded first, so only the
// engine is measured), repeated until minTime has passed.
func benchReplay(g game.Game, files []string, minTime time.Duration) error {
	b, err := g.Replays().Bench(files, minTime)
	if err != nil {
		return usagef("%v", err)
	}
	el, unit := b.Took.Seconds(), g.Info().LengthWords
	fmt.Fprintf(stdout, "replayed %d games x %d rounds: %d %s in %.3f s, %.0f %s/s\n", b.Games, b.Rounds, b.Moves, unit, el, float64(b.Moves)/el, unit)
	return nil
}

// benchBots plays whole games between two players and reports games/s.
func benchBots(g game.Game, c game.Config, o game.PlayerOptions, budget time.Duration, list string, games, workers int, seed int64) error {
	specs := botspec.SplitList(list)
	if len(specs) != 2 {
		return usagef("--bots %q: want two specs A,B", list)
	}
	es, err := players(g, o, specs...)
	if err != nil {
		return err
	}
	defer game.ReleaseAll(es)
	var mu sync.Mutex
	steps, wins := 0, [3]int{}
	type worker struct {
		seats [2]*game.Seat
		w     game.Worker
	}
	newWorker := func() *worker {
		return &worker{[2]*game.Seat{game.NewSeat(es[0], false), game.NewSeat(es[1], false)}, g.NewWorker()}
	}
	closeWorker := func(w *worker) {
		for _, s := range w.seats {
			s.Close()
		}
	}
	begin := time.Now()
	err = pool.Run(context.Background(), workers, games, newWorker, func(_ context.Context, w *worker, i int) error {
		gs := seed + int64(i)
		r, err := w.w.Play(w.seats, game.Setup{Config: c, Seed: gs, Budget: budget})
		if err != nil {
			return err
		}
		mu.Lock()
		steps += r.Length
		wins[r.Winner+1]++
		mu.Unlock()
		return nil
	}, closeWorker)
	if err != nil {
		return err
	}
	el := time.Since(begin).Seconds()
	unit := g.Info().LengthWords
	fmt.Fprintf(stdout, "%s vs %s: %d games, %d workers (GOMAXPROCS %d), %.3f s: %.1f games/s, %.0f %s/s\n",
		es[0].Name, es[1].Name, games, min(pool.Size(workers), games), runtime.GOMAXPROCS(0), el, float64(games)/el, float64(steps)/el, unit)
	fmt.Fprintf(stdout, "wins %s %d, %s %d, draws %d, mean %s %.0f\n",
		es[0].Name, wins[1], es[1].Name, wins[2], wins[0], unit, float64(steps)/float64(games))
	return nil
}
