package analysis_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/engine/paperio/replay"
)

// TestReplayFilesReadAsADataset: a replay file, or a folder of them, is
// read as a dataset of its games — ids from 0 over the files in order,
// the recorded players, winner, end and length, the final territories of
// the recording's own last frame — with a turns table for the single-game
// charts.
func TestReplayFilesReadAsADataset(t *testing.T) {
	dir := t.TempDir()
	var want []*replay.Game
	for _, name := range []string{"edge.jsonl.gz", "public.jsonl.gz"} { // sorted, as the folder is read
		src := filepath.Join("..", "testdata", "paperio", "conformance", name)
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		gs, err := replay.ReadAll(src)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, gs...)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a replay file"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want []*replay.Game
	}{
		{dir, want},
		{filepath.Join(dir, "public.jsonl.gz"), want[len(want)-32:]},
	} {
		ds, err := analysis.Open(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if ds.Game.Name() != "paperio" {
			t.Fatalf("%s: game %s", c.path, ds.Game.Name())
		}
		games, err := ds.Games(analysis.GameColumns...)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != len(c.want) {
			t.Fatalf("%s: %d games, want %d", c.path, len(games), len(c.want))
		}
		for i, g := range games {
			r := c.want[i]
			last := r.Frames.Area[len(r.Frames.Area)-1]
			if g.ID != int64(i) || g.P1 != r.Players[0] || g.P2 != r.Players[1] || g.Length != len(r.Actions) ||
				g.Winner != r.Result.EngineWinner() || g.Reason != r.Result.Reason ||
				g.Score1 != float64(last[0]) || g.Score2 != float64(last[1]) {
				t.Fatalf("%s: game %d is %+v; the replay %s: players %v, %d actions, result %+v, last areas %v",
					c.path, i, g, r.ID, r.Players, len(r.Actions), r.Result, last)
			}
		}
		// The per-move table of the replays: one row per half-step, the last
		// one holding the final territories.
		g := games[len(games)-1]
		m, err := ds.Moves(&g.ID, "half_step", "area1", "area2")
		if err != nil {
			t.Fatal(err)
		}
		last := 0
		for i, h := range m.Cols["half_step"] {
			if h > m.Cols["half_step"][last] {
				last = i
			}
		}
		a1, a2 := m.Cols["area1"][last], m.Cols["area2"][last]
		if m.N != g.Length || m.Cols["half_step"][last] != float64(g.Length) || a1 != g.Score1 || a2 != g.Score2 {
			t.Fatalf("%s: game %d has %d half-steps ending at %v %v, the game %+v", c.path, g.ID, m.N, a1, a2, g)
		}
	}
}

// TestBadReplayFileIsOneClearLine: a file that is no replay file is a data
// error of one line naming it.
func TestBadReplayFileIsOneClearLine(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"id\": 1}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := analysis.Open(bad)
	if err == nil || !analysis.IsDataError(err) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "bad.jsonl") {
		t.Fatalf("got %v", err)
	}
}
