package rating

import (
	"fmt"
	"math"
)

// Match statistics in the form chess engine testers report them (fastchess,
// cutechess-cli, Fishtest): an Elo difference with its 95 % interval, the
// normalized Elo, the likelihood of superiority and the pentanomial counts of
// paired games.
//
// Sources of the formulas:
//   - Elo from a score: the logistic Elo model, E = 1/(1+10^(−D/400)), so
//     D = −400·log10(1/s − 1).
//   - Its interval: the sample variance of the per-game scores (trinomial) or
//     of the per-pair scores (pentanomial, pairs scored 0, ¼, ½, ¾, 1), the
//     normal approximation μ ± 1.96·σ/√N, mapped through the Elo formula and
//     halved, as cutechess-cli and fastchess print "Elo: x +/- y".
//   - Normalized Elo: (μ − ½)/σ scaled by 800/ln 10 (for pairs σ is the
//     per-pair deviation times √2): M. Van den Bergh, "Normalized Elo",
//     https://www.cantate.be/Fishtest/normalized_elo_practical.pdf, as used by
//     Fishtest and fastchess.
//   - LOS: the normal approximation Φ((μ − ½)/(σ/√N)); for plain game counts
//     the classic Φ((W − L)/√(W + L)) (chessprogramming wiki, "Match
//     Statistics").

// z95 is Φ⁻¹(0.975), the half-width of a two-sided 95 % normal interval.
const z95 = 1.959963984540054

// nEloScale is 800/ln 10: normalized Elo per unit of t = (μ − ½)/σ.
var nEloScale = 800 / math.Ln10

