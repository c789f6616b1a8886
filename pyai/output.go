package pyai

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"
)

// capLog keeps what an AI printed: the first half of the limit as it came
// and a ring of the last half, counting what fell out in between.
type capLog struct {
	mu    sync.Mutex
	limit int
	head  []byte
	ring  []byte // the last bytes after head, circular once after >= len(ring)
	pos   int    // next write position in ring
	after int64  // bytes written after head filled
}

func newCapLog(limit int) *capLog {
	return &capLog{limit: limit}
}

func (l *capLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(p)
	if room := l.limit/2 - len(l.head); room > 0 {
		k := min(room, len(p))
		l.head = append(l.head, p[:k]...)
		p = p[k:]
	}
	half := l.limit - l.limit/2
	if len(p) == 0 || half == 0 {
		return n, nil
	}
	if l.ring == nil {
		l.ring = make([]byte, half)
	}
	l.after += int64(len(p))
	if len(p) > half {
		p = p[len(p)-half:]
	}
	for len(p) > 0 {
		k := copy(l.ring[l.pos:], p)
		l.pos = (l.pos + k) % half
		p = p[k:]
	}
	return n, nil
}

// note adds a line of the runner's own (process restarts, hook errors),
// marked so it cannot be taken for the AI's output.
func (l *capLog) note(format string, a ...any) {
	l.Write([]byte("[paperio] " + strings.TrimRight(fmt.Sprintf(format, a...), "\n") + "\n"))
}

func (l *capLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b strings.Builder
	b.Write(l.head)
	if kept := int64(len(l.ring)); l.after > kept {
		fmt.Fprintf(&b, "\n[paperio] ... %d bytes of output left out ...\n", l.after-kept)
		b.Write(l.ring[l.pos:])
		b.Write(l.ring[:l.pos])
	} else {
		b.Write(l.ring[:l.after])
	}
	return b.String()
}

// pump drains the AI's output pipe into a capLog. Every read happens under
// mu, so sync can make sure that everything the AI wrote before sync was
// called is in the log (the AI writes before it answers, so after an
// answer its output up to then can be read in order).
type pump struct {
	mu   sync.Mutex
	rc   syscall.RawConn
	f    *os.File
	log  *capLog
	buf  []byte
	eof  bool
	done chan struct{}
}

func startPump(f *os.File, log *capLog) *pump {
	p := &pump{f: f, log: log, buf: make([]byte, 32<<10), done: make(chan struct{})}
	rc, err := f.SyscallConn()
	if err != nil { // not a pollable file: plain copying, without sync
		go func() {
			defer close(p.done)
			io.Copy(log, f)
			f.Close()
		}()
		return p
	}
	p.rc = rc
	go p.run()
	return p
}

func (p *pump) run() {
	defer close(p.done)
	defer p.f.Close()
	for {
		err := p.rc.Read(p.drain)
		p.mu.Lock()
		eof := p.eof
		p.mu.Unlock()
		if err != nil || eof {
			return
		}
	}
}

// drain reads until the pipe is empty (false: wait for more) or has ended
// (true).
func (p *pump) drain(fd uintptr) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		n, err := syscall.Read(int(fd), p.buf)
		switch {
		case n > 0:
			p.log.Write(p.buf[:n])
		case err == syscall.EINTR:
		case err == syscall.EAGAIN:
			return false
		default: // end of file, or an error
			p.eof = true
			return true
		}
	}
}

// sync brings the log up to date with what is in the pipe now.
func (p *pump) sync() {
	if p.rc == nil {
		return
	}
	p.mu.Lock()
	eof := p.eof
	p.mu.Unlock()
	if !eof {
		p.rc.Control(func(fd uintptr) { p.drain(fd) })
	}
}

// finish waits, at most d, for the pipe to end (after the process ended).
func (p *pump) finish(d time.Duration) {
	select {
	case <-p.done:
	case <-time.After(d):
	}
}
