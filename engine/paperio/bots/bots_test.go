package bots

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

var allBots = []string{"random", "goround", "wanderer", "heuristic", "cutter"}

// board shapes the bots are tried on besides the course board.
var testBoards = []paperio.Config{
	{Width: 102, Height: 101, MaxTurns: 2000},
	{Width: 2, Height: 1, MaxTurns: 50},
	{Width: 2, Height: 3, MaxTurns: 50},
	{Width: 6, Height: 5, MaxTurns: 200},
	{Width: 10, Height: 10, MaxTurns: 300},
	{Width: 12, Height: 40, MaxTurns: 500},
	{Width: 40, Height: 12, MaxTurns: 500},
	{Width: 30, Height: 30, MaxTurns: 1000},
}

// testStarts gives course starts on the course board and random ones
// elsewhere.
func testStarts(c paperio.Config, seed int64) [2]paperio.Start {
	if c.Width == paperio.DefaultWidth && c.Height == paperio.DefaultHeight {
		st, err := paperio.RandomStarts(c, seed)
		if err != nil {
			panic(err)
		}
		return st
	}
	r := rand.New(rand.NewPCG(uint64(seed), 7))
	var st [2]paperio.Start
	for i := range st {
		st[i] = paperio.Start{X: r.IntN(c.Width), Y: r.IntN(c.Height), Dir: paperio.Dir(r.IntN(4))}
	}
	return st
}

// stupidDeath reports whether the mover of the last half-step lost by its
// own doing (the wall or its own band).
func stupidDeath(s *paperio.State, mover int) bool {
	r := s.Result()
	switch r.Reason {
	case paperio.WAL:
		return r.Winner != paperio.Winner(mover)
	case paperio.TAP:
		return r.Extra == mover && r.Winner != paperio.Winner(mover)
	}
	return false
}

// hasSafeMove reports whether player me has a move that neither leaves the
// board nor steps on its own band.
func hasSafeMove(s *paperio.State, me int) bool {
	x, y, d := s.Head(me)
	for _, nd := range [3]paperio.Dir{d, d.Right(), d.Left()} {
		nx, ny := paperio.StepFrom(x, y, nd)
		if s.Inside(nx, ny) && s.BandAt(nx, ny) != me+1 {
			return true
		}
	}
	return false
}

// TestNoStupidDeaths plays every pair of bots on boards of many shapes: no
// bot panics, and no bot steps off the board or onto its own band while a
// move that does neither exists.
func TestNoStupidDeaths(t *testing.T) {
	games := 0
	for bi, c := range testBoards {
		n := 12
		if bi == 0 {
			n = 50
		}
		for _, a := range allBots {
			for _, b := range allBots {
				pa, _ := Make(a)
				pb, _ := Make(b)
				for g := 0; g < n; g++ {
					seed := int64(1000*bi + g)
					players := [2]Bot{pa, pb}
					names := [2]string{a, b}
					s, err := paperio.NewGame(c, testStarts(c, seed))
					if err != nil {
						t.Fatal(err)
					}
					for i, p := range players {
						p.Reset(s, i, play.SideSeed(uint64(seed), i), play.Clock{})
					}
					for !s.Over() {
						me := s.ToMove()
						safe := hasSafeMove(s, me)
						s.Step(players[me].Act(s, play.Clock{}))
						if s.Over() && safe && stupidDeath(s, me) {
							x, y, d := s.Head(me)
							t.Errorf("%s (player %d) vs %s on %dx%d, seed %d: died by %v at half-step %d (%d,%d,%d) with a safe move",
								names[me], me+1, names[1-me], c.Width, c.Height, seed, s.Result().Reason, s.HalfSteps(), x, y, d)
						}
					}
					games++
				}
			}
		}
	}
	t.Logf("%d games", games)
}

