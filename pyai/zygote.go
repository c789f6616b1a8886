package pyai

import (
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A fork server (zygote.py) is a Python interpreter that has imported a
// game's driver and forks a child per AI process wanted: the child is what a
// fresh "python3 driver.py" would be, without the interpreter's start and
// the driver's imports (most of a new process's cost), nor those of the
// installed modules the AI imports (numpy...), which the server has imported
// once, with one thread. It runs in the sandbox (bwrap) that an AI process
// would have, and its children inherit it; each child applies the limits and
// the seccomp filter itself once it gets its configuration, as a driver
// process does, and imports the AI module, which the server never does, so
// no AI code's state outlives its child. What a child could leave in the
// shared sandbox for the next one is closed off: /tmp and /dev are
// read-only, each child writes in a folder of its own that is emptied before
// the next child, and the filter refuses what outlives a process (System V
// IPC, POSIX message queues, keys) and new processes. A child that crashes,
// exits, loops or takes too much memory is charged as a driver process is;
// the server reports its end and the Go side kills it through a pidfd.
//
// Only for AIs that may not start processes (Options.MaxProcesses 0) on
// Linux: what a child started could outlive it in the server's sandbox.

//go:embed zygote.py
var zygoteSource []byte

// zygote is a running fork server. fork may be called from one goroutine
// at a time; kill from any.
type zygote struct {
	cmd     *exec.Cmd
	dir     string // temporary: driver/ and work/ (the children's folders)
	work    string
	conn    *net.UnixConn
	sandbox string
	log     *capLog
	out     *pump
	exited  chan struct{} // closed once the server has ended
	gone    chan struct{} // closed once, after kill, its folder is removed
	status  string

	mu       sync.Mutex
	children map[uint32]*process // alive, by id
	next     uint32
	born     chan bornMsg
	killOnce sync.Once
}

// zygotePlain turns off the servers' import of the modules their AI
// imports (zygote.py's preimport), for the benchmarks' comparison.
var zygotePlain = false

// forkWait bounds the wait for the server's answer to a fork, which takes
// milliseconds: a server that a child stopped (it may signal it) is given
// up sooner than the import's time limit.
var forkWait = 10 * time.Second

// bornMsg is the server's answer to a fork.
type bornMsg struct {
	id    uint32
	pid   int // in the sandbox
	pidfd int
	err   string
}

// forkable reports whether AIs with options o run as children of a fork
// server here.
func forkable(o Options) bool { return forkSupported && o.MaxProcesses == 0 && !o.noFork }

// startZygote starts a fork server whose children run driver script (nil:
// pyai's own) for the AI in aiFile.
func startZygote(o Options, aiFile string, script []byte) (*zygote, error) {
	python, bwrap, dir, err := prepare(o, "paperio-ai-")
	if err != nil {
		return nil, err
	}
	z := &zygote{dir: dir, work: filepath.Join(dir, "work"), exited: make(chan struct{}), gone: make(chan struct{}),
		log: newCapLog(16 << 10), children: map[uint32]*process{}, born: make(chan bornMsg, 1)}
	fail := func(err error) (*zygote, error) {
		os.RemoveAll(dir)
		return nil, err
	}
	driverDir := filepath.Join(dir, "driver")
	if err := writeDrivers(driverDir, script); err != nil {
		return fail(err)
	}
	if err := os.WriteFile(filepath.Join(driverDir, "zygote.py"), zygoteSource, 0o444); err != nil {
		return fail(err)
	}
	argv := []string{python, "-I", "-u", "-B", filepath.Join(driverDir, "zygote.py"), aiFile}
	if zygotePlain {
		argv = append(argv, "plain")
	}
	if bwrap != "" {
		args := bwrapArgs(bwrap, filepath.Dir(aiFile), driverDir, z.work)
		// Nothing a child leaves outside its folder reaches the next one.
		args = append(args[:len(args)-3], "--remount-ro", "/tmp", "--remount-ro", "/dev", "--chdir", z.work, "--")
		argv = append(args, argv...)
		z.sandbox = "bwrap"
	}
	fds, err := packetPair()
	if err != nil {
		return fail(err)
	}
	ours, theirs := os.NewFile(uintptr(fds[0]), "zygote"), os.NewFile(uintptr(fds[1]), "zygote-peer")
	c, err := net.FileConn(ours)
	ours.Close()
	if err != nil {
		theirs.Close()
		return fail(err)
	}
	z.conn = c.(*net.UnixConn)
	outR, outW, err := quietPipe()
	if err != nil {
		theirs.Close()
		z.conn.Close()
		return fail(err)
	}
	cmd := command(argv, z.work)
	cmd.Stdout, cmd.Stderr = outW, outW
	cmd.ExtraFiles = []*os.File{theirs}
	cmd.SysProcAttr = procAttr()
	err = cmd.Start()
	theirs.Close()
	outW.Close()
	if err != nil {
		outR.Close()
		z.conn.Close()
		return fail(fmt.Errorf("starting %s: %v", python, err))
	}
	z.cmd = cmd
	z.out = startPump(outR, z.log)
	owners.add(z)
	go func() {
		err := cmd.Wait()
		z.status, _ = describeExit(cmd, err, bwrap != "")
		close(z.exited)
		z.conn.Close() // ends the reader
	}()
	z.conn.SetReadDeadline(time.Now().Add(o.HookTimeout))
	buf := make([]byte, 16)
	n, err := z.conn.Read(buf)
	z.conn.SetReadDeadline(time.Time{})
	if err != nil || n != 1 || buf[0] != 'H' {
		z.kill()
		<-z.exited
		z.out.finish(time.Second)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil, fmt.Errorf("the fork server did not start within %v", o.HookTimeout)
		}
		return nil, fmt.Errorf("the fork server did not start (%s): %s", z.status, lastLine(z.log.String()))
	}
	go z.read()
	return z, nil
}

