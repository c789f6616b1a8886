package pyai

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/play"
)

// callAI starts testdata/calls.py under testdata/call_driver.py, whose R
// request calls the module's function named by its payload.
func callAI(t *testing.T, o Options) *AI {
	t.Helper()
	driver, err := os.ReadFile("testdata/call_driver.py")
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewAI("testdata/calls.py", o, driver)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func callFn(a *AI, fn string, limit time.Duration) (ProcessReply, time.Duration, error) {
	return a.Call('R', append(make([]byte, HeaderSize), fn...), limit)
}

// A call past its deadline is stopped and fails on time; a process that
// dies fails its call with how it ended; an exception is the driver's E
// reply. Restart replaces a stopped process, noting why, and the module is
// imported afresh.
func TestAIFaultsAndRestart(t *testing.T) {
	a := callAI(t, opt(Options{}))
	step := func(want string) {
		t.Helper()
		rep, _, err := callFn(a, "step", time.Minute)
		if err != nil || rep.Kind != 'D' || string(rep.Body) != want {
			t.Fatalf("step: %v %q %q, want D %q\n%s", err, rep.Kind, rep.Body, want, a.Output())
		}
	}
	step("1")
	step("2")

	_, took, err := callFn(a, "forever", 300*time.Millisecond)
	if !errors.Is(err, ErrProcessTimeout) || took < 300*time.Millisecond {
		t.Fatalf("forever: %v after %v", err, took)
	}
	f := a.Fault("move", err, took, 2*time.Second)
	if f.Kind != play.Timeout || !strings.HasPrefix(f.Detail, "move ran out of its 2 s think time for the game (stopped") {
		t.Errorf("fault %+v", f)
	}
	if a.Live() {
		t.Fatal("the process outlived its time-out")
	}
	if err := a.Restart("after the time-out"); err != nil {
		t.Fatal(err)
	}
	step("1") // a fresh import

	_, took, err = callFn(a, "die", time.Minute)
	var dd *ProcessDied
	if !errors.As(err, &dd) {
		t.Fatalf("die: %v", err)
	}
	if f := a.Fault("move", err, took, 2*time.Second); f.Kind != play.Error || f.Detail != "the AI process died during move (exit status 3)" {
		t.Errorf("fault %+v", f)
	}
	if err := a.Restart("after the exit"); err != nil {
		t.Fatal(err)
	}
	rep, _, err := callFn(a, "fails", time.Minute)
	if err != nil || rep.Kind != 'E' || LastLine(string(rep.Body)) != "ValueError: no such move" {
		t.Errorf("fails: %v %q %q", err, rep.Kind, rep.Body)
	}
	if strings.Contains(string(rep.Body), "call_driver.py") || strings.Contains(string(rep.Body), "pyai_driver.py") {
		t.Errorf("the traceback shows the drivers' frames:\n%s", rep.Body)
	}
	out := a.Output()
	for _, want := range []string{"[paperio] move ran out of its 2 s think time", "[paperio] new AI process: after the time-out",
		"[paperio] the AI process died during move", "[paperio] new AI process: after the exit"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// writeAI writes a small AI file into a fresh folder and returns its path.
func writeAI(t *testing.T, name, src string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// A file that lacks what its game's AIs define is refused in the user's
// terms, by NewAI after the import and by CheckAI without running it: what
// it is instead when it defines another registered game's interface.
func TestAIInterfaceRefusals(t *testing.T) {
	tiles := Interface{Game: "tiles", Name: "place", Shows: "place(board)"}
	orbits := Interface{Game: "orbits", Name: "Pilot", Shows: "class Pilot(side) with steer(self, sky)"}
	RegisterInterface(tiles)
	RegisterInterface(orbits)
	cases := []struct {
		want      Interface
		name, src string
		refusal   string // after the file's path; "" for none
		check     string // CheckAI's, when it differs
	}{
		{tiles, "pilot.py", "class Pilot:\n    pass\n",
			": not a tiles AI: it defines class Pilot(side) with steer(self, sky), an orbits AI; a tiles AI defines place(board)",
			": no place function: a tiles AI defines place(board)"},
		{tiles, "nothing.py", "x = 1\n", ": no place function: a tiles AI defines place(board)", ""},
		{orbits, "nothing.py", "x = 1\n", ": no class Pilot: an orbits AI defines class Pilot(side) with steer(self, sky)", ""},
		{tiles, "good.py", "def place(board):\n    return 0\n", "", ""},
		{orbits, "good.py", "class Pilot:\n    pass\n", "", ""},
	}
	for _, c := range cases {
		f := writeAI(t, c.name, c.src)
		o := opt(Options{Interface: c.want})
		a, err := NewAI(f, o, nil)
		if c.refusal == "" {
			if err != nil {
				t.Errorf("%s as a %s AI: %v", c.name, c.want.Game, err)
			} else {
				a.Close()
			}
		} else if err == nil || err.Error() != f+c.refusal {
			t.Errorf("%s as a %s AI: %v\nwant %s%s", c.name, c.want.Game, err, f, c.refusal)
		}
		want := c.refusal
		if c.check != "" {
			want = c.check
		}
		if err := CheckAI(f, o, nil); want == "" && err != nil || want != "" && (err == nil || err.Error() != f+want) {
			t.Errorf("CheckAI(%s) as a %s AI: %v\nwant %s%s", c.name, c.want.Game, err, f, want)
		}
	}
}
