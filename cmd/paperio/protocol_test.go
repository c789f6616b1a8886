package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// logger copies testdata/logger.py into a folder of its own and returns
// its exec: spec and the folder, where it keeps its record (run it with
// --sandbox off).
func logger(t *testing.T) (spec, dir string) {
	t.Helper()
	dir = t.TempDir()
	src, err := os.ReadFile("testdata/logger.py")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "logger.py")
	if err := os.WriteFile(path, src, 0o755); err != nil {
		t.Fatal(err)
	}
	return "exec:" + path, dir
}

// loggerRecord is what the logger in dir kept: the processes started and
// the messages received (raw lines, and their types).
func loggerRecord(t *testing.T, dir string) (starts int, lines, types []string) {
	t.Helper()
	b, _ := os.ReadFile(filepath.Join(dir, "starts"))
	starts = strings.Count(string(b), "\n")
	b, _ = os.ReadFile(filepath.Join(dir, "messages"))
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if l == "" {
			continue
		}
		var m struct{ Type string }
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("a message that is not JSON: %q", l)
		}
		lines, types = append(lines, l), append(types, m.Type)
	}
	return starts, lines, types
}

// count is how many of types are typ.
func count(types []string, typ string) int {
	n := 0
	for _, x := range types {
		if x == typ {
			n++
		}
	}
	return n
}

// A program is started once per run (the start-up check's process plays
// the first game: one hello), plays the games of a series and a self-play
// worker (in every matchup, on either side) in that one process, and hears
// the end of the last game before its input is closed.
func TestExecPlayerStartsOnceAndHearsEveryEnd(t *testing.T) {
	small := []string{"--size", "40x31", "--turns", "30", "--sandbox", "off"}
	cases := []struct {
		name  string
		args  func(spec, dir string) []string
		games int
	}{
		{"play", func(spec, _ string) []string { return []string{"play", "--p1", spec, "--p2", "goround"} }, 1},
		{"series", func(spec, _ string) []string {
			return []string{"series", "--p1", spec, "--p2", "goround", "--games", "4", "--quiet"}
		}, 4},
		{"selfplay", func(spec, dir string) []string {
			// The program moves first in one matchup and second in the other.
			return []string{"selfplay", "--pairs", spec + ":goround," + "goround:" + spec, "--games", "4", "--workers", "1", "--quiet", "--out", filepath.Join(dir, "sp")}
		}, 4},
	}
	for _, k := range cases {
		t.Run(k.name, func(t *testing.T) {
			spec, dir := logger(t)
			code, out, errs := runCLI(t, append(k.args(spec, dir), append(small, "--stderr-dir", filepath.Join(dir, "stderr"))...)...)
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, out, errs)
			}
			starts, _, types := loggerRecord(t, dir)
			if starts != 1 || count(types, "hello") != 1 {
				t.Errorf("%d processes started, %d hellos; want 1 and 1", starts, count(types, "hello"))
			}
			if count(types, "start") != k.games || count(types, "end") != k.games {
				t.Errorf("%d starts and %d ends, want %d of each", count(types, "start"), count(types, "end"), k.games)
			}
			if len(types) == 0 || types[len(types)-1] != "end" {
				t.Errorf("the last message is not the end of the last game: %v", types[max(len(types)-3, 0):])
			}
			// --stderr-dir keeps the process's standard error in a file.
			logs, _ := filepath.Glob(filepath.Join(dir, "stderr", "logger-*.log"))
			if len(logs) != 1 {
				t.Fatalf("standard error files: %v, want one", logs)
			}
			if b, _ := os.ReadFile(logs[0]); !regexp.MustCompile(`^logger [0-9]+ started\n$`).Match(b) {
				t.Errorf("%s holds %q", logs[0], b)
			}
		})
	}
}

// docValue is a JSON value of docs/PROTOCOL.md's examples or of a message,
// with its objects' keys in order.
type docValue struct {
	obj          []docField // an object, when isObj
	arr          []docValue // an array, when isArr
	prim         any        // a string, json.Number, bool or nil
	isObj, isArr bool
}

type docField struct {
	key string
	val docValue
}

// readValue reads one value from d, keeping the keys' order.
func readValue(d *json.Decoder) (docValue, error) {
	tok, err := d.Token()
	if err != nil {
		return docValue{}, err
	}
	switch tok {
	case json.Delim('{'):
		v := docValue{isObj: true}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return v, err
			}
			val, err := readValue(d)
			if err != nil {
				return v, err
			}
			v.obj = append(v.obj, docField{k.(string), val})
		}
		_, err := d.Token()
		return v, err
	case json.Delim('['):
		v := docValue{isArr: true}
		for d.More() {
			val, err := readValue(d)
			if err != nil {
				return v, err
			}
			v.arr = append(v.arr, val)
		}
		_, err := d.Token()
		return v, err
	}
	return docValue{prim: tok}, nil
}