// writeDrivers writes the driver script (nil: pyai's own) into dir as
// driver.py, with pyai's beside it as pyai_driver.py, which a game's
// driver imports.
func writeDrivers(dir string, script []byte) error {
	if script == nil {
		script = driverSource
	}
	if err := os.WriteFile(filepath.Join(dir, "pyai_driver.py"), driverSource, 0o444); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "driver.py"), script, 0o444)
}

// read serves the server's messages until it ends: children born, and
// ended with their wait status. Then every child still alive is killed
// (under bwrap they are gone with the sandbox already).
func (z *zygote) read() {
	buf, oob := make([]byte, 4096), make([]byte, syscall.CmsgSpace(4*4))
	for {
		n, oobn, _, _, err := z.conn.ReadMsgUnix(buf, oob)
		if err != nil || n == 0 {
			break
		}
		fds := receivedFds(oob[:oobn])
		msg := buf[:n]
		switch {
		case msg[0] == 'P' && n >= 9 && len(fds) == 1:
			z.born <- bornMsg{id: binary.LittleEndian.Uint32(msg[1:]), pid: int(binary.LittleEndian.Uint32(msg[5:])), pidfd: fds[0]}
			continue
		case msg[0] == 'E' && n >= 5:
			z.born <- bornMsg{id: binary.LittleEndian.Uint32(msg[1:]), pidfd: -1, err: string(msg[5:])}
		case msg[0] == 'X' && n >= 9:
			id := binary.LittleEndian.Uint32(msg[1:])
			ws := syscall.WaitStatus(int32(binary.LittleEndian.Uint32(msg[5:])))
			z.mu.Lock()
			p := z.children[id]
			delete(z.children, id)
			z.mu.Unlock()
			if p != nil {
				p.ended(waitStatusText(ws), ws.Signaled() && ws.Signal() == syscall.SIGXCPU)
			}
		}
		for _, fd := range fds {
			syscall.Close(fd)
		}
	}
	z.kill()
	<-z.exited
	z.mu.Lock()
	left := z.children
	z.children = map[uint32]*process{}
	z.mu.Unlock()
	for _, p := range left {
		z.mu.Lock()
		fd := p.pidfd
		z.mu.Unlock()
		pidfdKill(fd)
		p.ended("ended with its fork server ("+z.status+")", false)
	}
}

// receivedFds are the descriptors of an SCM_RIGHTS message.
func receivedFds(oob []byte) []int {
	msgs, err := syscall.ParseSocketControlMessage(oob)
	if err != nil {
		return nil
	}
	var out []int
	for _, m := range msgs {
		if fds, err := syscall.ParseUnixRights(&m); err == nil {
			out = append(out, fds...)
		}
	}
	return out
}

// waitStatusText says how a child ended, as describeExit does.
func waitStatusText(ws syscall.WaitStatus) string {
	switch {
	case ws.Signaled():
		return fmt.Sprintf("killed by signal %d, %v", int(ws.Signal()), ws.Signal())
	case ws.Exited():
		return fmt.Sprintf("exit status %d", ws.ExitStatus())
	}
	return fmt.Sprintf("wait status %#x", int(ws))
}

