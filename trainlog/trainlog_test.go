package trainlog

import (
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestAppendJSON: rows handed over as JSON are appended to the table, and
// read back as written; unknown keys and tables are refused.
func TestAppendJSON(t *testing.T) {
	dir := t.TempDir()
	for _, rows := range []string{
		`[{"iteration": 1, "steps": 4096, "seconds": 1.5, "entropy": 1.09, "win_rate": -1}]`,
		`[{"iteration": 2, "steps": 8192, "seconds": 3, "win_rate": 0.25}, {"iteration": 3, "steps": 12288}]`,
	} {
		if err := AppendJSON(dir, IterationsFile, []byte(rows)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Read[Iteration](filepath.Join(dir, IterationsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Iteration != 1 || got[1].Steps != 8192 || got[1].WinRate != 0.25 ||
		math.Abs(float64(got[0].Entropy)-1.09) > 1e-6 || got[2].Iteration != 3 {
		t.Errorf("read back %+v", got)
	}
	if err := AppendJSON(dir, IterationsFile, []byte(`[{"iteration": 1, "bogus": 2}]`)); err == nil || !strings.Contains(err.Error(), "bogus") {
		t.Errorf("unknown key: %v", err)
	}
	if err := AppendJSON(dir, "x.parquet", []byte(`[]`)); err == nil || !strings.Contains(err.Error(), "want") {
		t.Errorf("unknown table: %v", err)
	}
	if rows, err := Read[Matchup](filepath.Join(dir, MatchupsFile)); err != nil || len(rows) != 0 {
		t.Errorf("missing table: %v rows, %v", len(rows), err)
	}
}

// TestLadder: a checkpoint that beats random more often rates higher, random
// is the anchor at 0, and a checkpoint met as a policy: opponent is the
// same player as the checkpoint that played.
func TestLadder(t *testing.T) {
	dir := t.TempDir()
	m := []Matchup{
		{Player: "it0001", Opponent: "random", Wins: 5, Losses: 5},
		{Player: "it0002", Opponent: "random", Wins: 9, Losses: 1},
		{Player: "it0002", Opponent: "policy:" + filepath.Join(dir, "it0001.npz"), Wins: 7, Losses: 3},
	}
	if err := Append(filepath.Join(dir, MatchupsFile), m); err != nil {
		t.Fatal(err)
	}
	rs, err := AppendLadder(dir, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	elo := map[string]Rating{}
	for _, r := range rs {
		elo[r.Player] = r
	}
	if len(rs) != 3 || elo["random"].Elo != 0 || elo["random"].Checkpoint || !elo["it0001"].Checkpoint {
		t.Fatalf("ladder %+v", rs)
	}
	if !(elo["it0002"].Elo > elo["it0001"].Elo) || elo["it0001"].Games != 20 {
		t.Errorf("ladder %+v: want it0002 above it0001, which played 20 games", rs)
	}
	back, err := Read[Rating](filepath.Join(dir, RatingsFile))
	if err != nil || len(back) != 3 || back[0].Iteration != 2 || back[0].Seconds != 10 {
		t.Errorf("ratings table %+v, %v", back, err)
	}
}

// TestReadJSON: a table comes back as the JSON the trainer reads, keyed by
// its columns; a missing table is an empty array.
func TestReadJSON(t *testing.T) {
	dir := t.TempDir()
	if err := AppendJSON(dir, MatchupsFile, []byte(`[{"iteration": 4, "opponent": "goround", "wins": 3, "win_rate": 0.75}]`)); err != nil {
		t.Fatal(err)
	}
	b, err := ReadJSON(dir, MatchupsFile)
	if err != nil || !strings.Contains(string(b), `"opponent":"goround"`) || !strings.Contains(string(b), `"wins":3`) {
		t.Errorf("ReadJSON: %s, %v", b, err)
	}
	if b, err := ReadJSON(dir, RatingsFile); err != nil || string(b) != "[]" {
		t.Errorf("missing table: %s, %v", b, err)
	}
	if _, err := ReadJSON(dir, "nope"); err == nil {
		t.Error("unknown table: no error")
	}
}

// A past best of the search in the loop met as an opponent is a
// checkpoint, named by its file's stem, as a past snapshot is.
func TestCheckpointOf(t *testing.T) {
	for spec, want := range map[string]string{"policy:out/it0040.npz": "it0040", "netsearch:out/bests/g0003.npz": "g0003"} {
		if name, ok := CheckpointOf(spec); !ok || name != want {
			t.Errorf("%s: %q %v, want %q", spec, name, ok, want)
		}
	}
	if name, ok := CheckpointOf("search"); ok || name != "search" {
		t.Errorf("search: %q %v", name, ok)
	}
}
