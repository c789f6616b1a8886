package paperio

import (
	"fmt"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// The built-in cutter is the course-style hunter in Go, and with bandit's
// two constants bandit: shadowing each Python AI through whole games
// against the heuristic (either side), it chooses the move the AI played
// at every one of the AI's moves, where the AI's think time is ample.
func TestCutterPlaysAsHunter(t *testing.T) {
	for _, tc := range []struct{ file, spec string }{
		{"hunter.py", "cutter"},
		{"bandit.py", "cutter:steal=5,kill=50"},
	} {
		for side := range 2 {
			t.Run(fmt.Sprintf("%s/side%d", tc.file, side), func(t *testing.T) {
				py := newPlayer(t, "../../examples/bots/python/course/"+tc.file, opt(pyai.Options{}))
				cut, err := bots.Make(tc.spec)
				if err != nil {
					t.Fatal(err)
				}
				heur, err := bots.Make("heuristic")
				if err != nil {
					t.Fatal(err)
				}
				sh := &shadow{played: py, shadow: cut}
				ps := [2]bots.Bot{sh, heur}
				if side == 1 {
					ps = [2]bots.Bot{heur, sh}
				}
				s, err := runGame(course, starts(t, int64(31+side)), ps, uint64(31+side), nil)
				if err != nil {
					t.Fatal(err)
				}
				if sh.moves < 300 || sh.differ != 0 {
					t.Fatalf("%d of the AI's %d moves chosen otherwise (first at half-step %d); result %+v",
						sh.differ, sh.moves, sh.first, s.Result())
				}
			})
		}
	}
}

// shadow plays played's moves and asks shadow for its choice at each,
// counting where the two differ.
type shadow struct {
	played, shadow bots.Bot
	moves, differ  int
	first          int // half-step of the first difference
}

func (p *shadow) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	p.played.Reset(s, me, seed, c)
	p.shadow.Reset(s, me, seed, c)
}

func (p *shadow) Act(s *paperio.State, c play.Clock) paperio.Action {
	a := p.played.Act(s, c)
	if p.shadow.Act(s, c) != a {
		if p.differ == 0 {
			p.first = s.HalfSteps()
		}
		p.differ++
	}
	p.moves++
	return a
}
