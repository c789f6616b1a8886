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

// TestPlotTrainingStages: a run of the best recipe (the clone's log in
// OUT/clone/log, the play-outs' in OUT/log, neither with a fit of the
// ladder yet) is drawn on one time axis: the title counts both stages, the
// boundary is labelled, and a line says why there is no Elo panel; a run
// whose play-outs have not begun draws its clone stage.
func TestPlotTrainingStages(t *testing.T) {
	out := t.TempDir()
	write := func(dir string, n int32) {
		t.Helper()
		var iters []trainlog.Iteration
		var ms []trainlog.Matchup
		for it := int32(1); it <= n; it++ {
			sec := float64(it) * 20
			iters = append(iters, trainlog.Iteration{Iteration: it, Seconds: sec})
			ms = append(ms, trainlog.Matchup{Iteration: it, Seconds: sec, Player: "it0000", Opponent: "heuristic", Wins: it, Losses: 10 - it})
		}
		if err := trainlog.Append(filepath.Join(dir, "log", trainlog.IterationsFile), iters); err != nil {
			t.Fatal(err)
		}
		if err := trainlog.Append(filepath.Join(dir, "log", trainlog.MatchupsFile), ms); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(out, "clone"), 3) // 1 minute
	svg := filepath.Join(t.TempDir(), "t.svg")
	var stderr bytes.Buffer
	if code := run([]string{"plot", "training", "--data", out, "--out", svg}, &stderr); code != 0 {
		t.Fatalf("the clone alone: exit %d: %s", code, stderr.String())
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "3 iterations, 1.0 minutes of its clone stage") {
		t.Errorf("the clone alone: %v", err)
	}
	write(out, 6) // 2 minutes
	if code := run([]string{"plot", "training", "--data", out, "--out", svg}, &stderr); code != 0 {
		t.Fatalf("two stages: exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"training of " + filepath.Base(out) + ": 9 iterations, 3.0 minutes (clone 3 it., 1.0 min, then play-outs 6 it., 2.0 min)",
		">clone<", ">play-outs<",
		"no Elo ladder: the trainer fits it at each snapshot",
		"(clone: 3 iterations, play-outs: 6)",
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the chart does not say %q", want)
		}
	}
	if strings.Contains(string(b), "Elo ladder (") {
		t.Errorf("an Elo panel without a ladder")
	}
}
