package pyai

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

//go:embed launcher.py
var launcherSource []byte

// Stdio is an executable player's process (any language): it reads its
// messages on standard input and writes its answers on standard output,
// one line each, and what it writes on standard error goes to a capped log
// (Output). It is contained as a course AI's process is: resource limits
// and the seccomp filter (no new processes, other processes out of reach,
// no network sockets), applied by a small Python launcher (launcher.py)
// before it executes the program;
// a fresh working directory, a clean environment, a session and process
// group of its own; bwrap where it works (no network, a read-only view of
// the filesystem). Options.CourseRules and TimeBudget do not apply: the
// caller times each call. A Stdio is used by one goroutine at a time; Kill
// may be called from any.
type Stdio struct {
	p       *process
	log     *capLog
	scanned int // bytes after p.roff already searched for the line's end
}

// LineTooLong is returned by Call when an answer line passes its limit;
// the process has been killed.
type LineTooLong struct{ Limit int }

func (e *LineTooLong) Error() string {
	return fmt.Sprintf("an answer line longer than %d bytes", e.Limit)
}

// StartStdio starts argv[0] (an executable file) with the arguments
// argv[1:], contained by o. It returns once the process is started; the
// program has not necessarily begun to run.
func StartStdio(o Options, argv []string) (*Stdio, error) {
	o = o.withDefaults()
	prog, err := filepath.Abs(argv[0])
	if err != nil {
		return nil, err
	}
	python, bwrap, dir, err := prepare(o, "paperio-exec-")
	if err != nil {
		return nil, err
	}
	p := &process{dir: dir, done: make(chan struct{}), exited: make(chan struct{}), gone: make(chan struct{})}
	log := newCapLog(o.LogLimit)
	p.log = log
	fail := func(err error, files ...*os.File) (*Stdio, error) {
		for _, f := range files {
			f.Close()
		}
		os.RemoveAll(dir)
		return nil, err
	}
	driverDir, work := filepath.Join(dir, "driver"), filepath.Join(dir, "work")
	launcher := filepath.Join(driverDir, "launcher.py")
	if err := os.WriteFile(filepath.Join(driverDir, "pyai_driver.py"), driverSource, 0o444); err != nil {
		return fail(err)
	}
	if err := os.WriteFile(launcher, launcherSource, 0o444); err != nil {
		return fail(err)
	}
	cfg := config(prog, argv[0], o)
	cfg["allow_exec"] = true
	cfgJSON, _ := json.Marshal(cfg)
	args := append([]string{python, "-I", "-S", "-B", launcher, string(cfgJSON), prog}, argv[1:]...)
	if bwrap != "" {
		args = append(bwrapArgs(bwrap, filepath.Dir(prog), driverDir, work), args...)
		p.sandbox = "bwrap"
	}

	inR, inW, err := os.Pipe()
	if err != nil {
		return fail(err)
	}
	outR, outW, err := quietPipe()
	if err != nil {
		return fail(err, inR, inW)
	}
	errR, errW, err := quietPipe()
	if err != nil {
		return fail(err, inR, inW, outR, outW)
	}
	if err := p.waiter.init(p); err != nil {
		return fail(err, inR, inW, outR, outW, errR, errW)
	}
	cmd := command(args, work)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = procAttr()
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		p.waiter.close()
		return fail(fmt.Errorf("starting %s: %v", argv[0], err), inW, outR, errR)
	}
	p.cmd, p.req, p.rep = cmd, inW, outR
	p.rc, _ = outR.SyscallConn()
	p.wc, _ = inW.SyscallConn()
	p.writeNow = p.write
	if o.StderrDir != "" {
		log.keepIn(filepath.Join(o.StderrDir, StderrFile(argv[0], cmd.Process.Pid, time.Now())), o.FileSizeLimit)
	}
	p.out = startPump(errR, log)
	owners.add(p)
	go func() {
		err := cmd.Wait()
		var sig syscall.Signal
		p.status, sig = describeExit(cmd, err, bwrap != "")
		p.cpuXcd = sig == syscall.SIGXCPU
		close(p.exited)
		p.waiter.wake()
		p.dropFolder()
	}()
	return &Stdio{p: p, log: log}, nil
}

// Send writes msg (whole lines) to the process's standard input, waiting
// at most limit for room in the pipe. A process that ended gives a
// *ProcessDied, a full pipe past the limit ErrProcessTimeout (the process
// is then killed).
func (s *Stdio) Send(msg []byte, limit time.Duration) error {
	if err := s.p.send(msg, time.Now().Add(limit)); err != nil {
		return s.fault(s.p.failed(err, limit))
	}
	return nil
}

// Call sends msg and reads one answer line, both within limit: the line,
// without its end, is valid until the next call. elapsed runs from just
// before msg is written to the moment the line is in. An answer line
// longer than maxLine kills the process (*LineTooLong); so does a time-out
// (ErrProcessTimeout); a process that ended gives a *ProcessDied.
func (s *Stdio) Call(msg []byte, limit time.Duration, maxLine int) (line []byte, elapsed time.Duration, err error) {
	start := time.Now()
	p := s.p
	p.deadline, p.spinUntil = start.Add(limit), time.Time{}
	if err := p.send(msg, p.deadline); err != nil {
		return nil, time.Since(start), s.fault(p.failed(err, limit))
	}
	line, err = s.readLine(maxLine)
	elapsed = time.Since(start)
	var tl *LineTooLong
	switch {
	case errors.As(err, &tl):
		p.kill()
		return nil, elapsed, err
	case err != nil:
		return nil, elapsed, s.fault(p.failed(err, limit))
	}
	return line, elapsed, nil
}

