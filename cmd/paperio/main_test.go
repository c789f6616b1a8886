package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns exit code, stdout and
// stderr.
func runCLI(t testing.TB, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(args, &errb)
	return code, out.String(), errb.String()
}

func TestConformReferenceGames(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/paperio/conformance/*.jsonl.gz")
	code, out, _ := runCLI(t, append([]string{"conform"}, files...)...)
	if code != 0 || !strings.HasPrefix(lastLine(out), "206 games, ") || !strings.HasSuffix(lastLine(out), " 0 mismatched") {
		t.Fatalf("exit %d, output %q", code, out)
	}
}

// A corrupted frame is reported with the game and the first differing frame,
// and the command exits 1.
func TestConformReportsMismatch(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/paperio/conformance/edge.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var plain bytes.Buffer
	plain.ReadFrom(zr)
	first, _, _ := strings.Cut(plain.String(), "\n")
	// frame 3's area of player 1 becomes 999
	bad := strings.Replace(first, `"area":[[9,9],[9,9],[9,9],[9,9]`, `"area":[[9,9],[9,9],[9,9],[999,9]`, 1)
	if bad == first {
		t.Fatal("fixture did not change")
	}
	name := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(name, []byte(first+"\n"+bad+"\n"), 0o644)
	code, out, _ := runCLI(t, "conform", name)
	if code != 1 {
		t.Fatalf("exit %d, want 1; output %q", code, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "bad.jsonl:2 edge-20x21-0: frame 3: area [9 9], want [999 9]") {
		t.Fatalf("mismatch line: %q", out)
	}
	if lines[1] != "2 games, 34 frames, 1 mismatched" {
		t.Fatalf("summary line: %q", lines[1])
	}
}

func TestUsageErrorsExit2WithOneLine(t *testing.T) {
	malformed := filepath.Join(t.TempDir(), "m.jsonl")
	os.WriteFile(malformed, []byte("{\"id\":\"a\",\"size\":[6,7],\"max_turns\":5,\"init\":[{\"x\":1,\"y\":3},{\"x\":4,\"y\":3}],\"actions\":\"S\"}\nnot json\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"nosuch"}, "unknown command"},
		{[]string{"play", "--p1", "nosuch"}, "valid bots: cutter, goround, heuristic, random, search, wanderer"},
		{[]string{"play", "--p1", "heuristic:nope=1"}, "valid parameters: "},
		{[]string{"play", "--p1", "goround:w=1000"}, "w"},
		{[]string{"play", "--size", "7x9"}, "must be even"},
		{[]string{"play", "--size", "axb"}, "want WxH"},
		{[]string{"play", "--turns", "-1"}, "turns -1"},
		{[]string{"play", "--start", "500,1,0:3,3,0"}, "off the 102x101 board"},
		{[]string{"play", "--start", "1,1"}, "want x,y,d:x,y,d"},
		{[]string{"play", "--size", "2x2"}, "--size 2x2: too small for two starts"},
		{[]string{"play", "--size", "4x9"}, "at least 6x3"},
		{[]string{"play", "--start", "5,5,0:5,5,1"}, "starts (5,5) and (5,5) overlap"},
		{[]string{"play", "--start", "5,5,0:7,6,1"}, "overlap"},
		{[]string{"play", "--start", "5,5,0:-1,5,1"}, "start of player 2 at (-1,5) is off the 102x101 board"},
		{[]string{"conform"}, "no replay files"},
		{[]string{"conform", malformed}, "m.jsonl: line 2"},
		{[]string{"bench"}, "--replay"},
		{[]string{"bench", "--bots", "random"}, "two specs"},
	}
	for _, c := range cases {
		code, _, errOut := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line containing %q", c.args, code, errOut, c.want)
		}
	}
}

// A played game recorded with frames replays exactly.
func TestPlayRecordConform(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "games.jsonl.gz")
	for _, seed := range []string{"1", "2"} {
		code, out, errOut := runCLI(t, "play", "--p1", "heuristic", "--p2", "random", "--seed", seed, "--size", "30x31", "--turns", "300", "--record", rec, "--frames")
		if code != 0 || !strings.Contains(out, "wins") && !strings.Contains(out, "draw") {
			t.Fatalf("play: exit %d, %q %q", code, out, errOut)
		}
	}
	code, out, _ := runCLI(t, "conform", rec)
	if code != 0 || !strings.HasPrefix(out, "2 games, ") || !strings.HasSuffix(strings.TrimSpace(out), ", 0 mismatched") {
		t.Fatalf("conform of recorded games: exit %d, %q", code, out)
	}
}

func TestBotsListsEveryBotWithDefaults(t *testing.T) {
	code, out, _ := runCLI(t, "bots")
	if code != 0 {
		t.Fatal(code)
	}
	for _, name := range []string{"random", "goround", "wanderer", "heuristic", "search"} {
		if !strings.Contains(out, "\n"+name+"  ") && !strings.HasPrefix(out, name+"  ") {
			t.Errorf("bots output lacks a line starting with %q:\n%s", name, out)
		}
	}
	if !strings.Contains(out, "w=8 [1..100]") {
		t.Errorf("goround's parameter with default and range missing:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^search  .* params: nodes=6000 \[0\.\.1e\+09\] ms=0 \[0\.\.60000\]`).MatchString(out) {
		t.Errorf("search's budgets with defaults and ranges missing:\n%s", out)
	}
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndex(s, "\n")+1:]
}

// A Python AI whose load raises loses before any move; the recorded game
// keeps the traceback and still replays exactly.
func TestPlayPythonLoadErrorRecorded(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "py.jsonl")
	code, out, errOut := runCLI(t, "play", "--p1", "heuristic", "--p2", "py:../../games/paperio/testdata/raise_load.py", "--sandbox", "off", "--record", rec)
	if code != 0 || !strings.Contains(out, "player 1 (heuristic) wins: player 2's AI raised an error (ERR)") || !strings.Contains(out, "half-steps 0 of") {
		t.Fatalf("exit %d, %q %q", code, out, errOut)
	}
	raw, _ := os.ReadFile(rec)
	if !strings.Contains(string(raw), `"reason":-1`) || !strings.Contains(string(raw), "KeyError") {
		t.Fatalf("record lacks the error: %s", raw)
	}
	if code, out, _ := runCLI(t, "conform", rec); code != 0 || !strings.HasSuffix(strings.TrimSpace(out), "0 mismatched") {
		t.Fatalf("conform: %d %q", code, out)
	}
}

// Flags may follow file arguments; an unknown one is still a usage error.
func TestFlagsAfterArguments(t *testing.T) {
	file := "../../testdata/paperio/conformance/edge.jsonl.gz"
	if code, _, errOut := runCLI(t, "conform", file, "--nosuch"); code != 2 || !strings.Contains(errOut, "nosuch") {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	// The line scripts read: games, rounds, half-steps, time, speed.
	line := regexp.MustCompile(`^replayed \d+ games x \d+ rounds: \d+ half-steps in \d+\.\d{3} s, \d+ half-steps/s\n$`)
	if code, out, _ := runCLI(t, "bench", "--replay", file, "--min-time", "1ms"); code != 0 || !line.MatchString(out) {
		t.Fatalf("exit %d, %q", code, out)
	}
}

// A game of a course AI and an executable player leaves nothing in the
// temporary directory: the fork server kept idle after the game ends with
// the program, the player's process too, and their folders with them.
func TestCourseAILeavesNoTemporaryFiles(t *testing.T) {
	tmp := t.TempDir()
	cmd := exec.Command(os.Args[0], "play", "--p1", "py:../../games/paperio/testdata/course_ok.py", "--p2", "exec:../../examples/bots/python/goround.py",
		"--seed", "3", "--turns", "60")
	cmd.Env = append(os.Environ(), asCLI+"=1", "TMPDIR="+tmp)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left in the temporary directory: %s", e.Name())
	}
}
