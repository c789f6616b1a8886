package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStellarCommands runs the commands of the pipeline with --game
// stellar: a game recorded and replayed frame for frame, a self-play run
// read by stats and drawn by the game's charts, a short tournament with
// ratings, the benchmarks and the conformance of the reference games.
func TestStellarCommands(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "g.jsonl.gz")
	code, out, errs := runCLI(t, "play", "--game", "stellar", "--p1", "greedy", "--p2", "sample", "--seed", "4", "--record", rec)
	if code != 0 || !strings.HasPrefix(out, "player 1 (greedy) wins") || !strings.Contains(out, "map hex_7_0.35_0.1@4") {
		t.Fatalf("play: exit %d, %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "conform", "--game", "stellar", rec, "../../testdata/stellar/conformance/public.jsonl.gz")
	if code != 0 || lastLine(out) != "61 games, "+frames(t, out)+" frames, 0 mismatched" {
		t.Fatalf("conform: exit %d, %q", code, out)
	}
	data := filepath.Join(dir, "sp")
	code, out, errs = runCLI(t, "selfplay", "--game", "stellar", "--bots", "greedy,rush", "--games", "8", "--map", "hex_4_0.2_0.2,g_design2", "--quiet", "--out", data)
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %q %q", code, out, errs)
	}
	var stats bytes.Buffer
	statsOut = &stats
	code, _, _ = runCLI(t, "stats", "--data", data)
	statsOut = os.Stdout
	if out := stats.String(); code != 0 || !strings.Contains(out, "total force") || !strings.Contains(out, "greedy") {
		t.Fatalf("stats: exit %d, %q", code, out)
	}
	for _, kind := range []string{"bars", "dots", "force", "nodes", "front"} {
		png := filepath.Join(dir, kind+".png")
		if code, out, errs := runCLI(t, "plot", kind, "--data", data, "--out", png); code != 0 {
			t.Fatalf("plot %s: exit %d, %q %q", kind, code, out, errs)
		}
		if st, err := os.Stat(png); err != nil || st.Size() < 1000 {
			t.Errorf("plot %s: %v", kind, err)
		}
	}
	code, out, errs = runCLI(t, "tournament", "--game", "stellar", "--players", "greedy,rush,idle", "--games-per-series", "4", "--quiet", "--out", filepath.Join(dir, "t"))
	if code != 0 || !strings.Contains(out, "Bradley–Terry") {
		t.Fatalf("tournament: exit %d, %q %q", code, out, errs)
	}
	code, out, _ = runCLI(t, "bench", "--game", "stellar", "--bots", "greedy,rush", "--games", "4")
	if code != 0 || !strings.Contains(out, "games/s") {
		t.Fatalf("bench: exit %d, %q", code, out)
	}
	code, out, _ = runCLI(t, "bots", "--game", "stellar")
	if code != 0 || !strings.Contains(out, "greedy") || !strings.Contains(out, "keep=40") {
		t.Fatalf("bots: exit %d, %q", code, out)
	}
}

// frames is the frame count of conform's summary line.
func frames(t *testing.T, out string) string {
	f := strings.Fields(lastLine(out))
	if len(f) < 3 {
		t.Fatalf("conform: %q", out)
	}
	return f[2]
}

// TestStellarBadInput: wrong settings and malformed replay lines are one
// line on stderr and exit 2.
func TestStellarBadInput(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{\"id\": 1}\n"), 0o644)
	for _, args := range [][]string{
		{"play", "--game", "stellar", "--map", "hex_3_0.1_0.1"},
		{"play", "--game", "stellar", "--call-time", "-2"},
		{"play", "--game", "stellar", "--p1", "greedy:keep=0"},
		{"play", "--game", "stellar", "--start", "g_design2@x"},
		{"conform", "--game", "stellar", bad},
		{"bench", "--game", "stellar", "--replay", bad},
	} {
		code, out, errs := runCLI(t, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || errs == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