func parseValue(s string) (docValue, error) {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	return readValue(d)
}

func (v docValue) field(k string) (docValue, bool) {
	for _, f := range v.obj {
		if f.key == k {
			return f.val, true
		}
	}
	return docValue{}, false
}

func (v docValue) String() string {
	switch {
	case v.isObj:
		var parts []string
		for _, f := range v.obj {
			parts = append(parts, f.key+":"+f.val.String())
		}
		return "{" + strings.Join(parts, ",") + "}"
	case v.isArr:
		var parts []string
		for _, x := range v.arr {
			parts = append(parts, x.String())
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	s := fmt.Sprint(v.prim)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// ellipsis is "…", which the doc's examples write for what they leave out.
const ellipsis = "…"

// docJSON turns an example of the doc into JSON: "{…words…}" (a value
// left out) and a "…" element of an array become the string "…".
func docJSON(s string) string {
	s = regexp.MustCompile(`\{…[^{}]*…\}`).ReplaceAllString(s, `"…"`)
	return regexp.MustCompile(`([\[,])…([\],])`).ReplaceAllString(s, `$1"…"$2`)
}

// matchDoc compares an example of the doc with a message, key by key, at
// path: an object has the same keys in the same order; "…" stands for any
// value, a string ending in "…" for any string it starts, and an array's
// "…" element for any number of elements (those before it and after it
// are compared from each end); numbers under time_left are within half a
// second (think time left varies from run to run).
func matchDoc(path string, doc, got docValue) []string {
	if s, ok := doc.prim.(string); ok && s == ellipsis {
		return nil
	}
	switch {
	case doc.isObj:
		if !got.isObj {
			return []string{fmt.Sprintf("%s: want an object, the program sends %s", path, got)}
		}
		var dk, gk []string
		for _, f := range doc.obj {
			dk = append(dk, f.key)
		}
		for _, f := range got.obj {
			gk = append(gk, f.key)
		}
		if strings.Join(dk, ",") != strings.Join(gk, ",") {
			return []string{fmt.Sprintf("%s: keys %v, the program sends %v", path, dk, gk)}
		}
		var bad []string
		for i, f := range doc.obj {
			bad = append(bad, matchDoc(path+"."+f.key, f.val, got.obj[i].val)...)
		}
		return bad
	case doc.isArr:
		if !got.isArr {
			return []string{fmt.Sprintf("%s: want an array, the program sends %s", path, got)}
		}
		head, tail, open := doc.arr, []docValue(nil), false
		for i, x := range doc.arr {
			if s, ok := x.prim.(string); ok && s == ellipsis {
				head, tail, open = doc.arr[:i], doc.arr[i+1:], true
				break
			}
		}
		if !open && len(got.arr) != len(doc.arr) || open && len(got.arr) < len(head)+len(tail) {
			return []string{fmt.Sprintf("%s: %d elements in the doc, the program sends %d: %s", path, len(doc.arr), len(got.arr), got)}
		}
		var bad []string
		for i, x := range head {
			bad = append(bad, matchDoc(fmt.Sprintf("%s[%d]", path, i), x, got.arr[i])...)
		}
		for i, x := range tail {
			j := len(got.arr) - len(tail) + i
			bad = append(bad, matchDoc(fmt.Sprintf("%s[%d]", path, j), x, got.arr[j])...)
		}
		return bad
	}
	if s, ok := doc.prim.(string); ok && strings.HasSuffix(s, ellipsis) {
		if g, ok := got.prim.(string); !ok || !strings.HasPrefix(g, strings.TrimSuffix(s, ellipsis)) {
			return []string{fmt.Sprintf("%s: %q, the program sends %s", path, s, got)}
		}
		return nil
	}
	if dn, ok := doc.prim.(json.Number); ok {
		gn, ok := got.prim.(json.Number)
		if !ok {
			return []string{fmt.Sprintf("%s: %s, the program sends %s", path, dn, got)}
		}
		df, _ := dn.Float64()
		gf, _ := gn.Float64()
		if df == gf || strings.Contains(path, "time_left") && math.Abs(df-gf) <= 0.5 {
			return nil
		}
		return []string{fmt.Sprintf("%s: %s, the program sends %s", path, dn, gn)}
	}
	if doc.prim != got.prim {
		return []string{fmt.Sprintf("%s: %v, the program sends %s", path, doc.prim, got)}
	}
	return nil
}

// docExample is a JSON example of docs/PROTOCOL.md: an indented block that
// opens with "{", and the game of its section.
type docExample struct {
	game, text string
	line       int
}

// docExamples reads the examples of the doc, each with the game of the
// section it is in (the block's own "game" outside the games' sections).
func docExamples(t *testing.T) []docExample {
	t.Helper()
	b, err := os.ReadFile("../../docs/PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{"## paper.io": "paperio", "## eraser": "eraser", "## stellar": "stellar"}
	var out []docExample
	game := ""
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "## ") {
			game = sections[strings.TrimSpace(l)]
		}
		if !strings.HasPrefix(l, "    {") {
			continue
		}
		ex := docExample{game: game, text: strings.TrimSpace(l), line: i + 1}
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "     ") {
			i++
			ex.text += strings.TrimSpace(lines[i])
		}
		out = append(out, ex)
	}
	return out
}

// The JSON examples of docs/PROTOCOL.md are what the program sends, key by
// key and value by value: each game's examples are played again (player
// 2, the logger, against the doc's player 1 with the default settings) and
// compared with the messages the logger received. A turn example is the
// turn with the same turn counter (paper.io's turn_left, eraser's
// move_number, stellar's turn); the full state is the start's.
func TestProtocolDocExamplesAreWhatTheProgramSends(t *testing.T) {
	examples := docExamples(t)
	if len(examples) < 12 {
		t.Fatalf("%d examples in the doc: the test reads them wrong", len(examples))
	}
	p1 := map[string]string{"paperio": "goround", "eraser": "greedy", "stellar": "idle"}
	sent := map[string][]docValue{}
	for game, bot := range p1 {
		spec, dir := logger(t)
		code, out, errs := runCLI(t, "play", "--game", game, "--p1", bot, "--p2", spec, "--sandbox", "off")
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", game, code, out, errs)
		}
		_, lines, _ := loggerRecord(t, dir)
		for _, l := range lines {
			v, err := parseValue(l)
			if err != nil {
				t.Fatalf("%s: %v: %s", game, err, l)
			}
			sent[game] = append(sent[game], v)
		}
	}
	counter := map[string]func(docValue) string{
		"paperio": func(v docValue) string { s, _ := v.field("state"); c, _ := s.field("turn_left"); return c.String() },
		"eraser":  func(v docValue) string { c, _ := v.field("move_number"); return c.String() },
		"stellar": func(v docValue) string { c, _ := v.field("turn"); return c.String() },
	}
	seen := map[string]bool{}
	for _, ex := range examples {
		where := fmt.Sprintf("docs/PROTOCOL.md:%d", ex.line)
		doc, err := parseValue(docJSON(ex.text))
		if err != nil {
			t.Errorf("%s: the example does not read: %v\n%s", where, err, ex.text)
			continue
		}
		game := ex.game
		if g, ok := doc.field("game"); ok && game == "" {
			game, _ = g.prim.(string)
		}
		if sent[game] == nil {
			t.Errorf("%s: an example of no game", where)
			continue
		}
		typ, _ := doc.field("type")
		want, _ := typ.prim.(string)
		full := want == ""
		if full { // the full state: the start's
			want = "start"
		}
		var got *docValue
		for i, m := range sent[game] {
			mt, _ := m.field("type")
			if mt.prim != want || want == "turn" && counter[game](m) != counter[game](doc) {
				continue
			}
			got = &sent[game][i]
			break
		}
		if got == nil {
			t.Errorf("%s: the program sends no %s message like %s", where, want, ex.text)
			continue
		}
		if full {
			st, _ := got.field("state")
			got = &st
		}
		seen[game+" "+want] = true
		for _, b := range matchDoc(game+" "+want, doc, *got) {
			t.Errorf("%s: %s", where, b)
		}
	}
	for game := range p1 {
		for _, typ := range []string{"hello", "start", "turn", "end"} {
			if !seen[game+" "+typ] {
				t.Errorf("the doc has no example of %s's %s message", game, typ)
			}
		}
	}
}

