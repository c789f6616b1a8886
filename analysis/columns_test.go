package analysis_test

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
)

// ReadColumns reads one file's rows whole, by kind; a null or a missing
// column is an error naming the file and the column.
func TestReadColumns(t *testing.T) {
	dir, games, turns := fixture(t, 40)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]int{}
	for i, g := range games {
		byID[g.GameID] = i
	}
	n := 0
	for _, f := range ds.GameFiles {
		c, err := ds.ReadColumns(f, []string{"game_id", "winner"}, []string{"area1"}, []string{"p1"})
		if err != nil {
			t.Fatal(err)
		}
		for j := range c.N {
			g := games[byID[c.Ints["game_id"][j]]]
			if c.Ints["winner"][j] != int64(g.Winner) || c.Floats["area1"][j] != float64(g.Area1) || c.Strings["p1"][j] != g.P1 {
				t.Fatalf("%s row %d: %d %g %q, want %+v", f, j, c.Ints["winner"][j], c.Floats["area1"][j], c.Strings["p1"][j], g)
			}
		}
		n += c.N
	}
	if n != len(games) {
		t.Fatalf("%d rows, want %d", n, len(games))
	}
	nulls := false
	for _, tr := range turns {
		nulls = nulls || tr.Band1ToHead2 == nil
	}
	if !nulls {
		t.Fatal("the fixture's turns have no null")
	}
	for _, f := range ds.TurnFiles {
		_, err := ds.ReadColumns(f, nil, []string{"band1_to_head2"}, nil)
		if err == nil {
			continue
		}
		if !strings.Contains(err.Error(), f) || !strings.Contains(err.Error(), `column "band1_to_head2": a null value`) {
			t.Errorf("a null: %v", err)
		}
		nulls = false
	}
	if nulls {
		t.Error("no turns file's null was refused")
	}
	if _, err := ds.ReadColumns(ds.GameFiles[0], []string{"nope"}, nil, nil); err == nil || !strings.Contains(err.Error(), `no column "nope"`) {
		t.Errorf("a missing column: %v", err)
	}
}
