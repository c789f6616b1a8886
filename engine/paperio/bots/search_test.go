package bots

import (
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots/botstest"
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
							if err := botstest.JudgeMove(s, a); err != nil {
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

// TestHeadWay: the evaluation's way home from a head with a band out is
// the shortest way the rules allow, found by a breadth-first search over
// cells and headings (no step back, none onto its own band), on every such
// state of bot games; and the plain map's distance, which may begin with
// the step back, is shorter in some of them.
func TestHeadWay(t *testing.T) {
	cfg := paperio.Config{Width: 40, Height: 30, MaxTurns: 400}
	var ev evaluator
	p := searchParams{gain: unit / 2, margin: 2, loop: 600, way: unit / 2}
	checked, shorter := 0, 0
	for seed := int64(1); seed <= 4; seed++ {
		players := [2]Bot{}
		for i, spec := range []string{"heuristic", "wanderer"} {
			players[i], _ = Make(spec)
		}
		s, _ := paperio.NewGame(cfg, testStarts(cfg, seed))
		for i, b := range players {
			b.Reset(s, i, uint64(seed), play.Clock{})
		}
		for !s.Over() {
			ev.prepare(s, &p)
			for i := range 2 {
				if s.BandLen(i) == 0 {
					continue
				}
				x, y, d := s.Head(i)
				got, want := ev.headWay(s, i, x, y, d), turnWay(s, i)
				if got != want {
					t.Fatalf("seed %d, half-step %d, player %d at (%d,%d) heading %d: way home %d, the rules allow %d", seed, s.HalfSteps(), i, x, y, d, got, want)
				}
				checked++
				if int(ev.home[i][x*s.Height()+y]) < want {
					shorter++
				}
			}
			s.Step(players[s.ToMove()].Act(s, play.Clock{}))
		}
	}
	if checked < 100 || shorter == 0 {
		t.Errorf("%d states checked, %d where the map's way was shorter", checked, shorter)
	}
	t.Logf("%d states checked, %d where the map's way was shorter", checked, shorter)
}

// turnWay is player i's fewest moves from its head to its territory that
// never step back nor onto its own band; distFar when there is none. (The
// heuristic's pather.home also keeps off the enemy's head, which the
// evaluation's way does not, so it is not this definition.)
func turnWay(s *paperio.State, i int) int {
	type at struct {
		x, y int
		d    paperio.Dir
	}
	x, y, d := s.Head(i)
	seen := map[at]bool{{x, y, d}: true}
	frontier := []at{{x, y, d}}
	for n := 1; len(frontier) > 0; n++ {
		var next []at
		for _, c := range frontier {
			for _, a := range acts {
				nd := a.Turn(c.d)
				nx, ny := paperio.StepFrom(c.x, c.y, nd)
				if !s.Inside(nx, ny) || s.BandAt(nx, ny) == i+1 {
					continue
				}
				if s.FieldAt(nx, ny) == i+1 {
					return n
				}
				if k := (at{nx, ny, nd}); !seen[k] {
					seen[k] = true
					next = append(next, k)
				}
			}
		}
		frontier = next
	}
	return distFar
}
