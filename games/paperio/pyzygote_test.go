package paperio

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/internal/numpytest"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// The fork server reads and compiles the AI's file once for its children;
// a file changed since is read again by the next game's process.
func TestEditedFileReadAgain(t *testing.T) {
	file := filepath.Join(t.TempDir(), "edited.py")
	write := func(version int) {
		src := fmt.Sprintf("def load(stat, storage):\n    print('VERSION %d')\n\n\ndef play(stat, storage):\n    return None\n", version)
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(1)
	p := newPlayer(t, file, opt(pyai.Options{}))
	playOne(t, p, &squareBot{}, 1)
	write(22) // another size: a change whatever the clock's resolution
	playOne(t, p, &squareBot{}, 2)
	if out := p.Output(); !strings.Contains(out, "VERSION 1\n") || !strings.Contains(out, "VERSION 22\n") {
		t.Errorf("output:\n%s", out)
	}
}

// A fork server that hangs cannot hold up the next game: the server is
// given up after its wait for the fork (pyai.SetForkWait), the game plays
// in a fresh interpreter, and the one after has a new server. (An AI
// cannot stop its server itself: TestReachOut.)
func TestStoppedServer(t *testing.T) {
	t.Cleanup(pyai.SetForkWait(time.Second))
	p := newPlayer(t, "testdata/square.py", opt(pyai.Options{}))
	if !forked(t, p) {
		t.Skip("no fork server here")
	}
	short := course
	short.MaxTurns = 50
	for game := range 3 {
		s, err := runGame(short, starts(t, int64(game)), [2]bots.Bot{p, &squareBot{}}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r := s.Result(); r.Reason != paperio.END || p.Failure().Kind != play.NoFault {
			t.Fatalf("game %d: %+v, failure %+v\n%s", game+1, r, p.Failure(), p.Output())
		}
		if game == 0 && !pyai.StopForkServer(p.ai) {
			t.Fatalf("no fork server to stop after the first game")
		}
	}
	if out := p.Output(); !strings.Contains(out, "fork server: the fork server did not answer within 1s") {
		t.Errorf("output:\n%s", out)
	}
	if !forked(t, p) {
		t.Errorf("the third game's process is not a child of a new fork server")
	}
}

// The fork server imports numpy for an AI that imports it, once: each
// game's child finds it imported, yet imports the AI's module afresh (its
// globals are new) and draws from numpy's generator with seeds of its own.
func TestPreimportedNumpy(t *testing.T) {
	p := newPlayer(t, "testdata/numpy_ai.py", opt(pyai.Options{Python: numpytest.Python(t, "the fork server imports numpy for an AI that imports it")}))
	if !forked(t, p) {
		return
	}
	playOne(t, p, &squareBot{}, 1)
	playOne(t, p, &squareBot{}, 2)
	re := regexp.MustCompile(`NUMPY preimported=(\w+) loads=(\d+) draw=(\S+)`)
	m := re.FindAllStringSubmatch(p.Output(), -1)
	if len(m) != 2 {
		t.Fatalf("output:\n%s", p.Output())
	}
	for _, g := range m {
		if g[1] != "True" || g[2] != "1" {
			t.Errorf("a game's process saw %q: want numpy imported by the server and one load", g[0])
		}
	}
	if m[0][3] == m[1][3] {
		t.Errorf("both games drew %s from numpy's generator", m[0][3])
	}
}

// A module in the AI's folder is the AI's own, even when an installed one
// has its name: the server leaves it to the child, which finds the
// folder's; so is the standard library; and an import that fails still
// fails in the child, with the AI's one-line error.
func TestPreimportLeavesTheAIsModules(t *testing.T) {
	py := numpytest.Python(t, "a folder's numpy.py is the AI's own")
	dir := t.TempDir()
	files := map[string]string{
		"numpy.py":   "MARK = 'the folder'\n",
		"ai.py":      "import numpy\n\n\ndef load(stat, storage):\n    print('NUMPY', numpy.MARK)\n\n\ndef play(stat, storage):\n    return None\n",
		"missing.py": "import no_such_module_here\n\n\ndef play(stat, storage):\n    return None\n",
		"std.py":     "import sys\nPRE = 'colorsys' in sys.modules\nimport colorsys\n\n\ndef load(stat, storage):\n    print('COLORSYS preimported=%s' % PRE)\n\n\ndef play(stat, storage):\n    return None\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p := newPlayer(t, filepath.Join(dir, "ai.py"), opt(pyai.Options{Python: py}))
	if !forked(t, p) {
		return
	}
	playOne(t, p, &squareBot{}, 1)
	if out := p.Output(); !strings.Contains(out, "NUMPY the folder\n") {
		t.Errorf("output:\n%s", out)
	}
	// The standard library is the child's to import: a few of its modules
	// act when imported, which only the child's sandbox refuses.
	q := newPlayer(t, filepath.Join(dir, "std.py"), opt(pyai.Options{Python: py}))
	playOne(t, q, &squareBot{}, 1)
	if out := q.Output(); !strings.Contains(out, "COLORSYS preimported=False\n") {
		t.Errorf("output:\n%s", out)
	}
	_, err := NewPyPlayer(filepath.Join(dir, "missing.py"), opt(pyai.Options{Python: py}))
	if err == nil || !strings.Contains(err.Error(), "No module named 'no_such_module_here'") || strings.Contains(err.Error(), "\n") {
		t.Errorf("New: %v", err)
	}
}
