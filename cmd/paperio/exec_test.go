package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

var exampleBots struct {
	once  sync.Once
	dir   string            // the built players, removed by TestMain
	specs map[string]string // language -> exec: spec
	err   error
}

// examples builds the example players of examples/bots (C with gcc, Go
// with go build; JavaScript and Python run as they are) and returns their
// exec: specs by language.
func examples(t *testing.T) map[string]string {
	t.Helper()
	exampleBots.once.Do(func() {
		dir, err := os.MkdirTemp("", "paperio-examples-")
		if err != nil {
			exampleBots.err = err
			return
		}
		exampleBots.dir = dir
		root, _ := filepath.Abs("../../examples/bots")
		for _, c := range [][]string{
			{"gcc", "-O2", "-Wall", "-Werror", "-o", filepath.Join(dir, "goround-c"), filepath.Join(root, "c", "goround.c")},
			{"go", "build", "-o", filepath.Join(dir, "goround-go"), "./examples/bots/go"},
		} {
			cmd := exec.Command(c[0], c[1:]...)
			cmd.Dir = filepath.Join(root, "..", "..")
			if out, err := cmd.CombinedOutput(); err != nil {
				exampleBots.err = &exec.Error{Name: strings.Join(c, " ") + ": " + string(out), Err: err}
				return
			}
		}
		exampleBots.specs = map[string]string{
			"c":      "exec:" + filepath.Join(dir, "goround-c"),
			"go":     "exec:" + filepath.Join(dir, "goround-go"),
			"js":     "exec:" + filepath.Join(root, "js", "goround.js"),
			"python": "exec:" + filepath.Join(root, "python", "goround.py"),
		}
	})
	if exampleBots.err != nil {
		t.Fatal(exampleBots.err)
	}
	return exampleBots.specs
}

// Every example plays every command that takes players, and plays the
// same moves as the others (they are one algorithm in four languages).
func TestExecExamplesPlayEveryCommand(t *testing.T) {
	small := []string{"--size", "40x31", "--turns", "150", "--time", "20"}
	var first string
	for lang, spec := range examples(t) {
		name := regexp.QuoteMeta(strings.TrimSuffix(filepath.Base(spec), filepath.Ext(spec)))
		code, out, errs := runCLI(t, append([]string{"play", "--p1", spec, "--p2", "goround", "--seed", "4"}, small...)...)
		if code != 0 || failed(out) {
			t.Fatalf("%s: play: exit %d\n%s%s", lang, code, out, errs)
		}
		// The result names the player and the think time varies; the game
		// (its half-steps, territories and bands) is the same in every language.
		game := strings.Split(out, "\n")[1]
		if first == "" {
			first = game
		} else if game != first {
			t.Errorf("%s plays another game than the others:\n%s\nwant\n%s", lang, game, first)
		}
		code, out, errs = runCLI(t, append([]string{"series", "--p1", spec, "--p2", "random", "--games", "2"}, small...)...)
		if code != 0 || !regexp.MustCompile(`series `+name+` v random: `).MatchString(out) {
			t.Fatalf("%s: series: exit %d\n%s%s", lang, code, out, errs)
		}
		code, out, errs = runCLI(t, append([]string{"sprt", "--p1", spec, "--p2", "random", "--elo0", "0", "--elo1", "200", "--max-games", "4", "--quiet"}, small...)...)
		if code != 0 || !regexp.MustCompile(`Results of `+name+` vs random:`).MatchString(out) {
			t.Fatalf("%s: sprt: exit %d\n%s%s", lang, code, out, errs)
		}
		code, out, errs = runCLI(t, append([]string{"tournament", "--format", "roundrobin", "--players", spec + ",random,goround",
			"--games-per-series", "2", "--workers", "2", "--out", filepath.Join(t.TempDir(), "rr")}, small...)...)
		if code != 0 || !strings.Contains(out, "Round robin: 3 players") || failed(out) {
			t.Fatalf("%s: tournament: exit %d\n%s%s", lang, code, out, errs)
		}
		code, out, errs = runCLI(t, append([]string{"selfplay", "--bots", spec + ",random", "--games", "2", "--quiet", "--out", filepath.Join(t.TempDir(), "sp")}, small...)...)
		if code != 0 {
			t.Fatalf("%s: selfplay: exit %d\n%s%s", lang, code, out, errs)
		}
	}
	// A tuning pool may hold a program.
	spec := examples(t)["c"]
	code, out, errs := runCLI(t, "tune", "--params", "maxband=20:300", "--against", spec+"@2,random", "--batch", "1", "--budget", "40",
		"--size", "40x31", "--turns", "100", "--verify", "0", "--verify-pool", "0", "--workers", "2", "--out", t.TempDir())
	if code != 0 || !strings.Contains(out, "tuned in 10 iterations, 40 games") {
		t.Fatalf("tune: exit %d\n%s%s", code, out, errs)
	}
}

// failed reports a game lost by an error or on time in a command's output:
// a result's reason, or a count of games by result (the think-time tables'
// ERR and OVT column headers are not failures).
func failed(out string) bool {
	return regexp.MustCompile(`\((ERR|OVT)\)|\b(ERR|OVT) [1-9]`).MatchString(out)
}

