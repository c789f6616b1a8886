package pyai

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/play"
)

// AI is a course AI file played through Python processes, one at a time,
// each running the game's driver (a script built on pyai_driver.py): a
// process that was stopped or died is replaced (Restart), and a process
// that has played can be swapped for a fresh one (Renew), whose module is
// imported afresh. Each is a child of the AI's fork server where it can be
// (zygote.go), else a fresh interpreter; a closed AI's server serves the
// next AI of the same file and driver for a while. What the AI printed, in
// all its processes, is kept in one capped log with the runner's notes.
//
// A game's Python player is built on it: the game's messages go through
// Call, its untimed hooks through Hook, and Fault says how a call failed
// in the course's terms. The methods are for one goroutine at a time,
// except Close and Kill, which any goroutine may call.
type AI struct {
	path   string // absolute path of the AI file
	shown  string // the path as given, for messages
	driver []byte // the game's driver script
	opts   Options
	log    *capLog

	cur    atomic.Pointer[process] // nil after Close; may be dead
	closed atomic.Bool
	zyg    atomic.Pointer[zygote] // the fork server of its processes, if any
	noFork bool                   // start every process as a fresh interpreter
}

// HeaderSize is the room a message passed to Call keeps at its start for
// the framing's header: uint32 length, type byte, uint32 sequence.
const HeaderSize = headerSize

// NewAI starts a process of driver for the AI in file path and has it
// import the module. A file that cannot be used is refused with an error of
// one line naming it (an *ImportError when the import raised).
func NewAI(path string, opts Options, driver []byte) (*AI, error) {
	opts = opts.withDefaults()
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if st, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("%s: %v", path, errors.Unwrap(err))
	} else if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a Python file", path)
	}
	a := &AI{path: abs, shown: path, driver: driver, opts: opts, log: newCapLog(opts.LogLimit)}
	if err := a.start(); err != nil {
		return nil, err
	}
	return a, nil
}

// CheckAI refuses a file that cannot be a course AI of opts.Interface,
// without running any of its code: it must parse, bind the interface's
// name at module level and, with opts.CourseRules, keep to the course
// rules. The error is one line naming the file.
func CheckAI(path string, opts Options, driver []byte) error {
	opts = opts.withDefaults()
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	pr, err := startDriver(opts, abs, newCapLog(4096), driver)
	if err != nil {
		return err
	}
	defer func() { pr.kill(); pr.wait() }()
	cfg := config(abs, path, opts)
	cfg["check_only"] = true
	return describeStartError(path, pr.configure(cfg, opts.HookTimeout), opts.HookTimeout)
}

// config is the driver's configuration (the C request) for the AI in abs.
func config(abs, shown string, o Options) map[string]any {
	lim := map[string]any{
		"as":     o.MemoryLimit,
		"cpu":    int64(math.Ceil(o.CPULimit.Seconds())),
		"fsize":  o.FileSizeLimit,
		"nofile": 256,
	}
	if o.MaxProcesses > 0 {
		lim["nproc"] = o.MaxProcesses
	}
	cfg := map[string]any{
		"path":           abs,
		"display":        shown,
		"name":           strings.TrimSuffix(filepath.Base(abs), ".py"),
		"course_rules":   o.CourseRules,
		"deny_processes": o.MaxProcesses == 0,
		"deny_network":   !o.Network,
		"limits":         lim,
		"interfaces":     Interfaces(),
	}
	if o.Interface != (Interface{}) {
		cfg["interface"] = o.Interface
	}
	return cfg
}

func describeStartError(shown string, err error, limit time.Duration) error {
	var ie *ImportError
	var to errTimeout
	var dd errDied
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ie):
		ie.Path = shown
		return ie
	case errors.As(err, &to):
		return fmt.Errorf("%s: the import did not finish within %v", shown, limit)
	case errors.As(err, &dd):
		return fmt.Errorf("%s: the AI process died during the import (%s)", shown, dd.status)
	}
	return err
}

// start starts a new process and imports the module.
func (a *AI) start() error {
	if a.closed.Load() {
		return errors.New("player closed")
	}
	pr, err := a.spawn()
	if err != nil {
		return fmt.Errorf("%s: %v", a.shown, err)
	}
	if err := pr.configure(config(a.path, a.shown, a.opts), a.opts.HookTimeout); err != nil {
		pr.kill()
		pr.wait()
		return describeStartError(a.shown, err, a.opts.HookTimeout)
	}
	if pr.cmd == nil && !strings.Contains(pr.info.Seccomp, "no new processes") {
		// Without the filter a forked child could leave processes in
		// the server's sandbox for the next game: fresh interpreters.
		pr.kill()
		pr.wait()
		a.noFork = true
		a.dropZygote()
		return a.start()
	}
	a.cur.Store(pr)
	if a.closed.Load() { // Close ran meanwhile
		a.stop()
		return errors.New("player closed")
	}
	return nil
}

