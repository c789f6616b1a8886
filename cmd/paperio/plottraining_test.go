package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/trainlog"
)

// TestPlotTraining: `paperio plot training --data OUT` draws a training
// log into OUT/training.png (or --out), and a folder without a log is a
// one-line usage error.
func TestPlotTraining(t *testing.T) {
	run0 := t.TempDir()
	log := filepath.Join(run0, "log")
	var iters []trainlog.Iteration
	var ms []trainlog.Matchup
	for it := int32(1); it <= 6; it++ {
		sec := float64(it) * 30
		iters = append(iters, trainlog.Iteration{Iteration: it, Steps: int64(it) * 16384, Seconds: sec})
		for _, opp := range []string{"random", "goround", "policy:" + filepath.Join(run0, "it0002.npz")} {
			ms = append(ms, trainlog.Matchup{Iteration: it, Seconds: sec, Player: "it0002", Opponent: opp,
				Wins: it, Losses: 6 - it, Window: 6, WinRate: float32(it) / 6})
		}
	}
	if err := trainlog.Append(filepath.Join(log, trainlog.IterationsFile), iters); err != nil {
		t.Fatal(err)
	}
	if err := trainlog.Append(filepath.Join(log, trainlog.MatchupsFile), ms); err != nil {
		t.Fatal(err)
	}
	if _, err := trainlog.AppendLadder(log, 6, 180); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run([]string{"plot", "training", "--data", run0}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if st, err := os.Stat(filepath.Join(run0, "training.png")); err != nil || st.Size() < 1000 {
		t.Errorf("training.png: %v", err)
	}
	svg := filepath.Join(t.TempDir(), "t.svg")
	if code := run([]string{"plot", "training", "--data", run0, "--out", svg}, &stderr); code != 0 {
		t.Fatalf("--out: exit %d: %s", code, stderr.String())
	}
	// Two runs side by side: a panel per league member with a curve per
	// run, and both runs' checkpoints on the Elo panel; runs of the same
	// folder name are named by their paths.
	seed := filepath.Join(t.TempDir(), "s2", "run")
	if err := os.CopyFS(seed, os.DirFS(run0)); err != nil {
		t.Fatal(err)
	}
	both := filepath.Join(t.TempDir(), "both.png")
	if code := run([]string{"plot", "training", "--data", run0 + "," + seed, "--out", both}, &stderr); code != 0 {
		t.Fatalf("two runs: exit %d: %s", code, stderr.String())
	}
	if st, err := os.Stat(both); err != nil || st.Size() < 1000 {
		t.Errorf("both.png: %v", err)
	}
	stderr.Reset()
	if code := run([]string{"plot", "training", "--data", run0 + "," + seed}, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "--out FILE is required") {
		t.Errorf("two runs without --out: exit %d: %q", code, stderr.String())
	}
	for _, bad := range [][]string{{"--min-games", "0"}, {"--data", filepath.Join(run0, "none")}} {
		stderr.Reset()
		if code := run(append([]string{"plot", "training", "--data", run0}, bad...), &stderr); code != 2 ||
			strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
			t.Errorf("%v: exit %d: %q", bad, code, stderr.String())
		}
	}
	stderr.Reset()
	if code := run([]string{"plot", "training", "--data", t.TempDir()}, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "no training log") || strings.Count(strings.TrimSpace(stderr.String()), "\n") != 0 {
		t.Errorf("empty folder: exit %d: %q", code, stderr.String())
	}
}
