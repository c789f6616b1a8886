package pyai

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// Process is one AI process of a course game: a Python interpreter running
// that game's own driver, contained as every AI process is (resource limits
// and the seccomp filter once the driver applies its configuration, a fresh
// directory, a clean environment, a process group of its own, bwrap where
// it works), spoken to over pyai's framing: requests on fd 3 and replies on
// fd 4, each
//
//	uint32 length | kind byte | uint32 sequence | payload
//
// (little-endian, the length counting what follows it), the driver's hello
// ('H') first. The game's driver runs as driver.py, with pyai's driver
// (pyai_driver.py) beside it as the module pyai_driver, whose framing,
// containment and loader (Driver, main, contain, import_ai) it builds on.
// AI, for a game whose AI plays a series of games, replaces its processes
// as they are stopped. A Process is used by one goroutine at a time; Kill may be called
// from any.
type Process struct {
	p   *process
	log *capLog
	buf []byte
}

// ProcessReply is a driver's reply: its kind byte and payload (valid until
// the next Call).
type ProcessReply struct {
	Kind byte
	Body []byte
}

// ErrProcessTimeout is returned by Call when the driver did not answer in
// time; the process has been killed.
var ErrProcessTimeout = errors.New("no answer in time")

// ProcessDied is returned by Call when the process has ended.
type ProcessDied struct{ Status string }

func (e *ProcessDied) Error() string { return "the AI process died (" + e.Status + ")" }

// WithDefaults is o with its zero fields given their defaults (see Options).
func WithDefaults(o Options) Options { return o.withDefaults() }

// ProcessConfig is what a driver needs to contain and load the AI in file
// path (shown in messages as shown): its absolute path, module name,
// course rules, and the resource limits and seccomp choices of o. A game's
// driver receives it, as JSON, in its first request.
func ProcessConfig(path, shown string, o Options) (map[string]any, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", shown, err)
	}
	return config(abs, shown, o.withDefaults()), nil
}

// StartProcess starts a Python process running driver (a game's driver
// script) for the AI in file aiFile, whose folder it may read; the AI's
// printed output goes to a log of o.LogLimit bytes (Output). It returns
// once the driver has said hello.
func StartProcess(o Options, aiFile string, driver []byte) (*Process, error) {
	o = o.withDefaults()
	abs, err := filepath.Abs(aiFile)
	if err != nil {
		return nil, err
	}
	log := newCapLog(o.LogLimit)
	p := startForked(o, abs, log, driver)
	if p == nil {
		if p, err = startDriver(o, abs, log, driver); err != nil {
			return nil, err
		}
	}
	return &Process{p: p, log: log}, nil
}

// startForked starts the process as a child of an idle fork server of the
// AI's file and driver (or a new one), which it holds until it ends: nil
// where that cannot be, for a fresh interpreter instead.
func startForked(o Options, aiFile string, log *capLog, driver []byte) *process {
	if !forkable(o) || driver == nil {
		return nil
	}
	key := zygoteKey(o, aiFile, driver)
	z := takeZygote(key)
	if z == nil {
		var err error
		if z, err = startZygote(o, aiFile, driver); err != nil {
			return nil
		}
	}
	p, err := z.fork(o.HookTimeout, log, func() { putZygote(key, z) })
	if err != nil {
		z.kill()
		return nil
	}
	return p
}

// StartModule starts a process running driver for the AI in file path
// (shown as shown in messages) and has the driver import it: the driver's
// first request, 'C', carries ProcessConfig, and the driver answers 'K'
// once the module is loaded, 'E' with the traceback when the import
// raised, 'X' with a message when the file is not a course AI. Every
// failure is an error naming the file; the process is then gone.
func StartModule(o Options, path, shown string, driver []byte) (*Process, error) {
	o = o.withDefaults()
	proc, err := StartProcess(o, path, driver)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", shown, err)
	}
	cfg, err := ProcessConfig(path, shown, o)
	if err != nil {
		proc.Kill()
		proc.Wait()
		return nil, err
	}
	body, _ := json.Marshal(cfg)
	rep, _, err := proc.Call('C', body, o.HookTimeout)
	switch {
	case errors.Is(err, ErrProcessTimeout):
		err = fmt.Errorf("%s: the import did not finish within %v", shown, o.HookTimeout)
	case err != nil:
		err = fmt.Errorf("%s: %v during the import", shown, err)
	case rep.Kind == 'X':
		msg, _, _ := strings.Cut(strings.TrimSpace(string(rep.Body)), "\n")
		err = errors.New(msg)
	case rep.Kind == 'E':
		err = fmt.Errorf("%s: the import raised an exception: %s", shown, lastLine(string(rep.Body)))
	case rep.Kind != 'K':
		err = fmt.Errorf("%s: protocol error: reply %q to the configuration", shown, rep.Kind)
	}
	if err != nil {
		proc.Kill()
		proc.Wait()
		return nil, err
	}
	if proc.p.cmd == nil && !strings.Contains(seccompOf(rep.Body), "no new processes") {
		// Without the filter a forked child could leave processes in its
		// fork server's sandbox: a fresh interpreter instead.
		proc.Kill()
		proc.Wait()
		o.noFork = true
		return StartModule(o, path, shown, driver)
	}
	return proc, nil
}

// Call sends a request of kind with body and waits for the reply at most
// limit. A time-out kills the process (ErrProcessTimeout); a process that
// ended gives a *ProcessDied.
func (p *Process) Call(kind byte, body []byte, limit time.Duration) (ProcessReply, time.Duration, error) {
	p.buf = append(append(p.buf[:0], make([]byte, headerSize)...), body...)
	rep, elapsed, err := p.p.call(kind, p.buf, limit)
	return exported(rep, elapsed, err)
}

// exported turns a call's reply and error into what the package's users
// see: ErrProcessTimeout for a time-out, a *ProcessDied for a process that
// ended.
func exported(rep reply, elapsed time.Duration, err error) (ProcessReply, time.Duration, error) {
	var to errTimeout
	var dd errDied
	switch {
	case errors.As(err, &to):
		return ProcessReply{}, elapsed, ErrProcessTimeout
	case errors.As(err, &dd):
		return ProcessReply{}, elapsed, &ProcessDied{dd.status}
	case err != nil:
		return ProcessReply{}, elapsed, err
	}
	return ProcessReply{rep.kind, rep.body}, elapsed, nil
}

// seccompOf is what the driver's K reply says its seccomp filter denies.
func seccompOf(body []byte) string {
	var info driverInfo
	json.Unmarshal(body, &info)
	return info.Seccomp
}

// Alive reports whether the process has not ended.
func (p *Process) Alive() bool { return p.p.alive() }

// Kill ends the process and its process group; its folder is removed once
// it has ended. Any goroutine may call it, any number of times.
func (p *Process) Kill() { p.p.kill() }

// Wait waits until the process has ended (after Kill, or on its own).
func (p *Process) Wait() { p.p.wait() }

// Output is what the AI printed (stdout and stderr together), capped at
// Options.LogLimit: its first and last half.
func (p *Process) Output() string {
	p.p.out.sync()
	return p.log.String()
}

// Note adds a line of the runner's own to the output log.
func (p *Process) Note(format string, a ...any) { p.log.note(format, a...) }

// LastLine is the last non-empty line of a traceback: the exception.
func LastLine(traceback string) string { return lastLine(traceback) }
