package eraser

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

func newGame(t *testing.T, cfg Config, seed int64) *State {
	t.Helper()
	s, err := New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playRandom plays random offered operations until the game ends or n moves.
func playRandom(s *State, rng *rand.Rand, n int) {
	for i := 0; i < n && !s.Over(); i++ {
		ops := s.Ops(nil)
		s.Move(ops[rng.IntN(len(ops))])
	}
}

func TestConfigValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Config{
		{Rows: 0, MaxTurn: 1, MaxTime: time.Second},
		{Rows: 13, MaxTurn: 1, MaxTime: time.Second},
		{Rows: 6, MaxTurn: 0, MaxTime: time.Second},
		{Rows: 6, MaxTurn: 1, MaxTime: 0},
		{Rows: MaxRows + 6, MaxTurn: 1, MaxTime: time.Second},
	} {
		if c.Validate() == nil {
			t.Errorf("%+v: no error", c)
		}
		if _, err := New(c, 1); err == nil {
			t.Errorf("New(%+v): no error", c)
		}
	}
	if _, err := New(DefaultConfig(), 0); err == nil {
		t.Error("seed 0: no error")
	}
}

// TestMoveErrors: an invalid swap is the mover's InvalidMove, counted in the
// turn; a move after the end is ErrGameOver.
func TestMoveErrors(t *testing.T) {
	for _, c := range []struct {
		sw  Swap
		msg string
	}{
		{Swap{0, 0, 2, 0}, MsgNotAdjacent},
		{Swap{0, 0, 1, 1}, MsgNotAdjacent},
		{Swap{0, 0, 0, 0}, MsgNotAdjacent},
		{Swap{0, 5, 0, 6}, MsgOutOfBoard},
		{Swap{-1, 0, 0, 0}, MsgOutOfBoard},
		{Swap{5, 0, 6, 0}, MsgOutOfBoard},
	} {
		s := newGame(t, DefaultConfig(), 7)
		s.Move(s.Ops(nil)[0])
		err := s.Move(c.sw)
		var im *InvalidMove
		if !errors.As(err, &im) || im.Msg != c.msg {
			t.Errorf("%v: error %v, want InvalidMove %q", c.sw, err, c.msg)
			continue
		}
		r := s.Result()
		if !s.Over() || r.Reason != ReasonError || r.Winner != 0 || r.Length != 2 || r.Extra != ErrorExtra ||
			r.Text != "An error occurred: exception_manager.InvalidMove: "+c.msg || r.Error.Kind != FailInvalid || r.Error.Player != 1 {
			t.Errorf("%v: result %+v", c.sw, r)
		}
		if err := s.Move(Swap{0, 0, 1, 0}); err != ErrGameOver {
			t.Errorf("move after the end: %v", err)
		}
	}
}

// TestFail: a failed call counts in the turn and the mover loses; a
// constructor's failure counts nothing; the first failure stays.
func TestFail(t *testing.T) {
	s := newGame(t, DefaultConfig(), 9)
	playRandom(s, rand.New(rand.NewPCG(1, 2)), 7)
	s.Fail(1, FailTimeout, TimeoutMessage)
	r := s.Result()
	if r.Length != 8 || r.Winner != 0 || r.Reason != ReasonError || r.Text != TextError+TimeoutMessage || !r.Tags.Has(TagCombo) {
		t.Errorf("timeout of the mover: %+v", r)
	}
	s.Fail(0, FailException, "ZeroDivisionError: division by zero")
	if s.Result() != r {
		t.Error("a second failure changed the result")
	}

	s = newGame(t, DefaultConfig(), 9)
	s.Fail(0, FailInit, "RuntimeError: cannot start")
	if r := s.Result(); r.Length != 0 || r.Winner != 1 || r.Tags.Set != 0 || !s.Over() || s.Ops(nil) != nil {
		t.Errorf("constructor failure: %+v", r)
	}
}

