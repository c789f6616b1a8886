package charts

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/game"
	stellargame "github.com/paperio/paperio/games/stellar"
	"github.com/paperio/paperio/selfplay"
)

// dataset writes a few self-play games of stellar and opens them.
func dataset(t *testing.T) *analysis.Dataset {
	t.Helper()
	var g stellargame.Game
	specs, err := selfplay.ParseBots(g, "greedy,sample")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	plan := selfplay.Plan{Game: "stellar", Seed: 1, Games: 4, ChunkGames: 4, Settings: g.DefaultConfig().Encode(), Pairs: selfplay.AllPairs(specs)}
	if _, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: dir, Workers: 1,
		Entrant: func(spec string) (*game.Entrant, error) { return g.Entrant(spec, game.PlayerOptions{}) }}); err != nil {
		t.Fatal(err)
	}
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// col is the turns column each kind draws.
var col = map[string]string{"force": "force", "nodes": "nodes", "front": "front_to_enemy_base"}

// TestKinds draws every kind of one game and checks that its axes span the
// game's turns and the turns table's values. Requests for several players
// are refused.
func TestKinds(t *testing.T) {
	ds := dataset(t)
	games, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		t.Fatal(err)
	}
	id := int64(1)
	gm, _ := ds.FindGame(games, &id)
	for _, kind := range Kinds {
		f, err := plots.Build(ds, kind, plots.Request{Game: &id})
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		// The axes span the game's turns and its values (the y axis of
		// force and nodes from 0).
		mv, err := ds.Moves(&id, col[kind])
		if err != nil {
			t.Fatal(err)
		}
		top := math.Inf(-1)
		for _, v := range mv.Cols[col[kind]] {
			top = math.Max(top, v)
		}
		p := f.Panels()[0]
		// (and a twentieth above, so that no line runs along the frame)
		if int(p.X.Max) != gm.Length || math.Abs(p.Y.Max-(top+(top-p.Y.Min)/20)) > 1e-9 || (kind != "front" && p.Y.Min != 0) {
			t.Errorf("%s: x to %v, y %v..%v; the game has %d turns, values up to %v", kind, p.X.Max, p.Y.Min, p.Y.Max, gm.Length, top)
		}
		if err := plots.Save(f, filepath.Join(t.TempDir(), kind+".png")); err != nil {
			t.Errorf("%s: %v", kind, err)
		}
		if _, err := plots.Build(ds, kind, plots.Request{Players: []string{"greedy"}}); err == nil {
			t.Errorf("%s accepted players", kind)
		}
	}
	if kinds := plots.KindsOf("stellar"); len(kinds) != 2+len(Kinds) {
		t.Errorf("stellar's chart kinds: %v", kinds)
	}
}
