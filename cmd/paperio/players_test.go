package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// aiFiles writes small course AIs of paper.io into a fresh folder: good
// ones and one of each kind that cannot start.
func aiFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"t_good.py":   "def play(stat, storage):\n    return 'l'\n",
		"t_good2.py":  "def play(stat, storage):\n    return 'r'\n",
		"syntax.py":   "def play(stat, storage)\n    return 'l'\n",
		"noplay.py":   "x = 1\n",
		"exits.py":    "import sys\nsys.exit(3)\n",
		"raises.py":   "raise ValueError('bad config')\n",
		"stellar.py":  "class player_class:\n    pass\n",
		"_helper.py":  "X = 1\n",
		"notes.txt":   "not an AI\n",
		"t_broken.py": "raise ValueError('bad config')\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A course AI that cannot start is refused before the first game, with
// exit 2 and a line naming the file and the reason, by every command that
// takes players.
func TestBrokenAIsAreRefused(t *testing.T) {
	dir := aiFiles(t)
	f := func(n string) string { return "py:" + filepath.Join(dir, n) }
	small := []string{"--size", "20x21", "--turns", "40"}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--p1", f("missing.py"), "--p2", "goround"}, `missing\.py: no such file or directory$`},
		{[]string{"play", "--p1", f("syntax.py"), "--p2", "goround"}, `syntax\.py:1: does not parse: SyntaxError: expected ':'$`},
		{[]string{"play", "--p1", "goround", "--p2", f("noplay.py")}, `noplay\.py: no play function: a paper\.io AI defines play\(stat, storage\)$`},
		{[]string{"play", "--p1", f("exits.py"), "--p2", "goround"}, `exits\.py: exits at import \(SystemExit\(3\)\)`},
		{[]string{"play", "--p1", f("raises.py"), "--p2", "goround"}, `raises\.py: the import raised an exception: ValueError: bad config$`},
		{[]string{"play", "--p1", f("stellar.py"), "--p2", "goround"}, `stellar\.py: not a paper\.io AI: it defines class player_class\(player_id\) with player_func\(self, map_info\), a stellar AI`},
		{[]string{"series", "--p1", f("t_good.py"), "--p2", f("missing.py")}, `missing\.py: no such file or directory$`},
		{[]string{"sprt", "--p1", f("syntax.py"), "--p2", "goround", "--elo0", "0", "--elo1", "10"}, `syntax\.py:1: does not parse`},
		{append([]string{"tournament", "--players", "py:" + dir + "/t_*.py,goround"}, small...), `t_broken\.py: the import raised an exception: ValueError: bad config$`},
		{[]string{"selfplay", "--bots", "goround," + f("noplay.py"), "--out", filepath.Join(t.TempDir(), "sp")}, `noplay\.py: no play function`},
		{[]string{"tune", "--bot", "heuristic", "--against", "goround," + f("raises.py"), "--out", filepath.Join(t.TempDir(), "tune")}, `raises\.py: the import raised`},
		{[]string{"view", "--opponents", f("exits.py"), t.TempDir()}, `exits\.py: exits at import`},
		{[]string{"human", "--p2", f("missing.py")}, `missing\.py: no such file or directory$`},
		{[]string{"play", "--game", "stellar", "--p1", f("t_good.py"), "--p2", "idle"}, `t_good\.py: not a stellar AI: it defines play\(stat, storage\), a paper\.io AI; a stellar AI defines class player_class`},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, c.args...)
		if code != 2 || !regexp.MustCompile(`(?m)^paperio `+c.args[0]+`: cannot start .*`+c.want).MatchString(errs) {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q\nwant exit 2 and %s", c.args, code, out, errs, c.want)
		}
	}
	// Several at once are listed one a line.
	code, _, errs := runCLI(t, "tournament", "--players", f("syntax.py")+","+f("noplay.py")+",goround")
	if code != 2 || !strings.Contains(errs, "2 players cannot be started:\n  "+filepath.Join(dir, "syntax.py")+":1: does not parse") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// selfplay with a player that cannot start writes nothing.
func TestSelfplayBrokenAILeavesNothing(t *testing.T) {
	dir := aiFiles(t)
	out := filepath.Join(t.TempDir(), "sp")
	code, _, errs := runCLI(t, "selfplay", "--bots", "goround,py:"+filepath.Join(dir, "raises.py"), "--games", "4", "--out", out)
	if code != 2 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		ents, _ := os.ReadDir(out)
		t.Fatalf("%s was left behind (%d entries)", out, len(ents))
	}
}