// EloFromScore is the logistic Elo difference of a score fraction s:
// −400·log10(1/s − 1). It is ±Inf at s = 1 and s = 0.
func EloFromScore(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the expected score of a player d Elo stronger:
// 1/(1 + 10^(−d/400)).
func ScoreFromElo(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// Phi is the standard normal distribution function.
func Phi(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// LOSFromWinsLosses is the likelihood of superiority from game wins and
// losses, Φ((W − L)/√(W + L)); draws carry no information. It is ½ when
// there are no decisive games.
func LOSFromWinsLosses(w, l int) float64 {
	if w+l == 0 {
		return 0.5
	}
	return Phi(float64(w-l) / math.Sqrt(float64(w+l)))
}

// Pairs are the results of paired games (the same start, sides swapped)
// from the first player's view. WL and DD both score one point of two but
// are counted apart.
type Pairs struct {
	LL, LD, DD, WL, WD, WW int
}

// Add counts a pair from its two game scores (1 win, ½ draw, 0 loss).
func (p *Pairs) Add(a, b float64) {
	switch {
	case a+b == 0:
		p.LL++
	case a+b == 0.5:
		p.LD++
	case a+b == 1.5:
		p.WD++
	case a+b == 2:
		p.WW++
	case a == 0.5:
		p.DD++
	default:
		p.WL++
	}
}

// N is the number of pairs.
func (p Pairs) N() int { return p.LL + p.LD + p.DD + p.WL + p.WD + p.WW }

// Counts are the pentanomial counts [LL, LD, WL+DD, WD, WW], pairs scoring
// 0, ½, 1, 1½ and 2 points: fastchess's "Ptnml(0-2)".
func (p Pairs) Counts() [5]int { return [5]int{p.LL, p.LD, p.DD + p.WL, p.WD, p.WW} }

// pentaScores are the pair scores of the pentanomial classes as fractions.
var pentaScores = []float64{0, 0.25, 0.5, 0.75, 1}

// triScores are the game scores of loss, draw and win.
var triScores = []float64{0, 0.5, 1}

// Estimate is what a match says about the first player.
type Estimate struct {
	N        int     // games (trinomial) or pairs (pentanomial)
	Score    float64 // mean score fraction μ
	Sigma    float64 // standard deviation of one game's (one pair's) score fraction
	Elo      float64 // EloFromScore(μ)
	EloErr   float64 // half-width of the 95 % interval, in Elo
	EloLo    float64 // bounds of the 95 % interval
	EloHi    float64
	NElo     float64 // normalized Elo
	NEloErr  float64 // half-width of its 95 % interval
	LOS      float64 // likelihood of superiority, Φ((μ − ½)/(σ/√N))
	Paired   bool
	Counts   []int     // the counts the estimate was made from
	classes  []float64 // scores of the classes
	variance float64
}

// Sweep says whether one side won every game: +1 the first player, −1 the
// second, 0 neither (or no games). After a sweep no finite Elo fits: Elo is
// ±Inf, and the interval and the normalized Elo are not numbers.
func (e Estimate) Sweep() int {
	switch {
	case e.N > 0 && e.Score == 1:
		return 1
	case e.N > 0 && e.Score == 0:
		return -1
	}
	return 0
}

// EstimateGames estimates from game counts (trinomial).
func EstimateGames(w, d, l int) Estimate {
	return estimate([]int{l, d, w}, triScores, false)
}

// EstimatePairs estimates from paired games (pentanomial).
func EstimatePairs(p Pairs) Estimate {
	c := p.Counts()
	return estimate(c[:], pentaScores, true)
}

func estimate(counts []int, scores []float64, paired bool) Estimate {
	e := Estimate{Paired: paired, Counts: counts, classes: scores}
	for _, c := range counts {
		e.N += c
	}
	if e.N == 0 {
		e.Score, e.LOS = 0.5, 0.5
		return e
	}
	n := float64(e.N)
	for i, c := range counts {
		e.Score += float64(c) / n * scores[i]
	}
	for i, c := range counts {
		d := scores[i] - e.Score
		e.variance += float64(c) / n * d * d
	}
	e.Sigma = math.Sqrt(e.variance)
	se := e.Sigma / math.Sqrt(n)
	e.Elo = EloFromScore(e.Score)
	e.EloLo = EloFromScore(e.Score - z95*se)
	e.EloHi = EloFromScore(e.Score + z95*se)
	e.EloErr = (e.EloHi - e.EloLo) / 2
	// A pair's deviation is that of the mean of two games: σ_game ≈ √2·σ_pair.
	sd := e.Sigma
	if paired {
		sd *= math.Sqrt2
	}
	if sd > 0 {
		e.NElo = (e.Score - 0.5) / sd * nEloScale
		e.LOS = Phi((e.Score - 0.5) / se)
	} else {
		e.NElo = math.NaN()
		if e.Score == 0.5 {
			e.NElo = 0
		}
		switch {
		case e.Score > 0.5:
			e.LOS = 1
		case e.Score < 0.5:
			e.LOS = 0
		default:
			e.LOS = 0.5
		}
	}
	unit := n
	if paired {
		unit = 2 * n
	}
	e.NEloErr = z95 * nEloScale / math.Sqrt(unit)
	return e
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (A. Wald, 1945), with the generalized (multinomial) log
// likelihood ratio of Fishtest and fastchess.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	// Model is how Elo0 and Elo1 are read: "normalized" (normalized Elo, the
	// Fishtest and fastchess default) or "logistic" (plain Elo).
	Model string
}

// Validate reports a test that cannot be run.
func (t SPRT) Validate() error {
	switch {
	case t.Elo0 >= t.Elo1:
		return fmt.Errorf("sprt: elo0 %g must be less than elo1 %g", t.Elo0, t.Elo1)
	case t.Alpha <= 0 || t.Alpha >= 1 || t.Beta <= 0 || t.Beta >= 1:
		return fmt.Errorf("sprt: alpha %g and beta %g must lie strictly between 0 and 1", t.Alpha, t.Beta)
	case t.Alpha+t.Beta >= 1:
		return fmt.Errorf("sprt: alpha + beta must be less than 1")
	}
	switch t.Model {
	case "normalized", "logistic":
	default:
		return fmt.Errorf("sprt: model %q: want normalized or logistic", t.Model)
	}
	return nil
}

// Bounds are Wald's stopping bounds ln(β/(1−α)) and ln((1−β)/α).
func (t SPRT) Bounds() (lo, hi float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Decision is the state of a test.
type Decision int

const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 was accepted"
	case AcceptH1:
		return "H1 was accepted"
	}
	return "no decision"
}

// Decide compares a log likelihood ratio with the bounds.
func (t SPRT) Decide(llr float64) Decision {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// regularized turns counts into frequencies, replacing empty classes by
// 1e-3 so that every class has a probability (as Fishtest and fastchess do).
func regularized(counts []int) (freq []float64, total float64) {
	freq = make([]float64, len(counts))
	for i, c := range counts {
		v := float64(c)
		if c == 0 {
			v = 1e-3
		}
		freq[i] = v
		total += v
	}
	for i := range freq {
		freq[i] /= total
	}
	return freq, total
}

// LLRPairs is the log likelihood ratio of paired games (pentanomial).
// Fastchess and Fishtest merge WL and DD into one class, and so does this.
func (t SPRT) LLRPairs(p Pairs) float64 {
	c := p.Counts()
	freq, total := regularized(c[:])
	switch t.Model {
	case "normalized":
		// t = (μ − ½)/σ_pair = √2·nElo/(800/ln 10).
		t0 := math.Sqrt2 * t.Elo0 / nEloScale
		t1 := math.Sqrt2 * t.Elo1 / nEloScale
		return total * llr(freq, mleNormalized(freq, pentaScores, t0), mleNormalized(freq, pentaScores, t1))
	case "logistic":
		s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
		return total * llr(freq, mleMean(freq, pentaScores, s0), mleMean(freq, pentaScores, s1))
	}
	return math.NaN()
}

// llrGames is the log likelihood ratio of unpaired game counts
// (trinomial): the pentanomial formula's counterpart, checked against a
// direct computation in the tests.
func (t SPRT) llrGames(w, d, l int) float64 {
	freq, total := regularized([]int{l, d, w})
	switch t.Model {
	case "normalized":
		t0, t1 := t.Elo0/nEloScale, t.Elo1/nEloScale
		return total * llr(freq, mleNormalized(freq, triScores, t0), mleNormalized(freq, triScores, t1))
	case "logistic":
		s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
		return total * llr(freq, mleMean(freq, triScores, s0), mleMean(freq, triScores, s1))
	}
	return math.NaN()
}

// llr is Σ p̂_i·(ln p1_i − ln p0_i): the log likelihood ratio per unit.
func llr(freq, p0, p1 []float64) float64 {
	s := 0.0
	for i, f := range freq {
		s += f * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return s
}

// mleMean is the distribution of largest likelihood for the observed
// frequencies among those with mean score s: p_i = p̂_i/(1 + θ(a_i − s))
// with θ solving Σ p̂_i(a_i − s)/(1 + θ(a_i − s)) = 0 (Van den Bergh,
// "Comments on Normalized Elo", proposition 1.1).
func mleMean(freq, scores []float64, s float64) []float64 {
	phi := make([]float64, len(scores))
	for i, a := range scores {
		phi[i] = a - s
	}
	theta := solveTheta(freq, phi)
	p := make([]float64, len(freq))
	for i := range freq {
		p[i] = freq[i] / (1 + theta*phi[i])
	}
	return p
}

// mleNormalized is the distribution of largest likelihood among those with
// (μ − ½)/σ = t, found by the fixed-point iteration of Van den Bergh,
// "Comments on Normalized Elo", section 4.1: with μ and σ of the current
// estimate, φ_i = a_i − ½ − (t·σ/2)·(1 + ((a_i − μ)/σ)²), and the new
// estimate is p̂_i/(1 + θφ_i) with Σ p̂_i φ_i/(1 + θφ_i) = 0. It starts
// from the uniform distribution and runs until it no longer moves.
func mleNormalized(freq, scores []float64, t float64) []float64 {
	n := len(scores)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	for iter := 0; iter < 200; iter++ {
		mu, v := 0.0, 0.0
		for i, a := range scores {
			mu += p[i] * a
		}
		for i, a := range scores {
			v += p[i] * (a - mu) * (a - mu)
		}
		sigma := math.Sqrt(v)
		for i, a := range scores {
			z := (a - mu) / sigma
			phi[i] = a - 0.5 - 0.5*t*sigma*(1+z*z)
		}
		theta := solveTheta(freq, phi)
		moved := 0.0
		for i := range p {
			np := freq[i] / (1 + theta*phi[i])
			moved = math.Max(moved, math.Abs(np-p[i]))
			p[i] = np
		}
		if moved < 1e-12 {
			break
		}
	}
	return p
}

// solveTheta finds θ with Σ f_i φ_i/(1 + θφ_i) = 0 on the interval where
// every 1 + θφ_i > 0; the sum falls strictly there, from +∞ to −∞, so
// bisection finds the one root.
func solveTheta(freq, phi []float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, v := range phi {
		switch {
		case v > 0:
			lo = math.Max(lo, -1/v)
		case v < 0:
			hi = math.Min(hi, -1/v)
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 0 // every φ has one sign: no interior root; the data sits at the edge
	}
	f := func(x float64) float64 {
		s := 0.0
		for i, v := range phi {
			s += freq[i] * v / (1 + x*v)
		}
		return s
	}
	for i := 0; i < 200; i++ {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}
