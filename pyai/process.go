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
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// driverSource is pyai's driver, pyai_driver.py: what every game's driver
// builds on, and the driver itself of a process started with none (it
// serves C and N alone).
//
//go:embed pyai_driver.py
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
	head    [headerSize]byte

	// Writing requests (see send).
	wc       syscall.RawConn // of req
	writeNow func(uintptr) bool
	wmsg     []byte
	wn       int
	werr     error

	// Reading replies (see readReply and wait_*.go).
	rc        syscall.RawConn // of rep
	rbuf      []byte          // read, not yet consumed from roff on
	roff      int
	deadline  time.Time // of the reply being read
	spinUntil time.Time // poll the pipe until then (see spin)
	pinned    int       // 1 + the CPU the process is pinned to, 0 for none
	pids      []int     // the members of its group, when first pinned
	waiter    waiter    // how this system waits for the pipe

	killOnce sync.Once
	gone     chan struct{} // closed once its folder is removed (not for a forked child)
	dropOnce sync.Once
	log      *capLog
	out      *pump // the AI's output

	// A child of a fork server (cmd is then nil): its pidfd and its
	// process id here.
	zyg     *zygote
	pidfd   int
	pid     int
	release func() // if not nil, called as it ends: its server is free
	endOnce sync.Once
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

// prepare finds the interpreter and, unless o turns the sandbox off, bwrap,
// and makes the process's temporary folder (prefix: its name's start) with
// its driver/ and work/ folders. The caller removes the folder.
func prepare(o Options, prefix string) (python, bwrap, dir string, err error) {
	if python, err = resolvePython(o.Python); err != nil {
		return "", "", "", err
	}
	if o.Sandbox != SandboxOff {
		bwrap, err = findBwrap(python)
		if err != nil && o.Sandbox == SandboxOn {
			return "", "", "", err
		}
	}
	if dir, err = os.MkdirTemp("", prefix); err != nil {
		return "", "", "", err
	}
	for _, d := range []string{"driver", "work"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			os.RemoveAll(dir)
			return "", "", "", err
		}
	}
	return python, bwrap, dir, nil
}

// command is the contained process's command: argv run in work, with an
// environment of its own that names nothing of the runner's.
func command(argv []string, work string) *exec.Cmd {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = work
	cmd.Env = []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + work,
		"TMPDIR=" + work,
		"LANG=C.UTF-8",
	}
	return cmd
}

// startDriver starts the interpreter with script as its driver (nil: pyai's
// own), its protocol pipes on fds 3 and 4 and its output going to log;
// pyai's driver lies beside it as the module pyai_driver, whose framing and
// containment a game's driver imports.
func startDriver(o Options, aiFile string, log *capLog, script []byte) (*process, error) {
	python, bwrap, dir, err := prepare(o, "paperio-ai-")
	if err != nil {
		return nil, err
	}
	p := &process{dir: dir, done: make(chan struct{}), exited: make(chan struct{}), gone: make(chan struct{}), log: log}
	fail := func(err error) (*process, error) {
		os.RemoveAll(dir)
		return nil, err
	}
	driverDir, work := filepath.Join(dir, "driver"), filepath.Join(dir, "work")
	driver := filepath.Join(driverDir, "driver.py")
	if err := writeDrivers(driverDir, script); err != nil {
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
	repR, repW, err := quietPipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return fail(err)
	}
	outR, outW, err := quietPipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		repR.Close()
		repW.Close()
		return fail(err)
	}
	if err := p.waiter.init(p); err != nil {
		for _, f := range []*os.File{reqR, reqW, repR, repW, outR, outW} {
			f.Close()
		}
		return fail(err)
	}
	cmd := command(argv, work)
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
		p.waiter.close()
		return fail(fmt.Errorf("starting %s: %v", python, err))
	}
	p.cmd, p.req, p.rep = cmd, reqW, repR
	p.rc, _ = repR.SyscallConn()
	p.wc, _ = reqW.SyscallConn()
	p.writeNow = p.write
	p.out = startPump(outR, log)
	owners.add(p)
	go func() {
		err := cmd.Wait()
		var sig syscall.Signal
		p.status, sig = describeExit(cmd, err, bwrap != "")
		p.cpuXcd = sig == syscall.SIGXCPU
		close(p.exited)
		// A reply being read is cut short (after what the process wrote
		// before it ended), even if something the AI started still holds
		// the pipe open.
		p.waiter.wake()
		p.dropFolder()
	}()
	// The driver says hello before any AI code runs: the members of the
	// process group at that moment are the interpreter and the sandbox,
	// everything later is the AI's.
	if err := p.hello(o.HookTimeout, log); err != nil {
		return nil, err
	}
	if o.MaxProcesses > 0 {
		p.keep = map[int]bool{}
		for _, pid := range groupMembers(cmd.Process.Pid) {
			p.keep[pid] = true
		}
	}
	return p, nil
}

