package tourney

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/rating"
)

// SPRTOptions shape an SPRT run: paired games of A against B until the
// test decides or MaxGames are played.
type SPRTOptions struct {
	A, B   *Entrant
	Test   rating.SPRT
	Game   game.Game
	Config game.Config
	// Seed: pair j is played from the course's start of seed Seed+j, first
	// with A as player 1, then with B as player 1 from the paired start.
	Seed     int64
	Budget   time.Duration // think time per timed player per game; 0 = unlimited
	Pairing  string
	MaxGames int // 0: no limit
	// Workers is the number of pairs played at once (default: the number of
	// CPUs). Each worker keeps one instance of each player for all its pairs
	// (one series in the course's terms: BeginSeries when it is built,
	// EndSeries at the end).
	Workers int
	// OnPair, if not nil, hears the running report after each pair is
	// counted (pairs are counted in order, whatever order they finish in).
	OnPair func(*SPRTReport)
}

// RunSPRT plays pairs until the test accepts H0 or H1, or MaxGames.
// A cancelled ctx ends the run with the pairs counted so far and the
// context's error.
func RunSPRT(ctx context.Context, opt SPRTOptions) (*SPRTReport, error) {
	if err := opt.Test.Validate(); err != nil {
		return nil, err
	}
	if opt.Game == nil || opt.Config == nil {
		return nil, fmt.Errorf("sprt: no game or settings")
	}
	maxPairs := -1
	if opt.MaxGames > 0 {
		maxPairs = (opt.MaxGames + 1) / 2
	}
	rep := &SPRTReport{A: opt.A.Name, B: opt.B.Name, Test: opt.Test}
	start := time.Now()
	inner, cancel := context.WithCancel(ctx)
	defer cancel()

	type pairResult struct {
		j     int
		games [2]*game.Record
	}
	results := make(chan pairResult)
	var runErr error
	go func() {
		defer close(results)
		type worker struct {
			seats [2]*seat
			w     game.Worker
		}
		newWorker := func() *worker { return &worker{newSeats(opt.A, opt.B), opt.Game.NewWorker()} }
		closeWorker := func(w *worker) {
			for _, s := range w.seats {
				s.Close()
			}
		}
		err := pool.Run(inner, opt.Workers, maxPairs, newWorker, func(ctx context.Context, w *worker, j int) error {
			games, err := PlayPair(w.w, w.seats, opt.Seed+int64(j), PairSetup{Config: opt.Config, Budget: opt.Budget, Pairing: opt.Pairing, Stop: ctx.Done()})
			if err != nil {
				return err
			}
			pr := pairResult{j: j, games: games}
			select {
			case results <- pr:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}, closeWorker)
		if err != nil && err != play.ErrStopped && !errors.Is(err, context.Canceled) {
			runErr = err
		}
	}()

	pending := map[int]pairResult{}
	counted := 0
	for pr := range results {
		if rep.Decision != rating.Continue || (maxPairs >= 0 && counted >= maxPairs) {
			continue
		}
		pending[pr.j] = pr
		for {
			p, ok := pending[counted]
			if !ok {
				break
			}
			delete(pending, counted)
			counted++
			a1 := p.games[0].Winner.Score(0)
			a2 := p.games[1].Winner.Score(1)
			rep.Pairs.Add(a1, a2)
			for _, sc := range []float64{a1, a2} {
				switch sc {
				case 1:
					rep.W++
				case 0.5:
					rep.D++
				default:
					rep.L++
				}
			}
			rep.Decision = rep.Test.Decide(rep.LLR())
			rep.Wall = time.Since(start)
			if opt.OnPair != nil {
				opt.OnPair(rep)
			}
			if rep.Decision != rating.Continue || (maxPairs >= 0 && counted >= maxPairs) {
				cancel()
				break
			}
		}
	}
	rep.Wall = time.Since(start)
	if runErr != nil {
		return rep, runErr
	}
	if err := ctx.Err(); err != nil {
		return rep, err
	}
	return rep, nil
}
