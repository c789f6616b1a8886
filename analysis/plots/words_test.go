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
