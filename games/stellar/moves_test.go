package stellar

import (
	"encoding/base64"
	"math"
	"math/big"
	"reflect"
	"testing"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/play"
)

// someTurns are answers of every form: typed commands (odd amounts
// included), Python values that stay Python (a bool, a big int, a str, a
// subclass, a non-list), plain Python lists (written typed) and failures.
func someTurns() []turnAnswers {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	return []turnAnswers{
		{ans: [2]stellar.Answer{{Cmds: []stellar.Command{{From: 1, To: 2, Amount: 3.5}, {From: -4, To: 1 << 40, Amount: math.NaN()}, {From: 7, To: 8, Amount: math.Inf(-1)}}}, {}}},
		{ans: [2]stellar.Answer{{Py: stellar.List(stellar.Tuple(stellar.Bool(true), stellar.Int(2), stellar.Float(1)))},
			{Py: stellar.List(stellar.Tuple(stellar.BigInt(huge), stellar.Int(2), stellar.Other("str", "'1.0'")), stellar.NotTuple("list", "[1, 2, 3.0]"))}}},
		{ans: [2]stellar.Answer{{Py: stellar.NotList("NoneType", "None")}, {Py: stellar.List(stellar.Tuple(stellar.Int(1), stellar.Int(2), stellar.Float(5e-324)))}}},
		{fault: [2]failure{{kind: play.Error, name: "ValueError"}, {kind: play.Timeout}}},
		{ans: [2]stellar.Answer{{Cmds: []stellar.Command{}}, {Py: stellar.List()}}, fault: [2]failure{{}, {kind: play.Error, name: "error"}}},
	}
}

// TestMovesRoundTrip writes answers of every form and reads them back: the
// same answers, Python lists of plain tuples as typed commands.
func TestMovesRoundTrip(t *testing.T) {
	var w movesWriter
	w.reset()
	turns := someTurns()
	for _, tt := range turns {
		var f [2]play.Fault
		for p := range 2 {
			f[p] = play.Fault{Kind: tt.fault[p].kind, Detail: tt.fault[p].name + ": boom"}
		}
		w.turn(tt.ans, f)
	}
	got, err := decodeMoves(w.text())
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(turns) {
		t.Fatalf("%d turns back, wrote %d", len(got), len(turns))
	}
	for k, tt := range turns {
		for p := range 2 {
			want := tt.ans[p]
			if tt.fault[p].kind != play.NoFault {
				want = stellar.Answer{}
			} else if want.Py != nil {
				if cs, ok := typedOf(want.Py); ok {
					want = stellar.Answer{Cmds: cs}
				}
			}
			if !sameAnswer(got[k].ans[p], want) || got[k].fault[p] != tt.fault[p] {
				t.Errorf("turn %d player %d: got %+v %+v, want %+v %+v", k, p, got[k].ans[p], got[k].fault[p], want, tt.fault[p])
			}
		}
	}
}

// sameAnswer compares answers, amounts by their bits and typed empty lists
// with nil.
func sameAnswer(a, b stellar.Answer) bool {
	if (a.Py == nil) != (b.Py == nil) {
		return false
	}
	if a.Py != nil {
		x, _ := a.Py.MarshalJSON()
		y, _ := b.Py.MarshalJSON()
		return string(x) == string(y)
	}
	if len(a.Cmds) != len(b.Cmds) {
		return false
	}
	for i := range a.Cmds {
		x, y := a.Cmds[i], b.Cmds[i]
		if x.From != y.From || x.To != y.To || math.Float64bits(x.Amount) != math.Float64bits(y.Amount) {
			return false
		}
	}
	return true
}

// TestMovesErrors checks that damaged moves are refused with an error.
func TestMovesErrors(t *testing.T) {
	var w movesWriter
	w.reset()
	w.turn([2]stellar.Answer{{Cmds: []stellar.Command{{From: 1, To: 2, Amount: 3}}}, {}}, [2]play.Fault{})
	raw, _ := base64.StdEncoding.DecodeString(string(w.text()))
	for name, b := range map[string][]byte{
		"cut":         raw[:len(raw)-3],
		"version":     append([]byte{9}, raw[1:]...),
		"tag":         append(append([]byte{}, raw...), 'X'),
		"half a turn": append(append([]byte{}, raw...), tagTimeout),
		"empty":       {},
	} {
		if _, err := decodeMoves([]byte(base64.StdEncoding.EncodeToString(b))); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := decodeMoves([]byte("not base64!")); err == nil {
		t.Error("text that is not base64 was accepted")
	}
}

// FuzzDecodeMoves checks that any bytes give moves or an error, never a
// panic, and that what is read writes back to the same bytes.
func FuzzDecodeMoves(f *testing.F) {
	var w movesWriter
	w.reset()
	for _, tt := range someTurns() {
		w.turn(tt.ans, [2]play.Fault{{Kind: tt.fault[0].kind, Detail: tt.fault[0].name + ":"}, {Kind: tt.fault[1].kind, Detail: tt.fault[1].name + ":"}})
	}
	raw, _ := base64.StdEncoding.DecodeString(string(w.text()))
	f.Add(raw)
	f.Add([]byte{1, 'T', 2, 2, 4})
	f.Add([]byte{1, 'P', 4, '[', ']'})
	f.Fuzz(func(t *testing.T, b []byte) {
		turns, err := decodeMoves([]byte(base64.StdEncoding.EncodeToString(b)))
		if err != nil {
			return
		}
		var w movesWriter
		w.reset()
		for _, tt := range turns {
			for p := range 2 {
				w.answer(tt.ans[p], tt.fault[p])
			}
		}
		again, err := decodeMoves(w.text())
		if err != nil || !reflect.DeepEqual(len(again), len(turns)) {
			t.Fatalf("moves read from %x do not read back: %v", b, err)
		}
		for k := range turns {
			for p := range 2 {
				if !sameAnswer(again[k].ans[p], turns[k].ans[p]) && typedPy(turns[k].ans[p]) == nil {
					t.Fatalf("turn %d player %d changed: %+v → %+v", k, p, turns[k].ans[p], again[k].ans[p])
				}
			}
		}
	})
}

// typedPy is the typed form of a Python answer that has one, else nil.
func typedPy(a stellar.Answer) []stellar.Command {
	if a.Py == nil {
		return nil
	}
	cs, _ := typedOf(a.Py)
	return cs
}
