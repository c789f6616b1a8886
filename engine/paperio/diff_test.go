package paperio

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// walker picks actions for random games. Pure random walkers die within a few
// steps, so most walkers are cautious: they avoid the wall and their own band
// (nearly always), run straight a while, and head home once their band is
// long enough, which makes loops of every size. Some hunt the enemy's head,
// so that games also end on band hits, side hits and meetings; the others
// keep away from the enemy's head and band.
type walker struct {
	rng      *rand.Rand
	hunter   bool    // steers toward the enemy head
	reckless float64 // chance of a uniformly random action
	reach    int     // band length at which it heads home
}

func newWalker(rng *rand.Rand) *walker {
	w := &walker{rng: rng, hunter: rng.IntN(5) == 0, reach: 1 + rng.IntN(16), reckless: 0.01}
	if rng.IntN(10) == 0 {
		w.reckless = 1 // a pure random walker
	}
	return w
}

var actions = [3]Action{Left, Straight, Right}

func (w *walker) act(s *State) Action {
	if w.rng.Float64() < w.reckless {
		return actions[w.rng.IntN(3)]
	}
	me := s.ToMove()
	x, y, d := s.Head(me)
	ex, ey, _ := s.Head(1 - me)
	goal := func(nx, ny int) int { return 0 }
	switch {
	case w.hunter && w.rng.IntN(3) != 0:
		goal = func(nx, ny int) int { return abs(nx-ex) + abs(ny-ey) }
	case s.BandLen(me) >= w.reach:
		goal = func(nx, ny int) int { return distanceHome(s, me, nx, ny) }
	case w.rng.IntN(4) != 0:
		goal = func(nx, ny int) int { // keep going straight
			if nx-x == d.DX() && ny-y == d.DY() {
				return 0
			}
			return 1
		}
	}
	var best []Action
	bestScore := 1 << 30
	for _, a := range actions {
		nx, ny := StepFrom(x, y, a.Turn(d))
		if !s.Inside(nx, ny) || s.BandAt(nx, ny) == me+1 || !hasWayOn(s, me, nx, ny, a.Turn(d)) {
			continue
		}
		if !w.hunter && (s.BandAt(nx, ny) != 0 || abs(nx-ex)+abs(ny-ey) <= 1) {
			continue // peaceful walkers keep away from the enemy
		}
		switch sc := goal(nx, ny); {
		case sc < bestScore:
			best, bestScore = append(best[:0], a), sc
		case sc == bestScore:
			best = append(best, a)
		}
	}
	if len(best) == 0 {
		return actions[w.rng.IntN(3)]
	}
	return best[w.rng.IntN(len(best))]
}

// hasWayOn reports whether player i, having stepped to (x, y) facing d, has a
// next step that is on the board and not on its own band (a one-step look
// ahead that keeps cautious walkers out of dead ends).
func hasWayOn(s *State, i, x, y int, d Dir) bool {
	if s.FieldAt(x, y) == i+1 {
		return true // home: the band is gone after this step
	}
	for _, a := range actions {
		nx, ny := StepFrom(x, y, a.Turn(d))
		if s.Inside(nx, ny) && s.BandAt(nx, ny) != i+1 {
			return true
		}
	}
	return false
}

// distanceHome is the Manhattan distance from (x, y) to player i's nearest
// territory cell (a large number when it has none).
func distanceHome(s *State, i, x, y int) int {
	best := 1 << 20
	for cx := 0; cx < s.Width(); cx++ {
		for cy := 0; cy < s.Height(); cy++ {
			if s.FieldAt(cx, cy) == i+1 {
				best = min(best, abs(cx-x)+abs(cy-y))
			}
		}
	}
	return best
}

// randomSetup draws a board shape, a round count and two starts. Starts are
// anywhere on the board (sometimes the same cell), or the course's starts for
// a random seed.
func randomSetup(rng *rand.Rand, w, h int) (Config, [2]Start) {
	c := Config{Width: w, Height: h, MaxTurns: 1 + rng.IntN(300)}
	if rng.IntN(8) == 0 {
		c.MaxTurns = 1 + rng.IntN(6)
	}
	if rng.IntN(4) == 0 {
		if st, err := RandomStarts(c, rng.Int64()-rng.Int64()); err == nil {
			return c, st
		}
	}
	var st [2]Start
	for i := range st {
		st[i] = Start{X: rng.IntN(w), Y: rng.IntN(h), Dir: Dir(rng.IntN(4))}
	}
	if rng.IntN(20) == 0 {
		st[1].X, st[1].Y = st[0].X, st[0].Y
	}
	return c, st
}

// boardShapes are the fixed shapes every differential run covers: the
// extremes (2 wide, 1 high) and a few course-like odd heights.
var boardShapes = [][2]int{
	{2, 1}, {2, 2}, {2, 3}, {2, 8}, {2, 31}, {4, 1}, {10, 1}, {30, 1},
	{4, 2}, {4, 3}, {6, 7}, {8, 9}, {10, 11}, {12, 8}, {16, 15}, {20, 21}, {30, 31},
	// Columns of one 64-bit word, just over one, and three (enclosure
	// reads territory as a column's words).
	{6, 64}, {8, 65}, {10, 129},
}

