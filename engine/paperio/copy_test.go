package paperio

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// sameState reports the first observable difference between two states.
func sameState(a, b *State) error {
	switch {
	case a.Width() != b.Width() || a.Height() != b.Height() || a.MaxTurns() != b.MaxTurns():
		return fmt.Errorf("shape %dx%d/%d vs %dx%d/%d", a.Width(), a.Height(), a.MaxTurns(), b.Width(), b.Height(), b.MaxTurns())
	case a.HalfSteps() != b.HalfSteps() || a.Over() != b.Over() || a.Result() != b.Result():
		return fmt.Errorf("steps %d over %v %+v vs steps %d over %v %+v", a.HalfSteps(), a.Over(), a.Result(), b.HalfSteps(), b.Over(), b.Result())
	case !bytes.Equal(a.Fields(), b.Fields()) || !bytes.Equal(a.Bands(), b.Bands()) || a.Digest() != b.Digest():
		return fmt.Errorf("grids differ")
	}
	for i := 0; i < 2; i++ {
		ax, ay, ad := a.Head(i)
		bx, by, bd := b.Head(i)
		switch {
		case ax != bx || ay != by || ad != bd:
			return fmt.Errorf("player %d head (%d,%d,%d) vs (%d,%d,%d)", i+1, ax, ay, ad, bx, by, bd)
		case a.p[i].box != b.p[i].box || a.Area(i) != b.Area(i) || a.BandLen(i) != b.BandLen(i) || a.TurnsLeft(i) != b.TurnsLeft(i):
			return fmt.Errorf("player %d box/area/band/turns differ", i+1)
		case !slices.Equal(a.Band(i), b.Band(i)):
			return fmt.Errorf("player %d band list %v vs %v", i+1, a.Band(i), b.Band(i))
		}
	}
	return nil
}

// replayed plays actions on a new game.
func replayed(t *testing.T, c Config, st [2]Start, actions []Action) *State {
	t.Helper()
	s, err := NewGame(c, st)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		s.Step(a)
	}
	return s
}

// TestCloneIndependent: a clone equals its original, and afterwards each
// plays on without the other seeing it; both end exactly as games replayed
// from scratch with their own actions.
func TestCloneIndependent(t *testing.T) {
	for game := 0; game < 40; game++ {
		rng := rand.New(rand.NewPCG(99, uint64(game)))
		c, st := randomSetup(rng, 2*(6+rng.IntN(10)), 10+rng.IntN(22))
		c.MaxTurns = 400
		s, err := NewGame(c, st)
		if err != nil {
			t.Fatal(err)
		}
		next := walkers(rng)
		var history []Action
		split := rng.IntN(60)
		for i := 0; i < split && !s.Over(); i++ {
			a, _ := next(s)
			history = append(history, a)
			s.Step(a)
		}
		c1 := s.Clone()
		c2 := &State{}
		c2.CopyFrom(s)
		for _, cp := range []*State{c1, c2} {
			if err := sameState(s, cp); err != nil {
				t.Fatalf("game %d: copy differs: %v", game, err)
			}
		}
		// Play the original, the clone and the copy on with their own
		// walkers, interleaved.
		hs := [3][]Action{slices.Clone(history), slices.Clone(history), slices.Clone(history)}
		states := [3]*State{s, c1, c2}
		nexts := [3]func(*State) (Action, bool){next, walkers(rng), walkers(rng)}
		for step := 0; step < 200; step++ {
			for k, cur := range states {
				if cur.Over() {
					continue
				}
				a, _ := nexts[k](cur)
				hs[k] = append(hs[k], a)
				cur.Step(a)
			}
		}
		for k, cur := range states {
			if err := sameState(cur, replayed(t, c, st, hs[k])); err != nil {
				t.Fatalf("game %d, state %d after playing on: %v", game, k, err)
			}
			if err := checkInvariants(cur, true); err != nil {
				t.Fatalf("game %d, state %d: %v", game, k, err)
			}
		}
	}
}

// TestCopyFromReuses: CopyFrom allocates nothing once the destination has
// buffers of the source's size, and neither does playing on the copy,
// enclosures included.
func TestCopyFromReuses(t *testing.T) {
	c := Config{Width: 30, Height: 31, MaxTurns: 500}
	st := [2]Start{{5, 5, East}, {24, 25, West}}
	// Player 1 draws a 10x10 loop; player 2 circles at home.
	p1 := "SSSSSSSSSS" + "RSSSSSSSSS" + "RSSSSSSSSS" + "RSSSSSSSS"
	var acts []Action
	for i := 0; i < len(p1); i++ {
		acts = append(acts, Action(p1[i]), Left)
	}
	pre := replayed(t, c, st, acts[:len(acts)-2])
	closing := acts[len(acts)-2]
	dst := &State{}
	dst.CopyFrom(pre)
	dst.Step(closing)
	if dst.Area(0) <= 100 {
		t.Fatalf("the loop enclosed only %d cells", dst.Area(0))
	}
	if n := testing.AllocsPerRun(100, func() { dst.CopyFrom(pre) }); n != 0 {
		t.Errorf("CopyFrom: %v allocations per run", n)
	}
	if n := testing.AllocsPerRun(100, func() { dst.CopyFrom(pre); dst.Step(closing) }); n != 0 {
		t.Errorf("CopyFrom and an enclosing Step: %v allocations per run", n)
	}
	if err := sameState(dst, replayed(t, c, st, acts[:len(acts)-1])); err != nil {
		t.Error(err)
	}
	// The copy into a state of another size works (buffers regrow), and
	// a state copied onto itself is unchanged.
	small := replayed(t, Config{Width: 6, Height: 7, MaxTurns: 9}, [2]Start{{1, 3, South}, {4, 3, North}}, []Action{Straight, Straight, Left})
	dst.CopyFrom(small)
	if err := sameState(dst, small); err != nil {
		t.Error(err)
	}
	dst.Step(Left)
	small.Step(Left)
	if err := sameState(dst, small); err != nil {
		t.Error(err)
	}
	dst.CopyFrom(pre)
	dst.CopyFrom(dst)
	if err := sameState(dst, pre); err != nil {
		t.Error(err)
	}
}

