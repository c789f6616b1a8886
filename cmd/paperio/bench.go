package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/replay"
)

func init() {
	register("bench", "measure replay speed (half-steps/s) or whole games per second with bots", runBench)
}

func runBench(args []string) error {
	fs := newFlags("bench", "--replay FILE... | --bots A,B [--games N] [--workers N]")
	replayMode := fs.Bool("replay", false, "replay the actions of the games in the FILE arguments, without frame checks")
	botList := fs.String("bots", "", "two bot specs A,B: play --games whole games between them")
	games := fs.Int("games", 200, "games to play with --bots")
	workers := fs.Int("workers", 1, "games played in parallel with --bots")
	minTime := fs.Duration("min-time", time.Second, "with --replay: repeat the replays for at least this long")
	seed := fs.Int64("seed", 1, "with --bots: run seed (game i uses seed+i for its start and bots)")
	size := fs.String("size", "102x101", "with --bots: board size WxH")
	turns := fs.Int("turns", engine.DefaultMaxTurns, "with --bots: rounds per game")
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
		if *games < 1 || *workers < 1 {
			return usagef("--games and --workers must be at least 1")
		}
		c, err := gameConfig(*size, *turns)
		if err != nil {
			return err
		}
		return benchBots(*botList, c, *games, *workers, *seed)
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

// benchBots plays whole games between two bots and reports games/s.
func benchBots(list string, c engine.Config, games, workers int, seed int64) error {
	specs := strings.Split(list, ",")
	if len(specs) != 2 {
		return usagef("--bots %q: want two specs A,B", list)
	}
	for _, sp := range specs {
		if _, _, err := newBot(sp); err != nil {
			return err
		}
	}
	var mu sync.Mutex
	var firstErr error
	next, steps, wins := 0, 0, [3]int{}
	begin := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < min(workers, games); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var players [2]bots.Bot
			for i := range players {
				players[i], _, _ = newBot(specs[i])
			}
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= games {
					return
				}
				gs := seed + int64(i)
				st, err := engine.RandomStarts(c, gs)
				var s *engine.State
				if err == nil {
					s, err = bots.Play(c, st, players, uint64(gs), nil)
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if err == nil {
					steps += s.HalfSteps()
					wins[s.Result().Winner+1]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	el := time.Since(begin).Seconds()
	fmt.Fprintf(stdout, "%s vs %s: %d games, %d workers (GOMAXPROCS %d), %.3f s: %.1f games/s, %.0f half-steps/s\n",
		specs[0], specs[1], games, workers, runtime.GOMAXPROCS(0), el, float64(games)/el, float64(steps)/el)
	fmt.Fprintf(stdout, "wins %s %d, %s %d, draws %d, mean half-steps %.0f\n",
		specs[0], wins[1], specs[1], wins[2], wins[0], float64(steps)/float64(games))
	return nil
}
