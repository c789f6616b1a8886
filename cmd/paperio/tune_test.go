package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTuneUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--method", "newton"},
		{"--bot", "nosuchbot"},
		{"--params", "margin=0:99"},
		{"--params", "nope=1:2"},
		{"--params", "margin"},
		{"--against", "nosuchbot"},
		{"--against", "random@0"},
		{"--budget", "10", "--batch", "16"},
		{"--batch", "0"},
		{"--size", "bad"},
		{"extra"},
	} {
		code, _, errOut := runCLI(t, append([]string{"tune", "--out", dir}, args...)...)
		if code != 2 || !strings.HasPrefix(errOut, "paperio tune: ") {
			t.Errorf("tune %v: exit %d, stderr %q; want a usage error (exit 2)", args, code, errOut)
		}
	}
}

func TestTuneSmallRun(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tune", "--params", "margin=0:4", "--against", "heuristic,random", "--batch", "2", "--budget", "16",
		"--turns", "60", "--verify", "8", "--workers", "2", "--out", dir}
	code, out, errOut := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	for _, want := range []string{"tuned in 2 iterations, 16 games", "best: heuristic", "Results of ", "tuned vs default: Elo "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{"iterations.parquet", "best.txt", "convergence.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// Run again: everything is resumed, nothing played.
	code, out, _ = runCLI(t, args...)
	if code != 0 || !strings.Contains(out, "(2 iterations resumed)") {
		t.Errorf("rerun: exit %d\n%s", code, out)
	}
}