// spawn starts a process with the driver: a child of the AI's fork
// server where it can have one (started here when there is none or it
// ended), else a fresh interpreter.
func (a *AI) spawn() (*process, error) {
	if !forkable(a.opts) || a.noFork {
		return startDriver(a.opts, a.path, a.log, a.driver)
	}
	z := a.zyg.Load()
	if z == nil || !z.alive() {
		a.dropZygote()
		if z = takeZygote(zygoteKey(a.opts, a.path, a.driver)); z == nil {
			var err error
			if z, err = startZygote(a.opts, a.path, a.driver); err != nil {
				a.Note("no fork server (%v): a fresh interpreter for each game", err)
				a.noFork = true
				return startDriver(a.opts, a.path, a.log, a.driver)
			}
		}
		a.zyg.Store(z)
		if a.closed.Load() { // Close ran meanwhile
			a.dropZygote()
			return nil, errors.New("player closed")
		}
	}
	pr, err := z.fork(a.opts.HookTimeout, a.log, nil)
	if err != nil { // a new server next time; a fresh interpreter now
		a.Note("fork server: %v", err)
		a.dropZygote()
		return startDriver(a.opts, a.path, a.log, a.driver)
	}
	return pr, nil
}

// dropZygote ends the fork server, if any.
func (a *AI) dropZygote() {
	if z := a.zyg.Swap(nil); z != nil {
		z.kill()
	}
}

// Restart replaces the process (after a kill, or for a fresh import),
// noting why in the log.
func (a *AI) Restart(why string) error {
	a.stop()
	a.Note("new AI process: %s", why)
	return a.start()
}

// Renew replaces the process by a fresh one as a matter of course (each
// game's own process), with no note.
func (a *AI) Renew() error {
	a.stop()
	return a.start()
}

// Live reports whether the current process is running.
func (a *AI) Live() bool { return a.live() != nil }

// live returns the process if it is running, else nil.
func (a *AI) live() *process {
	if pr := a.cur.Load(); pr != nil && pr.alive() {
		return pr
	}
	return nil
}

// Closed reports whether Close was called.
func (a *AI) Closed() bool { return a.closed.Load() }

// stop kills the current process, if any, and waits for it.
func (a *AI) stop() {
	if pr := a.cur.Swap(nil); pr != nil {
		pr.kill()
		pr.wait()
		pr.out.finish(time.Second)
		pr.clearFolder()
	}
}

// Kill ends the current process, as a call past its time does: it stays
// dead until Restart.
func (a *AI) Kill() {
	if pr := a.cur.Load(); pr != nil {
		pr.kill()
		pr.wait()
	}
}

// Close stops the AI process and everything it started. It may be called
// from any goroutine, and more than once.
func (a *AI) Close() error {
	a.closed.Store(true)
	a.stop()
	if z := a.zyg.Swap(nil); z != nil {
		putZygote(zygoteKey(a.opts, a.path, a.driver), z)
	}
	return nil
}

// Path is the AI file as given.
func (a *AI) Path() string { return a.shown }

// Options are the AI's options, defaults filled in.
func (a *AI) Options() Options { return a.opts }

// Output is what the AI printed (stdout and stderr together), capped at
// Options.LogLimit, with the runner's own notes marked "[paperio]":
// process restarts and errors of hooks whose errors are ignored.
func (a *AI) Output() string {
	if pr := a.cur.Load(); pr != nil {
		pr.out.sync()
	}
	return a.log.String()
}

// Note writes a line of the runner's own into the log, after what the AI
// printed so far.
func (a *AI) Note(format string, args ...any) {
	if pr := a.cur.Load(); pr != nil {
		pr.out.sync()
	}
	a.log.note(format, args...)
}

// Containment describes what holds the AI process.
func (a *AI) Containment() string {
	pr := a.cur.Load()
	var parts []string
	if pr != nil && pr.sandbox != "" {
		parts = append(parts, "bwrap (no network, read-only filesystem, own process tree)")
	} else {
		parts = append(parts, "no bwrap")
	}
	if pr != nil && pr.info.Seccomp != "" {
		parts = append(parts, "seccomp ("+pr.info.Seccomp+")")
	}
	o := a.opts
	parts = append(parts, fmt.Sprintf("limits: memory %d MiB, CPU %v, files %d MiB, processes %d",
		o.MemoryLimit>>20, o.CPULimit, o.FileSizeLimit>>20, o.MaxProcesses))
	return strings.Join(parts, "; ")
}

