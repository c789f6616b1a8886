package execai

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/pyai"
)

// Version is the protocol's version (docs/PROTOCOL.md), sent in every
// start message.
const Version = 1

// MaxLine is the longest answer line a player may write, in bytes; a
// longer one loses with ERR.
const MaxLine = 1 << 20

// Conn is an executable player's process and its lines: messages go out
// as JSON lines, each answer line is read into a Go value, and whatever
// goes wrong is a play.Fault naming the protocol's reason. It is used by
// one goroutine at a time, except Close, which any may call.
type Conn struct {
	shown string
	argv  []string
	opts  pyai.Options
	hello []byte // the handshake, sent to every new process
	proc  atomic.Pointer[pyai.Stdio]
	busy  atomic.Bool // a call is waiting for its answer
}

// EndGrace is how long a player has to exit once its input is closed at
// the end of a run (Close) before it is killed: time to read the last
// end message and log it.
const EndGrace = 500 * time.Millisecond

// Open checks that path is an executable file, starts it and sends it
// hello (the handshake, one line), whose answer must come within
// o.HookTimeout: the start of a process is not charged to any game's think
// time. The error is one line naming the file.
func Open(path string, o pyai.Options, hello []byte) (*Conn, error) {
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: %v", path, errors.Unwrap(err))
	case st.IsDir():
		return nil, fmt.Errorf("%s: is a directory, not a program", path)
	case st.Mode()&0o111 == 0:
		return nil, fmt.Errorf("%s: not executable (chmod +x it, or name a wrapper script)", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	c := &Conn{shown: path, argv: []string{abs}, opts: pyai.WithDefaults(o), hello: hello}
	if _, err := c.ensure(); err != nil {
		return nil, err
	}
	return c, nil
}

// Path is the program as named.
func (c *Conn) Path() string { return c.shown }

// Fault is a failed call: Timeout for the course's OVT, otherwise ERR.
type Fault struct {
	Timeout bool
	Detail  string
}

// ensure returns a live process that has answered the handshake, starting
// one if there is none.
func (c *Conn) ensure() (*pyai.Stdio, error) {
	p := c.proc.Load()
	if p != nil && p.Alive() {
		return p, nil
	}
	np, err := pyai.StartStdio(c.opts, c.argv)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", c.shown, err)
	}
	if p != nil {
		p.Wait()
		p.Close() // its log's file, if any, is complete
		np.Note("a new process: the previous one was stopped or ended")
	}
	c.proc.Store(np)
	var ok struct{}
	if f := c.call(np, c.hello, max(c.opts.HookTimeout, helloTime), "hello", &ok); f != nil {
		np.Close()
		return nil, fmt.Errorf("%s: %s", c.shown, f.Detail)
	}
	return np, nil
}

// Ready starts a new process, if the last one was stopped or ended, so
// that the next game does not pay for its start.
func (c *Conn) Ready() {
	if p := c.proc.Load(); p != nil && !p.Alive() {
		c.ensure()
	}
}

// helloTime is the least time a new process has to answer the handshake:
// a runtime's start (node, the JVM) on a busy machine takes seconds.
const helloTime = 10 * time.Second

// Restart stops the process, so that the next call starts a fresh one.
func (c *Conn) Restart() {
	if p := c.proc.Load(); p != nil {
		p.Kill()
		p.Wait()
	}
}

// Call sends msg (one line, ending in '\n'), reads the answer line within
// limit and decodes it into answer (a pointer). what names the message in
// a failure's detail. A player whose call failed is killed; the next call
// starts a new process.
func (c *Conn) Call(msg []byte, limit time.Duration, what string, answer any) *Fault {
	p, err := c.ensure()
	if err != nil {
		return &Fault{Detail: err.Error()}
	}
	return c.call(p, msg, limit, what, answer)
}