// A spec naming no program is a usage error, and so is a file that is not
// a program: every command checks its players before the first game.
func TestExecSpecErrors(t *testing.T) {
	if code, _, errs := runCLI(t, "play", "--p1", "exec:", "--p2", "random"); code != 2 || !strings.Contains(errs, "exec: needs the player's program") {
		t.Errorf("exec: without a program: exit %d, %q", code, errs)
	}
	plain := filepath.Join(t.TempDir(), "bot.txt")
	os.WriteFile(plain, []byte("not a program"), 0o644)
	for _, arg := range []string{"exec:/no/such/program", "exec:" + plain, "exec:" + t.TempDir()} {
		code, out, errs := runCLI(t, "play", "--p1", arg, "--p2", "random", "--turns", "10")
		if code != 2 || out != "" || !strings.Contains(errs, "cannot start "+arg+": ") {
			t.Errorf("%s: exit %d, %q %q", arg, code, out, errs)
		}
	}
}

// Hostile programs lose by the course's codes, with the reason, and the
// run goes on.
func TestExecHostilePlayersContained(t *testing.T) {
	for name, want := range map[string][2]string{
		"hang":     {"OVT", "no answer to turn within its remaining think time"},
		"silent":   {"OVT", "no answer to start within its remaining think time"},
		"garbage":  {"ERR", `protocol error: the answer to turn is not a JSON object: "left, please"`},
		"badmove":  {"ERR", `protocol error: move "U": want "L", "R" or "S"`},
		"exits":    {"ERR", `the process ended during turn \(exit status 3\): giving up after two turns`},
		"spam":     {"ERR", `protocol error: \d+ bytes written out of turn`},
		"huge":     {"ERR", `protocol error: the answer to turn is longer than 1048576 bytes`},
		"forkbomb": {"ERR", `the process ended during start .*BlockingIOError`},
		"network":  {"ERR", `the process ended during start .*PermissionError`},
		"memory":   {"ERR", `the process ended during start .*MemoryError`},
	} {
		code, out, errs := runCLI(t, "play", "--p1", "exec:../../execai/testdata/"+name+".py", "--p2", "random",
			"--size", "40x31", "--turns", "50", "--time", "2")
		if code != 0 || !strings.Contains(out, "player 2 (random) wins: player 1's AI ") || !strings.Contains(out, "("+want[0]+")\n") ||
			!regexp.MustCompile(`\nplayer 1 \(`+name+`\): `+want[1]).MatchString(out) {
			t.Errorf("%s: exit %d, want %s and %q:\n%s%s", name, code, want[0], want[1], out, errs)
		}
	}
	code, out, errs := runCLI(t, "tournament", "--format", "roundrobin", "--players",
		"exec:../../execai/testdata/hang.py,exec:../../execai/testdata/exits.py,random",
		"--size", "40x31", "--turns", "50", "--time", "1", "--games-per-series", "2", "--workers", "2", "--out", filepath.Join(t.TempDir(), "rr"))
	if code != 0 || !strings.Contains(out, "Round robin: 3 players") || !strings.Contains(out, "3 series") {
		t.Fatalf("tournament with hostile players: exit %d\n%s%s", code, out, errs)
	}
}

// Players written from docs/PROTOCOL.md alone play paper.io, eraser and
// stellar, in games and in a series; an illegal eraser swap is the engine's
// invalid move.
func TestExecPlayersFromTheDoc(t *testing.T) {
	code, out, errs := runCLI(t, "series", "--p1", "exec:../../games/paperio/testdata/paperio_fromdoc.py", "--p2", "goround", "--games", "2", "--turns", "300")
	if code != 0 || failed(out) || !strings.Contains(out, "series paperio_fromdoc v goround: ") {
		t.Fatalf("paper.io series: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "play", "--game", "eraser", "--p1", "exec:../../execai/testdata/eraser_first.py", "--p2", "random", "--seed", "3")
	if code != 0 || strings.Contains(out, "error") || !regexp.MustCompile(`(wins|draw)`).MatchString(out) {
		t.Fatalf("eraser: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "series", "--game", "eraser", "--p1", "exec:../../execai/testdata/eraser_first.py", "--p2", "greedy", "--games", "2")
	if code != 0 || !strings.Contains(out, "series eraser_first v greedy: ") {
		t.Fatalf("eraser series: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "play", "--game", "stellar", "--p1", "exec:../../execai/testdata/stellar_spread.py", "--p2", "idle", "--seed", "4")
	if code != 0 || strings.Contains(out, "error") || !regexp.MustCompile(`(wins|draw)`).MatchString(out) {
		t.Fatalf("stellar: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "play", "--game", "eraser", "--p1", "exec:../../execai/testdata/badmove.py", "--p2", "random")
	if code != 0 || !strings.Contains(out, "InvalidMove") && !strings.Contains(out, "protocol error") {
		t.Fatalf("eraser, a bad move: exit %d\n%s%s", code, out, errs)
	}
}
