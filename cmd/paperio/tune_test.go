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
	for _, f := range []string{"iterations.parquet", "best.txt", "verify.txt", "convergence.png", "probe.json", "pool.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// best.txt is the spec alone: what "$(cat best.txt)" gives is a player.
	best, _ := os.ReadFile(filepath.Join(dir, "best.txt"))
	spec := strings.TrimRight(string(best), "\n")
	if !strings.HasPrefix(spec, "heuristic:") || strings.Contains(spec, "\n") || string(best) != spec+"\n" {
		t.Errorf("best.txt %q: want one line, the tuned spec", best)
	}
	if code, out, errOut := runCLI(t, "play", "--p1", spec, "--p2", "random", "--turns", "20"); code != 0 {
		t.Errorf("play --p1 \"$(cat best.txt)\": exit %d %s%s", code, out, errOut)
	}
	verify, _ := os.ReadFile(filepath.Join(dir, "verify.txt"))
	lines := strings.Split(strings.TrimSpace(string(verify)), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "pool verification ") || !strings.HasPrefix(lines[1], "default verification ") {
		t.Errorf("verify.txt:\n%s", verify)
	}
	// Run again with --resume: everything is taken from the folder.
	code, again, _ := runCLI(t, append(args, "--resume")...)
	if code != 0 || !strings.Contains(again, "(10 iterations resumed)") || !strings.Contains(again, "taken from the output folder") || strings.Contains(again, "first batch") {
		t.Errorf("rerun: exit %d\n%s", code, again)
	}
	best2, _ := os.ReadFile(filepath.Join(dir, "best.txt"))
	verify2, _ := os.ReadFile(filepath.Join(dir, "verify.txt"))
	if string(best2) != string(best) || string(verify2) != string(verify) {
		t.Errorf("best.txt or verify.txt changed on resuming:\n%s%s\nthen\n%s%s", best, verify, best2, verify2)
	}
}
