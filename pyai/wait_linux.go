package pyai

import (
	"io"
	"os"
	"syscall"
	"time"
	"unsafe"
)

// waiter waits for replies in ppoll(2), in the calling thread, rather than
// in the runtime's poller. The kernel then wakes the thread itself when the
// AI process writes, as a "sync" wake-up, which lets the scheduler run the
// processes of a game in turn on one CPU; the poller's epoll wake-up put
// the waiting thread on another, idle CPU, which a virtual machine wakes
// slowly (an empty round trip took 55 µs instead of 8 on two CPUs).
// Polling the pipe keeps the caller's CPU awake, but takes the CPU the AI
// processes need (BenchmarkFullGame's "poll").
//
// The deadline is ppoll's timeout. kill and the process's end write to the
// wake pipe, which ppoll also watches, so that a reader stops even when
// something the AI started still holds the reply pipe open.
type waiter struct {
	wakeR, wakeW *os.File
	wakeRC       syscall.RawConn

	// The wait in progress (the callbacks are method values made once,
	// so that a move allocates nothing).
	p         *process
	buf       []byte
	n         int
	err       error
	readNow   func(uintptr)
	pollNow   func(uintptr)
	pollFd    uintptr
	pollLeft  time.Duration
	pollReady bool
	// fresh: the read is the first for the reply of a request just
	// written, which is seldom there yet (its process has to run first):
	// the pipe is polled before it is read, which saves the read that
	// would find it empty, a system call a move.
	fresh bool
}

// quietPipe makes a pipe whose read end is non-blocking but kept out of
// the runtime's poller (for replies and the AI's output): registered
// there, every write to it woke a thread of the runtime sleeping in
// epoll_wait (on another, idle CPU), which made the AI's write of its
// answer cost 10 µs.
func quietPipe() (r, w *os.File, err error) {
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	r, w = os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1")
	if err := syscall.SetNonblock(fds[0], true); err != nil {
		r.Close()
		w.Close()
		return nil, nil, os.NewSyscallError("fcntl", err)
	}
	return r, w, nil
}

func (w *waiter) init(p *process) error {
	w.p = p
	r, wr, err := os.Pipe()
	if err != nil {
		return err
	}
	w.wakeR, w.wakeW = r, wr
	w.wakeRC, _ = r.SyscallConn()
	w.readNow, w.pollNow = w.readWait, w.poll
	return nil
}

// wake stops a wait in progress, and every later one.
func (w *waiter) wake() { w.wakeW.Write([]byte{1}) }

func (w *waiter) close() {
	w.wakeR.Close()
	w.wakeW.Close()
}

// read reads into b what the reply pipe holds, waiting for it until
// p.deadline: 0 bytes at the end of the pipe.
func (w *waiter) read(b []byte) (int, error) {
	p := w.p
	w.buf, w.n, w.err = b, 0, nil
	err := p.rc.Control(w.readNow)
	w.buf = nil
	if err != nil {
		return 0, os.ErrClosed
	}
	return w.n, w.err
}

func (w *waiter) readWait(fd uintptr) {
	if w.fresh && !w.p.spinning() {
		w.fresh = false
		if w.err = w.await(fd); w.err != nil {
			return
		}
	}
	w.fresh = false
	for {
		k, e := rawRead(fd, w.buf)
		switch {
		case e == 0:
			w.n = k
			return
		case e != syscall.EAGAIN:
			w.err = e
			return
		case w.p.spinning():
		default:
			if w.err = w.await(fd); w.err != nil {
				return
			}
		}
	}
}

// await waits until the pipe fd has something to read (or has ended), the
// deadline passes, or the process is killed or ends.
func (w *waiter) await(fd uintptr) error {
	p := w.p
	for {
		select {
		case <-p.done:
			return os.ErrClosed
		case <-p.exited:
			return io.EOF // everything it wrote has been read
		default:
		}
		left := time.Until(p.deadline)
		if left <= 0 {
			return os.ErrDeadlineExceeded
		}
		w.pollFd, w.pollLeft, w.pollReady = fd, left, false
		if err := w.wakeRC.Control(w.pollNow); err != nil {
			return os.ErrClosed
		}
		if w.pollReady {
			return nil
		}
	}
}

type pollFd struct {
	fd              int32
	events, revents int16
}

const pollIn = 0x1

// poll is one ppoll(2) on the reply pipe and the wake pipe (fd).
func (w *waiter) poll(fd uintptr) {
	fds := [2]pollFd{{fd: int32(w.pollFd), events: pollIn}, {fd: int32(fd), events: pollIn}}
	ts := syscall.NsecToTimespec(int64(w.pollLeft))
	n, _, e := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), 2, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
	w.pollReady = e == 0 && n > 0 && fds[0].revents != 0
}