// play --help lists the settings of the other games (stellar's --call-time
// among them) and --time's default in each game; with --game eraser, --time
// defaults to the course's 60 s, which is what its hello says (the doc test
// above checks eraser's hello).
func TestPlayHelpNamesEveryGamesSettings(t *testing.T) {
	out := captureStderr(t, func() {
		if code, _, _ := runCLI(t, "play", "--help"); code != 0 {
			t.Errorf("play --help: exit %d", code)
		}
	})
	for _, want := range []string{
		"With --game stellar: --call-time, --map, --turns;",
		"With --game eraser: --rows, --turns, --time (default 60);",
		"Default per game: paperio 30, eraser 60",
		"-stderr-dir DIR",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("play --help does not say %q:\n%s", want, out)
		}
	}
	out = captureStderr(t, func() { runCLI(t, "play", "--game", "eraser", "--help") })
	if !regexp.MustCompile(`(?m)^  -time float\n.*\(default 60\)$`).MatchString(out) {
		t.Errorf("play --game eraser --help: --time's default is not 60:\n%s", out)
	}
}

// A stellar answer after the call time is no commands for that turn: the
// game goes on, and the result names it late, not a loss on time.
func TestStellarLateAnswerIsNamedLate(t *testing.T) {
	dir := t.TempDir()
	late := filepath.Join(dir, "slow.py")
	os.WriteFile(late, []byte(`#!/usr/bin/env python3
import json, sys, time
for line in sys.stdin:
    m = json.loads(line)
    if m['type'] == 'end':
        continue
    if m['type'] == 'turn' and m['turn'] == 2:
        time.sleep(0.3)
    sys.stdout.write('{"commands":[]}\n' if m['type'] == 'turn' else '{}\n')
    sys.stdout.flush()
`), 0o755)
	code, out, errs := runCLI(t, "play", "--game", "stellar", "--p1", "exec:"+late, "--p2", "idle", "--turns", "10")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{
		"draw: turn limit; equal nodes and total force (limit_draw)\nturns 10 of 10,",
		"player 1 (slow): answered after its call time of 0.1 s (turn 2: counted as no commands, the game goes on)",
		"failures: slow late (answered after the call time: no commands that turn, the game went on)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the result does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "OVT") {
		t.Errorf("a late stellar answer is called OVT:\n%s", out)
	}
}

