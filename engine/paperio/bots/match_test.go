package bots

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
)

// matchStats sums up games between two specs.
type matchStats struct {
	games, wins, losses, draws int
	reasons                    map[string]int // "won/lost by REASON"
	halfSteps                  int
	area                       [2]int  // final areas: the spec under test, the opponent
	lost                       []int64 // seeds of the games lost (negative: played second)
}

func (m matchStats) rate() float64 { return float64(m.wins) / float64(m.games) }

func (m matchStats) String() string {
	return fmt.Sprintf("%d games: %d won, %d lost, %d drawn (%.1f%%), mean half-steps %.0f, mean final area %.0f vs %.0f, %v",
		m.games, m.wins, m.losses, m.draws, 100*m.rate(), float64(m.halfSteps)/float64(m.games),
		float64(m.area[0])/float64(m.games), float64(m.area[1])/float64(m.games), m.reasons)
}

// playMatch plays games games of spec a against spec b on the course
// board, a moving first in the first half and second in the other, each
// game from its own course start (seeds seed0, seed0+1, ...). It runs on
// up to two goroutines.
func playMatch(t testing.TB, a, b string, games int, seed0 int64) matchStats {
	cfg := paperio.DefaultConfig()
	type result struct {
		res   paperio.Result
		steps int
		side  int
		area  [2]int
		seed  int64
	}
	results := make([]result, games)
	workers := min(2, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			ba, err := Make(a)
			if err != nil {
				mu.Lock()
				firstErr = err
				mu.Unlock()
				return
			}
			bb, err := Make(b)
			if err != nil {
				mu.Lock()
				firstErr = err
				mu.Unlock()
				return
			}
			for g := w; g < games; g += workers {
				seed := seed0 + int64(g)
				starts, err := paperio.RandomStarts(cfg, seed)
				if err != nil {
					panic(err)
				}
				side := 0
				players := [2]Bot{ba, bb}
				if g >= games/2 {
					side = 1
					players = [2]Bot{bb, ba}
				}
				s, err := Play(cfg, starts, players, uint64(seed), nil)
				if err != nil {
					panic(err)
				}
				results[g] = result{s.Result(), s.HalfSteps(), side, [2]int{s.Area(side), s.Area(1 - side)}, seed}
			}
		}(w)
	}
	wg.Wait()
	if firstErr != nil {
		t.Fatal(firstErr)
	}
	m := matchStats{games: games, reasons: map[string]int{}}
	for _, r := range results {
		m.halfSteps += r.steps
		m.area[0] += r.area[0]
		m.area[1] += r.area[1]
		switch r.res.Winner {
		case paperio.Draw:
			m.draws++
			m.reasons["draw "+r.res.Reason.String()]++
		case paperio.Winner(r.side):
			m.wins++
			m.reasons["won "+r.res.Reason.String()]++
		default:
			m.losses++
			if r.side == 0 {
				m.lost = append(m.lost, r.seed)
			} else {
				m.lost = append(m.lost, -r.seed)
			}
			m.reasons["lost "+r.res.Reason.String()]++
		}
	}
	return m
}
