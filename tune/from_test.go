package tune

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/games/paperio/analysistest"
)

// margin=3 wins most of its games, margin=1 (the default) few: the start
// takes margin=3; depth is seen with one value only and keeps its default.
func TestFromDataset(t *testing.T) {
	games, turns := analysistest.Make(120, 5)
	for i := range games {
		g := &games[i]
		g.P1, g.P2, g.Winner = "heuristic:margin=3", "heuristic", 1
		if i%4 == 0 {
			g.Winner = 2
		}
		if i%2 == 1 {
			g.P1, g.P2, g.Winner = g.P2, g.P1, 3-g.Winner
		}
	}
	dir := t.TempDir()
	analysistest.Write(t, dir, games, turns)
	r, _ := ParseRanges("margin=0:10,depth=1:100")
	sp, _ := NewSpace(paper, "heuristic", r)
	start, why, err := FromDataset(dir, sp)
	if err != nil {
		t.Fatal(err)
	}
	if sp.SpecOf(start) != "heuristic:margin=3" {
		t.Errorf("start %s, want heuristic:margin=3\n%s", sp.SpecOf(start), why)
	}
	if !strings.Contains(why, "margin: score by value 1: 0.250 over 120, 3: 0.750 over 120; start 3") {
		t.Errorf("description:\n%s", why)
	}
}