// TestStepAllocatesNothing: a game played from a copy allocates nothing once
// its buffers have grown, for the whole of the longest public game.
func TestStepAllocatesNothing(t *testing.T) {
	games := loadRecords(t, "public.jsonl.gz")
	g := games[0]
	for _, cand := range games {
		if len(cand.Actions) > len(g.Actions) {
			g = cand
		}
	}
	start, err := NewGame(g.config(), g.starts())
	if err != nil {
		t.Fatal(err)
	}
	s := &State{}
	play := func() {
		s.CopyFrom(start)
		for i := 0; i < len(g.Actions); i++ {
			s.Step(Action(g.Actions[i]))
		}
	}
	play() // grow the buffers
	if n := testing.AllocsPerRun(5, play); n != 0 {
		t.Errorf("replaying %s (%d half-steps): %v allocations", g.ID, len(g.Actions), n)
	}
}

// TestResetMatchesNewGame: a game reset over a finished one (same board,
// so its buffers are reused and only the boxes are cleared) is the game
// NewGame makes, and plays on the same; a reset to another board size
// too. Every territory and band cell lies inside its owner's box.
func TestResetMatchesNewGame(t *testing.T) {
	s := &State{}
	for game := 0; game < 60; game++ {
		// Games come in threes on one board size: the first reallocates,
		// the others reuse.
		size := rand.New(rand.NewPCG(8, uint64(game/3)))
		w, h := 2*(6+size.IntN(4)), 10+size.IntN(6)
		rng := rand.New(rand.NewPCG(7, uint64(game)))
		c, st := randomSetup(rng, w, h)
		if err := s.Reset(c, st); err != nil {
			t.Fatal(err)
		}
		fresh, err := NewGame(c, st)
		if err != nil {
			t.Fatal(err)
		}
		if err := sameState(s, fresh); err != nil {
			t.Fatalf("game %d: reset differs from a new game: %v", game, err)
		}
		if !slices.Equal(s.spans, fresh.spans) {
			t.Fatalf("game %d: reset left spans of the game before", game)
		}
		next := walkers(rng)
		var history []Action
		for !s.Over() {
			a, _ := next(s)
			history = append(history, a)
			s.Step(a)
			if err := boxesHold(s); err != nil {
				t.Fatalf("game %d, half-step %d: %v", game, s.HalfSteps(), err)
			}
		}
		if err := sameState(s, replayed(t, c, st, history)); err != nil {
			t.Fatalf("game %d after playing on: %v", game, err)
		}
	}
	before := s.Clone()
	if err := s.Reset(Config{Width: 3, Height: 3, MaxTurns: 1}, [2]Start{}); err == nil {
		t.Fatal("odd width accepted")
	}
	if err := sameState(s, before); err != nil {
		t.Fatalf("a refused reset changed the game: %v", err)
	}
}

// boxesHold reports a territory or band cell outside its owner's box.
func boxesHold(s *State) error {
	for x := 0; x < s.Width(); x++ {
		for y := 0; y < s.Height(); y++ {
			for _, owner := range []int{s.FieldAt(x, y), s.BandAt(x, y)} {
				if owner == 0 {
					continue
				}
				x0, y0, x1, y1 := s.Box(owner - 1)
				if x < x0 || x > x1 || y < y0 || y > y1 {
					return fmt.Errorf("cell (%d,%d) of player %d outside its box (%d,%d)-(%d,%d)", x, y, owner, x0, y0, x1, y1)
				}
			}
		}
	}
	return nil
}

// TestShareScratch: games that share enclosure scratch and are stepped in
// turn end with the grids and results of the same games played alone.
func TestShareScratch(t *testing.T) {
	games := loadRecords(t, "public.jsonl.gz")[:8]
	alone := make([]*State, len(games))
	shared := make([]*State, len(games))
	for i, g := range games {
		var err error
		if alone[i], err = NewGame(g.config(), g.starts()); err != nil {
			t.Fatal(err)
		}
		shared[i] = alone[i].Clone()
		shared[i].ShareScratch(shared[0])
		for _, a := range g.Actions {
			alone[i].Step(Action(a))
		}
	}
	for j := 0; ; j++ {
		stepped := false
		for i, g := range games {
			if j < len(g.Actions) {
				shared[i].Step(Action(g.Actions[j]))
				stepped = true
			}
		}
		if !stepped {
			break
		}
	}
	if shared[1].fill != shared[0].fill || shared[0].fill == nil {
		t.Fatal("the states do not share their scratch")
	}
	for i, g := range games {
		if shared[i].Digest() != alone[i].Digest() || shared[i].Result() != alone[i].Result() {
			t.Errorf("%s: shared scratch gives %x %+v, alone %x %+v", g.ID, shared[i].Digest(), shared[i].Result(), alone[i].Digest(), alone[i].Result())
		}
	}
}
