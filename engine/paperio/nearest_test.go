package paperio

import (
	"math/rand/v2"
	"testing"
)

// TestNearestTerritory compares NearestTerritory with a look at every cell,
// from points on and next to the board, in random games on boards whose
// columns are one, two and three 64-bit words high.
func TestNearestTerritory(t *testing.T) {
	checked := 0
	for game := 0; game < 60; game++ {
		rng := rand.New(rand.NewPCG(9, uint64(game)))
		w, h := 2*(3+rng.IntN(12)), []int{1 + rng.IntN(40), 60 + rng.IntN(20), 120 + rng.IntN(20)}[game%3]
		c, st := randomSetup(rng, w, h)
		s, err := NewGame(c, st)
		if err != nil {
			t.Fatal(err)
		}
		next := walkers(rng)
		for !s.Over() {
			a, _ := next(s)
			s.Step(a)
			if rng.IntN(8) != 0 {
				continue
			}
			for range 4 {
				i, x, y := rng.IntN(2), rng.IntN(w+2)-1, rng.IntN(h+2)-1
				want := -1
				for cx := range w {
					for cy := range h {
						if d := abs(cx-x) + abs(cy-y); s.FieldAt(cx, cy) == i+1 && (want < 0 || d < want) {
							want = d
						}
					}
				}
				d, cell := s.NearestTerritory(i, x, y, w+h+2, 0)
				if d != want {
					t.Fatalf("game %d: player %d from (%d,%d): distance %d, want %d", game, i+1, x, y, d, want)
				}
				if d >= 0 {
					cx, cy := s.XY(cell)
					if s.FieldAt(cx, cy) != i+1 || abs(cx-x)+abs(cy-y) != d {
						t.Fatalf("game %d: cell (%d,%d) is not player %d's at distance %d", game, cx, cy, i+1, d)
					}
				}
				// A bound at the distance finds nothing; a floor above it
				// may stop at any cell no further than the floor.
				if d >= 0 {
					if d2, _ := s.NearestTerritory(i, x, y, d, 0); d2 != -1 {
						t.Fatalf("bound %d found distance %d", d, d2)
					}
					if d3, _ := s.NearestTerritory(i, x, y, w+h+2, d+2); d3 < d || d3 > d+2 {
						t.Fatalf("floor %d gave %d, nearest is %d", d+2, d3, d)
					}
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d points checked", checked)
	}
}
