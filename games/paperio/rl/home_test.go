package rl

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
)

// TestTrackerMatchesSearch: the tracker that follows a game gives the
// homes and band distances that the searches from scratch give, for both
// players, at every state of games on boards of every size, whether it is
// asked at every half-step or only now and then (its hints then span
// several moves).
func TestTrackerMatchesSearch(t *testing.T) {
	var tr tracker
	var area [2]int
	n, asked := 0, 0
	states(t, 200, func(s *paperio.State) {
		n++
		if s.HalfSteps() == 0 {
			tr.start(s)
		} else {
			tr.played(s, (s.HalfSteps()-1)&1, area[(s.HalfSteps()-1)&1])
		}
		area = [2]int{s.Area(0), s.Area(1)}
		for me := range 2 {
			if (n+me)%3 == 2 {
				continue // not asked this time
			}
			asked++
			if got, want := tr.home(s, me), FindHome(s, me, 0); got != want {
				t.Fatalf("half-step %d, player %d: home %+v, want %+v", s.HalfSteps(), me+1, got, want)
			}
			if got, want := tr.bandToHead(s, me), tables.BandToHead(s, me); got != want {
				t.Fatalf("half-step %d, player %d: band to head %d, want %d", s.HalfSteps(), me+1, got, want)
			}
		}
	})
	if asked < 10000 {
		t.Fatalf("only %d states compared", asked)
	}
}