// A tournament keeps a broken entrant with --allow-broken: it loses every
// game by ERR. A folder of AIs is every .py file in it but helpers.
func TestTournamentAllowBroken(t *testing.T) {
	dir := aiFiles(t)
	var code int
	var out, errs string
	warned := osStderr(t, func() {
		code, out, errs = runCLI(t, "tournament", "--players", "py:"+dir+"/t_*.py,goround", "--allow-broken",
			"--size", "20x21", "--turns", "40", "--games-per-series", "2", "--quiet")
	})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(warned, "t_broken.py: the import raised an exception: ValueError: bad config; kept by --allow-broken, it loses every game by an error") {
		t.Errorf("no warning: %s", warned)
	}
	if !regexp.MustCompile(`(?m)^\s+4\s+t_broken\s+3\s+0\s+0\s+3 `).MatchString(out) {
		t.Errorf("t_broken does not lose every series:\n%s", out)
	}
	for _, args := range [][]string{
		{"tournament", "--players", "py:" + dir + "/q_*.py,goround"},
		{"tournament", "--players", "py:" + t.TempDir() + "/,goround"},
	} {
		if code, _, errs := runCLI(t, args...); code != 2 || !strings.Contains(errs, "no file matches") && !strings.Contains(errs, "holds no .py file") {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}

// $PAPERIO_PYTHON is the interpreter of course AIs unless --python names
// one.
func TestPaperioPythonDefault(t *testing.T) {
	dir := aiFiles(t)
	t.Setenv("PAPERIO_PYTHON", "/nonexistent/python3")
	code, _, errs := runCLI(t, "play", "--p1", "py:"+filepath.Join(dir, "t_good.py"), "--p2", "goround")
	if code != 2 || !strings.Contains(errs, "/nonexistent/python3") {
		t.Errorf("exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, "play", "--python", "python3", "--p1", "py:"+filepath.Join(dir, "t_good.py"), "--p2", "goround", "--size", "20x21", "--turns", "40")
	if code != 0 {
		t.Errorf("--python python3: exit %d: %s", code, errs)
	}
}

// osStderr is what f writes to os.Stderr.
func osStderr(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	defer func() { os.Stderr = old }()
	f()
	w.Close()
	return <-done
}

// play, series and the tournament report give each player's think time
// and failures; the standings give win % and score %; a time-out names
// the think time that ran out.
func TestThinkTimeAndFailuresReported(t *testing.T) {
	dir := aiFiles(t)
	slow := filepath.Join(dir, "slow.py")
	os.WriteFile(slow, []byte("import time\ndef play(stat, storage):\n    time.sleep(0.6)\n    return 'l'\n"), 0o644)
	small := []string{"--size", "20x21", "--turns", "40"}
	code, out, errs := runCLI(t, append([]string{"play", "--p1", "py:" + slow, "--p2", "py:" + filepath.Join(dir, "t_good.py"), "--time", "2"}, small...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, re := range []string{
		`(?m)^player 1 \(slow\): play ran out of its 2 s think time for the game \(stopped \d\.\d{3} s into the call\)$`,
		`(?m)^think time: slow 2\.\d{3} s, t_good 0\.\d{3} s; failures: slow OVT$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("play output lacks %s:\n%s", re, out)
		}
	}
	code, out, errs = runCLI(t, append([]string{"series", "--p1", "py:" + filepath.Join(dir, "t_good.py"), "--p2", "goround", "--games", "2", "--quiet"}, small...)...)
	if code != 0 || !regexp.MustCompile(`(?m)^\s+player\s+games\s+think s\s+s/game\s+ERR\s+OVT$\n\s+t_good\s+2\s+\d+\.\d{3}\s+\d+\.\d{3}\s+0\s+0$`).MatchString(out) {
		t.Errorf("series: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, append([]string{"tournament", "--players", "py:" + filepath.Join(dir, "t_good.py") + ",goround,random", "--games-per-series", "2", "--quiet"}, small...)...)
	if code != 0 {
		t.Fatalf("tournament: exit %d: %s", code, errs)
	}
	for _, re := range []string{
		`(?m)^\s+#\s+player\s+series\s+W\s+D\s+L\s+over\s+pts\s+games W–D–L\s+win %\s+score %\s+net\s+tie$`,
		`(?m)^\s+2\s+random\s+2\s+1\s+1\s+0\s+0\s+4\s+2–1–1\s+50\.0\s+62\.5\s+\+1\s+net$`,
		`(?m)^Think time and failures \(ERR: games lost by an error, OVT: on time\)\n\s+player\s+games\s+think s\s+s/game\s+ERR\s+OVT$`,
		`(?m)^\s+t_good\s+4\s+\d+\.\d{3}\s+\d+\.\d{3}\s+0\s+0$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("tournament report lacks %s:\n%s", re, out)
		}
	}
}