// gameStats tallies what the random games exercised.
type gameStats struct {
	games, halfSteps, enclosures, taken int
	endings                             map[string]int
}

func (st *gameStats) add(s *State, g *refGame) {
	st.games++
	st.halfSteps += s.HalfSteps()
	st.enclosures += g.enclosures
	st.taken += g.taken
	if st.endings == nil {
		st.endings = map[string]int{}
	}
	r := s.Result()
	key := r.Reason.String()
	switch r.Reason {
	case TAP:
		if r.Winner == Winner(r.Extra) {
			key += " enemy band"
		} else {
			key += " own band"
		}
	case CIT:
		key += fmt.Sprintf(" extra %d", r.Extra)
	case FAC, END:
		if r.Winner == Draw {
			key += " draw"
		}
	}
	st.endings[key]++
}

// playDiff plays a game on the engine and the oracle side by side, taking
// actions from next until the game ends or next has no more, and checks them
// after every half-step.
func playDiff(c Config, starts [2]Start, next func(*State) (Action, bool)) (*State, *refGame, error) {
	s, err := NewGame(c, starts)
	if err != nil {
		return nil, nil, err
	}
	g := newRef(c, starts)
	var played []byte
	fail := func(err error) error {
		return fmt.Errorf("%v\nboard %dx%d, %d rounds, starts %+v, actions %q\n%s", err, c.Width, c.Height, c.MaxTurns, starts, played, picture(s))
	}
	if err := compareRef(s, g); err != nil {
		return nil, nil, fail(err)
	}
	if err := checkInvariants(s, true); err != nil {
		return nil, nil, fail(err)
	}
	field := slices.Clone(s.Fields())
	for !s.Over() {
		a, ok := next(s)
		if !ok {
			return s, g, nil
		}
		played = append(played, byte(a))
		over := s.Step(a)
		g.step(a)
		if over != s.Over() {
			return nil, nil, fail(fmt.Errorf("Step returned %v, Over is %v", over, s.Over()))
		}
		if err := compareRef(s, g); err != nil {
			return nil, nil, fail(err)
		}
		changed := !bytes.Equal(field, s.Fields())
		if err := checkInvariants(s, changed); err != nil {
			return nil, nil, fail(err)
		}
		if changed {
			copy(field, s.Fields())
		}
	}
	// Stepping a finished game changes nothing.
	d := s.Digest()
	if !s.Step(Left) || s.Digest() != d || s.HalfSteps() != g.steps {
		return nil, nil, fail(fmt.Errorf("a finished game moved on"))
	}
	return s, g, nil
}

// walkers returns an action source of two random walkers.
func walkers(rng *rand.Rand) func(*State) (Action, bool) {
	w := [2]*walker{newWalker(rng), newWalker(rng)}
	return func(s *State) (Action, bool) { return w[s.ToMove()].act(s), true }
}

// TestDifferential plays many random games on small and odd-shaped boards
// against the oracle. The games are seeded, so a failure names the game and
// prints its actions.
func TestDifferential(t *testing.T) {
	n := 8000
	if testing.Short() {
		n = 500
	}
	var st gameStats
	for i := 0; i < n; i++ {
		rng := rand.New(rand.NewPCG(20180601, uint64(i)))
		var w, h int
		if i < 4*len(boardShapes) {
			w, h = boardShapes[i%len(boardShapes)][0], boardShapes[i%len(boardShapes)][1]
		} else if rng.IntN(2) == 0 {
			w, h = 2*(1+rng.IntN(15)), 1+rng.IntN(31)
		} else { // room for large loops
			w, h = 2*(6+rng.IntN(10)), 10+rng.IntN(22)
		}
		c, starts := randomSetup(rng, w, h)
		s, g, err := playDiff(c, starts, walkers(rng))
		if err != nil {
			t.Fatalf("game %d (PCG seed 20180601, %d): %v", i, i, err)
		}
		st.add(s, g)
	}
	t.Logf("%d games, %d half-steps, %d enclosures taking %d cells beyond the band; endings %v",
		st.games, st.halfSteps, st.enclosures, st.taken, st.endings)
	// The games must have exercised every ending and real enclosures.
	for _, k := range []string{"WAL", "TAP own band", "TAP enemy band", "SID", "FAC", "CIT extra 1", "CIT extra 0", "END", "END draw"} {
		if st.endings[k] == 0 {
			t.Errorf("no random game ended with %s", k)
		}
	}
	if st.enclosures < 3*n || st.taken < 5*n {
		t.Errorf("only %d enclosures taking %d cells in %d games", st.enclosures, st.taken, n)
	}
}