// The doc says what a command does with a program that cannot start: exit
// status 2, and tournament --allow-broken to keep it; and so the commands
// do (TestExecSpecErrors checks play; here series, selfplay, a tournament,
// and a tournament with --allow-broken).
func TestAPlayerThatCannotStart(t *testing.T) {
	doc, err := os.ReadFile("../../docs/PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"exit\n    with status 2 and `cannot start exec:PATH: …`", "Only `tournament --allow-broken` keeps such a player"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/PROTOCOL.md does not say %q", want)
		}
	}
	bad := filepath.Join(t.TempDir(), "mute.py")
	os.WriteFile(bad, []byte("#!/usr/bin/env python3\nimport sys\nsys.exit(3)\n"), 0o755)
	spec := "exec:" + bad
	small := []string{"--size", "40x31", "--turns", "20"}
	for _, args := range [][]string{
		{"series", "--p1", spec, "--p2", "random", "--games", "2"},
		{"selfplay", "--bots", spec + ",random", "--games", "2", "--quiet", "--out", filepath.Join(t.TempDir(), "sp")},
		{"tournament", "--players", spec + ",random,goround", "--games-per-series", "2", "--quiet"},
	} {
		if code, _, errs := runCLI(t, append(args, small...)...); code != 2 || !strings.Contains(errs, "cannot start "+spec+": ") {
			t.Errorf("%s: exit %d, %q", args[0], code, errs)
		}
	}
	var out string
	errs := captureStderr(t, func() {
		var code int
		code, out, _ = runCLI(t, append([]string{"tournament", "--players", spec + ",random,goround", "--games-per-series", "2", "--quiet", "--allow-broken"}, small...)...)
		if code != 0 {
			t.Errorf("tournament --allow-broken: exit %d", code)
		}
	})
	if !strings.Contains(errs, "kept by --allow-broken, it loses every game by an error") || !strings.Contains(out, "Round robin: 3 players") {
		t.Errorf("tournament --allow-broken:\n%s\n%s", errs, out)
	}
}

// BenchmarkExecFixedCost measures what a program costs besides its turns,
// with the C example (go-round) in 10-round games against the built-in
// goround: run, a whole `paperio play` (the start-up check, the process's
// start, the game, the end), per run; series-game, a game of a 10-game
// series, whose games share one process (the series' start shared out).
// Run it with -benchtime 20x.
func BenchmarkExecFixedCost(b *testing.B) {
	dir := b.TempDir()
	bot := filepath.Join(dir, "goround")
	if out, err := exec.Command("gcc", "-O2", "-o", bot, "../../examples/bots/c/goround.c").CombinedOutput(); err != nil {
		b.Fatalf("gcc: %v\n%s", err, out)
	}
	small := []string{"--turns", "10", "--size", "40x31"}
	b.Run("run", func(b *testing.B) {
		for range b.N {
			if code, out, errs := runCLI(b, append([]string{"play", "--p1", "exec:" + bot, "--p2", "goround"}, small...)...); code != 0 {
				b.Fatalf("play: exit %d\n%s%s", code, out, errs)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/run")
	})
	b.Run("series-game", func(b *testing.B) {
		games := 0
		for range b.N {
			code, out, errs := runCLI(b, append([]string{"series", "--p1", "exec:" + bot, "--p2", "goround", "--games", "10", "--quiet"}, small...)...)
			m := regexp.MustCompile(`after (\d+) of 10 games`).FindStringSubmatch(out)
			if code != 0 || m == nil {
				b.Fatalf("series: exit %d\n%s%s", code, out, errs)
			}
			n, _ := strconv.Atoi(m[1])
			games += n
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(games), "ms/game")
	})
}
