package rating

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f ± %g", what, got, want, tol)
	}
}

// TestEloByHand checks the formulas against values worked out by hand.
func TestEloByHand(t *testing.T) {
	// A score of 3/4 is 400·log10(3) = 190.849 Elo; 1/4 is its negative.
	near(t, "elo(0.75)", EloFromScore(0.75), 190.8485, 1e-4)
	near(t, "elo(0.25)", EloFromScore(0.25), -190.8485, 1e-4)
	near(t, "score(190.85)", ScoreFromElo(190.8485), 0.75, 1e-6)
	// LOS from wins and losses: W=45, L=30: Φ(15/√75) = Φ(1.7320508) = 0.958368.
	near(t, "LOS(45,30)", LOSFromWinsLosses(45, 30), 0.958368, 1e-6)
	near(t, "LOS(0,0)", LOSFromWinsLosses(0, 0), 0.5, 0)

	// Trinomial, W=6 D=2 L=2 (10 games): μ = 0.7; per-game variance
	// 0.6·0.09 + 0.2·0.04 + 0.2·0.49 = 0.16, σ = 0.4, se = 0.4/√10 = 0.126491.
	// Elo = 400·log10(7/3) = 400·0.3679768 = 147.1907.
	// Interval: μ ± 1.959964·0.126491 = 0.452083 .. 0.947917
	// → Elo −33.3994 .. 504.0333, half-width 268.7163.
	e := EstimateGames(6, 2, 2)
	near(t, "score", e.Score, 0.7, 1e-12)
	near(t, "sigma", e.Sigma, 0.4, 1e-12)
	near(t, "elo", e.Elo, 147.1907, 1e-4)
	near(t, "elo lo", e.EloLo, -33.3994, 1e-3)
	near(t, "elo hi", e.EloHi, 504.0333, 1e-3)
	near(t, "elo err", e.EloErr, 268.7163, 1e-3)
	// nElo = (0.7−0.5)/0.4 · 800/ln10 = 0.5 · 347.4355 = 173.7178.
	near(t, "nElo", e.NElo, 173.7178, 1e-3)
	// LOS = Φ(0.2/0.126491) = Φ(1.581139) = 0.943077.
	near(t, "LOS", e.LOS, 0.943077, 1e-5)
}

// TestPairsAdd checks the pentanomial classes.
func TestPairsAdd(t *testing.T) {
	var p Pairs
	for _, g := range [][2]float64{{0, 0}, {0, 0.5}, {0.5, 0}, {0.5, 0.5}, {1, 0}, {0, 1}, {1, 0.5}, {1, 1}} {
		p.Add(g[0], g[1])
	}
	want := Pairs{LL: 1, LD: 2, DD: 1, WL: 2, WD: 1, WW: 1}
	if p != want {
		t.Fatalf("pairs %+v, want %+v", p, want)
	}
	if c := p.Counts(); c != [5]int{1, 2, 3, 1, 1} {
		t.Fatalf("counts %v", c)
	}
}

// fastchessCase is a report printed by fastchess (normalized SPRT, α = β =
// 0.05, bounds ±2.94), taken from a public engine's development log. The
// LLR is printed to two decimals and, in the fraction of the bound it has
// reached, to three significant figures, so both are checked.
type fastchessCase struct {
	ptnml      [5]int // [LL, LD, WL+DD, WD, WW]
	elo0, elo1 float64
	elo, err   float64 // "Elo: x +/- y"
	nelo, nerr float64 // "nElo: x +/- y"
	los        float64 // percent
	llr, frac  float64 // "LLR: x (f%)"
}

var fastchessCases = []fastchessCase{
	{[5]int{1, 11, 47, 25, 16}, 0, 10, 77.71, 33.03, 117.50, 48.15, 100.00, 1.71, 57.9},
	{[5]int{1, 24, 42, 25, 8}, 0, 10, 26.11, 31.23, 40.51, 48.15, 95.04, 0.60, 20.3},
	{[5]int{3, 24, 47, 22, 4}, 0, 10, 0, 29.36, 0, 48.15, 50.00, -0.08, -2.8},
	{[5]int{1, 15, 25, 33, 26}, 0, 10, 123.02, 40.58, 159.46, 48.15, 100.00, 2.19, 74.4},
	{[5]int{2, 23, 32, 35, 8}, 0, 10, 41.89, 33.28, 61.39, 48.15, 99.38, 0.92, 31.1},
	{[5]int{0, 1, 99, 0, 0}, 0, 10, -1.74, 3.39, -24.69, 48.15, 15.74, -0.37, -12.6},
	{[5]int{1, 42, 106, 46, 5}, 0, 10, 10.43, 17.99, 19.76, 34.05, 87.23, 0.49, 16.7},
	{[5]int{0, 0, 3, 40, 7}, 0, 10, 209.91, 30.05, 603.02, 68.10, 100.00, 1.45, 49.4},
	{[5]int{2, 8, 22, 14, 4}, 0, 10, 34.86, 45.90, 52.38, 68.10, 93.42, 0.38, 12.9},
	{[5]int{0, 0, 1, 6, 5}, 0, 100, 279.59, 120.80, 525.27, 139.00, 100.00, 3.04, 103.2},
	{[5]int{0, 2, 8, 11, 1}, 0, 100, 88.74, 56.57, 169.90, 102.66, 99.94, 3.10, 105.3},
}

