package tune

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The whole pipeline against guess's pool: the progress goes to Log, the
// results to Out, verify.txt holds Outcome.Verify, and a second run of
// the same folder replays it and finds the same.
func TestPipeline(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var log, out bytes.Buffer
	p := Pipeline{Options: guessOptions(t, dir), ProbePairs: 2, PoolGames: 40, PoolSPRT: 0.1, VerifyGames: 200, Elo1: 5, Log: &log, Out: &out}
	o, err := p.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if o.Probe == nil || o.Pool == nil || o.HeadToHead == nil || o.Result == nil {
		t.Fatalf("outcome %+v lacks a step", o)
	}
	for _, want := range []string{"plan: 100 iterations of 32 games", "probe from guess", "first batch (the probe): ", "iter  99  games  3200 "} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, log.String())
		}
	}
	for _, want := range []string{"tuned in 100 iterations, 3200 games", "best: " + o.Best, "not exercised by the pool's games", "unused",
		"Pool verification: ", "head to head: paperio sprt --p1 " + o.Best + " --p2 guess", "tuned vs default: Elo "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("results lack %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "iter ") || strings.Contains(log.String(), "best: ") {
		t.Errorf("progress and results mixed:\n%s\n--\n%s", log.String(), out.String())
	}
	if len(o.Verify) != 3 || !strings.HasPrefix(o.Verify[0], "pool verification passed: ") || !strings.HasPrefix(o.Verify[1], "default verification ") {
		t.Errorf("verify lines %q", o.Verify)
	}
	verify, _ := os.ReadFile(filepath.Join(dir, VerifyFile))
	if string(verify) != strings.Join(o.Verify, "\n")+"\n" {
		t.Errorf("verify.txt %q, want %q", verify, o.Verify)
	}
	for _, f := range []string{BestFile, PlotFile, IterationsFile, PoolFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// Resumed: no progress asked for, the same outcome.
	p.Log, p.Out, p.Resume = nil, nil, true
	again, err := p.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if again.Resumed != 100 || again.Best != o.Best || !reflect.DeepEqual(again.Verify[:1], o.Verify[:1]) {
		t.Errorf("resumed: %d iterations, best %s, verify %q; want 100, %s, %q", again.Resumed, again.Best, again.Verify, o.Best, o.Verify)
	}
}

// Resume refuses a folder without a run, and writes nothing there.
func TestPipelineResumeNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "none")
	p := Pipeline{Options: guessOptions(t, dir), Resume: true}
	if _, err := p.Run(context.Background()); !errors.Is(err, ErrNoRun) {
		t.Fatalf("resuming nothing: %v, want ErrNoRun", err)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("the refused run wrote its folder")
	}
}
