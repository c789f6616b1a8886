package stellar

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// oracle is a plain implementation of the rules, written from RULES.md for
// clarity and nothing else: every node goes through every phase, every ** of
// the rules calls pow, the judge works on Python values with big integers.
// The tests step it side by side with State and compare every force bit for
// bit. Its pow can be swapped for math.Sqrt / x*x to see what glibc's pow
// changes.
type oracle struct {
	m      *Map
	power  [][2]float64 // 0..N, node 0 the placeholder
	owner  []int
	errs   [2]string
	turn   int
	result Result
	lib    func(x, y float64) float64 // the C library's pow

	// The state after each phase of the last turn.
	afterMove, afterCombat [][2]float64
	rejected               [2]bool
}

func newOracle(m *Map, lib func(x, y float64) float64) *oracle {
	o := &oracle{m: m, lib: lib}
	o.power = make([][2]float64, m.N+1)
	o.owner = make([]int, m.N+1)
	for i := range o.owner {
		o.owner[i] = Neutral
	}
	o.power[1], o.owner[1] = [2]float64{100, 0}, 0
	o.power[m.N], o.owner[m.N] = [2]float64{0, 100}, 1
	o.errs = [2]string{"玩家正常游戏", "玩家正常游戏"}
	o.turn = -1
	o.update(nil, nil) // turn 0
	return o
}

// naivePow is what math.Sqrt and x*x would give for the C library's pow.
func naivePow(x, y float64) float64 {
	if y == 2 {
		return x * x
	}
	return math.Sqrt(x)
}

// pyPow is CPython's float ** for the exponents of the rules: its special
// cases, then the C library.
func (o *oracle) pyPow(x, y float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x == 0:
		return 0
	case math.IsInf(x, 0):
		return math.Inf(1)
	case x == 1:
		return 1
	case x < 0 && y == 2:
		return o.lib(-x, y)
	case x < 0:
		return math.NaN() // CPython: complex, and the reference crashes
	}
	return o.lib(x, y)
}

type oracleCmd struct {
	from, to int
	amount   float64
}

// step plays one AI turn; nil stands for a failed call ([]).
func (o *oracle) step(r0, r1 *Returned) {
	c0, e0 := o.judge(0, r0)
	c1, e1 := o.judge(1, r1)
	o.rejected = [2]bool{e0 != "", e1 != ""}
	if e0 != "" {
		o.errs[0] = e0
	}
	if e1 != "" {
		o.errs[1] = e1
	}
	o.update(c0, c1)
}

func (o *oracle) update(c0, c1 []oracleCmd) {
	for p, cmds := range [][]oracleCmd{c0, c1} {
		for _, c := range cmds {
			o.power[c.from][p] = o.power[c.from][p] - c.amount
			g := c.amount - o.pyPow(c.amount, 0.5)
			if g < 0 {
				g = 0
			}
			o.power[c.to][p] = o.power[c.to][p] + g
		}
	}
	o.afterMove = append([][2]float64(nil), o.power...)
	for i := range o.power {
		a, b := o.power[i][0], o.power[i][1]
		switch {
		case a < b:
			o.power[i] = [2]float64{0, o.pyPow(o.pyPow(b, 2)-o.pyPow(a, 2), 0.5)}
		case a > b:
			o.power[i] = [2]float64{o.pyPow(o.pyPow(a, 2)-o.pyPow(b, 2), 0.5), 0}
		default:
			o.power[i] = [2]float64{0, 0}
		}
		switch p := o.power[i]; {
		case p[0] < p[1]:
			o.owner[i] = 1
		case p[0] > p[1]:
			o.owner[i] = 0
		default:
			o.owner[i] = Neutral
		}
	}
	o.afterCombat = append([][2]float64(nil), o.power...)
	for i := range o.power {
		for k := range 2 {
			x := o.power[i][k]
			if x < 100 {
				t := float64(0.01 * (100 - x))
				t = float64(t * x)
				x = x + t
			} else {
				x = 100 + float64((x-100)*0.75)
			}
			o.power[i][k] = x
		}
	}
	o.turn++
	if o.turn > 0 {
		o.end()
	}
}

func (o *oracle) end() {
	n := o.m.N
	o.result.Turns = o.turn
	switch {
	case o.owner[1] == 1 && o.owner[n] == 0:
		w, _ := o.points()
		o.result.Winner, o.result.Reason = w, BothBases
	case o.owner[n] == 0:
		o.result.Winner, o.result.Reason = 0, Base
	case o.owner[1] == 1:
		o.result.Winner, o.result.Reason = 1, Base
	case o.turn == MaxTurn:
		o.result.Winner, o.result.Reason = o.points()
	default:
		o.result.Turns = 0
	}
}

func (o *oracle) points() (int, Reason) {
	var n [2]int
	var a [2]float64
	for i := 0; i <= o.m.N; i++ {
		if p := o.owner[i]; p >= 0 {
			n[p]++
			a[p] = a[p] + o.power[i][p]
		}
	}
	switch {
	case n[0] != n[1]:
		if n[0] > n[1] {
			return 0, LimitNodes
		}
		return 1, LimitNodes
	case a[0] > a[1]:
		return 0, LimitArmy
	case a[1] > a[0]:
		return 1, LimitArmy
	}
	return Draw, LimitDraw
}

