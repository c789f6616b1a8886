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
		{"--verify-pool", "-1"},
		{"--pool-sprt", "1.5"},
		{"--size", "bad"},
		{"--resume", "--budget", "40", "--batch", "1"},
		{"extra"},
	} {
		code, _, errOut := runCLI(t, append([]string{"tune", "--out", dir}, args...)...)
		if code != 2 || !strings.HasPrefix(errOut, "paperio tune: ") {
			t.Errorf("tune %v: exit %d, stderr %q; want a usage error (exit 2)", args, code, errOut)
		}
	}
}

// The run: one iteration of 128 games against a course AI. It is
// refused, with the budgets that would do, before anything is played.
func TestTuneRefusesTinyBudget(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	code, out, errOut := runCLI(t, "tune", "--against", "goround@1", "--budget", "128", "--out", dir)
	if code != 2 || !strings.Contains(errOut, "too small to tune") || !strings.Contains(errOut, "a budget of 1280 gives 10 iterations") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("the refused run wrote its folder")
	}
}

func TestTuneSmallRun(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tune", "--params", "maxband=20:300,depth=5:80", "--against", "heuristic,random", "--batch", "1", "--budget", "40",
		"--turns", "200", "--verify", "8", "--verify-pool", "8", "--pool-sprt", "0.1", "--workers", "2", "--out", dir}
	code, out, errOut := runCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	for _, want := range []string{
		"plan: 10 iterations of 4 games", "schedule: SPSA: a_k = ", "largest step 0.200 → ",
		"probe from heuristic", "maxband    20 vs 300: ", "first batch (the probe): 32 games in ", "tuning games left will take ",
		"tuned in 10 iterations, 40 games", "best: heuristic:",
		"Pool verification: heuristic:", "member ", "pool (weighted)", "verdict: ",
		"Results of ", "tuned vs default: Elo "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "Pool verification") > strings.Index(out, "tuned vs default") {
		t.Errorf("the head-to-head line comes before the pool verification:\n%s", out)
	}
	for _, f := range []string{"iterations.parquet", "best.txt", "convergence.png", "probe.json", "pool.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	best, _ := os.ReadFile(filepath.Join(dir, "best.txt"))
	lines := strings.Split(strings.TrimSpace(string(best)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "heuristic:") || !strings.HasPrefix(lines[1], "pool verification ") || !strings.HasPrefix(lines[2], "default verification ") {
		t.Errorf("best.txt:\n%s", best)
	}
	// Run again with --resume: everything is taken from the folder.
	code, again, _ := runCLI(t, append(args, "--resume")...)
	if code != 0 || !strings.Contains(again, "(10 iterations resumed)") || !strings.Contains(again, "taken from the output folder") || strings.Contains(again, "first batch") {
		t.Errorf("rerun: exit %d\n%s", code, again)
	}
	best2, _ := os.ReadFile(filepath.Join(dir, "best.txt"))
	if string(best2) != string(best) {
		t.Errorf("best.txt changed on resuming:\n%s\nthen\n%s", best, best2)
	}
}