// call is Call on process p.
func (c *Conn) call(p *pyai.Stdio, msg []byte, limit time.Duration, what string, answer any) *Fault {
	if n := p.Unread(); n > 0 {
		p.Kill()
		return c.fail(p, &Fault{Detail: fmt.Sprintf("protocol error: %d bytes written out of turn before the %s message (one answer line per message)", n, what)})
	}
	c.busy.Store(true)
	line, elapsed, err := p.Call(msg, limit, MaxLine)
	c.busy.Store(false)
	var died *pyai.ProcessDied
	var long *pyai.LineTooLong
	switch {
	case errors.Is(err, pyai.ErrProcessTimeout):
		return c.fail(p, &Fault{Timeout: true, Detail: fmt.Sprintf("no answer to %s within its remaining think time (%.3f s): the process was stopped", what, elapsed.Seconds())})
	case errors.As(err, &died) && p.CPUExceeded():
		return c.fail(p, &Fault{Timeout: true, Detail: fmt.Sprintf("reached its CPU-time limit (%v) during %s", c.opts.CPULimit, what)})
	case errors.As(err, &died):
		return c.fail(p, &Fault{Detail: fmt.Sprintf("the process ended during %s (%s)%s", what, died.Status, lastWords(p))})
	case errors.As(err, &long):
		return c.fail(p, &Fault{Detail: fmt.Sprintf("protocol error: the answer to %s is longer than %d bytes", what, long.Limit)})
	case err != nil:
		p.Kill()
		return c.fail(p, &Fault{Detail: fmt.Sprintf("%s: %v", what, err)})
	}
	if err := decode(line, answer); err != nil {
		p.Kill()
		return c.fail(p, &Fault{Detail: fmt.Sprintf("protocol error: the answer to %s %v", what, err)})
	}
	return nil
}

// Tell sends msg, which has no answer (the end of a game), within limit.
func (c *Conn) Tell(msg []byte, limit time.Duration) {
	if p := c.proc.Load(); p != nil && p.Alive() {
		p.Send(msg, limit)
	}
}

// decode reads an answer line: one JSON object.
func decode(line []byte, answer any) error {
	s := strings.TrimSpace(string(line))
	if !strings.HasPrefix(s, "{") {
		return fmt.Errorf("is not a JSON object: %s", Quote(s))
	}
	if err := json.Unmarshal([]byte(s), answer); err != nil {
		return fmt.Errorf("is not valid: %v: %s", err, Quote(s))
	}
	return nil
}

// Quote shows the start of a bad line (or answer) in a message.
func Quote(s string) string {
	const show = 80
	if len(s) > show {
		s = s[:show] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// lastWords is the last line the player wrote on standard error, if any,
// to show with a failure.
func lastWords(p *pyai.Stdio) string {
	p.Wait()
	var last string
	for _, l := range strings.Split(p.Output(), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "[paperio]") {
			last = l
		}
	}
	if last == "" {
		return ""
	}
	if len(last) > 200 {
		last = last[:200] + "..."
	}
	return ": " + last
}

// fail notes f in the log and returns it.
func (c *Conn) fail(p *pyai.Stdio, f *Fault) *Fault {
	p.Note("%s", f.Detail)
	return f
}

// Output is what the player wrote on standard error, capped, with the
// runner's notes.
func (c *Conn) Output() string {
	if p := c.proc.Load(); p != nil {
		return p.Output()
	}
	return ""
}

// Close ends the process and removes its folder. A process that is not
// answering a call has its standard input closed and EndGrace to exit, so
// that it reads the end of the last game; one in a call (a run stopped, a
// call abandoned) is killed at once. Any goroutine may call it, any number
// of times.
func (c *Conn) Close() error {
	if p := c.proc.Load(); p != nil {
		if c.busy.Load() {
			p.Close()
		} else {
			p.Finish(EndGrace)
		}
	}
	return nil
}

// Hello is the handshake of a game's player: the protocol's version, the
// game and the think time per game in seconds (null when unlimited).
func Hello(game string, o pyai.Options) []byte {
	budget := "null"
	if o.TimeBudget > 0 && o.TimeBudget < 24*time.Hour {
		budget = strconv.FormatFloat(o.TimeBudget.Seconds(), 'f', -1, 64)
	}
	return fmt.Appendf(nil, `{"type":"hello","protocol":%d,"game":%q,"time_budget":%s}`+"\n", Version, game, budget)
}
