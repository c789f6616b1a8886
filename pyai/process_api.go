package pyai

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// Process is an AI process for another course game than paper.io: a Python
// interpreter running that game's own driver, contained as a Player's
// process is (resource limits and the seccomp filter once the driver
// applies Config, a fresh directory, a clean environment, a process group
// of its own, and bwrap where it works), and spoken to over the same
// framing: requests on fd 3 and replies on fd 4, each
//
//	uint32 length | kind byte | uint32 sequence | payload
//
// (little-endian, the length counting what follows it), the driver's hello
// ('H') first. The game's driver runs as driver.py, with pyai's own driver
// beside it as the module pyai_driver, whose containment functions (limits,
// seccomp, course_violations, load_module) it imports. A Process is used by
// one goroutine at a time; Kill may be called from any.
type Process struct {
	cmd      *exec.Cmd
	dir      string
	req, rep *os.File
	seq      uint32 // of the last request
	lastSeq  uint32 // of the last reply
	exited   chan struct{}
	status   string // how it ended, set before exited is closed
	killOnce sync.Once
	log      *capLog
	out      *pump
}

// ProcessReply is a driver's reply: its kind byte and payload.
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
	p := &Process{dir: dir, exited: make(chan struct{}), log: newCapLog(o.LogLimit)}
	if err := p.start(o, python, bwrap, abs, driver); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return p, nil
}

func (p *Process) start(o Options, python, bwrap, aiFile string, driver []byte) error {
	driverDir, work := filepath.Join(p.dir, "driver"), filepath.Join(p.dir, "work")
	for _, d := range []string{driverDir, work} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return err
		}
	}
	script := filepath.Join(driverDir, "driver.py")
	if err := os.WriteFile(script, driver, 0o444); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(driverDir, "pyai_driver.py"), driverSource, 0o444); err != nil {
		return err
	}
	argv := []string{python, "-I", "-u", "-B", script}
	if bwrap != "" {
		argv = append(bwrapArgs(bwrap, filepath.Dir(aiFile), driverDir, work), argv...)
	}
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		if r, w, err = os.Pipe(); err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	reqR, reqW, err1 := pipe()
	repR, repW, err2 := pipe()
	outR, outW, err3 := pipe()
	if err := errors.Join(err1, err2, err3); err != nil {
		closeAll()
		return err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = work
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + work, "TMPDIR=" + work, "LANG=C.UTF-8"}
	cmd.Stdout, cmd.Stderr = outW, outW
	cmd.ExtraFiles = []*os.File{reqR, repW}
	cmd.SysProcAttr = procAttr()
	err := cmd.Start()
	reqR.Close()
	repW.Close()
	outW.Close()
	if err != nil {
		reqW.Close()
		repR.Close()
		outR.Close()
		return fmt.Errorf("starting %s: %v", python, err)
	}
	p.cmd, p.req, p.rep = cmd, reqW, repR
	p.out = startPump(outR, p.log)
	go func() {
		err := cmd.Wait()
		p.status, _ = describeExit(cmd, err, bwrap != "")
		close(p.exited)
		// A reply being read is cut short soon, even if something the AI
		// started still holds the pipe open.
		p.rep.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	}()
	p.rep.SetReadDeadline(time.Now().Add(o.HookTimeout))
	if rep, err := p.read(); err != nil || rep.Kind != 'H' {
		p.Kill()
		<-p.exited
		p.out.finish(time.Second)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("the driver did not start within %v", o.HookTimeout)
		}
		return fmt.Errorf("the driver did not start (%s): %s", p.status, lastLine(p.log.String()))
	}
	return nil
}

// Call sends a request of kind with body and waits for the reply at most
// limit. elapsed runs from just before the request is written until the
// reply is in. On time-out the process is killed and ErrProcessTimeout
// returned; if the process ends, a *ProcessDied.
func (p *Process) Call(kind byte, body []byte, limit time.Duration) (rep ProcessReply, elapsed time.Duration, err error) {
	p.seq++
	msg := make([]byte, 9, 9+len(body))
	binary.LittleEndian.PutUint32(msg, uint32(len(body)+5))
	msg[4] = kind
	binary.LittleEndian.PutUint32(msg[5:], p.seq)
	msg = append(msg, body...)
	start := time.Now()
	deadline := start.Add(limit)
	p.req.SetWriteDeadline(deadline)
	if _, err := p.req.Write(msg); err != nil {
		return rep, time.Since(start), p.failed(err)
	}
	p.rep.SetReadDeadline(deadline)
	rep, err = p.read()
	elapsed = time.Since(start)
	if err != nil {
		return rep, elapsed, p.failed(err)
	}
	if p.lastSeq != p.seq {
		p.Kill()
		return rep, elapsed, errors.New("protocol violation: a reply out of turn")
	}
	return rep, elapsed, nil
}

// read reads one reply, within the read deadline set on the pipe.
func (p *Process) read() (ProcessReply, error) {
	var head [4]byte
	if _, err := io.ReadFull(p.rep, head[:]); err != nil {
		return ProcessReply{}, err
	}
	n := binary.LittleEndian.Uint32(head[:])
	if n < 5 || n > maxReply {
		return ProcessReply{}, fmt.Errorf("protocol error: reply of %d bytes", n)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(p.rep, buf); err != nil {
		return ProcessReply{}, err
	}
	p.lastSeq = binary.LittleEndian.Uint32(buf[1:5])
	return ProcessReply{Kind: buf[0], Body: buf[5:]}, nil
}

// failed turns an error on the pipes into ErrProcessTimeout or a
// *ProcessDied; the process is killed either way.
func (p *Process) failed(err error) error {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		select {
		case <-p.exited:
			return p.died()
		default:
		}
		p.Kill()
		return ErrProcessTimeout
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed) {
		return p.died()
	}
	p.Kill()
	return err
}

func (p *Process) died() error {
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
		p.Kill()
		<-p.exited
	}
	return &ProcessDied{p.status}
}

// Alive reports whether the process has not ended.
func (p *Process) Alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// Kill ends the process and its process group and removes its folder.
// Any goroutine may call it, any number of times.
func (p *Process) Kill() {
	p.killOnce.Do(func() {
		pgid := p.cmd.Process.Pid
		syscall.Kill(-pgid, syscall.SIGKILL)
		p.req.Close()
		p.rep.Close()
		go func() {
			<-p.exited
			syscall.Kill(-pgid, syscall.SIGKILL)
			os.RemoveAll(p.dir)
		}()
	})
}

// Wait waits until the process has ended (after Kill, or on its own).
func (p *Process) Wait() { <-p.exited }

// Output is what the AI printed (stdout and stderr together), capped at
// Options.LogLimit: its first and last half.
func (p *Process) Output() string {
	if p.out != nil && p.Alive() {
		p.out.sync()
	}
	return p.log.String()
}

// Note adds a line of the runner's own to the output log.
func (p *Process) Note(format string, a ...any) { p.log.note(format, a...) }

// LastLine is the last non-empty line of a traceback: the exception.
func LastLine(traceback string) string { return lastLine(traceback) }