// alive reports whether the server has not ended.
func (z *zygote) alive() bool {
	select {
	case <-z.exited:
		return false
	default:
		return true
	}
}

func (z *zygote) removed() <-chan struct{} { return z.gone }

// kill ends the server (and, under bwrap, its children with its sandbox)
// and removes its folder once it has ended.
func (z *zygote) kill() {
	z.killOnce.Do(func() {
		syscall.Kill(-z.cmd.Process.Pid, syscall.SIGKILL)
		go func() {
			<-z.exited
			z.conn.Close()
			z.out.finish(time.Second)
			os.RemoveAll(z.dir)
			close(z.gone)
			owners.remove(z)
		}()
	})
}

// fork starts a child running the driver, its output going to log, and
// returns it once the driver has said hello, within limit. release, if not
// nil, is called when the child has ended.
func (z *zygote) fork(limit time.Duration, log *capLog, release func()) (*process, error) {
	z.mu.Lock()
	z.next++
	id := z.next
	live := map[string]bool{}
	for _, c := range z.children {
		live[filepath.Base(c.dir)] = true
	}
	z.mu.Unlock()
	// What earlier children left in the shared folder goes first.
	ents, err := os.ReadDir(z.work)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if !live[e.Name()] {
			if err := os.RemoveAll(filepath.Join(z.work, e.Name())); err != nil {
				return nil, fmt.Errorf("cleaning the AI's folder: %v", err)
			}
		}
	}
	dir := filepath.Join(z.work, strconv.FormatUint(uint64(id), 10))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	p := &process{dir: dir, done: make(chan struct{}), exited: make(chan struct{}), log: log, sandbox: z.sandbox, pidfd: -1, zyg: z, release: release}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	repR, repW, err := quietPipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, err
	}
	outR, outW, err := quietPipe()
	if err != nil {
		closeAll(reqR, reqW, repR, repW)
		return nil, err
	}
	if err := p.waiter.init(p); err != nil {
		closeAll(reqR, reqW, repR, repW, outR, outW)
		return nil, err
	}
	spec, _ := json.Marshal(map[string]string{"work": dir})
	msg := binary.LittleEndian.AppendUint32([]byte{'F'}, id)
	z.mu.Lock()
	z.children[id] = p
	z.mu.Unlock()
	_, _, err = z.conn.WriteMsgUnix(append(msg, spec...), syscall.UnixRights(int(reqR.Fd()), int(repW.Fd()), int(outW.Fd())), nil)
	closeAll(reqR, repW, outW)
	var b bornMsg
	if err == nil {
		select {
		case b = <-z.born:
		case <-z.exited:
			err = fmt.Errorf("the fork server ended (%s): %s", z.status, lastLine(z.log.String()))
		case <-time.After(min(limit, forkWait)):
			z.kill()
			err = fmt.Errorf("the fork server did not answer within %v", min(limit, forkWait))
		}
	}
	if err == nil && (b.err != "" || b.id != id) {
		err = fmt.Errorf("the fork server failed: %s", b.err)
		if b.pidfd >= 0 {
			syscall.Close(b.pidfd)
		}
	}
	if err != nil {
		z.mu.Lock()
		delete(z.children, id)
		z.mu.Unlock()
		closeAll(reqW, repR, outR)
		p.waiter.close()
		return nil, err
	}
	z.mu.Lock()
	p.pidfd, p.pid = b.pidfd, pidfdPid(b.pidfd)
	z.mu.Unlock()
	p.req, p.rep = reqW, repR
	p.rc, _ = repR.SyscallConn()
	p.wc, _ = reqW.SyscallConn()
	p.writeNow = p.write
	p.out = startPump(outR, log)
	if err := p.hello(limit, log); err != nil {
		return nil, err
	}
	return p, nil
}

// ended records how a forked process ended and stops a wait for its
// reply: by the server's reader, or by the kill when the server does not
// report it. The first call counts.
func (p *process) ended(status string, cpuXcd bool) {
	p.endOnce.Do(func() {
		p.status, p.cpuXcd = status, cpuXcd
		if p.release != nil {
			p.release()
		}
		close(p.exited)
		p.waiter.wake()
	})
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

// pidfdPid is the process id (here) of a pidfd, from /proc/self/fdinfo:
// the server's children are numbered differently in its sandbox.
func pidfdPid(fd int) int {
	b, err := os.ReadFile("/proc/self/fdinfo/" + strconv.Itoa(fd))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "Pid:"); ok {
			pid, _ := strconv.Atoi(strings.TrimSpace(rest))
			return max(pid, 0)
		}
	}
	return 0
}
