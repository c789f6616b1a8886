// Package progress draws a run's live status on a terminal: a line or a
// small table, redrawn in place every interval. It draws only on a
// terminal; elsewhere (a pipe, a file, CI logs) it writes nothing and the
// commands print their own line per finished unit of work instead.
package progress

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"sync"
	"time"
)

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Display redraws what render writes every interval. The zero Display (and
// a nil one) draws nothing.
type Display struct {
	w      io.Writer
	render func(io.Writer)
	done   chan struct{}
	wg     sync.WaitGroup
	once   sync.Once
	mu     sync.Mutex
	lines  int // line breaks in the last drawing: how far up to go to redraw
}

// Start draws render's text on w every interval until Stop, when w is a
// terminal; otherwise it returns nil, which is a Display that draws nothing.
func Start(w io.Writer, interval time.Duration, render func(io.Writer)) *Display {
	if !IsTerminal(w) {
		return nil
	}
	return start(w, interval, render)
}

func start(w io.Writer, interval time.Duration, render func(io.Writer)) *Display {
	d := &Display{w: w, render: render, done: make(chan struct{})}
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			d.draw()
			select {
			case <-d.done:
				return
			case <-t.C:
			}
		}
	}()
	return d
}

// draw replaces the previous drawing with a new one: the cursor goes back
// to where the previous drawing began, and everything below is cleared.
func (d *Display) draw() {
	var b bytes.Buffer
	d.render(&b)
	d.mu.Lock()
	defer d.mu.Unlock()
	var out bytes.Buffer
	out.WriteString("\r")
	if d.lines > 0 {
		out.WriteString("\x1b[" + strconv.Itoa(d.lines) + "A")
	}
	out.WriteString("\x1b[J")
	out.Write(b.Bytes())
	d.lines = bytes.Count(b.Bytes(), []byte{'\n'})
	d.w.Write(out.Bytes())
}

// Stop draws a last time and stops. With keep the last drawing stays on
// the terminal (followed by a line break); without, it is erased.
func (d *Display) Stop(keep bool) {
	if d == nil {
		return
	}
	d.once.Do(func() {
		close(d.done)
		d.wg.Wait()
		if keep {
			d.draw()
			d.mu.Lock()
			d.w.Write([]byte("\n"))
			d.mu.Unlock()
			return
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		up := ""
		if d.lines > 0 {
			up = "\x1b[" + strconv.Itoa(d.lines) + "A"
		}
		d.w.Write([]byte("\r" + up + "\x1b[J"))
	})
}

// Print writes text above the display (a log line), then redraws it. On a
// nil Display it just writes text to w.
func (d *Display) Print(w io.Writer, text string) {
	if d == nil {
		io.WriteString(w, text)
		return
	}
	d.mu.Lock()
	up := ""
	if d.lines > 0 {
		up = "\x1b[" + strconv.Itoa(d.lines) + "A"
	}
	d.w.Write([]byte("\r" + up + "\x1b[J" + text))
	d.lines = 0
	d.mu.Unlock()
	d.draw()
}
