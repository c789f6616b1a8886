package execai

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/pyai"
)

// A Conn sends lines and reads answers for any game: an answer that is
// not a JSON object, none in time, a process that ends and lines out of
// turn are faults that say why (on time for the time-out alone), and the
// call after a fault runs in a new process.
func TestConnFaults(t *testing.T) {
	o := pyai.Options{TimeBudget: time.Second}
	c, err := Open("testdata/lines.py", o, Hello("tiles", o))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var got struct{ Got int }
	ask := func(do string, n int, limit time.Duration) *Fault {
		got.Got = -1
		return c.Call([]byte(`{"type":"ask","do":"`+do+`","n":`+strconv.Itoa(n)+"}\n"), limit, "ask", &got)
	}
	if f := ask("echo", 7, 10*time.Second); f != nil || got.Got != 7 {
		t.Fatalf("echo: %+v, got %d\n%s", f, got.Got, c.Output())
	}
	cases := []struct {
		do      string
		timeout bool
		detail  string
	}{
		{"garbage", false, `protocol error: the answer to ask is not a JSON object: "not json"`},
		{"hang", true, "no answer to ask within its remaining think time"},
		{"exit", false, "the process ended during ask (exit status 4): bye"},
	}
	for _, k := range cases {
		f := ask(k.do, 0, 500*time.Millisecond)
		if f == nil || f.Timeout != k.timeout || !strings.HasPrefix(f.Detail, k.detail) {
			t.Errorf("%s: %+v, want timeout %v and %q", k.do, f, k.timeout, k.detail)
		}
		if f := ask("echo", 3, 10*time.Second); f != nil || got.Got != 3 {
			t.Errorf("after %s: %+v, got %d", k.do, f, got.Got)
		}
	}
	if f := ask("twice", 0, 10*time.Second); f != nil {
		t.Fatalf("twice: %+v", f)
	}
	time.Sleep(200 * time.Millisecond) // the second line arrives
	if f := ask("echo", 1, 10*time.Second); f == nil || !strings.HasPrefix(f.Detail, "protocol error: 3 bytes written out of turn before the ask message") {
		t.Errorf("a line out of turn: %+v", f)
	}
	if out := c.Output(); !strings.Contains(out, "a new process: the previous one was stopped or ended") {
		t.Errorf("output:\n%s", out)
	}

	plain := filepath.Join(t.TempDir(), "plain.py")
	if err := os.WriteFile(plain, []byte("print('{}')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(plain, o, Hello("tiles", o)); err == nil || err.Error() != plain+": not executable (chmod +x it, or name a wrapper script)" {
		t.Errorf("Open(a file that is not executable): %v", err)
	}
}

// Close returns once the player's process has ended and its folder is
// gone: a program that exits right after leaves nothing in the temporary
// directory.
func TestCloseRemovesTheFolder(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	o := pyai.Options{TimeBudget: time.Second}
	c, err := Open("testdata/lines.py", o, Hello("tiles", o))
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Got int }
	if f := c.Call([]byte(`{"type":"ask","do":"echo","n":3}`+"\n"), 10*time.Second, "ask", &got); f != nil {
		t.Fatalf("echo: %+v", f)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 1 {
		t.Fatalf("a running player has %d folders in the temporary directory, want 1", len(left))
	}
	c.Close()
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left after Close: %s", e.Name())
	}
}
