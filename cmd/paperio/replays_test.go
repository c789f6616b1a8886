package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio/replay"
)

// stats runs paperio stats --data path and returns its exit code, table
// and errors.
func stats(t *testing.T, path string) (int, string, string) {
	t.Helper()
	var buf bytes.Buffer
	statsOut = &buf
	defer func() { statsOut = os.Stdout }()
	code, _, errs := runCLI(t, "stats", "--data", path)
	return code, buf.String(), errs
}

// TestReplayFilesAsData: stats, plot and export read replay files — the
// reference games, play --record files, a folder of them — as they read
// self-play folders, and export's --players takes the short names plot
// shows (a py: AI's file stem).
func TestReplayFilesAsData(t *testing.T) {
	ref := "../../testdata/paperio/conformance/public.jsonl.gz"
	code, out, errs := stats(t, ref)
	if code != 0 || !strings.HasPrefix(out, "32 games ") || !regexp.MustCompile(`(?m)^\s+AI_dumb_goround\s+2\s+2\s+0\s+0\s`).MatchString(out) {
		t.Fatalf("stats of the reference games: exit %d\n%s%s", code, out, errs)
	}

	// Games recorded by play, and one of the reference games given to a
	// course AI, in a folder of replay files.
	dir := t.TempDir()
	rec := filepath.Join(dir, "played.jsonl")
	for _, seed := range []string{"1", "2"} {
		if code, out, errs := runCLI(t, "play", "--p1", "heuristic", "--p2", "random", "--seed", seed, "--turns", "60", "--record", rec); code != 0 {
			t.Fatalf("play: exit %d: %s%s", code, out, errs)
		}
	}
	gs, err := replay.ReadAll(ref)
	if err != nil {
		t.Fatal(err)
	}
	g := gs[0]
	g.Players = [2]string{"py:teams/a/t_team.py", "goround"}
	if err := replay.Append(filepath.Join(dir, "students.jsonl.gz"), g); err != nil {
		t.Fatal(err)
	}
	code, out, errs = stats(t, dir)
	if code != 0 || !strings.HasPrefix(out, "3 games ") || !strings.Contains(out, "heuristic") || !strings.Contains(out, "t_team") {
		t.Fatalf("stats of a folder of replay files: exit %d\n%s%s", code, out, errs)
	}
	png := filepath.Join(t.TempDir(), "bars.png")
	if code, out, errs := runCLI(t, "plot", "bars", "--data", dir, "--players", "t_team,heuristic", "--out", png); code != 0 {
		t.Fatalf("plot: exit %d: %s%s", code, out, errs)
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Fatalf("plot wrote no chart: %v", err)
	}
	// The course AI moved first: its rows are the odd half-steps.
	arrow := filepath.Join(t.TempDir(), "t_team.arrow")
	code, out, errs = runCLI(t, "export", "--data", dir, "--players", "t_team", "--out", arrow)
	m := exportLine.FindStringSubmatch(out)
	if code != 0 || m == nil || m[1] != strconv.Itoa((len(g.Actions)+1)/2) {
		t.Fatalf("export --players t_team: exit %d: %q%s, want %d rows", code, out, errs, (len(g.Actions)+1)/2)
	}
	code, _, errs = runCLI(t, "export", "--data", dir, "--players", "nobody", "--out", arrow)
	if code != 2 || !strings.Contains(errs, `no player "nobody" in the data`) || !strings.Contains(errs, "t_team") {
		t.Fatalf("export --players nobody: exit %d: %s", code, errs)
	}
}