// TestExtremeParams plays each bot with each parameter at the ends of its
// range: no panics, no stupid deaths.
func TestExtremeParams(t *testing.T) {
	boards := []paperio.Config{testBoards[0], testBoards[3], testBoards[6]}
	for _, in := range Catalog() {
		for _, p := range in.Params {
			for _, v := range []float64{p.Min, p.Max} {
				sp := botspec.Spec{Name: in.Name, Params: map[string]float64{p.Name: v}}
				games, cfgs := 3, boards
				if _, searches := in.Param("nodes"); searches {
					// A search's largest budgets take minutes a move: a
					// small budget besides (and one enemy model in its
					// play-outs) keeps its games quick. On the course
					// board its games stop at 500 rounds, as on the
					// others: every parameter shows in them, and the
					// full 2,000 rounds against heuristic took 80 % of
					// this test's time.
					games = 1
					short := boards[0]
					short.MaxTurns = 500
					cfgs = append([]paperio.Config{short}, boards[1:]...)
					for k, v := range map[string]float64{"ms": 1, "nodes": 200, "models": 1} {
						if p.Name != k {
							sp.Params[k] = v
						}
					}
				}
				for _, opp := range []string{"random", "heuristic"} {
					for bi, c := range cfgs {
						me, err := New(sp)
						if err != nil {
							t.Fatal(err)
						}
						other, _ := Make(opp)
						for g := 0; g < games; g++ {
							seed := int64(100*bi + g)
							players := [2]Bot{me, other}
							s, _ := paperio.NewGame(c, testStarts(c, seed))
							for i, pl := range players {
								pl.Reset(s, i, uint64(seed)+uint64(i), play.Clock{})
							}
							for !s.Over() {
								mover := s.ToMove()
								safe := hasSafeMove(s, mover)
								s.Step(players[mover].Act(s, play.Clock{}))
								if mover == 0 && s.Over() && safe && stupidDeath(s, mover) {
									t.Errorf("%v vs %s on %dx%d, seed %d: died by %v with a safe move", sp, opp, c.Width, c.Height, seed, s.Result().Reason)
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestDeterministic: the same seed gives the same game, with new bots or
// with bots reused from other games.
func TestDeterministic(t *testing.T) {
	cfg := paperio.DefaultConfig()
	for _, a := range allBots {
		for _, b := range allBots {
			pa, _ := Make(a)
			pb, _ := Make(b)
			for g := int64(0); g < 3; g++ {
				starts := testStarts(cfg, 77+g)
				first := record(cfg, starts, [2]Bot{pa, pb}, uint64(g))
				fa, _ := Make(a)
				fb, _ := Make(b)
				again := record(cfg, starts, [2]Bot{fa, fb}, uint64(g))
				if first != again {
					t.Errorf("%s vs %s, game %d: two plays from the same seed differ", a, b, g)
				}
			}
		}
	}
	// Different seeds make random players play differently.
	pa, _ := Make("random")
	pb, _ := Make("random")
	starts := testStarts(cfg, 5)
	if record(cfg, starts, [2]Bot{pa, pb}, 1) == record(cfg, starts, [2]Bot{pa, pb}, 2) {
		t.Error("random plays the same game from two seeds")
	}
}

// record plays a game and returns its actions and result as text.
func record(c paperio.Config, starts [2]paperio.Start, players [2]Bot, seed uint64) string {
	var acts []byte
	s, err := Play(c, starts, players, seed, func(_ *paperio.State, a paperio.Action) { acts = append(acts, byte(a)) })
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%s %+v %d %d", acts, s.Result(), s.Area(0), s.Area(1))
}

// TestHeuristicBeatsSimpleBots: with default parameters the heuristic
// wins at least 90% of 200 games against each simple bot (100 on each side,
// course board, 2000 rounds, course starts from distinct seeds).
func TestHeuristicBeatsSimpleBots(t *testing.T) {
	for _, opp := range []string{"random", "goround", "wanderer"} {
		m := playMatch(t, "heuristic", opp, 200, 1)
		t.Logf("heuristic vs %s: %v", opp, m)
		if m.rate() < 0.9 {
			t.Errorf("heuristic beat %s in %.1f%% of the games, want at least 90%%", opp, 100*m.rate())
		}
	}
}

// TestHeuristicSelfPlay: the heuristic against itself is about even, and
// neither side dies much.
func TestHeuristicSelfPlay(t *testing.T) {
	m := playMatch(t, "heuristic", "heuristic", 200, 1)
	t.Logf("heuristic vs heuristic: %v", m)
	if r := m.rate(); r < 0.35 || r > 0.65 {
		t.Errorf("heuristic won %.1f%% against itself, want about half", 100*r)
	}
}

// scripted plays back a game's actions, allocating nothing: the baseline
// of the play loop's own allocations.
type scripted struct{ acts []paperio.Action }

func (p *scripted) Reset(*paperio.State, int, uint64, play.Clock) {}
func (p *scripted) Act(s *paperio.State, _ play.Clock) paperio.Action {
	return p.acts[s.HalfSteps()]
}

// TestActAllocations: once a bot has played a few games, its moves
// allocate next to nothing (buffers are reused; a search may still grow one
// now and then).
func TestActAllocations(t *testing.T) {
	cfg := paperio.DefaultConfig()
	for _, name := range allBots {
		pa, _ := Make(name)
		pb, _ := Make(name)
		players := [2]Bot{pa, pb}
		for g := int64(0); g < 5; g++ { // warm up: buffers grow to the board
			Play(cfg, testStarts(cfg, g), players, uint64(g), nil)
		}
		var botAllocs float64
		moves := 0
		for g := int64(10); g < 20; g++ {
			starts := testStarts(cfg, g)
			var acts []paperio.Action
			s, _ := Play(cfg, starts, players, uint64(g), func(_ *paperio.State, a paperio.Action) { acts = append(acts, a) })
			moves += s.HalfSteps()
			acts = acts[:len(acts):len(acts)]
			played := testing.AllocsPerRun(1, func() { Play(cfg, starts, players, uint64(g), nil) })
			script := &scripted{acts: acts}
			replayed := testing.AllocsPerRun(1, func() { Play(cfg, starts, [2]Bot{script, script}, uint64(g), nil) })
			botAllocs += played - replayed
		}
		t.Logf("%s: %v allocations by the bots in 10 games, %d moves", name, botAllocs, moves)
		if botAllocs > 10 {
			t.Errorf("%s: %v allocations in %d moves", name, botAllocs, moves)
		}
	}
}

// TestCutterAcrossShapes: one cutter plays on boards of the same cell count
// and other shapes in turn (4×6, 8×3, 2×12, 6×4), its buffers fitted to
// each.
func TestCutterAcrossShapes(t *testing.T) {
	cut, _ := Make("cutter")
	other, _ := Make("heuristic")
	for i, c := range []paperio.Config{{Width: 4, Height: 6, MaxTurns: 100}, {Width: 8, Height: 3, MaxTurns: 100}, {Width: 2, Height: 12, MaxTurns: 100}, {Width: 6, Height: 4, MaxTurns: 100}} {
		st := [2]paperio.Start{{X: 0, Y: 1, Dir: paperio.South}, {X: c.Width - 1, Y: c.Height - 2, Dir: paperio.North}}
		s, err := Play(c, st, [2]Bot{cut, other}, uint64(i), nil)
		if err != nil {
			t.Fatal(err)
		}
		if r := s.Result(); !s.Over() || r.Reason == paperio.ERR || s.HalfSteps() < 10 {
			t.Fatalf("%dx%d: over %v, result %+v after %d half-steps", c.Width, c.Height, s.Over(), r, s.HalfSteps())
		}
	}
}
