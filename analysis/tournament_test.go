package analysis_test

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/games/paperio/analysistest"
)

func TestTournamentGroupsAndQualified(t *testing.T) {
	f := analysistest.MakeField(analysistest.FieldPlayers(10), 4, 1, 5)
	dir := t.TempDir()
	analysistest.WriteField(t, dir, f)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	tm, err := ds.Tournament()
	if err != nil {
		t.Fatal(err)
	}
	if got := tm.GroupNames(); !slices.Equal(got, []string{"E", "W", "S", "N"}) {
		t.Errorf("groups %q", got)
	}
	for i, g := range tm.Groups {
		if !slices.Equal(g.Players, f.Groups[i]) {
			t.Errorf("group %s: %q, want %q", g.Name, g.Players, f.Groups[i])
		}
	}
	want := slices.Clone(f.Qualified)
	sort.Strings(want)
	if !slices.Equal(tm.Qualified, want) {
		t.Errorf("qualified %q, want %q", tm.Qualified, want)
	}

	// A self-play folder has no results database.
	games, turns := analysistest.Make(3, 1)
	plain := t.TempDir()
	analysistest.Write(t, plain, games, turns)
	ds, err = analysis.Open(plain)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ds.Tournament(); err == nil || !analysis.IsDataError(err) || !strings.Contains(err.Error(), "not a tournament folder") {
		t.Errorf("self-play folder: %v", err)
	}
}
