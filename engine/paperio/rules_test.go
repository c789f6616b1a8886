package paperio

import (
	"math"
	"strings"
	"testing"
)

// Crafted games: each plays a short script whose outcome was worked out by
// hand from RULES.md, and checks the result, the counts and the cells the
// rules talk about. Every half-step is also checked against the oracle.

// script is the two players' actions; they are interleaved player 1 first, so
// p1 has as many actions as p2 or one more.
type script struct{ p1, p2 string }

// play runs a script on a new game and the oracle, checking both after every
// half-step. The game must not end before the script's last action.
func play(t *testing.T, c Config, starts [2]Start, sc script) *State {
	t.Helper()
	if n1, n2 := len(sc.p1), len(sc.p2); n1 != n2 && n1 != n2+1 {
		t.Fatalf("bad script: %d and %d actions", n1, n2)
	}
	s, err := NewGame(c, starts)
	if err != nil {
		t.Fatal(err)
	}
	g := newRef(c, starts)
	var all []byte
	for i := 0; i < len(sc.p1); i++ {
		all = append(all, sc.p1[i])
		if i < len(sc.p2) {
			all = append(all, sc.p2[i])
		}
	}
	for i, a := range all {
		if s.Over() {
			t.Fatalf("game over after %d of %d half-steps: %+v\n%s", i, len(all), s.Result(), picture(s))
		}
		s.Step(Action(a))
		g.step(Action(a))
		if err := compareRef(s, g); err != nil {
			t.Fatalf("half-step %d: %v\n%s", i+1, err, picture(s))
		}
		if err := checkInvariants(s, true); err != nil {
			t.Fatalf("half-step %d: %v\n%s", i+1, err, picture(s))
		}
	}
	return s
}

func wantResult(t *testing.T, s *State, want Result) {
	t.Helper()
	if !s.Over() {
		t.Fatalf("game still running, want %+v\n%s", want, picture(s))
	}
	if got := s.Result(); got != want {
		t.Fatalf("result %+v, want %+v\n%s", got, want, picture(s))
	}
}

func wantCounts(t *testing.T, s *State, area, band [2]int) {
	t.Helper()
	if got := [2]int{s.Area(0), s.Area(1)}; got != area {
		t.Errorf("areas %v, want %v", got, area)
	}
	if got := [2]int{s.BandLen(0), s.BandLen(1)}; got != band {
		t.Errorf("band lengths %v, want %v", got, band)
	}
}

func wantCell(t *testing.T, s *State, x, y, field, band int) {
	t.Helper()
	if f, b := s.FieldAt(x, y), s.BandAt(x, y); f != field || b != band {
		t.Errorf("cell (%d,%d): territory %d band %d, want %d and %d", x, y, f, b, field, band)
	}
}

var board12x10 = Config{Width: 12, Height: 10, MaxTurns: 100}

func TestWall(t *testing.T) {
	t.Run("player 1 walks off the west edge", func(t *testing.T) {
		s := play(t, board12x10, [2]Start{{0, 5, West}, {9, 5, West}}, script{"S", ""})
		wantResult(t, s, Result{Winner: 1, Reason: WAL, Extra: -1})
		if x, y, d := s.Head(0); x != -1 || y != 5 || d != West {
			t.Errorf("head (%d,%d,%d), want the off-board (-1,5,2)", x, y, d)
		}
		if s.HalfSteps() != 1 {
			t.Errorf("%d half-steps", s.HalfSteps())
		}
	})
	t.Run("player 2 walks off the south edge", func(t *testing.T) {
		s := play(t, board12x10, [2]Start{{2, 2, East}, {5, 9, South}}, script{"S", "S"})
		wantResult(t, s, Result{Winner: 0, Reason: WAL, Extra: -1})
		if x, y, _ := s.Head(1); x != 5 || y != 10 {
			t.Errorf("head (%d,%d), want (5,10)", x, y)
		}
	})
	t.Run("a turn into the north edge", func(t *testing.T) {
		s := play(t, board12x10, [2]Start{{1, 0, East}, {9, 5, West}}, script{"L", ""})
		wantResult(t, s, Result{Winner: 1, Reason: WAL, Extra: -1})
		if x, y, d := s.Head(0); x != 1 || y != -1 || d != North {
			t.Errorf("head (%d,%d,%d), want (1,-1,3)", x, y, d)
		}
	})
}

