package stellar

import (
	"math"
	"math/big"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestFloatReprMatchesPython compares FloatRepr with CPython's repr on
// values of every shape: fixed and scientific notation, their borders,
// subnormals, integers, specials.
func TestFloatReprMatchesPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 not found on PATH (%v): this test compares with CPython's repr and needs python3", err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 100, 1e16, 1e15, 123456789012345678, 1e-4, 1e-5, 0.0001234,
		1.5e300, 5e-324, math.MaxFloat64, 89.0501256289338, 97.80100251257868, 1e22, 1e-320, 2.5, 9999999999999998,
		math.Inf(1), math.Inf(-1), math.NaN()}
	for range 300 {
		vals = append(vals, math.Float64frombits(r.Uint64()), r.Float64()*1000, math.Ldexp(r.Float64(), r.IntN(120)-60))
	}
	var args []string
	for _, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			args = append(args, FloatRepr(v)) // Python reads these names
		} else {
			args = append(args, strconv.FormatUint(math.Float64bits(v), 10))
		}
	}
	script := `
import sys, struct
for a in sys.argv[1:]:
    try:
        v = struct.unpack('<d', struct.pack('<Q', int(a)))[0]
    except ValueError:
        v = float(a)
    print(repr(v))
`
	out, err := exec.Command(py, append([]string{"-c", script}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(vals) {
		t.Fatalf("python3 printed %d lines for %d values", len(lines), len(vals))
	}
	for i, v := range vals {
		if got := FloatRepr(v); got != lines[i] {
			t.Errorf("FloatRepr(%b) = %s, Python %s", v, got, lines[i])
		}
	}
}

// judgeState is a state on g_design2 at its first AI turn: node 1 holds
// 100 of player 0, node 19 100 of player 1 (after turn 0's growth).
func judgeState(t *testing.T) *State {
	m, err := Fixed("g_design2")
	if err != nil {
		t.Fatal(err)
	}
	return MustNewState(m)
}

// TestJudgeMessages checks every check of RULES §4.1 with its exact message,
// for Python values; typed lists must give the same verdicts.
func TestJudgeMessages(t *testing.T) {
	const rt = "RuntimeError: "
	huge := new(big.Int).Exp(big.NewInt(10), big.NewInt(400), nil)
	tooLong := new(big.Int).Exp(big.NewInt(10), big.NewInt(4300), nil)
	cases := []struct {
		name string
		r    *Returned
		want string // "" = accepted
	}{
		{"empty list", List(), ""},
		{"legal", List(Tuple(Int(1), Int(2), Float(50))), ""},
		{"not a list", NotList("tuple", "((1, 2, 3.0),)"), rt + "Judgement!!! Invalid input type!"},
		{"not a tuple", List(NotTuple("list", "[1, 2, 3.0]")), rt + "Judgement!!! Invalid input type! "},
		{"length 2", List(Tuple(Int(1), Int(2))), rt + "Judgement!!! Invalid input length! "},
		{"length 4", List(Tuple(Int(1), Int(2), Float(1), Int(0))), rt + "Judgement!!! Invalid input length! "},
		{"str amount", List(Tuple(Int(5), Int(9), Other("str", "'1.0'"))), rt + "Judgement!!! Invalid input type! "},
		{"float from", List(Tuple(Float(1), Int(2), Float(1))), rt + "Judgement!!! Invalid input type! "},
		{"zero", List(Tuple(Int(1), Int(2), Float(0))), rt + "Judgement!!! Invalid input value(<=0)! "},
		{"negative zero", List(Tuple(Int(1), Int(2), Float(math.Copysign(0, -1)))), rt + "Judgement!!! Invalid input value(<=0)! "},
		{"False amount", List(Tuple(Int(1), Int(2), Bool(false))), rt + "Judgement!!! Invalid input value(<=0)! "},
		{"out of range", List(Tuple(Int(38), Int(-13), Float(1))), rt + "Judgement!!! Invalid input target(out of range): (38, -13, 1.0)"},
		{"from 0", List(Tuple(Int(0), Int(2), Float(1))), rt + "Judgement!!! Invalid input target(out of range): (0, 2, 1.0)"},
		{"from 20", List(Tuple(Int(20), Int(2), Int(3))), rt + "Judgement!!! Invalid input target(out of range): (20, 2, 3)"},
		{"from False", List(Tuple(Bool(false), Int(2), Float(1))), rt + "Judgement!!! Invalid input target(out of range): (False, 2, 1.0)"},
		{"diagonal neighbour", List(Tuple(Int(1), Int(5), Float(3))), ""},
		{"not a neighbour", List(Tuple(Int(1), Int(3), Float(3))), rt + "invalid move: no connection: (1, 3, 3.0)"},
		{"to itself", List(Tuple(Int(1), Int(1), Float(3))), rt + "invalid move: no connection: (1, 1, 3.0)"},
		{"True from", List(Tuple(Bool(true), Int(2), Float(1))), ""},
		{"NaN amount", List(Tuple(Int(1), Int(2), Float(math.NaN()))), ""},
		{"NaN lets 1e6 through", List(Tuple(Int(1), Int(2), Float(math.NaN())), Tuple(Int(1), Int(4), Float(1e6))), ""},
		{"whole force", List(Tuple(Int(1), Int(2), Float(100))), rt + "Judgement!!! Invalid move:no enough power: player0"},
		{"sum reaches the force", List(Tuple(Int(1), Int(2), Float(60)), Tuple(Int(1), Int(4), Int(40))), rt + "Judgement!!! Invalid move:no enough power: player0"},
		{"no force there", List(Tuple(Int(2), Int(1), Float(1))), rt + "Judgement!!! Invalid move:no enough power: player0"},
		{"huge int", List(Tuple(Int(1), Int(2), BigInt(huge))), rt + "Judgement!!! Invalid move:no enough power: player0"},
		{"NaN plus huge int", List(Tuple(Int(1), Int(2), Float(math.NaN())), Tuple(Int(1), Int(4), BigInt(huge))), "OverflowError: int too large to convert to float"},
		{"4301-digit from", List(Tuple(BigInt(tooLong), Int(2), Float(1))), errIntTooLongToPrint},
		{"numpy float amount", List(Tuple(Int(1), Int(3), Value{Kind: KindFloat, Float: 3, Repr: "np.float64(3.0)"})), rt + "invalid move: no connection: (1, 3, np.float64(3.0))"},
		{"numpy int amount", List(Tuple(Int(1), Int(2), Other("numpy.int64", "np.int64(3)"))), rt + "Judgement!!! Invalid input type! "},
		{"first failure wins", List(Tuple(Int(1), Int(3), Float(3)), Tuple(Int(1), Int(2))), rt + "invalid move: no connection: (1, 3, 3.0)"},
	}
	for _, c := range cases {
		s := judgeState(t)
		var snap Snapshot
		s.StepPython(c.r, nil, &snap)
		got := ""
		if snap.Rejected[0] {
			got = s.Error(0)
		}
		if got != c.want {
			t.Errorf("%s: judge says %q, want %q", c.name, got, c.want)
		}
		if !snap.Rejected[0] && s.Error(0) != "玩家正常游戏" {
			t.Errorf("%s: accepted, but the error string is %q", c.name, s.Error(0))
		}
		// The same list as typed commands, where it is one.
		if cmds, ok := typedCommands(c.r); ok {
			s2 := judgeState(t)
			s2.StepRecord(cmds, nil, &snap)
			got2 := ""
			if snap.Rejected[0] {
				got2 = s2.Error(0)
			}
			if got2 != c.want {
				t.Errorf("%s as typed commands: judge says %q, want %q", c.name, got2, c.want)
			}
		}
	}
}

// TestErrorStringsPersist checks that an error string stays after later
// accepted lists and that an AI failure ([]) does not touch it (RULES §4.1,
// §8), and that the other player is unaffected.
func TestErrorStringsPersist(t *testing.T) {
	s := judgeState(t)
	s.Step([]Command{{1, 3, 1}}, []Command{{19, 18, 10}})
	want := "RuntimeError: invalid move: no connection: (1, 3, 1.0)"
	if s.Error(0) != want || s.Error(1) != "玩家正常游戏" {
		t.Fatalf("errors %q, %q", s.Error(0), s.Error(1))
	}
	if s.Force(18, 1) == 0 {
		t.Error("player 1's accepted command was not carried out")
	}
	s.Step([]Command{{1, 2, 1}}, nil)
	s.StepPython(nil, nil, nil)
	if s.Error(0) != want {
		t.Errorf("error string changed to %q", s.Error(0))
	}
}

// TestJudgeAllocatesNothing checks that judging and playing typed lists,
// accepted or rejected, allocates nothing in steady state.
func TestJudgeAllocatesNothing(t *testing.T) {
	s := judgeState(t)
	good := []Command{{1, 2, 10}, {1, 4, 10}}
	bad := []Command{{1, 3, 1}}
	other := []Command{{19, 18, 5}}
	start := MustNewState(s.Map())
	n := testing.AllocsPerRun(200, func() {
		s.CopyFrom(start)
		s.Step(good, other)
		s.Step(bad, other)
		s.Step(nil, []Command{{19, 18, math.NaN()}})
	})
	if n != 0 {
		t.Errorf("%v allocations per three turns", n)
	}
}

// TestLoadFailed checks the three outcomes of AIs that fail to load (RULES
// §8) and that loading is only possible before the first turn.
func TestLoadFailed(t *testing.T) {
	names := [2]string{"a", "b"}
	for _, c := range []struct {
		failed [2]bool
		winner int
		text   string
	}{
		{[2]bool{true, false}, 1, "游戏未结束。\nb获胜！"},
		{[2]bool{false, true}, 0, "游戏未结束。\na获胜！"},
		{[2]bool{true, true}, NoWinner, "游戏未结束。\n玩家函数错误获胜！"},
	} {
		s := judgeState(t)
		if err := s.LoadFailed(c.failed); err != nil {
			t.Fatal(err)
		}
		if r := s.Result(); !s.Over() || r.Winner != c.winner || r.Reason != InitError || r.Turns != 0 || r.Text(names) != c.text {
			t.Errorf("%v: %+v %q", c.failed, r, r.Text(names))
		}
	}
	s := judgeState(t)
	if err := s.LoadFailed([2]bool{}); err != nil || s.Over() {
		t.Errorf("no failure ended the game: %v", err)
	}
	s.Step(nil, nil)
	if err := s.LoadFailed([2]bool{true, false}); err == nil {
		t.Error("a load failure after the first turn was accepted")
	}
}
