package bots

import (
	"fmt"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// TestSearchDeterministic: under a node budget the search plays the same
// game twice, with new players or reused ones, whatever the clock says.
func TestSearchDeterministic(t *testing.T) {
	cfg := paperio.Config{Width: 30, Height: 30, MaxTurns: 300}
	for g := int64(0); g < 3; g++ {
		starts := testStarts(cfg, 40+g)
		pa, _ := Make("search:nodes=1500")
		pb, _ := Make("heuristic")
		first := record(cfg, starts, [2]Bot{pa, pb}, uint64(g))
		fa, _ := Make("search:nodes=1500")
		fb, _ := Make("heuristic")
		again := record(cfg, starts, [2]Bot{fa, fb}, uint64(g))
		reused := record(cfg, starts, [2]Bot{pa, pb}, uint64(g))
		if first != again || first != reused {
			t.Errorf("game %d: two plays under a node budget differ", g)
		}
	}
}

// TestSearchNeverLosesAtOnce: whenever a move exists that the engine does
// not call a loss at once, the search does not play one that it does; and
// it takes a win that is there at once. Games on small boards against
// every built-in bot, with tight and loose budgets.
func TestSearchNeverLosesAtOnce(t *testing.T) {
	boards := []paperio.Config{
		{Width: 10, Height: 10, MaxTurns: 200},
		{Width: 12, Height: 40, MaxTurns: 300},
		{Width: 30, Height: 30, MaxTurns: 400},
	}
	checked := 0
	for _, spec := range []string{"search:nodes=1", "search:nodes=300", "search"} {
		for _, opp := range allBots {
			for bi, c := range boards {
				for g := int64(0); g < 2; g++ {
					me, _ := Make(spec)
					other, _ := Make(opp)
					players := [2]Bot{me, other}
					if g == 1 {
						players = [2]Bot{other, me}
					}
					side := int(g)
					seed := int64(10*bi) + g
					s, err := paperio.NewGame(c, testStarts(c, seed))
					if err != nil {
						t.Fatal(err)
					}
					for i, p := range players {
						p.Reset(s, i, play.SideSeed(uint64(seed), i), play.Clock{})
					}
					for !s.Over() {
						mover := s.ToMove()
						a := players[mover].Act(s, play.Clock{})
						if mover == side {
							checked++
							if err := judgeMove(s, a); err != nil {
								t.Errorf("%s vs %s on %dx%d, seed %d, half-step %d: %v", spec, opp, c.Width, c.Height, seed, s.HalfSteps(), err)
							}
						}
						s.Step(a)
					}
				}
			}
		}
	}
	t.Logf("%d moves checked", checked)
}

// judgeMove plays each action on a copy of s: the one chosen must not lose
// at once when another does not, and must win at once when one does.
func judgeMove(s *paperio.State, chosen paperio.Action) error {
	me := s.ToMove()
	var loses, wins [3]bool
	anySafe, anyWin := false, false
	for k, a := range acts {
		c := s.Clone()
		c.Step(a)
		if c.Over() {
			r := c.Result()
			loses[k] = r.Winner != paperio.Winner(me)
			wins[k] = r.Winner == paperio.Winner(me)
		}
		anySafe = anySafe || !loses[k]
		anyWin = anyWin || wins[k]
	}
	for k, a := range acts {
		if a != chosen {
			continue
		}
		if loses[k] && anySafe {
			return fmt.Errorf("played %c, which loses at once, with a move that does not", a)
		}
		if anyWin && !wins[k] {
			return fmt.Errorf("played %c with a win at once on the board", a)
		}
	}
	return nil
}

// TestSearchKeepsItsTime: under the course's clock (here a short one, so
// that the test is quick) the search spreads its think time over the
// rounds and never runs out, on the course board, whatever its budgets.
func TestSearchKeepsItsTime(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 400}
	budget := 2 * time.Second
	for _, spec := range []string{"search:nodes=0,ms=60000", "search:ms=20"} {
		me, _ := Make(spec)
		other, _ := Make("goround")
		seats := [2]*play.Seat[*paperio.State, paperio.Action]{play.SeatOf("search", me), play.SeatOf("goround", other)}
		starts, _ := paperio.RandomStarts(cfg, 3)
		s, _ := paperio.NewGame(cfg, starts)
		t0 := time.Now()
		res, err := play.Run[*paperio.State, paperio.Action](Game{s}, seats, play.Options[paperio.Action]{Seed: 3, Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		if res.Faults[0].Kind != play.NoFault {
			t.Fatalf("%s: %s", spec, res.Detail)
		}
		if res.Think[0] >= budget || res.Think[0] == 0 {
			t.Errorf("%s: thought %v of %v", spec, res.Think[0], budget)
		}
		t.Logf("%s: %d half-steps, thought %v of %v (wall %v)", spec, s.HalfSteps(), res.Think[0], budget, time.Since(t0))
	}
}