func TestBandHits(t *testing.T) {
	t.Run("own band: the mover loses", func(t *testing.T) {
		// Player 1 runs out east, turns right three times and meets its band
		// at (4,5); player 2 circles at home.
		s := play(t, board12x10, [2]Start{{2, 5, East}, {9, 5, West}}, script{"SSSRRR", "SLLLL"})
		wantResult(t, s, Result{Winner: 1, Reason: TAP, Extra: 0})
		wantCell(t, s, 4, 5, 0, 1)
		wantCounts(t, s, [2]int{9, 9}, [2]int{4, 0})
	})
	t.Run("enemy band: its owner loses and the mover's band covers it", func(t *testing.T) {
		s := play(t, board12x10, [2]Start{{7, 1, South}, {9, 5, West}}, script{"SSSS", "SSS"})
		wantResult(t, s, Result{Winner: 0, Reason: TAP, Extra: 0})
		wantCell(t, s, 7, 5, 0, 1)
		wantCounts(t, s, [2]int{9, 9}, [2]int{3, 1})
	})
	t.Run("enemy band on own territory: the mover encloses, the enemy band stays", func(t *testing.T) {
		// Player 2 lays band over player 1's square at (3,4) and (3,5);
		// player 1 comes home onto (3,4) with a band of three cells.
		s := play(t, board12x10, [2]Start{{2, 5, North}, {6, 4, West}}, script{"LRSRSR", "SSSLL"})
		wantResult(t, s, Result{Winner: 0, Reason: TAP, Extra: 0})
		wantCell(t, s, 3, 4, 1, 2)
		wantCell(t, s, 1, 3, 1, 0)
		wantCounts(t, s, [2]int{12, 9}, [2]int{0, 4})
	})
	t.Run("player 2 hits player 1's band", func(t *testing.T) {
		// Mirror of the enemy band case with player 2 as the mover.
		s := play(t, board12x10, [2]Start{{9, 5, West}, {7, 1, South}}, script{"SSSS", "SSSS"})
		wantResult(t, s, Result{Winner: 1, Reason: TAP, Extra: 1})
		wantCell(t, s, 7, 5, 0, 2)
	})
}

func TestHeadMeetings(t *testing.T) {
	t.Run("side hit by player 1", func(t *testing.T) {
		s := play(t, board12x10, [2]Start{{6, 1, South}, {9, 5, West}}, script{"SSSS", "SSS"})
		wantResult(t, s, Result{Winner: 0, Reason: SID, Extra: -1})
		wantCell(t, s, 6, 5, 0, 1)
		wantCounts(t, s, [2]int{9, 9}, [2]int{3, 1})
	})
	t.Run("side hit by player 2", func(t *testing.T) {
		s := play(t, board12x10, [2]Start{{2, 5, East}, {5, 8, North}}, script{"SSS", "SSS"})
		wantResult(t, s, Result{Winner: 1, Reason: SID, Extra: -1})
		wantCell(t, s, 5, 5, 0, 2)
		wantCounts(t, s, [2]int{9, 9}, [2]int{1, 2})
	})
	t.Run("head-on, equal territory: draw", func(t *testing.T) {
		s := play(t, board12x10, [2]Start{{2, 5, East}, {9, 5, West}}, script{"SSSS", "SSS"})
		wantResult(t, s, Result{Winner: Draw, Reason: FAC, Extra: -1, Scores: [2]int{9, 9}})
		wantCell(t, s, 6, 5, 0, 1)
	})
	t.Run("head-on, player 2's square clipped by the wall", func(t *testing.T) {
		c := Config{Width: 10, Height: 10, MaxTurns: 100}
		s := play(t, c, [2]Start{{2, 5, East}, {9, 5, West}}, script{"SSSS", "SSS"})
		wantResult(t, s, Result{Winner: 0, Reason: FAC, Extra: -1, Scores: [2]int{9, 6}})
	})
	t.Run("head-on by player 2, player 1's square clipped", func(t *testing.T) {
		c := Config{Width: 10, Height: 10, MaxTurns: 100}
		s := play(t, c, [2]Start{{0, 5, East}, {8, 5, West}}, script{"SSSS", "SSSS"})
		wantResult(t, s, Result{Winner: 1, Reason: FAC, Extra: -1, Scores: [2]int{6, 9}})
		wantCell(t, s, 4, 5, 0, 2)
	})
	t.Run("CIT True: the mover meets the enemy on its own territory and encloses", func(t *testing.T) {
		// Player 2 walks into player 1's square to (3,4); player 1 comes
		// home onto it with its band (2,3), (3,3).
		s := play(t, board12x10, [2]Start{{2, 5, North}, {6, 4, West}}, script{"SSRR", "SSS"})
		wantResult(t, s, Result{Winner: 0, Reason: CIT, Extra: 1})
		wantCell(t, s, 2, 3, 1, 0)
		wantCell(t, s, 3, 3, 1, 0)
		wantCell(t, s, 3, 4, 1, 2)
		wantCounts(t, s, [2]int{11, 9}, [2]int{0, 2})
	})
	t.Run("CIT False: the mover meets the enemy on the enemy's territory", func(t *testing.T) {
		// Player 1 circles in its square; player 2 walks in and onto it.
		s := play(t, board12x10, [2]Start{{2, 5, East}, {6, 5, West}}, script{"SLLL", "SSSS"})
		wantResult(t, s, Result{Winner: 0, Reason: CIT, Extra: 0})
		wantCell(t, s, 2, 5, 1, 2)
		wantCounts(t, s, [2]int{9, 9}, [2]int{0, 3})
	})
	t.Run("same start: player 2 follows player 1 onto its own territory", func(t *testing.T) {
		// Player 2's square covers player 1's; the cell player 1 steps to is
		// player 2's territory (player 1 lays its band on it), so player 2
		// stepping onto it wins (CIT True, enclosing nothing).
		s := play(t, board12x10, [2]Start{{5, 5, East}, {5, 5, East}}, script{"S", "S"})
		wantResult(t, s, Result{Winner: 1, Reason: CIT, Extra: 1})
		wantCounts(t, s, [2]int{0, 9}, [2]int{1, 0})
		wantCell(t, s, 6, 5, 2, 1)
	})
}

