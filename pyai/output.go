package pyai

import (
	"fmt"
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

	// file, if not nil, gets everything written, up to fileLeft bytes
	// (keepIn).
	file     *os.File
	fileName string
	fileLeft int64
}

// keepIn writes all that the log gets from now on to a new file at path
// too, at most limit bytes. A file that cannot be made is noted in the
// log.
func (l *capLog) keepIn(path string, limit int64) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		l.note("cannot keep the standard error in a file: %v", err)
		return
	}
	l.mu.Lock()
	l.file, l.fileName, l.fileLeft = f, path, limit
	l.mu.Unlock()
}

// keeping reports whether a file gets the log (keepIn).
func (l *capLog) keeping() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.file != nil
}

// path is the file's name, "" when there is none.
func (l *capLog) path() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.fileName
}

// closeFile closes the file, if any; later writes go to the log alone.
func (l *capLog) closeFile() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.file != nil {
		l.file.Close()
		l.file = nil
	}
}

// toFile writes p to the file, under l.mu, up to its limit, after which
// a last line says what was left out.
func (l *capLog) toFile(p []byte) {
	if l.file == nil || l.fileLeft < 0 {
		return
	}
	if int64(len(p)) > l.fileLeft {
		l.file.Write(p[:l.fileLeft])
		l.file.WriteString("\n[paperio] ... the rest is left out: this file is full\n")
		l.fileLeft = -1
		return
	}
	l.file.Write(p)
	l.fileLeft -= int64(len(p))
}

func newCapLog(limit int) *capLog {
	return &capLog{limit: limit}
}

func (l *capLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.toFile(p)
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

// pump drains the AI's output pipe into a capLog. It reads what the pipe
// holds when asked (sync, before the log is read or a note written: the AI
// writes before it answers, so its output up to then is read in order)
// and by itself from time to time, so that the pipe does not fill up and
// stop the AI.
// It never waits for the pipe to become readable: a reader waiting there
// is woken by every line the AI prints, which cost 20 µs a move for an AI
// printing a line a move.
type pump struct {
	mu   sync.Mutex
	rc   syscall.RawConn
	f    *os.File // non-blocking
	log  *capLog
	buf  []byte
	n    int           // bytes read by the last sync
	eof  bool          // the pipe ended (or failed); f is closed
	gone bool          // readAll saw the end
	stop chan struct{} // closed by finish
	once sync.Once
	read func(uintptr) // p.readAll, made once
}

// How often the pump drains the pipe by itself: every pumpEvery while the
// AI prints, less and less often, down to every pumpIdle, while it does
// not. The pipe holds 64 KiB, so an AI printing less than 6 MB/s never
// waits for it, and one that suddenly prints more waits at most pumpIdle.
const (
	pumpEvery = 10 * time.Millisecond
	pumpIdle  = 160 * time.Millisecond
)

// startPump drains f, the read end of the output pipe, which must be
// non-blocking.
func startPump(f *os.File, log *capLog) *pump {
	p := &pump{f: f, log: log, buf: make([]byte, 32<<10), stop: make(chan struct{})}
	p.rc, _ = f.SyscallConn()
	p.read = p.readAll
	go p.run()
	return p
}

func (p *pump) run() {
	every := pumpEvery
	t := time.NewTimer(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-p.stop:
			return
		}
		if p.sync() > 0 {
			every = pumpEvery
		} else {
			every = min(2*every, pumpIdle)
		}
		if p.ended() {
			return
		}
		t.Reset(every)
	}
}

// sync brings the log up to date with what is in the pipe now, and says
// how many bytes that took.
func (p *pump) sync() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.eof {
		return 0
	}
	p.n = 0
	if p.rc == nil || p.rc.Control(p.read) != nil || p.gone {
		p.end()
	}
	return p.n
}

// readAll reads until the pipe is empty or has ended (under p.mu).
func (p *pump) readAll(fd uintptr) {
	for {
		n, e := rawRead(fd, p.buf)
		switch {
		case e == 0 && n > 0:
			p.log.Write(p.buf[:n])
			p.n += n
		case e == syscall.EAGAIN:
			return
		default: // the end of the pipe, or an error
			p.gone = true
			return
		}
	}
}

// end marks the end of the pipe (under p.mu).
func (p *pump) end() {
	if !p.eof {
		p.eof = true
		p.f.Close()
	}
}

func (p *pump) ended() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.eof
}

// finish waits, at most d, for the pipe to end (after the process ended),
// reading what is left; then it stops reading.
func (p *pump) finish(d time.Duration) {
	p.once.Do(func() { close(p.stop) })
	end := time.Now().Add(d)
	for p.sync(); !p.ended() && time.Now().Before(end); p.sync() {
		time.Sleep(time.Millisecond)
	}
	p.mu.Lock()
	p.end()
	p.mu.Unlock()
}
