package eraser

import (
	"encoding/json"
	"testing"
)

// TestReadMove: AI answers as JSON, validated as the engine validates the
// Python value (§8); the messages of the corpus's failing AIs included.
func TestReadMove(t *testing.T) {
	const (
		notProper   = "exception_manager.InvalidMove: " + MsgNotProper
		notAdjacent = "exception_manager.InvalidMove: " + MsgNotAdjacent
		outOfBoard  = "exception_manager.InvalidMove: " + MsgOutOfBoard
	)
	for _, c := range []struct {
		in   string
		sw   Swap
		kind FailKind
		msg  string
	}{
		{`[[3, 2], [3, 3]]`, Swap{3, 2, 3, 3}, NoFailure, ""},
		{`[[4, 5], [3, 5]]`, Swap{4, 5, 3, 5}, NoFailure, ""}, // cells in either order
		{`[[0, 0], [2, 0]]`, Swap{}, FailInvalid, notAdjacent},
		{`[[0, 0], [1, 1]]`, Swap{}, FailInvalid, notAdjacent},
		{`[[0, 5], [0, 6]]`, Swap{}, FailInvalid, outOfBoard},
		{`[[-1, 0], [0, 0]]`, Swap{}, FailInvalid, outOfBoard},
		{`[[100000000000000000000, 0], [100000000000000000001, 0]]`, Swap{}, FailInvalid, outOfBoard},
		{`[[9223372036854775807, 0], [-1, 0]]`, Swap{}, FailInvalid, notAdjacent},
		{`[[1, 1], [1]]`, Swap{}, FailInvalid, notProper},
		{`[[1, 1], [1, 2], [1, 3]]`, Swap{}, FailInvalid, notProper},
		{`[]`, Swap{}, FailInvalid, notProper},
		{`"ab"`, Swap{}, FailInvalid, notProper},
		{`"abc"`, Swap{}, FailInvalid, notProper},
		{`114514`, Swap{}, FailException, "TypeError: object of type 'int' has no len()"},
		{`null`, Swap{}, FailException, "TypeError: object of type 'NoneType' has no len()"},
		{`1.5`, Swap{}, FailException, "TypeError: object of type 'float' has no len()"},
		{`[1, 2]`, Swap{}, FailException, "TypeError: object of type 'int' has no len()"},
		{`["00", "01"]`, Swap{}, FailException, msgStringSubtract},
		{`[[0.0, 0], [1.0, 0]]`, Swap{}, FailException, msgFloatIndex}, // crashes the reference
		{`[[0.5, 0], [1.5, 0]]`, Swap{}, FailException, msgFloatIndex},
		{`[[0.5, 0], [2.5, 0]]`, Swap{}, FailInvalid, notAdjacent},
		{`{"a": 1, "b": 2}`, Swap{}, FailException, "KeyError: 0"},
	} {
		sw, kind, msg := ReadMove(json.RawMessage(c.in))
		if sw != c.sw || kind != c.kind || msg != c.msg {
			t.Errorf("%s: %v %v %q, want %v %v %q", c.in, sw, kind, msg, c.sw, c.kind, c.msg)
		}
	}
	// Anything else that is not a 2 × 2 array of numbers is an exception.
	for _, in := range []string{`[[true, false], [true, true]]`, `[[null, 0], [1, 0]]`, `[[[0], [0]], [[1], [0]]]`,
		`[[0, "a"], [1, 0]]`, `["00", [0, 1]]`, `[{"a": 1, "b": 2}, [0, 0]]`, `not json`} {
		if _, kind, msg := ReadMove(json.RawMessage(in)); kind != FailException || msg == "" {
			t.Errorf("%s: %v %q, want an exception", in, kind, msg)
		}
	}
}

// TestCheckMove: integers as a Python AI returns them; numpy's int64 wraps
// like Go's int.
func TestCheckMove(t *testing.T) {
	if sw, err := CheckMove(2, 3, 2, 4); err != nil || sw != (Swap{2, 3, 2, 4}) {
		t.Errorf("CheckMove(2, 3, 2, 4) = %v, %v", sw, err)
	}
	for _, c := range [][4]int{{0, 0, 0, 0}, {0, 0, 2, 0}, {6, 0, 7, 0}, {0, -1, 0, 0}, {1 << 40, 0, 1<<40 + 1, 0}} {
		if _, err := CheckMove(c[0], c[1], c[2], c[3]); err == nil {
			t.Errorf("CheckMove%v: no error", c)
		}
	}
}
