package pyai

import (
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

//go:embed driver.py
var driverSource []byte

// maxReply bounds a reply from the driver; a longer one is a protocol error.
const maxReply = 8 << 20

// process is one running Python process with the driver and (after
// configure) the AI module loaded. Its methods are used by one goroutine at
// a time, except kill, which any goroutine may call.
type process struct {
	cmd     *exec.Cmd
	dir     string        // temporary directory: driver.py and work/
	req     *os.File      // our end of fd 3
	rep     *os.File      // our end of fd 4
	done    chan struct{} // closed by kill
	exited  chan struct{} // closed when the process has been waited for
	status  string        // how it ended, set before exited is closed
	cpuXcd  bool          // ended by the CPU-time limit
	keep    map[int]bool  // the group's members before any AI code ran
	info    driverInfo
	sandbox string // bwrap or "" (none)
	seq     uint32 // sequence number of the last request

	// Spinning for replies (see spin).
	rc        syscall.RawConn // of rep
	pend      []byte          // bytes read while spinning, not yet consumed
	pendOff   int
	spinScore int
	calls     uint

	killOnce sync.Once
	log      *capLog
	out      *pump // the AI's output
}

type reply struct {
	kind byte
	seq  uint32
	body []byte
	err  error
}

// driverInfo is what the driver says once the module is loaded.
type driverInfo struct {
	PID     int    `json:"pid"`
	Seccomp string `json:"seccomp"`
	Python  string `json:"python"`
}

// errDied is returned by call when the process ended.
type errDied struct{ status string }

func (e errDied) Error() string { return "the AI process died (" + e.status + ")" }

// errTimeout is returned by call when the process did not answer in time;
// the process has been killed.
type errTimeout struct{ limit time.Duration }

func (e errTimeout) Error() string { return fmt.Sprintf("no answer within %v", e.limit) }

// startProcess starts the interpreter with the driver, its protocol pipes
// on fds 3 and 4 and its output going to log.
func startProcess(o Options, aiFile string, log *capLog) (*process, error) {
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
	if err := os.Mkdir(driverDir, 0o755); err != nil {
		return fail(err)
	}
	if err := os.Mkdir(work, 0o755); err != nil {
		return fail(err)
	}
	driver := filepath.Join(driverDir, "driver.py")
	if err := os.WriteFile(driver, driverSource, 0o444); err != nil {
		return fail(err)
	}
	argv := []string{python, "-I", "-u", "-B", driver}
	if bwrap != "" {
		argv = append(bwrapArgs(bwrap, filepath.Dir(aiFile), driverDir, work), argv...)
		p.sandbox = "bwrap"
	}

	reqR, reqW, err := os.Pipe()
	if err != nil {
		return fail(err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return fail(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		repR.Close()
		repW.Close()
		return fail(err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = work
	cmd.Env = []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + work,
		"TMPDIR=" + work,
		"LANG=C.UTF-8",
	}
	cmd.Stdout, cmd.Stderr = outW, outW
	cmd.ExtraFiles = []*os.File{reqR, repW}
	// A session of its own: the AI has no controlling terminal, and its
	// process group (same number as its pid) can be killed as a whole.
	cmd.SysProcAttr = procAttr()
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
		var sig syscall.Signal
		p.status, sig = describeExit(cmd, err, bwrap != "")
		p.cpuXcd = sig == syscall.SIGXCPU
		close(p.exited)
		// A reply being read is cut short soon (not at once: what the
		// process wrote before it ended is still read), even if something
		// the AI started still holds the pipe open.
		p.rep.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	}()
	// The driver says hello before any AI code runs: the members of the
	// process group at that moment are the interpreter and the sandbox,
	// everything later is the AI's.
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

// describeExit says how the process ended, and by which signal if one
// killed it. bwrap reports a signal that killed the AI as exit status
// 128 + the signal's number.
func describeExit(cmd *exec.Cmd, err error, bwrap bool) (string, syscall.Signal) {
	st := cmd.ProcessState
	if st == nil {
		return err.Error(), 0
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok {
		switch {
		case ws.Signaled():
			return fmt.Sprintf("killed by signal %d, %v", int(ws.Signal()), ws.Signal()), ws.Signal()
		case ws.Exited() && bwrap && ws.ExitStatus() > 128 && ws.ExitStatus() < 128+65:
			sig := syscall.Signal(ws.ExitStatus() - 128)
			return fmt.Sprintf("killed by signal %d, %v", int(sig), sig), sig
		case ws.Exited():
			return fmt.Sprintf("exit status %d", ws.ExitStatus()), 0
		}
	}
	return st.String(), 0
}

// Read reads the reply pipe: first what spin read ahead, then the pipe.
func (p *process) Read(b []byte) (int, error) {
	if p.pendOff < len(p.pend) {
		n := copy(b, p.pend[p.pendOff:])
		p.pendOff += n
		return n, nil
	}
	return p.rep.Read(b)
}

// Waiting for a reply: a process answers a play call in tens of
// microseconds, and parking the waiting goroutine to be woken again costs
// about as much, far more on virtual machines, whose idle CPUs wake up
// slowly. So the caller first polls the pipe for a short while, and parks
// only if the answer is slow to come. It backs off for a process whose
// answers keep coming late, and at most half the CPUs poll at once so that
// the AI processes keep theirs.
const spinFor = 200 * time.Microsecond

var (
	spinners    atomic.Int32
	maxSpinners = int32(max(1, runtime.NumCPU()/2))
)

// spin polls the reply pipe for up to spinFor, keeping what it reads for
// readReply.
func (p *process) spin() {
	p.calls++
	if p.rc == nil || (p.spinScore <= 0 && p.calls%64 != 0) {
		return
	}
	if spinners.Add(1) > maxSpinners {
		spinners.Add(-1)
		return
	}
	defer spinners.Add(-1)
	if cap(p.pend) == 0 {
		p.pend = make([]byte, 0, 16<<10)
	}
	end := time.Now().Add(spinFor)
	for {
		n := 0
		var rerr error
		if err := p.rc.Read(func(fd uintptr) bool {
			n, rerr = syscall.Read(int(fd), p.pend[:cap(p.pend)])
			return true
		}); err != nil {
			return
		}
		switch {
		case n > 0:
			p.pend, p.pendOff = p.pend[:n], 0
			p.spinScore = min(8, p.spinScore+1)
			return
		case rerr != syscall.EAGAIN && rerr != syscall.EINTR:
			return // the end of the pipe, or an error: the blocking read will see it
		case time.Now().After(end):
			p.spinScore = max(0, p.spinScore-2)
			return
		}
	}
}

// readReply reads one reply, within the read deadline set on p.rep.
func (p *process) readReply() (rep reply) {
	var head [4]byte
	if _, err := io.ReadFull(p, head[:]); err != nil {
		rep.err = err
		return
	}
	n := binary.LittleEndian.Uint32(head[:])
	if n < 5 || n > maxReply {
		rep.err = fmt.Errorf("protocol error: reply of %d bytes", n)
		return
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(p, buf); err != nil {
		rep.err = err
		return
	}
	rep.kind, rep.seq, rep.body = buf[0], binary.LittleEndian.Uint32(buf[1:5]), buf[5:]
	return
}

// call sends a request and waits for its reply at most limit. On time out
// the process is killed and errTimeout returned; if the process ends,
// errDied. elapsed runs from just before the request is written to the
// moment the reply is in.
func (p *process) call(kind byte, body []byte, limit time.Duration) (rep reply, elapsed time.Duration, err error) {
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
		return rep, time.Since(start), p.failed(err, limit)
	}
	p.rep.SetReadDeadline(deadline)
	p.spin()
	rep = p.readReply()
	elapsed = time.Since(start)
	if rep.err != nil {
		return rep, elapsed, p.failed(rep.err, limit)
	}
	if rep.seq != p.seq {
		// Something other than the driver wrote to its channel.
		p.kill()
		return rep, elapsed, fmt.Errorf("protocol violation: a reply out of turn (something wrote to the driver's channel)")
	}
	if rep.kind == 'F' {
		p.kill()
		return rep, elapsed, fmt.Errorf("driver failure: %s", rep.body)
	}
	return rep, elapsed, nil
}

// failed turns an error on the pipes into errTimeout or errDied; the
// process is killed either way.
func (p *process) failed(err error, limit time.Duration) error {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		select {
		case <-p.exited: // the exit watcher cut the wait short
			return p.died()
		default:
		}
		p.kill()
		return errTimeout{limit}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed) {
		return p.died()
	}
	p.kill()
	return err
}

// died waits for the process's end (briefly: its pipe is closed, so it is
// going) and describes it.
func (p *process) died() error {
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
		p.kill()
		<-p.exited
	}
	return errDied{p.status}
}

// alive reports whether the process has not ended.
func (p *process) alive() bool {
	select {
	case <-p.exited:
		return false
	case <-p.done:
		return false
	default:
		return true
	}
}

// kill ends the process and everything in its process group, then
// removes its directory. Safe to call from any goroutine, any number of
// times.
func (p *process) kill() {
	p.killOnce.Do(func() {
		close(p.done)
		pgid := p.cmd.Process.Pid
		syscall.Kill(-pgid, syscall.SIGKILL)
		p.req.Close()
		p.rep.Close()
		go func() {
			<-p.exited
			// Whatever the AI started and moved out of the group is gone
			// with the sandbox's process tree; members left in the group
			// are killed once more in case they raced the first signal.
			syscall.Kill(-pgid, syscall.SIGKILL)
			os.RemoveAll(p.dir)
		}()
	})
}

// wait waits until the process has ended (after kill).
func (p *process) wait() { <-p.exited }

// configure loads the AI module. A refusal (the file does not parse, has
// no play, breaks the course rules) comes back as a *Refusal.
func (p *process) configure(cfg map[string]any, limit time.Duration) error {
	body, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	rep, _, err := p.call('C', body, limit)
	if err != nil {
		return err
	}
	switch rep.kind {
	case 'K':
		if len(rep.body) > 0 {
			json.Unmarshal(rep.body, &p.info)
		}
		return nil
	case 'X':
		return &Refusal{Msg: strings.TrimSpace(string(rep.body))}
	case 'E':
		return &ImportError{Traceback: string(rep.body)}
	}
	return fmt.Errorf("protocol error: reply %q to configure", rep.kind)
}

// Refusal is the one-line reason an AI file is refused before any game:
// it does not parse, has no play, or breaks the course rules.
type Refusal struct{ Msg string }

func (r *Refusal) Error() string { return r.Msg }

// ImportError is an exception raised while the module was imported.
type ImportError struct {
	Path      string
	Traceback string
}

func (e *ImportError) Error() string {
	return fmt.Sprintf("%s: the import raised an exception: %s", e.Path, lastLine(e.Traceback))
}

// lastLine is the last non-empty line of a traceback: the exception.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