// Python numbers for the oracle's judge: ints as big.Int, floats.
type onum struct {
	isInt bool
	i     *big.Int
	f     float64
}

func onumOf(v Value) onum {
	switch v.Kind {
	case KindFloat:
		return onum{f: v.Float}
	case KindInt:
		if v.Big != nil {
			return onum{isInt: true, i: new(big.Int).Set(v.Big)}
		}
	}
	return onum{isInt: true, i: big.NewInt(v.Int)}
}

// float is float(int); ok is false on OverflowError.
func (n onum) float() (float64, bool) {
	if !n.isInt {
		return n.f, true
	}
	f, _ := new(big.Float).SetInt(n.i).Float64()
	return f, !math.IsInf(f, 0)
}

func (a onum) plus(b onum) (onum, bool) {
	if a.isInt && b.isInt {
		return onum{isInt: true, i: new(big.Int).Add(a.i, b.i)}, true
	}
	x, ok1 := a.float()
	y, ok2 := b.float()
	return onum{f: x + y}, ok1 && ok2
}

// cmp is Python's comparison of n with a float: -1, 0, 1, or 2 when
// unordered (NaN).
func (n onum) cmp(f float64) int {
	if math.IsNaN(f) || (!n.isInt && math.IsNaN(n.f)) {
		return 2
	}
	if !n.isInt {
		switch {
		case n.f < f:
			return -1
		case n.f > f:
			return 1
		}
		return 0
	}
	if math.IsInf(f, 0) {
		if f > 0 {
			return -1
		}
		return 1
	}
	x := new(big.Float).SetPrec(4096).SetInt(n.i)
	return x.Cmp(new(big.Float).SetFloat64(f))
}

func (o *oracle) repr(v Value) (string, bool) {
	switch v.Kind {
	case KindBool:
		return map[int64]string{0: "False", 1: "True"}[v.Int], true
	case KindInt:
		s := onumOf(v).i.String()
		return s, len(strings.TrimPrefix(s, "-")) <= 4300
	case KindFloat:
		return FloatRepr(v.Float), true
	}
	return v.Repr, true
}

// judge is RULES §4.1 read literally; "" means accepted.
func (o *oracle) judge(p int, r *Returned) ([]oracleCmd, string) {
	const rt = "RuntimeError: Judgement!!! "
	if r == nil {
		return nil, ""
	}
	if !r.List {
		return nil, rt + "Invalid input type!"
	}
	sent := map[int]onum{}
	var order []int
	var out []oracleCmd
	for _, it := range r.Items {
		if !it.Tuple {
			return nil, rt + "Invalid input type! "
		}
		if len(it.Values) != 3 {
			return nil, rt + "Invalid input length! "
		}
		f, t, a := it.Values[0], it.Values[1], it.Values[2]
		isInt := func(v Value) bool { return v.Kind == KindInt || v.Kind == KindBool }
		if !isInt(f) || !isInt(t) || !(isInt(a) || a.Kind == KindFloat) {
			return nil, rt + "Invalid input type! "
		}
		amount := onumOf(a)
		if amount.cmp(0) <= 0 {
			return nil, rt + "Invalid input value(<=0)! "
		}
		str := func() (string, bool) {
			var parts []string
			for _, v := range it.Values {
				s, ok := o.repr(v)
				if !ok {
					return "", false
				}
				parts = append(parts, s)
			}
			return "(" + strings.Join(parts, ", ") + ")", true
		}
		from := onumOf(f).i
		if from.Cmp(big.NewInt(1)) < 0 || from.Cmp(big.NewInt(int64(o.m.N))) > 0 {
			s, ok := str()
			if !ok {
				return nil, errIntTooLongToPrint
			}
			return nil, rt + "Invalid input target(out of range): " + s
		}
		i := int(from.Int64())
		found := false
		for _, j := range o.m.Adj[i] {
			if onumOf(t).i.Cmp(big.NewInt(int64(j))) == 0 {
				found = true
			}
		}
		if !found {
			s, ok := str()
			if !ok {
				return nil, errIntTooLongToPrint
			}
			return nil, "RuntimeError: invalid move: no connection: " + s
		}
		if old, ok := sent[i]; ok {
			sum, ok := old.plus(amount)
			if !ok {
				return nil, "OverflowError: int too large to convert to float"
			}
			sent[i] = sum
		} else {
			sent[i] = amount
			order = append(order, i)
		}
		s, _ := amount.float()
		out = append(out, oracleCmd{i, int(onumOf(t).i.Int64()), s})
	}
	for _, i := range order {
		if c := sent[i].cmp(o.power[i][p]); c == 0 || c == 1 {
			return nil, fmt.Sprintf("%sInvalid move:no enough power: player%d", rt, p)
		}
	}
	return out, ""
}
