package rating

import (
	"fmt"
	"math"
)

// Paired differences: two players A and B (a tuned bot and its defaults,
// say) each play the same games against the same opponents — the same
// starts, both sides — and what is measured is how much more A scores than
// B. The unit is one start played from both sides by each of them: A's
// points fraction of its two games minus B's, a multiple of ¼ from −1 to 1.
// Units are independent (different starts); the two sides of one start are
// not, which is why they stay together, as a pentanomial pair keeps its two
// games together.
//
// The interval is the normal approximation mean ± 1.96·s/√N over units;
// the SPRT is Wald's test of the mean difference with the generalized
// (multinomial) log likelihood ratio of Fishtest and fastchess, its
// distributions of largest likelihood with a given mean found as for
// logistic Elo (Van den Bergh, "Comments on Normalized Elo", proposition
// 1.1), over the nine classes of a unit.

// diffClasses is the number of values a unit's difference takes: −1 to 1
// in quarters.
const diffClasses = 9

// diffScores are the classes as fractions in [0, 1]: (1 + d)/2, so that
// "no difference" is ½ as an even score is.
var diffScores = func() []float64 {
	s := make([]float64, diffClasses)
	for i := range s {
		s[i] = float64(i) / (diffClasses - 1)
	}
	return s
}()

// Diffs counts the units of a paired comparison.
type Diffs struct {
	// Counts are the units by difference, from −1 (index 0) to +1 (index
	// 8) in quarters.
	Counts [diffClasses]int
	// SumA and SumB are the players' points fractions summed over units.
	SumA, SumB float64
}

// Add counts a unit: a and b are A's and B's points fractions of the same
// games (multiples of ¼, from 0 to 1).
func (d *Diffs) Add(a, b float64) {
	i := int(math.Round((a-b)*4)) + 4
	d.Counts[min(max(i, 0), diffClasses-1)]++
	d.SumA += a
	d.SumB += b
}

// N is the number of units.
func (d Diffs) N() int {
	n := 0
	for _, c := range d.Counts {
		n += c
	}
	return n
}

// DiffEstimate is what a paired comparison says.
type DiffEstimate struct {
	N      int     // units
	A, B   float64 // mean points fraction of A and of B
	Diff   float64 // A − B
	SE     float64 // standard error of Diff
	Lo, Hi float64 // 95 % interval of Diff
	LOS    float64 // likelihood that A is better: Φ(Diff/SE)
}

// Estimate is the comparison's mean difference with its 95 % interval.
func (d Diffs) Estimate() DiffEstimate {
	e := DiffEstimate{N: d.N(), LOS: 0.5}
	if e.N == 0 {
		return e
	}
	n := float64(e.N)
	e.A, e.B = d.SumA/n, d.SumB/n
	for i, c := range d.Counts {
		e.Diff += float64(c) * classDiff(i)
	}
	e.Diff /= n
	v := 0.0
	for i, c := range d.Counts {
		x := classDiff(i) - e.Diff
		v += float64(c) * x * x
	}
	e.SE = math.Sqrt(v/n) / math.Sqrt(n)
	e.finish()
	return e
}

// classDiff is the difference of class i.
func classDiff(i int) float64 { return float64(i-4) / 4 }

// finish sets the interval and LOS from Diff and SE.
func (e *DiffEstimate) finish() {
	e.Lo, e.Hi = e.Diff-z95*e.SE, e.Diff+z95*e.SE
	switch {
	case e.SE > 0:
		e.LOS = Phi(e.Diff / e.SE)
	case e.Diff > 0:
		e.LOS = 1
	case e.Diff < 0:
		e.LOS = 0
	default:
		e.LOS = 0.5
	}
}

// Above says whether the whole interval lies above 0, Below whether it
// lies below.
func (e DiffEstimate) Above() bool { return e.N > 0 && e.Lo > 0 }
func (e DiffEstimate) Below() bool { return e.N > 0 && e.Hi < 0 }

// Weighted combines comparisons made against different opponents into the
// comparison over a pool that meets opponent i with weight w[i]: the
// weighted mean of the means, with the standard error of independent
// strata, √Σ(wᵢ/W)²·SEᵢ². Opponents without units are left out.
func Weighted(es []DiffEstimate, w []float64) DiffEstimate {
	out := DiffEstimate{LOS: 0.5}
	total := 0.0
	for i, e := range es {
		if e.N > 0 {
			total += w[i]
		}
	}
	if total <= 0 {
		return out
	}
	v := 0.0
	for i, e := range es {
		if e.N == 0 {
			continue
		}
		f := w[i] / total
		out.N += e.N
		out.A += f * e.A
		out.B += f * e.B
		out.Diff += f * e.Diff
		v += f * f * e.SE * e.SE
	}
	out.SE = math.Sqrt(v)
	out.finish()
	return out
}

// DiffSPRT is a sequential probability ratio test of a paired comparison:
// H0, A scores D0 more than B (a points fraction per game, 0: no gain),
// against H1, A scores D1 more.
type DiffSPRT struct {
	D0, D1      float64
	Alpha, Beta float64
}

// Validate reports a test that cannot be run.
func (t DiffSPRT) Validate() error {
	switch {
	case t.D0 >= t.D1:
		return fmt.Errorf("sprt: difference %g under H0 must be less than %g under H1", t.D0, t.D1)
	case t.D0 <= -1 || t.D1 >= 1:
		return fmt.Errorf("sprt: differences %g and %g must lie strictly between -1 and 1", t.D0, t.D1)
	}
	return t.wald().Validate()
}

// wald is the test's bounds, shared with SPRT.
func (t DiffSPRT) wald() SPRT {
	return SPRT{Elo0: 0, Elo1: 1, Alpha: t.Alpha, Beta: t.Beta, Model: "logistic"}
}

// Bounds are Wald's stopping bounds of the log likelihood ratio.
func (t DiffSPRT) Bounds() (lo, hi float64) { return t.wald().Bounds() }

// Decide compares a log likelihood ratio with the bounds.
func (t DiffSPRT) Decide(llr float64) Decision { return t.wald().Decide(llr) }

// LLR is the log likelihood ratio of the units counted so far.
func (t DiffSPRT) LLR(d Diffs) float64 {
	freq, total := regularized(d.Counts[:])
	s0, s1 := (1+t.D0)/2, (1+t.D1)/2
	return total * llr(freq, mleMean(freq, diffScores, s0), mleMean(freq, diffScores, s1))
}
