//go:build unix && !linux

package pyai

import (
	"os"
	"syscall"
	"time"
)

// waiter waits for replies in the runtime's poller, under the reply
// pipe's read deadline.
type waiter struct {
	p       *process
	buf     []byte
	n       int
	err     error
	readNow func(uintptr) bool
	fresh   bool // unused here: the runtime's poller waits
}

// quietPipe makes a pipe with a non-blocking read end (in the runtime's
// poller).
func quietPipe() (r, w *os.File, err error) { return os.Pipe() }

func (w *waiter) init(p *process) error {
	w.p = p
	w.readNow = w.readWait
	return nil
}

// wake cuts a wait in progress short, soon: after what the process wrote
// before it ended.
func (w *waiter) wake() {
	w.p.rep.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
}

func (w *waiter) close() {}

// read reads into b what the reply pipe holds, waiting for it until
// p.deadline: 0 bytes at the end of the pipe.
func (w *waiter) read(b []byte) (int, error) {
	p := w.p
	w.buf, w.n, w.err = b, 0, nil
	deadline := p.deadline
	select {
	case <-p.exited:
		deadline = time.Now().Add(50 * time.Millisecond)
	default:
	}
	p.rep.SetReadDeadline(deadline)
	err := p.rc.Read(w.readNow)
	w.buf = nil
	if err != nil {
		return 0, pollError(err)
	}
	return w.n, w.err
}

func (w *waiter) readWait(fd uintptr) bool {
	for {
		k, e := rawRead(fd, w.buf)
		switch {
		case e == 0:
			w.n = k
			return true
		case e != syscall.EAGAIN:
			w.err = e
			return true
		case !w.p.spinning():
			return false
		}
	}
}
