package bots

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
)

// panicker panics on its n-th move.
type panicker struct {
	Random
	n, moves int
}

func (b *panicker) Act(s *eraser.State, c play.Clock) eraser.Swap {
	if b.moves++; b.moves == b.n {
		var none []int
		_ = none[b.moves] // a run-time error, as a bug would be
	}
	return b.Random.Act(s, c)
}

// diagonal returns a diagonal swap.
type diagonal struct{ Random }

func (diagonal) Act(*eraser.State, play.Clock) eraser.Swap {
	return eraser.Swap{X1: 0, Y1: 0, X2: 1, Y2: 1}
}

// A bot that panics loses by an exception of its move call, counted in the
// turn counter as the engine counts a failed call; an invalid swap is the
// engine's InvalidMove.
func TestPlayFailures(t *testing.T) {
	cfg := eraser.DefaultConfig()
	s, err := Play(cfg, 5, &Random{}, &panicker{n: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := s.Result()
	if r.Reason != eraser.ReasonError || r.Winner != 0 || r.Error.Kind != eraser.FailException || r.Error.Player != 1 || r.Length != 6 {
		t.Fatalf("panic on the 3rd move of player 2: %+v", r)
	}
	if !strings.Contains(r.Text, "index out of range") || strings.Contains(r.Text, "raised an error") {
		t.Errorf("text %q", r.Text)
	}
	s, err = Play(cfg, 5, &diagonal{}, &Random{})
	if err != nil {
		t.Fatal(err)
	}
	if r := s.Result(); r.Reason != eraser.ReasonError || r.Winner != 1 || r.Error.Kind != eraser.FailInvalid ||
		r.Text != eraser.TextError+"exception_manager.InvalidMove: Not adjacent positions." || r.Length != 1 {
		t.Fatalf("a diagonal swap: %+v", r)
	}
}

// FailOf maps the loop's failures to the engine's kinds and messages.
func TestFailOf(t *testing.T) {
	for _, c := range []struct {
		f       play.Fault
		loading bool
		kind    eraser.FailKind
		msg     string
	}{
		{play.Fault{Kind: play.Timeout, Detail: "ran out"}, false, eraser.FailTimeout, eraser.TimeoutMessage},
		{play.Fault{Kind: play.Timeout, Detail: "ran out"}, true, eraser.FailInit, eraser.TimeoutMessage},
		{play.Fault{Kind: play.Error, Detail: "could not be started: no file"}, true, eraser.FailInit, "could not be started: no file"},
		{play.Fault{Kind: play.Error, Detail: "exception_manager.InvalidMove: Not a proper input."}, false, eraser.FailInvalid, "exception_manager.InvalidMove: Not a proper input."},
		{play.Fault{Kind: play.Error, Detail: "ZeroDivisionError: division by zero"}, false, eraser.FailException, "ZeroDivisionError: division by zero"},
		{play.Fault{Kind: play.Error, Detail: "raised an error: boom at x.go:3"}, false, eraser.FailException, "boom at x.go:3"},
	} {
		if k, m := FailOf(c.f, c.loading); k != c.kind || m != c.msg {
			t.Errorf("FailOf(%+v, %v) = %v %q, want %v %q", c.f, c.loading, k, m, c.kind, c.msg)
		}
	}
}
