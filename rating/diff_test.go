package rating

import (
	"math"
	"testing"
)

func TestDiffsEstimate(t *testing.T) {
	var d Diffs
	for range 3 {
		d.Add(1, 0.5) // +0.5
	}
	d.Add(0.5, 0.5) // 0
	e := d.Estimate()
	// Differences 0.5, 0.5, 0.5, 0: mean 0.375, variance (3·0.125² + 0.375²)/4.
	se := math.Sqrt((3*0.125*0.125+0.375*0.375)/4) / 2
	if e.N != 4 || e.A != 0.875 || e.B != 0.5 || math.Abs(e.Diff-0.375) > 1e-12 || math.Abs(e.SE-se) > 1e-12 {
		t.Fatalf("estimate %+v, want diff 0.375, se %g", e, se)
	}
	if math.Abs(e.Lo-(0.375-z95*se)) > 1e-12 || math.Abs(e.Hi-(0.375+z95*se)) > 1e-12 || math.Abs(e.LOS-Phi(0.375/se)) > 1e-12 {
		t.Errorf("interval [%g, %g], LOS %g", e.Lo, e.Hi, e.LOS)
	}
	if !e.Above() || e.Below() {
		t.Errorf("interval [%g, %g] above 0: %v, below: %v", e.Lo, e.Hi, e.Above(), e.Below())
	}
	if d.Counts != [9]int{4: 1, 6: 3} {
		t.Errorf("counts %v", d.Counts)
	}
	// Every unit the same: no spread, the interval is the point.
	var z Diffs
	z.Add(0.25, 0.25)
	z.Add(0.75, 0.75)
	if e := z.Estimate(); e.Diff != 0 || e.Lo != 0 || e.Hi != 0 || e.LOS != 0.5 || e.Above() || e.Below() {
		t.Errorf("no difference: %+v", e)
	}
	if e := (Diffs{}).Estimate(); e.N != 0 || e.LOS != 0.5 || e.Above() {
		t.Errorf("no units: %+v", e)
	}
}

func TestWeighted(t *testing.T) {
	a := DiffEstimate{N: 10, A: 0.8, B: 0.6, Diff: 0.2, SE: 0.05}
	b := DiffEstimate{N: 30, A: 0.3, B: 0.4, Diff: -0.1, SE: 0.02}
	w := Weighted([]DiffEstimate{a, b, {}}, []float64{3, 1, 5})
	se := math.Sqrt(0.75*0.75*0.05*0.05 + 0.25*0.25*0.02*0.02)
	if w.N != 40 || math.Abs(w.Diff-0.125) > 1e-12 || math.Abs(w.A-0.675) > 1e-12 || math.Abs(w.B-0.55) > 1e-12 || math.Abs(w.SE-se) > 1e-12 {
		t.Fatalf("weighted %+v, want diff 0.125, se %g", w, se)
	}
	if math.Abs(w.Lo-(0.125-z95*se)) > 1e-12 {
		t.Errorf("interval [%g, %g]", w.Lo, w.Hi)
	}
	var d Diffs
	d.Add(1, 0)
	d.Add(0.75, 0.5)
	one := d.Estimate()
	if got := Weighted([]DiffEstimate{one}, []float64{7}); got != one {
		t.Errorf("one opponent: %+v, want %+v", got, one)
	}
}

// On units whose differences are whole halves (the five classes of a
// pentanomial pair), the test of the difference is the logistic SPRT of
// pairs: a pair's score s is ½ + d/2. The nine classes regularize four
// more empty ones, so the two agree closely, not exactly.
func TestDiffSPRTAgreesWithPairs(t *testing.T) {
	counts := [5]int{30, 120, 400, 180, 70} // pairs scoring 0, ¼, ½, ¾, 1
	var d Diffs
	for i, c := range counts {
		d.Counts[2*i] = c
	}
	p := Pairs{LL: counts[0], LD: counts[1], WL: counts[2], WD: counts[3], WW: counts[4]}
	e0, e1 := 0.0, 20.0
	pairs := SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05, Model: "logistic"}
	diffs := DiffSPRT{D0: 2*ScoreFromElo(e0) - 1, D1: 2*ScoreFromElo(e1) - 1, Alpha: 0.05, Beta: 0.05}
	a, b := pairs.LLRPairs(p), diffs.LLR(d)
	t.Logf("LLR %.5f (differences), %.5f (pairs)", b, a)
	if math.Abs(a-b) > 1e-4*math.Abs(a) {
		t.Errorf("LLR of the differences %.4f, of the pairs %.4f", b, a)
	}
	if lo, hi := diffs.Bounds(); math.Abs(lo-math.Log(0.05/0.95)) > 1e-12 || math.Abs(hi-math.Log(0.95/0.05)) > 1e-12 {
		t.Errorf("bounds %g, %g", lo, hi)
	}
}

func TestDiffSPRTDecides(t *testing.T) {
	test := DiffSPRT{D0: 0, D1: 0.1, Alpha: 0.05, Beta: 0.05}
	if err := test.Validate(); err != nil {
		t.Fatal(err)
	}
	var gain, none Diffs
	decided := [2]int{}
	for n := 1; n <= 400; n++ {
		// A gains 0.15 a start on average, or nothing.
		a := []float64{1, 0.5, 0.75, 0.5}[n%4]
		b := []float64{0.5, 0.5, 0.5, 0.25}[n%4]
		gain.Add(a, b)
		none.Add(a, a)
		if decided[0] == 0 && test.Decide(test.LLR(gain)) == AcceptH1 {
			decided[0] = n
		}
		if decided[1] == 0 && test.Decide(test.LLR(none)) == AcceptH0 {
			decided[1] = n
		}
	}
	if decided[0] == 0 || decided[1] == 0 {
		t.Errorf("H1 accepted after %d starts of gain, H0 after %d of none (0: never)", decided[0], decided[1])
	}
	for _, bad := range []DiffSPRT{{D0: 0.1, D1: 0.1, Alpha: 0.05, Beta: 0.05}, {D0: 0, D1: 1, Alpha: 0.05, Beta: 0.05}, {D0: 0, D1: 0.1, Alpha: 0, Beta: 0.05}} {
		if bad.Validate() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