// Call sends the current process a request of kind, msg (whose first
// HeaderSize bytes are room for the header, written here), and waits for
// the reply at most limit. A time-out kills the process (ErrProcessTimeout);
// a process that ended, or none, gives a *ProcessDied. The reply's body is
// valid until the next call.
func (a *AI) Call(kind byte, msg []byte, limit time.Duration) (ProcessReply, time.Duration, error) {
	pr := a.cur.Load()
	if pr == nil {
		return ProcessReply{}, 0, &ProcessDied{"no process"}
	}
	rep, elapsed, err := pr.call(kind, msg, limit)
	return exported(rep, elapsed, err)
}

// Hook sends a request of kind with no payload whose errors are ignored,
// as the course ignored its hooks' (name says which in the notes): a
// failed call, or a D reply carrying an error text, is noted in the log.
func (a *AI) Hook(kind byte, name string) {
	pr := a.live()
	if pr == nil {
		return
	}
	rep, _, err := pr.call(kind, nil, a.opts.HookTimeout)
	a.noteHook(name, ProcessReply{rep.kind, rep.body}, err)
}

// HookCall is Call for a request whose errors are ignored: it waits at
// most Options.HookTimeout and notes a failure, as Hook does.
func (a *AI) HookCall(kind byte, msg []byte, name string) {
	pr := a.live()
	if pr == nil {
		return
	}
	rep, _, err := pr.call(kind, msg, a.opts.HookTimeout)
	a.noteHook(name, ProcessReply{rep.kind, rep.body}, err)
}

func (a *AI) noteHook(name string, rep ProcessReply, err error) {
	switch {
	case err != nil:
		a.Note("%s: %v (ignored; the process will be replaced)", name, err)
	case rep.Kind == 'D' && len(rep.Body) > 0:
		a.Note("%s raised an exception (ignored):\n%s", name, rep.Body)
	}
}

// Fault says how a call (what: "play", "load"...) that returned err after
// elapsed failed, for a game whose think time was think, and notes it in
// the log: on time (stopped at its deadline, or the process reached its
// CPU-time limit), by the process dying, or by a protocol error.
func (a *AI) Fault(what string, err error, elapsed, think time.Duration) play.Fault {
	var dd *ProcessDied
	var f play.Fault
	switch {
	case errors.Is(err, ErrProcessTimeout):
		f = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("%s ran out of its %s think time for the game (stopped %.3f s into the call)",
			what, play.Seconds(think), elapsed.Seconds())}
	case a.closed.Load():
		f = play.Fault{Kind: play.Error, Detail: "the player was closed during " + what}
	case errors.As(err, &dd):
		if pr := a.cur.Load(); pr != nil && pr.cpuXcd {
			f = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("%s: the AI process reached its CPU-time limit (%v)", what, a.opts.CPULimit)}
		} else {
			f = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("the AI process died during %s (%s)", what, dd.Status)}
		}
	default:
		f = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("%s: %v", what, err)}
	}
	a.Note("%s", f.Detail)
	return f
}

// ProtocolError is the fault of a reply of an unexpected kind: the
// process is killed.
func (a *AI) ProtocolError(rep ProcessReply) play.Fault {
	f := play.Fault{Kind: play.Error, Detail: fmt.Sprintf("protocol error: unexpected reply %q", rep.Kind)}
	a.Note("%s", f.Detail)
	if pr := a.cur.Load(); pr != nil {
		pr.kill()
	}
	return f
}

// PinTo pins the current process (the interpreter, and the sandbox's
// processes) to cpu (see ClaimCPU), once per change.
func (a *AI) PinTo(cpu int) {
	if pr := a.cur.Load(); pr != nil {
		pr.pinTo(cpu)
	}
}

// EndGame kills whatever the AI started and left in its process group
// (possible only where no seccomp filter refuses new processes), noting
// how many.
func (a *AI) EndGame() {
	pr := a.live()
	if pr != nil && pr.cmd != nil && !strings.Contains(pr.info.Seccomp, "no new processes") {
		if n := killStrays(pr.cmd.Process.Pid, pr.keep); n > 0 {
			a.Note("killed %d process(es) the AI left behind", n)
		}
	}
}
