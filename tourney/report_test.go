package tourney

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/paperio/paperio/rating"
)

// notANumber is what a report must not print: inf, nan, or a zero with a
// minus sign.
var notANumber = regexp.MustCompile(`(?i)\binf\b|\bnan\b|-0\.0+\b`)

// When a side wins every game, or a ratio has nothing under it, the SPRT
// report says so in words instead of fastchess's inf and nan.
func TestSPRTReportSaysSweepsInWords(t *testing.T) {
	test := rating.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	for _, c := range []struct {
		pairs rating.Pairs
		want  []string
	}{
		{rating.Pairs{WW: 10}, []string{"Elo: not bounded: a won every game, nElo: not bounded", "PairsRatio: not bounded: no pair lost", "WL/DD Ratio: n/a: no pair scored 1 of 2"}},
		{rating.Pairs{LL: 3}, []string{"Elo: not bounded: b won every game", "PairsRatio: 0.00", "WL/DD Ratio: n/a"}},
		{rating.Pairs{WW: 16, WL: 4}, []string{"Elo: 381.70 +/- 253.33, nElo: 491.35 +/- 107.67", "WL/DD Ratio: not bounded: no pair of two draws"}},
		{rating.Pairs{WW: 9, LD: 1}, []string{"95 % interval [", ", no upper bound]", "PairsRatio: 9.00"}},
		{rating.Pairs{DD: 4}, []string{"Elo: 0.00 +/- 0.00, nElo: 0.00 +/- ", "WL/DD Ratio: 0.00"}},
		{rating.Pairs{LD: 4}, []string{"nElo: not bounded: every pair scored the same"}},
		{rating.Pairs{}, []string{"Elo: n/a: no games, nElo: n/a", "PairsRatio: n/a: no pair won or lost"}},
	} {
		p := c.pairs
		rep := &SPRTReport{A: "a", B: "b", Test: test, Pairs: p, W: 2*p.WW + p.WD + p.WL, D: p.WD + 2*p.DD + p.LD, L: 2*p.LL + p.LD + p.WL}
		var buf bytes.Buffer
		rep.WriteText(&buf)
		out := buf.String()
		if m := notANumber.FindString(out); m != "" {
			t.Errorf("%+v: report prints %q:\n%s", p, m, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%+v: report lacks %q:\n%s", p, w, out)
			}
		}
	}
}

func TestEloTextAndFixed(t *testing.T) {
	for _, c := range []struct {
		w, d, l int
		want    string
	}{
		{11, 0, 0, "not bounded: a won every game"},
		{0, 0, 11, "not bounded: b won every game"},
		{0, 0, 0, "n/a: no games"},
		{3, 4, 3, "0.0 +/- "},
		{1, 0, 11, "95 % interval [no lower bound, "},
	} {
		got := EloText(rating.EstimateGames(c.w, c.d, c.l), "a", "b", 1)
		if !strings.HasPrefix(got, c.want) && !strings.Contains(got, c.want) || notANumber.MatchString(got) {
			t.Errorf("EloText of %d/%d/%d = %q, want %q in it", c.w, c.d, c.l, got, c.want)
		}
	}
	for v, want := range map[float64]string{-0.04: "0.0", -0.0: "0.0", -0.05001: "-0.1", 12.34: "12.3"} {
		if got := Fixed(v, 1); got != want {
			t.Errorf("Fixed(%v, 1) = %q, want %q", v, got, want)
		}
	}
}
