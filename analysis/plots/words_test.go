package plots

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
)

// A chart's title rounds the final scores and says when a game was decided
// by a hair.
func TestResultWordsRounds(t *testing.T) {
	in := &game.Info{LengthWords: "turns", ScoreWords: "total force"}
	g := analysis.Game{Winner: 0, Length: 100, Score1: 8483.407012955635, Score2: 378.6780451287493}
	if got := resultWords(g, in); !strings.HasSuffix(got, "after 100 turns, final total force 8483.4 : 378.7") {
		t.Errorf("title %q", got)
	}
	g.Score1, g.Score2 = 500.00001, 500
	if got := resultWords(g, in); !strings.HasSuffix(got, "final total force 500 : 500 (decided by a hair: 1e-05 apart)") {
		t.Errorf("title %q", got)
	}
}

// A ±1 sd bar stops at the player's least and most value: a player who
// mostly ends with no territory has no bar into negative territory.
func TestBarsClampedToWhatGamesReached(t *testing.T) {
	es := []analysis.Entry{{Player: "a", Length: 10, Score: 0}, {Player: "a", Length: 10, Score: 0}, {Player: "a", Length: 10, Score: 0}, {Player: "a", Length: 4000, Score: 100}}
	r := ranges(es)["a"]
	if r != [4]float64{10, 4000, 0, 100} {
		t.Fatalf("ranges %v", r)
	}
	// mean 25, sd 50: the bar reaches 25 down (to 0) and 50 up
	if lo, hi := clampedSD(25, 50, r[2], r[3]); lo != 25 || hi != 50 {
		t.Errorf("score bar %v below, %v above", lo, hi)
	}
	// mean 1007.5, sd 1995: cut at 10 below, whole above
	if lo, hi := clampedSD(1007.5, 1995, r[0], r[1]); lo != 997.5 || hi != 1995 {
		t.Errorf("length bar %v below, %v above", lo, hi)
	}
}

// The bars chart's subtitle says how its bars are cut.
func TestBarsSubtitleSaysCut(t *testing.T) {
	es := []analysis.Entry{{Player: "a", Length: 10, Score: 0}, {Player: "a", Length: 30, Score: 9}, {Player: "b", Length: 20, Score: 4}, {Player: "b", Length: 10, Score: 5}}
	f, err := Bars([]Panel{{Entries: es}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.Caption, "±1 sd, cut at the player's least and most value") {
		t.Errorf("caption %q", f.Caption)
	}
}