// hello waits for the driver's hello; without it the process is killed.
func (p *process) hello(limit time.Duration, log *capLog) error {
	p.deadline = time.Now().Add(limit)
	if rep := p.readReply(); rep.err != nil || rep.kind != 'H' {
		p.kill()
		p.wait()
		p.out.finish(time.Second)
		p.clearFolder()
		if errors.Is(rep.err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("the driver did not start within %v", limit)
		}
		return fmt.Errorf("the driver did not start (%s): %s", p.status, lastLine(log.String()))
	}
	return nil
}

// members are the process ids (here) of the process: its group's (the
// interpreter, the sandbox's, what the AI started), or a forked child.
func (p *process) members() []int {
	if p.cmd == nil {
		if p.pid > 0 {
			return []int{p.pid}
		}
		return nil
	}
	return groupMembers(p.cmd.Process.Pid)
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

// headerSize is the size of a message's header: uint32 length (of what
// follows it), type byte, uint32 sequence number.
const headerSize = 9

// Waiting for a reply: the caller sleeps in ppoll(2) until the reply
// comes or the deadline passes (see waiter). Polling the pipe first, so
// that the caller's CPU does not go idle and need waking (slow on a
// virtual machine), was measured slower on two CPUs: the polling takes the
// CPU the AI processes need. spin turns it on, for up to that long per
// reply, for BenchmarkFullGame's comparison.
var spin time.Duration

// call sends a request and waits for its reply at most limit. msg is the
// whole request: headerSize bytes of room for the header, then the body.
// On time out the process is killed and errTimeout returned; if the
// process ends, errDied. elapsed runs from just before the request is
// written to the moment the reply is in. The reply's body is only valid
// until the next call.
func (p *process) call(kind byte, msg []byte, limit time.Duration) (rep reply, elapsed time.Duration, err error) {
	if msg == nil {
		msg = p.head[:]
	}
	p.seq++
	binary.LittleEndian.PutUint32(msg, uint32(len(msg)-4))
	msg[4] = kind
	binary.LittleEndian.PutUint32(msg[5:], p.seq)
	start := time.Now()
	deadline := start.Add(limit)
	if err := p.send(msg, deadline); err != nil {
		return rep, time.Since(start), p.failed(err, limit)
	}
	p.deadline, p.spinUntil = deadline, time.Time{}
	if spin > 0 {
		p.spinUntil = time.Now().Add(spin)
	}
	p.waiter.fresh = true
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

// The pipes are read and written with raw system calls: both of the Go
// side's ends are non-blocking, so such a call never blocks, and unlike
// syscall.Read and Write it does not tell the scheduler that the thread
// may block, which woke the runtime's monitor thread on every move. The
// callbacks are method values made once, so that a move allocates
// nothing.

// send writes a request. The pipe nearly always has room for all of it,
// so it is written at once, without arming the write deadline's timer;
// only a request that does not fit waits, until deadline.
func (p *process) send(msg []byte, deadline time.Time) error {
	p.wmsg, p.wn, p.werr = msg, 0, nil
	err := p.wc.Write(p.writeNow)
	n, werr := p.wn, p.werr
	p.wmsg = nil
	switch {
	case err != nil:
		return pollError(err)
	case werr != nil && werr != syscall.EAGAIN:
		return werr
	case n == len(msg):
		return nil
	}
	p.req.SetWriteDeadline(deadline)
	_, err = p.req.Write(msg[n:])
	return err
}

// write is send's write (p.writeNow).
func (p *process) write(fd uintptr) bool {
	for p.wn < len(p.wmsg) {
		b := p.wmsg[p.wn:]
		k, _, e := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		switch e {
		case 0:
			p.wn += int(k)
		case syscall.EINTR:
		default:
			p.werr = e
			return true
		}
	}
	return true
}

// readReply reads one reply, by p.deadline. A
// reply usually comes in one read; bytes after it (something other than
// the driver wrote them) are kept for the next reply.
func (p *process) readReply() (rep reply) {
	p.rbuf = p.rbuf[:copy(p.rbuf, p.rbuf[p.roff:])]
	p.roff = 0
	if err := p.fill(4); err != nil {
		rep.err = err
		return
	}
	n := int(binary.LittleEndian.Uint32(p.rbuf))
	if n < 5 || n > maxReply {
		rep.err = fmt.Errorf("protocol error: reply of %d bytes", n)
		return
	}
	if err := p.fill(4 + n); err != nil {
		rep.err = err
		return
	}
	b := p.rbuf[4 : 4+n]
	p.roff = 4 + n
	rep.kind, rep.seq, rep.body = b[0], binary.LittleEndian.Uint32(b[1:5]), b[5:]
	return
}

// fill reads until p.rbuf holds at least n bytes, by p.deadline.
func (p *process) fill(n int) error {
	if cap(p.rbuf) < n || cap(p.rbuf) < 4096 {
		p.rbuf = append(make([]byte, 0, max(n, 2*cap(p.rbuf), 4096)), p.rbuf...)
	}
	for len(p.rbuf) < n {
		k, err := p.waiter.read(p.rbuf[len(p.rbuf):cap(p.rbuf)])
		switch {
		case err != nil:
			return err
		case k == 0 && len(p.rbuf) > 0:
			return io.ErrUnexpectedEOF
		case k == 0:
			return io.EOF
		}
		p.rbuf = p.rbuf[:len(p.rbuf)+k]
	}
	return nil
}

// rawRead reads what the pipe fd holds into b, without blocking:
// syscall.EAGAIN when it is empty.
func rawRead(fd uintptr, b []byte) (int, syscall.Errno) {
	for {
		k, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		if e != syscall.EINTR {
			return int(k), e
		}
	}
}

// spinning reports whether the reader should poll the pipe once more
// rather than wait (see spin).
func (p *process) spinning() bool {
	if p.spinUntil.IsZero() {
		return false
	}
	if time.Now().After(p.spinUntil) {
		p.spinUntil = time.Time{}
		return false
	}
	return true
}

// pollError is an error of the poller as os.File's methods give it: a
// deadline passed, or the file was closed (by kill).
func pollError(err error) error {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return os.ErrDeadlineExceeded
	}
	return os.ErrClosed
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

// alive reports whether the process has not ended (nor, for a forked
// child, its fork server, which takes its children along).
func (p *process) alive() bool {
	select {
	case <-p.exited:
		return false
	case <-p.done:
		return false
	default:
		return p.zyg == nil || p.zyg.alive()
	}
}

// kill ends the process and everything in its process group, then
// removes its directory. Safe to call from any goroutine, any number of
// times.
func (p *process) kill() {
	p.killOnce.Do(func() {
		close(p.done)
		if p.cmd == nil {
			p.killChild()
			return
		}
		pgid := p.cmd.Process.Pid
		syscall.Kill(-pgid, syscall.SIGKILL)
		p.waiter.wake() // a reader waiting for a reply stops
		p.req.Close()
		p.rep.Close()
		p.waiter.close()
		go func() {
			<-p.exited
			// Whatever the AI started and moved out of the group is gone
			// with the sandbox's process tree; members left in the group
			// are killed once more in case they raced the first signal.
			syscall.Kill(-pgid, syscall.SIGKILL)
			p.dropFolder()
		}()
	})
}

// dropFolder is called once the process (not a forked child) has ended:
// what the AI started and left in its group is killed, and its folder is
// removed. The first call counts.
func (p *process) dropFolder() {
	p.dropOnce.Do(func() {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		os.RemoveAll(p.dir)
		close(p.gone)
		owners.remove(p)
	})
}

// removed is closed once the folder of a process that is not a forked
// child is removed.
func (p *process) removed() <-chan struct{} { return p.gone }

// clearFolder returns once the folder of the ended process is removed.
func (p *process) clearFolder() {
	if p.zyg != nil {
		os.RemoveAll(p.dir)
		return
	}
	<-p.gone
}

// killChild is kill for a child of a fork server: it cannot start
// processes, so it is all there is to kill.
func (p *process) killChild() {
	pidfdKill(p.pidfd)
	p.waiter.wake()
	p.req.Close()
	p.rep.Close()
	p.waiter.close()
	go func() {
		select {
		case <-p.exited:
		case <-time.After(time.Second):
			// Its server has not said how it ended (a child may have
			// stopped it): the kill is how, once the kernel says so.
			pidfdWait(p.pidfd, 5*time.Second)
			p.ended("killed by signal 9, killed", false)
		}
		z := p.zyg
		z.mu.Lock()
		for id, c := range z.children {
			if c == p {
				delete(z.children, id)
			}
		}
		fd := p.pidfd
		p.pidfd = -1
		z.mu.Unlock()
		syscall.Close(fd)
		os.RemoveAll(p.dir)
	}()
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
	rep, _, err := p.call('C', append(make([]byte, headerSize), body...), limit)
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
