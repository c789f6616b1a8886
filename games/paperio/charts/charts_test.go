package charts

import (
	"slices"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/game"
	_ "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/analysistest"
	"github.com/paperio/paperio/games/paperio/tables"
)

// The kinds are paper.io's alone, each draws one game of a paper.io folder,
// and each is refused for the charts of many games' requests.
func TestKinds(t *testing.T) {
	if got := strings.Join(plots.KindsOf("paperio"), " "); got != "bars dots territory ratio dist-bands dist-heads" {
		t.Errorf("paper.io's kinds: %s", got)
	}
	if slices.Contains(plots.KindsOf("eraser"), "territory") {
		t.Error("eraser folders draw paper.io's territory chart")
	}
	dir := t.TempDir()
	games, turns := analysistest.Make(12, 3)
	analysistest.Write(t, dir, games, turns)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	id := games[5].GameID
	for _, kind := range Kinds {
		f, err := plots.Build(ds, kind, plots.Request{Game: &id})
		if err != nil || f == nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if _, err := plots.Build(ds, kind, plots.Request{Top: 3}); !analysis.IsDataError(err) || !strings.Contains(err.Error(), kind+" shows one game") {
			t.Errorf("%s with top: %v", kind, err)
		}
	}
}

// The timeline's column names are the turns table's (tables.Turn's tags).
func TestTimelineColumns(t *testing.T) {
	for col, field := range map[string]string{
		ColHalfStep: "HalfStep", ColTurnArea1: "Area1", ColTurnArea2: "Area2",
		ColRatio: "Ratio", ColDistHeads: "DistHeads",
		ColBand1ToHead2: "Band1ToHead2", ColBand2ToHead1: "Band2ToHead1",
	} {
		if want := game.Column[tables.Turn](field); col != want {
			t.Errorf("%s: analysis reads %q, the turns table writes %q", field, col, want)
		}
	}
}
