package progress

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// Off a terminal nothing is drawn.
func TestNotATerminal(t *testing.T) {
	var b bytes.Buffer
	d := Start(&b, time.Millisecond, func(w io.Writer) { io.WriteString(w, "x") })
	if d != nil {
		t.Fatal("a display on a buffer")
	}
	d.Stop(true)
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	if IsTerminal(f) || Start(f, time.Millisecond, nil) != nil {
		t.Fatal("a file is not a terminal")
	}
	d.Print(&b, "log\n")
	if b.String() != "log\n" {
		t.Fatalf("%q", b.String())
	}
}

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// Each drawing goes back up over the lines of the one before and clears
// them; the last one stays (keep) or is erased.
func TestRedraw(t *testing.T) {
	var w syncBuf
	n := 0
	d := start(&w, time.Millisecond, func(o io.Writer) {
		n++
		io.WriteString(o, "table\nrow "+strings.Repeat("*", n%3)+"\n")
	})
	time.Sleep(20 * time.Millisecond)
	d.Stop(false)
	out := w.b.String()
	if !strings.HasPrefix(out, "\r\x1b[Jtable\n") {
		t.Fatalf("first drawing %q", out[:min(20, len(out))])
	}
	if strings.Count(out, "\r\x1b[2A\x1b[Jtable\n") < 2 {
		t.Fatalf("no redraws over two lines in %q", out)
	}
	if !strings.HasSuffix(out, "\r\x1b[2A\x1b[J") {
		t.Fatalf("not erased at the end: %q", out[len(out)-20:])
	}
	d.Stop(false) // twice is fine
}