// TestTieByThinkTime: equal scores go to the second mover only when it
// thought strictly less (§7).
func TestTieByThinkTime(t *testing.T) {
	cfg := Config{Rows: 6, MaxTurn: 100, MaxTime: time.Minute}
	for seed := int64(1); ; seed++ {
		s := newGame(t, cfg, seed)
		playRandom(s, rand.New(rand.NewPCG(uint64(seed), 0)), 1000)
		if s.Score(0) != s.Score(1) || s.Failed().Kind != NoFailure {
			continue
		}
		for _, c := range []struct {
			t0, t1 time.Duration
			winner int
		}{{2, 1, 1}, {1, 2, 0}, {1, 1, 0}, {0, 0, 0}} {
			s.SetThinkTimes([2]time.Duration{c.t0, c.t1})
			if r := s.Result(); !r.Tie || r.Winner != c.winner {
				t.Errorf("times %v %v: tie %v winner %d, want %d", c.t0, c.t1, r.Tie, r.Winner, c.winner)
			}
		}
		s.AddThinkTime(0, time.Second)
		if s.ThinkTime(0) != time.Second || s.Result().Winner != 1 {
			t.Errorf("AddThinkTime: %v, winner %d", s.ThinkTime(0), s.Result().Winner)
		}
		return
	}
}

// TestCopyFrom: a copy plays on independently, and the same moves give the
// same game.
func TestCopyFrom(t *testing.T) {
	s := newGame(t, Config{Rows: 60, MaxTurn: 100, MaxTime: time.Minute}, 31)
	playRandom(s, rand.New(rand.NewPCG(3, 3)), 10)
	c := &State{}
	c.CopyFrom(s)
	before := s.Board().String()
	playRandom(c, rand.New(rand.NewPCG(4, 4)), 30)
	if s.Board().String() != before || s.Turn() != 10 {
		t.Fatal("playing the copy changed the original")
	}
	c.CopyFrom(s)
	playRandom(c, rand.New(rand.NewPCG(5, 5)), 30)
	playRandom(s, rand.New(rand.NewPCG(5, 5)), 30)
	if c.Board().String() != s.Board().String() || c.Result() != s.Result() || c.Score(0) != s.Score(0) {
		t.Fatal("the copy and the original differ after the same moves")
	}
}

// TestNoAllocation: a move, the operations list into a buffer, a copy.
func TestNoAllocation(t *testing.T) {
	s := newGame(t, DefaultConfig(), 123)
	scratch := &State{}
	buf := make([]Swap, 0, 64)
	rng := rand.New(rand.NewPCG(9, 9))
	allocs := testing.AllocsPerRun(150, func() {
		if s.Over() {
			return
		}
		buf = s.Ops(buf[:0])
		scratch.CopyFrom(s)
		s.Move(buf[rng.IntN(len(buf))])
		_ = s.NumOps()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per move", allocs)
	}
}

// TestDigester: the fast digests equal the plain ones, through empty
// columns too.
func TestDigester(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	for _, rows := range []int{6, 12, 60} {
		s := newGame(t, Config{Rows: rows, MaxTurn: 100, MaxTime: time.Minute}, int64(rows))
		d := newDigester(s)
		for !s.Over() {
			board, tiles := d.digests(s)
			if board != s.Digest() || tiles != s.TilesDigest() {
				t.Fatalf("rows %d turn %d: digests %s %s, plain %s %s", rows, s.Turn(), board, tiles, s.Digest(), s.TilesDigest())
			}
			playRandom(s, rng, 1)
		}
	}
}

// TestOpsBuffer: Ops appends to the caller's buffer; NumOps counts them.
func TestOpsBuffer(t *testing.T) {
	s := newGame(t, DefaultConfig(), 5)
	buf := []Swap{{9, 9, 9, 9}}
	got := s.Ops(buf)
	if got[0] != (Swap{9, 9, 9, 9}) || len(got)-1 != s.NumOps() || s.NumOps() == 0 {
		t.Errorf("Ops into a buffer: %v, NumOps %d", got, s.NumOps())
	}
	for _, op := range got[1:] {
		if op.Check() != nil {
			t.Errorf("offered operation %v is not a valid swap", op)
		}
	}
}
