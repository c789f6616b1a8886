package main

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/players"
	"github.com/paperio/paperio/replay"
)

func init() {
	register("bench", "measure replay speed (half-steps/s) or whole games per second with bots", runBench)
}

func runBench(args []string) error {
	fs := newFlags("bench", "--replay FILE... | --bots A,B [--games N] [--workers N]")
	replayMode := fs.Bool("replay", false, "replay the actions of the games in the FILE arguments, without frame checks")
	botList := fs.String("bots", "", "two player specs A,B (bots or py:FILE): play --games whole games between them")
	games := fs.Int("games", 200, "games to play with --bots")
	workers := fs.Int("workers", 1, "games played in parallel with --bots (0 = one per CPU)")
	minTime := fs.Duration("min-time", time.Second, "with --replay: repeat the replays for at least this long")
	seed := fs.Int64("seed", 1, "with --bots: run seed (game i uses seed+i for its start and bots)")
	board := addBoardFlags(fs)
	pf := addPlayerFlags(fs)
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	switch {
	case *replayMode && *botList == "":
		if fs.NArg() == 0 {
			return usagef("--replay needs replay files")
		}
		return benchReplay(fs.Args(), *minTime)
	case *botList != "" && !*replayMode:
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		if *games < 1 || *workers < 0 {
			return usagef("--games must be at least 1 and --workers not negative")
		}
		c, err := board.config()
		if err != nil {
			return err
		}
		maker, budget, err := pf.maker()
		if err != nil {
			return err
		}
		return benchBots(maker, budget, *botList, c, *games, *workers, *seed)
	}
	return usagef("give either --replay FILE... or --bots A,B")
}

// benchReplay times replaying every game's actions (loaded first, so only the
// engine is measured), repeated until minTime has passed.
func benchReplay(files []string, minTime time.Duration) error {
	var all []*replay.Game
	for _, f := range files {
		gs, err := replay.ReadAll(f)
		if err != nil {
			return usagef("%v", err)
		}
		all = append(all, gs...)
	}
	states := make([]*engine.State, len(all))
	for i, g := range all {
		s, err := g.Start()
		if err != nil {
			return usagef("game %s: %v", g.ID, err)
		}
		states[i] = s
	}
	work := &engine.State{}
	steps, rounds := 0, 0
	begin := time.Now()
	for time.Since(begin) < minTime || rounds == 0 {
		for i, g := range all {
			work.CopyFrom(states[i])
			for j := 0; j < len(g.Actions) && !work.Over(); j++ {
				work.Step(engine.Action(g.Actions[j]))
			}
			steps += work.HalfSteps()
		}
		rounds++
	}
	el := time.Since(begin).Seconds()
	fmt.Fprintf(stdout, "replayed %d games x %d rounds: %d half-steps in %.3f s, %.0f half-steps/s\n",
		len(all), rounds, steps, el, float64(steps)/el)
	return nil
}

// benchBots plays whole games between two players and reports games/s.
func benchBots(m players.Maker, budget time.Duration, list string, c engine.Config, games, workers int, seed int64) error {
	specs := players.SplitList(list)
	if len(specs) != 2 {
		return usagef("--bots %q: want two specs A,B", list)
	}
	es, err := entrants(m, specs...)
	if err != nil {
		return err
	}
	var mu sync.Mutex
	steps, wins := 0, [3]int{}
	newWorker := func() [2]*play.Seat[*engine.State, engine.Action] {
		return [2]*play.Seat[*engine.State, engine.Action]{play.NewSeat(es[0], false), play.NewSeat(es[1], false)}
	}
	closeWorker := func(seats [2]*play.Seat[*engine.State, engine.Action]) {
		for _, s := range seats {
			s.Close()
		}
	}
	begin := time.Now()
	err = pool.Run(context.Background(), workers, games, newWorker, func(_ context.Context, seats [2]*play.Seat[*engine.State, engine.Action], i int) error {
		gs := seed + int64(i)
		st, err := engine.RandomStarts(c, gs)
		if err != nil {
			return err
		}
		s, err := engine.NewGame(c, st)
		if err != nil {
			return err
		}
		if _, err := play.Run(bots.Game{S: s}, seats, play.Options[engine.Action]{Seed: uint64(gs), Budget: budget}); err != nil {
			return err
		}
		mu.Lock()
		steps += s.HalfSteps()
		wins[s.Result().Winner+1]++
		mu.Unlock()
		return nil
	}, closeWorker)
	if err != nil {
		return err
	}
	el := time.Since(begin).Seconds()
	fmt.Fprintf(stdout, "%s vs %s: %d games, %d workers (GOMAXPROCS %d), %.3f s: %.1f games/s, %.0f half-steps/s\n",
		es[0].Name, es[1].Name, games, min(pool.Size(workers), games), runtime.GOMAXPROCS(0), el, float64(games)/el, float64(steps)/el)
	fmt.Fprintf(stdout, "wins %s %d, %s %d, draws %d, mean half-steps %.0f\n",
		es[0].Name, wins[1], es[1].Name, wins[2], wins[0], float64(steps)/float64(games))
	return nil
}