func TestEnclosure(t *testing.T) {
	// Player 1 draws the border of the square (2,2)-(9,9) and closes it at
	// (2,3). Player 2 circles inside its start square and has just stepped
	// out to (6,4) with one band cell when the loop closes: it loses all its
	// territory, and its band stays where it is, on player 1's territory.
	c := Config{Width: 12, Height: 12, MaxTurns: 28}
	starts := [2]Start{{2, 2, East}, {6, 6, North}}
	p1 := "SSSSSSS" + "RSSSSSS" + "RSSSSSS" + "RSSSSS"
	p2 := strings.Repeat("RRRR", 6) + "SS"
	s := play(t, c, starts, script{p1, p2})
	want := strings.Join([]string{
		"............",
		".111........",
		".111111111..",
		".1A1111111..",
		"..1111B111..",
		"..11111111..",
		"..11111111..",
		"..11111111..",
		"..11111111..",
		"..11111111..",
		"............",
		"............",
	}, "\n") + "\n"
	if got := picture(s); got != want {
		t.Fatalf("after the loop closed:\n%s\nwant:\n%s", got, want)
	}
	wantCounts(t, s, [2]int{69, 0}, [2]int{0, 1})
	wantCell(t, s, 6, 4, 1, 2)
	if s.Over() {
		t.Fatalf("game over: %+v", s.Result())
	}
	// Player 2 has no territory and goes on; the rounds run out.
	s.Step(Straight)
	s.Step(Straight) // player 1, inside its territory
	if s.Over() {
		t.Fatalf("over after %d half-steps", s.HalfSteps())
	}
	s.Step(Straight)
	wantResult(t, s, Result{Winner: 0, Reason: END, Extra: -1, Scores: [2]int{69, 0}})
	wantCounts(t, s, [2]int{69, 0}, [2]int{0, 3})
}

func TestEnd(t *testing.T) {
	c := Config{Width: 12, Height: 10, MaxTurns: 1}
	s, err := NewGame(c, [2]Start{{2, 5, East}, {9, 5, West}})
	if err != nil {
		t.Fatal(err)
	}
	if s.TurnsLeft(0) != 1 || s.TurnsLeft(1) != 1 || s.ToMove() != 0 {
		t.Fatalf("turns left %d %d, to move %d", s.TurnsLeft(0), s.TurnsLeft(1), s.ToMove())
	}
	if s.Step(Straight) {
		t.Fatalf("over after player 1's half-step: %+v", s.Result())
	}
	if s.TurnsLeft(0) != 0 || s.TurnsLeft(1) != 1 || s.ToMove() != 1 {
		t.Fatalf("turns left %d %d, to move %d", s.TurnsLeft(0), s.TurnsLeft(1), s.ToMove())
	}
	if !s.Step(Straight) {
		t.Fatal("not over after the last round")
	}
	wantResult(t, s, Result{Winner: Draw, Reason: END, Extra: -1, Scores: [2]int{9, 9}})
	if s.TurnsLeft(1) != 0 {
		t.Errorf("turns left %d", s.TurnsLeft(1))
	}
}

func TestForfeit(t *testing.T) {
	s, err := NewGame(board12x10, [2]Start{{2, 5, East}, {9, 5, West}})
	if err != nil {
		t.Fatal(err)
	}
	s.Step(Straight)
	s.Forfeit(1, OVT)
	wantResult(t, s, Result{Winner: 0, Reason: OVT, Extra: -1})
	s.Forfeit(0, ERR) // a finished game keeps its result
	wantResult(t, s, Result{Winner: 0, Reason: OVT, Extra: -1})
	if s.Step(Straight); s.HalfSteps() != 1 {
		t.Errorf("a forfeited game moved on")
	}
}

