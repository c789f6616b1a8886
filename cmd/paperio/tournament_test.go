package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A round robin of the built-in bots from one command (on a small board to
// stay quick), written to an output folder and resumed from it.
func TestTournamentRoundRobinOfBuiltins(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rr")
	args := []string{"tournament", "--format", "roundrobin", "--players", "random,goround,wanderer,heuristic",
		"--size", "40x31", "--turns", "150", "--games-per-series", "4", "--workers", "2", "--out", dir}
	code, out, errs := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	for _, want := range []string{"Round robin: 4 players", "6 series", "Ratings (Bradley–Terry", "round robin: random v goround"} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{"results.sqlite", "report.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "games", "*.parquet"))
	if len(files) != 6 {
		t.Fatalf("%d games files", len(files))
	}
	code, out, _ = runCLI(t, args...)
	if code != 0 || !strings.Contains(out, "(6 series taken from the output folder)") {
		t.Fatalf("resume: exit %d\n%s", code, out)
	}
	if code, _, errs := runCLI(t, "stats", "--data", dir); code != 0 {
		t.Fatalf("stats on the output folder: exit %d\n%s", code, errs)
	}
}

func TestSeriesAndSPRTCommands(t *testing.T) {
	code, out, errs := runCLI(t, "series", "--p1", "heuristic", "--p2", "random", "--size", "40x31", "--turns", "150", "--games", "6")
	if code != 0 || !strings.Contains(out, "game  1  heuristic v random") || !strings.Contains(out, "series heuristic v random: ") {
		t.Fatalf("series: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "sprt", "--p1", "heuristic", "--p2", "random", "--elo0", "0", "--elo1", "50",
		"--size", "40x31", "--turns", "150", "--max-games", "60", "--quiet")
	if code != 0 || !strings.Contains(out, "Results of heuristic vs random:") || !strings.Contains(out, "Ptnml(0-2): [") {
		t.Fatalf("sprt: exit %d\n%s%s", code, out, errs)
	}
	for _, bad := range [][]string{
		{"series", "--p1", "heuristic"},
		{"series", "--p1", "a", "--p2", "b", "--games", "5"},
		{"tournament", "--players", "random,goround", "--format", "swiss"},
		{"sprt", "--p1", "random", "--p2", "goround", "--elo0", "5", "--elo1", "0"},
	} {
		if code, _, _ := runCLI(t, bad...); code != 2 {
			t.Fatalf("%v: exit %d, want 2", bad, code)
		}
	}
}

// The summary names the folders the output holds: an eraser tournament's
// per-move table is moves/, paper.io's turns/.
func TestTournamentOutputNamesItsFolders(t *testing.T) {
	for _, tc := range []struct{ game, players, moves string }{
		{"eraser", "greedy,random", "moves"},
		{"paperio", "random,goround", "turns"},
	} {
		dir := filepath.Join(t.TempDir(), tc.game)
		code, out, errs := runCLI(t, "tournament", "--game", tc.game, "--format", "roundrobin", "--players", tc.players,
			"--games-per-series", "2", "--turns", "20", "--out", dir)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s %s", tc.game, code, out, errs)
		}
		if want := "(results.sqlite, games/, " + tc.moves + "/, replays/, report.txt)"; !strings.Contains(out, want) {
			t.Errorf("%s: output lacks %q:\n%s", tc.game, want, out)
		}
		if st, err := os.Stat(filepath.Join(dir, tc.moves)); err != nil || !st.IsDir() {
			t.Errorf("%s: no folder %s/: %v", tc.game, tc.moves, err)
		}
	}
}
