package paperio

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// A player written from docs/PROTOCOL.md keeps the board from the start
// and the changes and checks it every turn (its head on its own territory
// or band); it plays whole games, with enclosures, on both sides, in one
// process, and is told each end.
func TestChangesKeepTheBoard(t *testing.T) {
	p, err := NewExecPlayer("testdata/paperio_fromdoc.py", pyai.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for side := range 2 {
		s := &paperio.State{}
		if err := s.Reset(paperio.Config{Width: 40, Height: 31, MaxTurns: 300},
			[2]paperio.Start{{X: 8, Y: 15, Dir: paperio.North}, {X: 30, Y: 15, Dir: paperio.South}}); err != nil {
			t.Fatal(err)
		}
		enemy, _ := bots.Make("goround")
		var c play.Clock
		p.Reset(s, side, 1, c)
		enemy.Reset(s, 1-side, 1, c)
		for !s.Over() && p.Failure().Kind == play.NoFault {
			if s.ToMove() == side {
				s.Step(p.Act(s, c))
			} else {
				s.Step(enemy.Act(s, c))
			}
		}
		if f := p.Failure(); f.Kind != play.NoFault {
			t.Fatalf("side %d: %v: %s\n%s", side, f.Kind, f.Detail, p.Output())
		}
		if s.Area(side) <= 9 {
			t.Errorf("side %d: territory %d: the player never enclosed anything", side, s.Area(side))
		}
		p.EndGame(s, side, c)
	}
	if out := p.Output(); strings.Contains(out, "new process") {
		t.Errorf("the process was replaced between games:\n%s", out)
	}
}
