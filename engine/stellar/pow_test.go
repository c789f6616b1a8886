package stellar

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// TestPowTablesMatchJSON checks that the generated tables (powtab.go) still
// hold the values of testdata/stellar/glibc_pow_tables.json.
func TestPowTablesMatchJSON(t *testing.T) {
	b, err := os.ReadFile("../../testdata/stellar/glibc_pow_tables.json")
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		PowLog struct {
			Ln2hi, Ln2lo string
			Poly         []string
			Tab          [][3]string
		} `json:"pow_log"`
		Exp struct {
			InvLn2N, NegLn2hiN, NegLn2loN, Shift string
			Poly, Tab                            []string
		} `json:"exp"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	f := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	consts := map[string][2]float64{
		"ln2hi": {f(j.PowLog.Ln2hi), logLn2hi}, "ln2lo": {f(j.PowLog.Ln2lo), logLn2lo},
		"invln2N": {f(j.Exp.InvLn2N), expInvLn2N}, "negln2hiN": {f(j.Exp.NegLn2hiN), expNegLn2hiN},
		"negln2loN": {f(j.Exp.NegLn2loN), expNegLn2loN}, "shift": {f(j.Exp.Shift), expShift},
	}
	for i, v := range []float64{logA0, logA1, logA2, logA3, logA4, logA5, logA6} {
		consts["A"+strconv.Itoa(i)] = [2]float64{f(j.PowLog.Poly[i]), v}
	}
	for i, v := range []float64{expC2, expC3, expC4, expC5} {
		consts["C"+strconv.Itoa(i+2)] = [2]float64{f(j.Exp.Poly[i]), v}
	}
	for name, c := range consts {
		if c[0] != c[1] {
			t.Errorf("%s: JSON %v, Go %v", name, c[0], c[1])
		}
	}
	if len(j.PowLog.Tab) != 128 || len(j.Exp.Tab) != 256 {
		t.Fatalf("JSON tables have %d and %d entries", len(j.PowLog.Tab), len(j.Exp.Tab))
	}
	for i, row := range j.PowLog.Tab {
		for k := range row {
			if f(row[k]) != logTab[i][k] {
				t.Errorf("log tab[%d][%d]: JSON %s, Go %v", i, k, row[k], logTab[i][k])
			}
		}
	}
	for i, s := range j.Exp.Tab {
		if u, err := strconv.ParseUint(s, 16, 64); err != nil || u != expTab[i] {
			t.Errorf("exp tab[%d]: JSON %s, Go %016x", i, s, expTab[i])
		}
	}
}

// TestPowKnownValues checks values the rules state (RULES §4.3, §6) and
// CPython's special cases.
func TestPowKnownValues(t *testing.T) {
	cases := []struct {
		name      string
		got, want float64
	}{
		{"10000 ** 0.5", PowHalf(10000), 100},
		{"100 ** 2", PowTwo(100), 10000},
		{"0.0 ** 0.5", PowHalf(0), 0},
		{"-0.0 ** 2", PowTwo(math.Copysign(0, -1)), 0},
		{"1 ** 0.5", PowHalf(1), 1},
		{"inf ** 0.5", PowHalf(math.Inf(1)), math.Inf(1)},
		{"-inf ** 0.5", PowHalf(math.Inf(-1)), math.Inf(1)},
		{"-inf ** 2", PowTwo(math.Inf(-1)), math.Inf(1)},
		{"-3 ** 2", PowTwo(-3), 9},
		{"4 ** 0.5", PowHalf(4), 2},
	}
	for _, c := range cases {
		if math.Float64bits(c.got) != math.Float64bits(c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if !math.IsNaN(PowHalf(math.NaN())) || !math.IsNaN(PowTwo(math.NaN())) || !math.IsNaN(PowHalf(-1)) {
		t.Error("NaN ** y or a negative root is not NaN")
	}
}

// preRounding is glibc's pow(x, y) before its last rounding, as an exact
// big.Float (scale + scale·t), for arguments where the result has that form.
func preRounding(x, y float64) (*big.Float, bool) {
	tt, scale, ok := powParts(x, y)
	if !ok {
		return nil, false
	}
	v := new(big.Float).SetPrec(300).SetFloat64(scale)
	v.Mul(v, new(big.Float).SetFloat64(tt))
	return v.Add(v, new(big.Float).SetPrec(300).SetFloat64(scale)), true
}

// ulpErr is |a - exact| in ulp of the double nearest to exact.
func ulpErr(a, exact *big.Float) float64 {
	f, _ := exact.Float64()
	u := new(big.Float).SetFloat64(ulpOf(f))
	d := new(big.Float).SetPrec(300).Sub(a, exact)
	d.Abs(d).Quo(d, u)
	r, _ := d.Float64()
	return r
}

// TestPowErrorBound measures the error of glibc's pow before its final
// rounding over the fast paths' ranges, against the exact square and root:
// it must stay well inside powErrBound, the bound the fast paths rely on.
func TestPowErrorBound(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	n := 100000
	worst := [2]float64{}
	for i := range n {
		// Log-uniform over each fast range, plus game-like values.
		e2 := math.Ldexp(1+r.Float64(), -46+r.IntN(92))
		e5 := math.Ldexp(1+r.Float64(), -184+r.IntN(368))
		if i%2 == 0 {
			e2, e5 = 200*(1-r.Float64()), 40000*(1-r.Float64())
		}
		if v, ok := preRounding(e2, 2); ok {
			x := new(big.Float).SetPrec(300).SetFloat64(e2)
			worst[0] = max(worst[0], ulpErr(v, x.Mul(x, x)))
		}
		if v, ok := preRounding(e5, 0.5); ok {
			x := new(big.Float).SetPrec(300).SetFloat64(e5)
			worst[1] = max(worst[1], ulpErr(v, x.Sqrt(x)))
		}
	}
	t.Logf("largest error before rounding over %d arguments: pow(x, 2) %.5f ulp, pow(x, 0.5) %.5f ulp (bound used: %.5f)", n, worst[0], worst[1], powErrBound)
	for k, w := range worst {
		if w == 0 || w > powErrBound/2 {
			t.Errorf("exponent %d: largest error %.5f ulp, want in (0, %v]", k, w, powErrBound/2)
		}
	}
}

// TestPowFastPath compares PowHalf and PowTwo (fast path where provably
// equal) with the exact emulation on many arguments, many of them close to
// rounding boundaries, and checks the fast paths are taken most of the time.
func TestPowFastPath(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 400000
	fastHalf, fastTwo, nearHalf, nearTwo := 0, 0, 0, 0
	check := func(x float64) {
		if got, want := PowHalf(x), powHalfExact(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("PowHalf(%b) = %b, exact %b", x, got, want)
		}
		if got, want := PowTwo(x), powTwoExact(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("PowTwo(%b) = %b, exact %b", x, got, want)
		}
	}
	for i := range n {
		var x float64
		switch i % 4 {
		case 0:
			x = 200 * (1 - r.Float64())
		case 1:
			x = math.Ldexp(1+r.Float64(), -60+r.IntN(120))
		case 2:
			x = float64(1+r.IntN(1000)) / 10
		case 3:
			x = math.Float64frombits(r.Uint64() &^ (1 << 63))
		}
		check(x)
		if _, ok := sqrtFast(x); ok {
			fastHalf++
		} else if x >= sqrtLo && x <= sqrtHi {
			nearHalf++
		}
		if _, ok := squareFast(x); ok {
			fastTwo++
		} else if x >= squareLo && x <= squareHi {
			nearTwo++
		}
	}
	// In range, the exact path is taken where the exact value lies within
	// powErrBound ulp of a boundary (1/16 of arguments), plus powers of two.
	inHalf, inTwo := fastHalf+nearHalf, fastTwo+nearTwo
	t.Logf("within the fast ranges the fast path was taken for %.2f %% of %d roots and %.2f %% of %d squares; the exact path %d and %d times",
		100*float64(fastHalf)/float64(inHalf), inHalf, 100*float64(fastTwo)/float64(inTwo), inTwo, nearHalf, nearTwo)
	if fastHalf < inHalf*9/10 || fastTwo < inTwo*9/10 || nearHalf < inHalf/50 || nearTwo < inTwo/50 {
		t.Errorf("fast path %d/%d roots, %d/%d squares: want about 15/16 fast and the rest exact", fastHalf, inHalf, fastTwo, inTwo)
	}
}

// TestUnopposedCombat checks the identity combat relies on (see
// unopposedLo): pow(pow(x, 2) - 0.0, 0.5) == x, computed with the exact
// emulation, over the whole range and near boundaries.
func TestUnopposedCombat(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 300000 {
		x := math.Ldexp(1+r.Float64(), -46+r.IntN(92))
		if i%3 == 0 {
			x = 100 * (1 - r.Float64())
		}
		if i%3 == 1 {
			x = math.Ldexp(1, -46+r.IntN(92)) // powers of two and their neighbours
			x = math.Nextafter(x, float64(r.IntN(2))*1e300)
		}
		if x < unopposedLo || x > unopposedHi {
			continue
		}
		if got := powHalfExact(powTwoExact(x) - 0.0); got != x {
			t.Fatalf("pow(pow(%b, 2), 0.5) = %b", x, got)
		}
		if f := fight(x, 0); f != [2]float64{x, 0} {
			t.Fatalf("fight(%v, 0) = %v", x, f)
		}
	}
}

// TestRootMemo checks that the memo of exact-path roots gives PowHalf's
// results, for repeated amounts, colliding slots, zeros and NaN.
func TestRootMemo(t *testing.T) {
	var m rootMemo
	r := rand.New(rand.NewPCG(4, 4))
	pool := []float64{0, 24, math.NaN(), 1, 1e-320, math.Inf(1)}
	for range 200 {
		pool = append(pool, float64(1+r.IntN(2000))/8, 200*r.Float64())
	}
	exact := 0
	for range 20000 {
		x := pool[r.IntN(len(pool))]
		if _, ok := sqrtFast(x); !ok {
			exact++
		}
		if got, want := m.powHalf(x), powHalfExact(x); !sameBits(got, want) {
			t.Fatalf("memo root of %v = %v, want %v", x, got, want)
		}
	}
	if exact < 1000 {
		t.Errorf("only %d of 20000 lookups went past the fast path", exact)
	}
}