// readLine reads up to the next '\n', by p.deadline.
func (s *Stdio) readLine(maxLine int) ([]byte, error) {
	p := s.p
	for {
		if i := bytes.IndexByte(p.rbuf[p.roff+s.scanned:], '\n'); i >= 0 {
			end := p.roff + s.scanned + i
			line := p.rbuf[p.roff:end]
			p.roff, s.scanned = end+1, 0
			return line, nil
		}
		s.scanned = len(p.rbuf) - p.roff
		if s.scanned > maxLine {
			return nil, &LineTooLong{maxLine}
		}
		if p.roff > 0 {
			p.rbuf = p.rbuf[:copy(p.rbuf, p.rbuf[p.roff:])]
			p.roff = 0
		}
		if err := p.fill(len(p.rbuf) + 1); err != nil {
			return nil, err
		}
	}
}

// Unread is how many bytes the process wrote to its standard output that
// no Call has read: after an answer, what it wrote out of turn.
func (s *Stdio) Unread() int {
	p := s.p
	if p.roff > 0 {
		p.rbuf = p.rbuf[:copy(p.rbuf, p.rbuf[p.roff:])]
		p.roff = 0
	}
	if cap(p.rbuf)-len(p.rbuf) < 512 {
		p.rbuf = append(make([]byte, 0, 2*cap(p.rbuf)+4096), p.rbuf...)
	}
	p.rc.Control(func(fd uintptr) {
		if k, e := rawRead(fd, p.rbuf[len(p.rbuf):cap(p.rbuf)]); e == 0 {
			p.rbuf = p.rbuf[:len(p.rbuf)+k]
		}
	})
	return len(p.rbuf)
}

// fault turns the process's errors into the exported ones.
func (s *Stdio) fault(err error) error {
	var to errTimeout
	var dd errDied
	switch {
	case errors.As(err, &to):
		return ErrProcessTimeout
	case errors.As(err, &dd):
		return &ProcessDied{dd.status}
	}
	return err
}

// CPUExceeded reports whether the process was ended by its CPU-time limit.
func (s *Stdio) CPUExceeded() bool {
	select {
	case <-s.p.exited:
		return s.p.cpuXcd
	default:
		return false
	}
}

// Sandboxed reports whether the process runs under bwrap.
func (s *Stdio) Sandboxed() bool { return s.p.sandbox != "" }

// Alive reports whether the process has not ended.
func (s *Stdio) Alive() bool { return s.p.alive() }

// Kill ends the process and its process group; its folder is removed once
// it has ended. Any goroutine may call it, any number of times.
func (s *Stdio) Kill() { s.p.kill() }

// Close kills the process and returns once it has ended and its folder is
// removed, so that a program that exits next leaves nothing behind. Safe
// to call from any goroutine, any number of times.
func (s *Stdio) Close() {
	s.p.kill()
	<-s.p.removed()
	if s.log.keeping() {
		s.p.out.finish(100 * time.Millisecond)
		s.log.closeFile()
	}
}

// Finish ends the process gently: its standard input is closed, so that a
// program reading it comes to the end of its input, and it has up to grace
// to exit before it is killed (Close). It returns once the process has
// ended and its folder is removed.
func (s *Stdio) Finish(grace time.Duration) {
	if p := s.p; p.alive() {
		p.req.Close()
		t := time.NewTimer(grace)
		select {
		case <-p.exited:
		case <-t.C:
		}
		t.Stop()
	}
	s.Close()
}

// Wait waits until the process has ended (after Kill, or on its own), and
// reads what is left of its log.
func (s *Stdio) Wait() {
	s.p.wait()
	s.p.out.finish(100 * time.Millisecond)
}

// StderrFile is the name of the file in Options.StderrDir that keeps the
// standard error of program's process pid, started at t:
// STEM-YYYYMMDD-HHMMSS-PID.log, STEM the program's file name without its
// extension.
func StderrFile(program string, pid int, t time.Time) string {
	stem := filepath.Base(program)
	if ext := filepath.Ext(stem); ext != "" && ext != stem {
		stem = stem[:len(stem)-len(ext)]
	}
	return fmt.Sprintf("%s-%s-%d.log", stem, t.Format("20060102-150405"), pid)
}

// StderrPath is the file that keeps the process's standard error
// (Options.StderrDir), "" when none does.
func (s *Stdio) StderrPath() string { return s.log.path() }

// Output is what the process wrote on standard error, capped at
// Options.LogLimit (its first and last half), with the runner's notes.
func (s *Stdio) Output() string {
	s.p.out.sync()
	return s.log.String()
}

// Note adds a line of the runner's own to the log.
func (s *Stdio) Note(format string, a ...any) {
	s.p.out.sync()
	s.log.note(format, a...)
}
