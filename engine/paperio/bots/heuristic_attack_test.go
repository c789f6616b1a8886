package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// walk returns the actions of a player heading d that visits the cells of
// way in turn, each a step from the one before.
func walk(d paperio.Dir, from [2]int, way [][2]int) []paperio.Action {
	var acts []paperio.Action
	x, y := from[0], from[1]
	for _, c := range way {
		for nd := paperio.Dir(0); nd < 4; nd++ {
			if x+nd.DX() == c[0] && y+nd.DY() == c[1] {
				acts = append(acts, actionTo(d, nd))
				d, x, y = nd, c[0], c[1]
				break
			}
		}
	}
	return acts
}

// line is the cells from (x0, y0), left out, to (x1, y1) in a straight line.
func line(x0, y0, x1, y1 int) [][2]int {
	var cs [][2]int
	for x, y := x0, y0; x != x1 || y != y1; {
		x, y = x+sign(x1-x), y+sign(y1-y)
		cs = append(cs, [2]int{x, y})
	}
	return cs
}

// TestRaid: the enemy's band passes three steps from my head, which is on
// my territory, and its head is two steps from my way there. With raid the
// heuristic goes for the band across its own territory (no band of mine
// for the enemy to cut) and wins; without it the enemy's head being
// nearer my way holds it back.
func TestRaid(t *testing.T) {
	cfg := paperio.Config{Width: 20, Height: 12, MaxTurns: 200}
	starts := [2]paperio.Start{{X: 4, Y: 6, Dir: paperio.North}, {X: 17, Y: 6, Dir: paperio.West}}
	// Player 1 leaves its territory, and lays its band west along y = 4,
	// above mine, its head stopping at (2, 4); I circle on my territory.
	var way [][2]int
	for _, leg := range [][4]int{{17, 6, 9, 6}, {9, 6, 9, 2}, {9, 2, 8, 2}, {8, 2, 8, 4}, {8, 4, 2, 4}, {2, 4, 0, 4}} {
		way = append(way, line(leg[0], leg[1], leg[2], leg[3])...)
	}
	enemy := walk(paperio.West, [2]int{17, 6}, way)
	ring := [][2]int{{4, 5}, {5, 5}, {5, 6}, {5, 7}, {4, 7}, {3, 7}, {3, 6}, {3, 5}}
	var circle [][2]int
	for len(circle) < len(enemy) {
		circle = append(circle, ring...)
	}
	mine := walk(paperio.North, [2]int{4, 6}, circle)
	for _, raid := range []bool{false, true} {
		s, err := paperio.NewGame(cfg, starts)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 21; i++ {
			s.Step(mine[i])
			s.Step(enemy[i])
		}
		if x, y, d := s.Head(0); x != 4 || y != 7 || d != paperio.West {
			t.Fatalf("my head at (%d, %d) heading %v, the test wants (4, 7) west", x, y, d)
		}
		if x, y, _ := s.Head(1); x != 2 || y != 4 || s.Over() {
			t.Fatalf("enemy's head at (%d, %d), over %v: the test wants (2, 4) with the game on", x, y, s.Over())
		}
		b, _ := Make("heuristic")
		h := b.(*heuristic)
		h.raid = raid
		h.Reset(s, 0, 0, play.Clock{})
		h.bd.load(s, 0)
		h.mine.update(s, 0)
		h.theirs.update(s, 1)
		var safe [4]bool
		for i := range safe {
			safe[i] = true
		}
		nd, ok := h.attackMove(s, 4, 7, paperio.West, 0, &safe)
		if ok != raid || ok && nd != paperio.North {
			t.Fatalf("raid %v: attack %v towards %v, want %v towards north", raid, ok, nd, raid)
		}
		if !raid {
			continue
		}
		for i := 21; !s.Over() && i < len(enemy)+3; i++ {
			s.Step(h.Act(s, play.Clock{}))
			if x, y, _ := s.Head(0); !s.Over() && !h.bd.mine(x, y) {
				t.Fatalf("raid left my territory at (%d, %d)", x, y)
			}
			if !s.Over() {
				s.Step(enemy[min(i, len(enemy)-1)])
			}
		}
		if r := s.Result(); !s.Over() || r.Winner != 0 || r.Reason != paperio.TAP {
			t.Fatalf("raid: game over %v, result %+v; want a win on the enemy's band", s.Over(), r)
		}
	}
}
