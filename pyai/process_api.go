package pyai

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// The process of a course AI of another game: the game brings its own
// Python driver, and this package runs it as it runs its own — the same
// interpreter flags, bwrap sandbox, limits, seccomp filter, working
// directory, capped output and message framing (see driver.py: uint32
// length | type byte | uint32 sequence | payload, hello 'H' first, 'C'
// configures and imports, 'F' is the driver's own failure). The game's
// driver is written as driver.py next to this package's driver, saved as
// pyai_driver.py, which it may import (after adding its folder to
// sys.path) to share its framing, its error capture and its containment.

// Process is a course AI's process running a game's driver. Its methods
// are for one goroutine at a time, except Close.
type Process struct {
	p     *process
	log   *capLog
	shown string
}

// StartProcess starts the AI in file path under driver (the Python source
// of the game's driver) and configures it: a 'C' request with this
// package's configuration (path, display, name, course_rules,
// deny_processes, deny_network, limits) plus extra, answered K (ok, JSON),
// X (a refusal line) or E (the traceback of an exception in the import),
// within opts' HookTimeout. A file that cannot be used is an error of one
// line naming it (a *Refusal, an *ImportError).
func StartProcess(path string, opts Options, driver []byte, extra map[string]any) (*Process, error) {
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
	log := newCapLog(opts.LogLimit)
	pr, err := startDriver(opts, abs, driver, log)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	cfg := config(abs, path, opts)
	for k, v := range extra {
		cfg[k] = v
	}
	if err := pr.configure(cfg, opts.HookTimeout); err != nil {
		pr.kill()
		pr.wait()
		return nil, describeStartError(path, err, opts.HookTimeout)
	}
	return &Process{p: pr, log: log, shown: path}, nil
}

// Call sends a request of the given kind and waits at most limit for the
// reply: its kind and body, and the time from the request to the reply. An
// error means the process is gone: killed after limit passed (IsTimeout),
// or dead.
func (pr *Process) Call(kind byte, body []byte, limit time.Duration) (byte, []byte, time.Duration, error) {
	rep, elapsed, err := pr.p.call(kind, body, limit)
	return rep.kind, rep.body, elapsed, err
}

// IsTimeout reports whether a Call failed because its limit passed.
func IsTimeout(err error) bool {
	var to errTimeout
	return errors.As(err, &to)
}

// Alive reports whether the process is running.
func (pr *Process) Alive() bool { return pr.p.alive() }

// Output is what the AI printed, capped as Options.LogLimit says.
func (pr *Process) Output() string {
	pr.p.out.sync()
	return pr.log.String()
}

// Close ends the process and everything it started. It may be called from
// any goroutine, and more than once.
func (pr *Process) Close() error {
	pr.p.kill()
	pr.p.wait()
	pr.p.out.finish(time.Second)
	return nil
}

// startDriver is startProcess with the game's driver as driver.py and
// this package's driver beside it as pyai_driver.py.
func startDriver(o Options, aiFile string, driverSrc []byte, log *capLog) (*process, error) {
	python, err := resolvePython(o.Python)
	if err != nil {
		return nil, err
	}
	var bwrap string
	if o.Sandbox != SandboxOff {
		bwrap, err = findBwrap(python)
		if err != nil && o.Sandbox == SandboxOn {
			return nil, err
		}
	}
	dir, err := os.MkdirTemp("", "paperio-ai-")
	if err != nil {
		return nil, err
	}
	p := &process{dir: dir, done: make(chan struct{}), exited: make(chan struct{}), log: log}
	fail := func(err error) (*process, error) {
		os.RemoveAll(dir)
		return nil, err
	}
	driverDir, work := filepath.Join(dir, "driver"), filepath.Join(dir, "work")
	for _, d := range []string{driverDir, work} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return fail(err)
		}
	}
	driver := filepath.Join(driverDir, "driver.py")
	if err := os.WriteFile(driver, driverSrc, 0o444); err != nil {
		return fail(err)
	}
	if err := os.WriteFile(filepath.Join(driverDir, "pyai_driver.py"), driverSource, 0o444); err != nil {
		return fail(err)
	}
	argv := []string{python, "-I", "-u", "-B", driver}
	if bwrap != "" {
		argv = append(bwrapArgs(bwrap, filepath.Dir(aiFile), driverDir, work), argv...)
		p.sandbox = "bwrap"
	}
	pipes := make([]*os.File, 0, 6)
	closeAll := func() {
		for _, f := range pipes {
			f.Close()
		}
	}
	for range 3 {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			return fail(err)
		}
		pipes = append(pipes, r, w)
	}
	reqR, reqW, repR, repW, outR, outW := pipes[0], pipes[1], pipes[2], pipes[3], pipes[4], pipes[5]
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = work
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + work, "TMPDIR=" + work, "LANG=C.UTF-8"}
	cmd.Stdout, cmd.Stderr = outW, outW
	cmd.ExtraFiles = []*os.File{reqR, repW}
	cmd.SysProcAttr = procAttr() // a session and process group of its own
	err = cmd.Start()
	reqR.Close()
	repW.Close()
	outW.Close()
	if err != nil {
		reqW.Close()
		repR.Close()
		outR.Close()
		return fail(fmt.Errorf("starting %s: %v", python, err))
	}
	p.cmd, p.req, p.rep = cmd, reqW, repR
	p.rc, _ = repR.SyscallConn()
	p.spinScore = 4
	p.out = startPump(outR, log)
	go func() {
		err := cmd.Wait()
		p.status, _ = describeExit(cmd, err, bwrap != "")
		close(p.exited)
		p.rep.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	}()
	p.rep.SetReadDeadline(time.Now().Add(o.HookTimeout))
	if rep := p.readReply(); rep.err != nil || rep.kind != 'H' {
		p.kill()
		p.wait()
		p.out.finish(time.Second)
		os.RemoveAll(dir)
		if errors.Is(rep.err, os.ErrDeadlineExceeded) {
			return nil, fmt.Errorf("the driver did not start within %v", o.HookTimeout)
		}
		return nil, fmt.Errorf("the driver did not start (%s): %s", p.status, lastLine(log.String()))
	}
	if o.MaxProcesses > 0 {
		p.keep = map[int]bool{}
		for _, pid := range groupMembers(cmd.Process.Pid) {
			p.keep[pid] = true
		}
	}
	return p, nil
}
