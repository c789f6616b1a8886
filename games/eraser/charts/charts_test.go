package charts

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/game"
	erasergame "github.com/paperio/paperio/games/eraser"
	"github.com/paperio/paperio/selfplay"
)

// dataset writes a small eraser self-play folder.
func dataset(t *testing.T) *analysis.Dataset {
	t.Helper()
	g := erasergame.Game{}
	cfg := eraser.DefaultConfig()
	cfg.Rows, cfg.MaxTurn = 120, 30
	dir := t.TempDir()
	plan := selfplay.Plan{Seed: 5, Games: 12, ChunkGames: 4, Game: "eraser", Settings: erasergame.Config{Config: cfg}.Encode(),
		Pairs: []selfplay.Pair{{P1: "random", P2: "greedy"}, {P1: "greedy", P2: "lookahead"}, {P1: "lookahead", P2: "random"}}}
	if _, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: dir, Workers: 2,
		Entrant: func(spec string) (*game.Entrant, error) { return g.Entrant(spec, game.PlayerOptions{}) }}); err != nil {
		t.Fatal(err)
	}
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Game.Name() != "eraser" {
		t.Fatalf("the folder holds %s games", ds.Game.Name())
	}
	return ds
}

// Every kind draws from an eraser folder, bars and dots with the score;
// the score chart's axis reaches the game's final scores; requests that do
// not fit a kind are data errors.
func TestCharts(t *testing.T) {
	ds := dataset(t)
	if got := strings.Join(plots.KindsOf("eraser"), " "); got != "bars dots score points depth" {
		t.Errorf("eraser's kinds: %s", got)
	}
	games, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	for _, kind := range []string{"bars", "dots", "score", "points", "depth"} {
		f, err := plots.Build(ds, kind, plots.Request{})
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		file := filepath.Join(out, kind+".png")
		if err := plots.Save(f, file); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if st, err := os.Stat(file); err != nil || st.Size() < 5000 {
			t.Errorf("%s: %v, %v", kind, st, err)
		}
		p := f.Panels()[0]
		switch kind {
		case "bars":
			if !strings.Contains(p.Y.Label.Text+f.Title, "score") {
				t.Errorf("bars: y axis %q, title %q", p.Y.Label.Text, f.Title)
			}
		case "score":
			g, _ := ds.FindGame(games, nil)
			if p.Y.Max <= max(g.Score1, g.Score2) || !strings.Contains(f.Title, "Game 0") { // room above the top
				t.Errorf("score: y up to %v for scores %v : %v; title %q", p.Y.Max, g.Score1, g.Score2, f.Title)
			}
		case "points", "depth":
			if !strings.Contains(f.Title, "of 12 games") {
				t.Errorf("%s: title %q", kind, f.Title)
			}
		}
	}
	id := int64(7)
	if f, err := plots.Build(ds, "score", plots.Request{Game: &id}); err != nil || !strings.Contains(f.Title, "Game 7") {
		t.Errorf("score of game 7: %v", err)
	}
	if f, err := plots.Build(ds, "depth", plots.Request{Players: []string{"greedy"}}); err != nil || f == nil {
		t.Errorf("depth of greedy alone: %v", err)
	}
	for kind, r := range map[string]plots.Request{
		"score":     {Players: []string{"greedy"}},
		"points":    {Game: &id},
		"depth":     {Players: []string{"nobody"}},
		"territory": {},
	} {
		if _, err := plots.Build(ds, kind, r); !analysis.IsDataError(err) {
			t.Errorf("%s %+v: %v, want a data error", kind, r, err)
		}
	}
}