func TestActions(t *testing.T) {
	// The course's turns: a right turn is clockwise on a board whose y axis
	// points south.
	right := map[Dir]Dir{East: South, South: West, West: North, North: East}
	for d := East; d <= North; d++ {
		if !d.Valid() {
			t.Errorf("%d is not valid", d)
		}
		if got := Right.Turn(d); got != right[d] || got != d.Right() {
			t.Errorf("right from %d: %d", d, got)
		}
		if got := Left.Turn(d); right[got] != d || got != d.Left() {
			t.Errorf("left from %d: %d", d, got)
		}
		if got := d.Opposite(); got != right[right[d]] || got.Opposite() != d {
			t.Errorf("opposite of %d: %d", d, got)
		}
		if got := Straight.Turn(d); got != d {
			t.Errorf("straight from %d: %d", d, got)
		}
		if got := Action('?').Turn(d); got != d {
			t.Errorf("unknown action from %d: %d", d, got)
		}
		if x, y := StepFrom(5, 5, d); (x-5)*(x-5)+(y-5)*(y-5) != 1 || d.Horizontal() != (y == 5) {
			t.Errorf("step %d from (5,5) is (%d,%d), horizontal %v", d, x, y, d.Horizontal())
		}
	}
	for _, d := range []Dir{-1, 4} {
		if d.Valid() {
			t.Errorf("%d is valid", d)
		}
	}
	if x, y := StepFrom(5, 5, North); x != 5 || y != 4 {
		t.Errorf("north of (5,5) is (%d,%d)", x, y)
	}
	for r, name := range map[Reason]string{WAL: "WAL", TAP: "TAP", SID: "SID", FAC: "FAC", CIT: "CIT", ERR: "ERR", OVT: "OVT", END: "END", 9: "Reason(9)"} {
		if r.String() != name {
			t.Errorf("%d: %s, want %s", r, r.String(), name)
		}
		if r.Words() == "" {
			t.Errorf("%s has no words", name)
		}
	}
}

// TestEncloseMarksWrap: enclosure stamps the columns it has made bits of
// with a counter that is bumped instead of clearing them; when the counter
// would wrap, the stamps are cleared. Stale columns from before the wrap
// must not count.
func TestEncloseMarksWrap(t *testing.T) {
	c := Config{Width: 12, Height: 12, MaxTurns: 28}
	starts := [2]Start{{2, 2, East}, {6, 6, North}}
	p1 := "SSSSSSS" + "RSSSSSS" + "RSSSSSS" + "RSSSSS"
	p2 := strings.Repeat("RRRR", 6) + "SS"
	want := play(t, c, starts, script{p1, p2})

	s, err := NewGame(c, starts)
	if err != nil {
		t.Fatal(err)
	}
	f := s.filler(0)
	f.epoch = math.MaxUint32 - 1 // the next enclosure wraps
	for i := range f.stamp {
		f.stamp[i] = 1 // the epoch after the wrap: would read as fresh if not cleared
	}
	for i := range f.mark { // stale marks: every cell explored already
		f.mark[i], f.open[i] = ^uint64(0), ^uint64(0)
	}
	for i := 0; i < len(p1); i++ {
		s.Step(Action(p1[i]))
		if i < len(p2) {
			s.Step(Action(p2[i]))
		}
	}
	if got, w := picture(s), picture(want); got != w || s.Area(0) != 69 {
		t.Fatalf("after the wrap:\n%s\nwant:\n%s", got, w)
	}
	if s.fill.epoch > 1000 {
		t.Errorf("stamps were not reset: epoch %d", s.fill.epoch)
	}
}

// TestEncloseAcrossWords closes loops whose columns cross the 64-bit words
// enclosure reads territory in (bits 63/64 and 127/128 of a column), on a
// board 129 high, against the oracle.
func TestEncloseAcrossWords(t *testing.T) {
	c := Config{Width: 20, Height: 129, MaxTurns: 400}
	for _, y := range []int{40, 58, 63, 64, 90, 98} {
		starts := [2]Start{{5, y, South}, {15, 3, East}}
		// A loop 6 wide and 30 high, then a second one through the first's
		// territory.
		p1 := strings.Repeat("S", 30) + "L" + strings.Repeat("S", 5) + "L" + strings.Repeat("S", 29) + "L" + strings.Repeat("S", 4) +
			"L" + strings.Repeat("S", 10) + "R" + "SS" + "R" + strings.Repeat("S", 8)
		i := 0
		next := func(s *State) (Action, bool) {
			if s.ToMove() == 1 {
				return Right, true // player 2 circles at home
			}
			if i == len(p1) {
				return 0, false
			}
			i++
			return Action(p1[i-1]), true
		}
		_, g, err := playDiff(c, starts, next)
		if err != nil {
			t.Fatalf("start y %d: %v", y, err)
		}
		if g.taken < 100 {
			t.Errorf("start y %d: the loops took only %d cells beyond the band", y, g.taken)
		}
	}
}
