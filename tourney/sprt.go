package tourney

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/paperio/paperio/engine"
)

// SPRTOptions shape an SPRT run: paired games of A against B until the
// test decides or MaxGames are played.
type SPRTOptions struct {
	A, B   *Entrant
	Test   SPRT
	Config engine.Config
	// Seed: pair j is played from the course's start of seed Seed+j, first
	// with A as player 1, then with B as player 1 from the paired start.
	Seed     int64
	Budget   time.Duration // think time per player per game; 0 = unlimited
	Pairing  Pairing
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
	if opt.Test.Model == "bayesian" {
		return nil, fmt.Errorf("sprt: the bayesian model has no pentanomial form; use normalized or logistic")
	}
	if err := opt.Config.Validate(); err != nil {
		return nil, err
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.NumCPU()
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
		games [2]*played
		err   error
	}
	results := make(chan pairResult)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seats := [2]*seat{{e: opt.A}, {e: opt.B}}
			defer func() {
				for _, s := range seats {
					s.close()
				}
			}()
			for j := range next {
				pr := pairResult{j: j}
				seed := opt.Seed + int64(j)
				first, err := engine.RandomStarts(opt.Config, seed)
				if err != nil {
					pr.err = err
				}
				for k := 0; k < 2 && pr.err == nil; k++ {
					order, starts := seats, first
					if k == 1 {
						order = [2]*seat{seats[1], seats[0]}
						starts = SecondHalfStarts(opt.Config, first, opt.Pairing)
					}
					pr.games[k], pr.err = playGame(order, gameSetup{config: opt.Config, starts: starts, seed: seed, budget: opt.Budget, stop: inner.Done(), hooks: true})
				}
				select {
				case results <- pr:
				case <-inner.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(next)
		for j := 0; maxPairs < 0 || j < maxPairs; j++ {
			select {
			case next <- j:
			case <-inner.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	pending := map[int]pairResult{}
	counted := 0
	var runErr error
	for pr := range results {
		if rep.Decision != Continue || (maxPairs >= 0 && counted >= maxPairs) || runErr != nil {
			continue
		}
		if pr.err != nil {
			if pr.err != errStopped {
				runErr = pr.err
			}
			cancel()
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
			a1 := scoreOf(p.games[0], 0)
			a2 := scoreOf(p.games[1], 1)
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
			if rep.Decision != Continue || (maxPairs >= 0 && counted >= maxPairs) {
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

// scoreOf is player index i's score in a played game.
func scoreOf(p *played, i int) float64 {
	switch p.state.Result().Winner {
	case engine.Draw:
		return 0.5
	case i:
		return 1
	}
	return 0
}