// TestAgainstFastchess compares estimates and LLRs with fastchess's own
// reports.
func TestAgainstFastchess(t *testing.T) {
	for _, c := range fastchessCases {
		p := Pairs{LL: c.ptnml[0], LD: c.ptnml[1], DD: c.ptnml[2], WD: c.ptnml[3], WW: c.ptnml[4]}
		e := EstimatePairs(p)
		near(t, "elo", e.Elo, c.elo, 0.006)
		near(t, "elo err", e.EloErr, c.err, 0.006)
		near(t, "nElo", e.NElo, c.nelo, 0.006)
		near(t, "nElo err", e.NEloErr, c.nerr, 0.006)
		near(t, "LOS %", 100*e.LOS, c.los, 0.006)
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
		l := s.LLRPairs(p)
		lo, hi := s.Bounds()
		frac := l / hi
		if l < 0 {
			frac = -l / lo
		}
		near(t, "LLR", l, c.llr, 0.005)
		near(t, "LLR fraction %", 100*frac, c.frac, 0.05)
	}
}

func TestSPRTBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	lo, hi := s.Bounds()
	// ln(0.05/0.95) = −2.944439, ln(0.95/0.05) = 2.944439.
	near(t, "lo", lo, -2.944439, 1e-6)
	near(t, "hi", hi, 2.944439, 1e-6)
	s.Alpha, s.Beta = 0.1, 0.2
	lo, hi = s.Bounds()
	// ln(0.2/0.9) = −1.504077, ln(0.8/0.1) = 2.079442.
	near(t, "lo", lo, -1.504077, 1e-6)
	near(t, "hi", hi, 2.079442, 1e-6)
	if s.Decide(2.1) != AcceptH1 || s.Decide(-1.6) != AcceptH0 || s.Decide(0) != Continue {
		t.Fatal("decisions")
	}
}

// TestLogisticLLR checks the logistic model against a direct computation:
// for a trinomial sample the constrained maximum likelihood distribution
// with mean s is p_i = p̂_i/(1+θ(a_i−s)); the test recomputes the LLR from
// its definition, sup over {mean = s1} minus sup over {mean = s0} of
// Σ n_i ln p_i, by a brute-force search over the one free parameter.
func TestLogisticLLR(t *testing.T) {
	w, d, l := 60, 25, 40
	s := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05, Model: "logistic"}
	got := s.llrGames(w, d, l)
	best := func(mean float64) float64 {
		// Distributions (pl, pd, pw) with pd + pw/… : pw = mean − pd/2, pl = 1 − pd − pw.
		bestV := math.Inf(-1)
		lo, hi := 0.0, 1.0
		for round := 0; round < 60; round++ {
			// golden-section style refinement of pd on [lo, hi]
			m1, m2 := lo+(hi-lo)/3, lo+2*(hi-lo)/3
			v := func(pd float64) float64 {
				pw := mean - pd/2
				pl := 1 - pd - pw
				if pw <= 0 || pl <= 0 || pd <= 0 {
					return math.Inf(-1)
				}
				return float64(l)*math.Log(pl) + float64(d)*math.Log(pd) + float64(w)*math.Log(pw)
			}
			if v(m1) < v(m2) {
				lo = m1
			} else {
				hi = m2
			}
			bestV = math.Max(bestV, math.Max(v(m1), v(m2)))
		}
		return bestV
	}
	want := best(ScoreFromElo(20)) - best(ScoreFromElo(0))
	near(t, "logistic LLR", got, want, 1e-6)
}

// A sweep is told apart from a lopsided but finite result.
func TestSweep(t *testing.T) {
	for _, c := range []struct {
		e    Estimate
		want int
	}{
		{EstimateGames(5, 0, 0), 1}, {EstimateGames(0, 0, 5), -1}, {EstimateGames(5, 0, 1), 0},
		{EstimateGames(0, 3, 0), 0}, {EstimateGames(0, 0, 0), 0}, {EstimatePairs(Pairs{WW: 3}), 1}, {EstimatePairs(Pairs{WW: 3, WD: 1}), 0},
	} {
		if got := c.e.Sweep(); got != c.want {
			t.Errorf("%v: sweep %d, want %d", c.e.Counts, got, c.want)
		}
	}
}
