package rating

import (
	"math"
	"testing"
)

func outcomes(i, j, w, d, l int) []Outcome {
	var g []Outcome
	for k := 0; k < w; k++ {
		g = append(g, Outcome{i, j, 1})
	}
	for k := 0; k < d; k++ {
		g = append(g, Outcome{i, j, 0.5})
	}
	for k := 0; k < l; k++ {
		g = append(g, Outcome{i, j, 0})
	}
	return g
}

// TestBradleyTerryTwoPlayers: A scores 30 of 40 against B. The fit gives
// θ_A − θ_B = ln 3, i.e. 400·log10(3) = 190.8485 Elo, so ±95.4243 about the
// mean. The information about the difference is n·p·(1−p) = 40·¾·¼ = 7.5,
// so var(θ_A − θ_B) = 1/7.5 and each centred rating (half the difference)
// has variance 1/30: CI = 1.959964·√(1/30)·400/ln10 = 62.1630 Elo.
func TestBradleyTerryTwoPlayers(t *testing.T) {
	r, err := FitBradleyTerry([]string{"A", "B"}, outcomes(0, 1, 30, 0, 10), 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "A", r[0].Elo, 95.42425, 1e-4)
	near(t, "B", r[1].Elo, -95.42425, 1e-4)
	near(t, "A ci", r[0].CI95, 62.16297, 1e-4)
	near(t, "B ci", r[1].CI95, 62.16297, 1e-4)
	if r[0].Games != 40 || r[0].Score != 30 {
		t.Fatalf("A games %d score %g", r[0].Games, r[0].Score)
	}
}

// TestBradleyTerrySymmetric: three players, every pair 10 games at 50 %.
// All ratings are 0. With θ_A fixed, the information of (θ_B, θ_C) is
// [[5, −2.5], [−2.5, 5]] (each pair: 10·½·½ = 2.5), whose inverse is
// [[4/15, 2/15], [2/15, 4/15]]; centring gives every player variance
// 0.8/9, so CI = 1.959964·√(0.8/9)·400/ln10 = 101.5117 Elo.
func TestBradleyTerrySymmetric(t *testing.T) {
	var g []Outcome
	g = append(g, outcomes(0, 1, 4, 2, 4)...)
	g = append(g, outcomes(1, 2, 5, 0, 5)...)
	g = append(g, outcomes(2, 0, 3, 4, 3)...)
	r, err := FitBradleyTerry([]string{"A", "B", "C"}, g, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range r {
		near(t, x.Player, x.Elo, 0, 1e-6)
		near(t, x.Player+" ci", x.CI95, 101.51171, 1e-4)
	}
}

// TestBradleyTerryScoreEquations: at the maximum likelihood every player's
// expected score equals its actual score (plus the prior's half point per
// virtual draw against the 0-rated anchor).
func TestBradleyTerryScoreEquations(t *testing.T) {
	var g []Outcome
	g = append(g, outcomes(0, 1, 6, 2, 2)...)
	g = append(g, outcomes(1, 2, 6, 0, 4)...)
	g = append(g, outcomes(2, 0, 4, 0, 6)...)
	g = append(g, outcomes(3, 0, 0, 0, 10)...) // D lost every game
	for _, prior := range []float64{1, 3} {
		r, err := FitBradleyTerry([]string{"A", "B", "C", "D"}, g, prior)
		if err != nil {
			t.Fatal(err)
		}
		// Recover θ up to the centring shift: the prior anchors the absolute
		// level, so solve for the shift c with the prior's equation summed.
		theta := make([]float64, len(r))
		for i := range r {
			theta[i] = r[i].Elo * math.Ln10 / 400
		}
		sig := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
		resid := func(c float64) float64 {
			s := 0.0
			for i := range theta {
				s += prior * (0.5 - sig(theta[i]+c))
			}
			return s
		}
		lo, hi := -20.0, 20.0
		for k := 0; k < 200; k++ {
			m := (lo + hi) / 2
			if resid(m) > 0 {
				lo = m
			} else {
				hi = m
			}
		}
		c := (lo + hi) / 2
		for i := range theta {
			exp := prior * sig(theta[i]+c)
			for _, x := range g {
				switch i {
				case x.I:
					exp += sig(theta[x.I] - theta[x.J])
				case x.J:
					exp += sig(theta[x.J] - theta[x.I])
				}
			}
			near(t, r[i].Player+" expected score", exp, r[i].Score+prior/2, 1e-6)
		}
	}
	if _, err := FitBradleyTerry([]string{"A", "B", "C", "D"}, g, 0); err == nil {
		t.Fatal("a player who lost every game has no finite fit without a prior")
	}
}

// TestAppendGames: wins, draws and losses become a game each, scored 1,
// 0.5 and 0 for the first player, after what was there.
func TestAppendGames(t *testing.T) {
	games := AppendGames([]Outcome{{I: 5, J: 6, Score: 0}}, 1, 2, 2, 1, 1)
	want := []Outcome{{5, 6, 0}, {1, 2, 1}, {1, 2, 1}, {1, 2, 0.5}, {1, 2, 0}}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d: %v", len(games), len(want), games)
	}
	for k := range want {
		if games[k] != want[k] {
			t.Errorf("game %d: %+v, want %+v", k, games[k], want[k])
		}
	}
}
