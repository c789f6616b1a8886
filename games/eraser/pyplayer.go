package eraser

import (
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// driverSource is the Python side of a course AI: driver.py.
//
//go:embed driver.py
var driverSource []byte

// courseAI is an eraser course AI (RULES.md §9: a file with a class
// Plaser) playing in a Python process of its own, contained as every game's
// course AIs are (package pyai): Plaser(isFirst) is built for each game,
// and move(board, operations, scores, turn_number) is called with a numpy
// board of the whole board, the offered operations as tuples, [own score,
// opponent's score] and the mover's move number; move_history and
// used_time are kept on the object as the engine kept them. The answer is
// judged in the process as the engine judged it (§8). A failure is the
// player's (play.Failer): an exception or an illegal answer is an Error
// whose detail is the last traceback line, a call past the think time or a
// sys.exit a Timeout.
type courseAI struct {
	path, shown string
	opts        pyai.Options
	proc        *pyai.Process

	me       int
	think    time.Duration // the game's think time, for messages
	moved    bool          // this player has moved in this game
	fail     play.Fault
	startErr error           // why Prepare could not start a process
	returned json.RawMessage // the failed call's answer, as JSON
	ops      []eraser.Swap
	buf      []byte
}

// Interface is what an eraser AI file defines (RULES.md §9).
var Interface = pyai.Interface{Game: "eraser", Name: "Plaser",
	Shows: "class Plaser(isFirst) with move(self, board, operations, scores, turn_number)"}

func init() { pyai.RegisterInterface(Interface) }

// pyOptions are the options of a course AI process.
func pyOptions(o game.PlayerOptions) pyai.Options {
	p := pyai.Options{TimeBudget: o.Budget, CourseRules: o.CourseRules, Python: o.Python, Interface: Interface, StderrDir: o.StderrDir}
	if o.Budget == 0 {
		p.TimeBudget = 365 * 24 * time.Hour
	}
	p.Sandbox, _ = pyai.ParseSandbox(o.Sandbox)
	return pyai.WithDefaults(p)
}

// newCourseAI starts the process of the AI in path and loads the module;
// a file that cannot be an eraser AI is refused with one line naming it.
func newCourseAI(path string, o game.PlayerOptions) (bots.Bot, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if st, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("%s: %v", path, errors.Unwrap(err))
	} else if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a Python file", path)
	}
	p := &courseAI{path: abs, shown: path, opts: pyOptions(o)}
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

// start starts a process and loads the module.
func (p *courseAI) start() error {
	proc, err := pyai.StartModule(p.opts, p.path, p.shown, driverSource)
	if err != nil {
		return err
	}
	p.proc = proc
	return nil
}

// Prepare replaces a process that was stopped or died (a call past its
// time is ended by killing it) before the next game, charged to no game
// (play.Preparer), as the first start was not. An error is Reset's to
// report.
func (p *courseAI) Prepare() {
	p.startErr = nil
	if p.proc != nil && !p.proc.Alive() {
		p.startErr = p.restart()
	}
}

// restart replaces a process that was stopped or died.
func (p *courseAI) restart() error {
	if p.proc != nil {
		p.proc.Note("new AI process: the previous one was stopped or died")
	}
	return p.start()
}

// Reset builds the AI's Plaser for a new game (restarting a process that
// was stopped or died, if Prepare did not). The course did not time the
// constructor; here it is charged like every call of a timed player, and a
// restart here with it.
func (p *courseAI) Reset(s *eraser.State, me int, _ uint64, c play.Clock) {
	p.me, p.moved, p.fail, p.returned = me, false, play.Fault{}, nil
	p.think = c.Budget
	if !c.Limited() {
		p.think = p.opts.TimeBudget
	}
	begin := time.Now()
	err := p.startErr
	p.startErr = nil
	if err == nil && (p.proc == nil || !p.proc.Alive()) {
		err = p.restart()
	}
	if err != nil {
		p.fail = play.Fault{Kind: play.Error, Detail: err.Error()}
		return
	}
	limit := p.limit(c)
	if c.Limited() {
		if limit -= time.Since(begin); limit <= 0 {
			p.failCall(pyai.ErrProcessTimeout)
			return
		}
	}
	var msg [5]byte
	if me == 0 {
		msg[0] = 1 // isFirst
	}
	binary.LittleEndian.PutUint32(msg[1:], uint32(s.Rows()))
	rep, _, err := p.proc.Call('N', msg[:], limit)
	switch {
	case err != nil:
		p.failCall(err)
	case rep.Kind == 'E':
		p.proc.Note("Plaser(%v) raised:\n%s", me == 0, rep.Body)
		p.fail = play.Fault{Kind: play.Error, Detail: pyai.LastLine(string(rep.Body))}
	case rep.Kind != 'D':
		p.protocolError(rep)
	}
}

// limit is how long a call may take: the player's time left.
func (p *courseAI) limit(c play.Clock) time.Duration {
	if c.Limited() {
		return max(c.Left[p.me], time.Millisecond)
	}
	return p.opts.TimeBudget
}

// verdict is the driver's judgement of a move call (driver.py).
type verdict struct {
	Seconds  float64         `json:"seconds"`
	Move     []int           `json:"move"`
	Invalid  *string         `json:"invalid"`
	Error    string          `json:"error"`  // the call raised
	Raised   string          `json:"raised"` // the engine's check of the answer raised
	Exit     string          `json:"exit"`
	Returned json.RawMessage `json:"returned"`
}

// Act asks the AI for its move and judges the answer in the engine's order
// (§8): an exception of the call, then the time, then the answer.
func (p *courseAI) Act(s *eraser.State, c play.Clock) eraser.Swap {
	p.fail, p.returned = play.Fault{}, nil
	if p.proc == nil || !p.proc.Alive() {
		p.fail = play.Fault{Kind: play.Error, Detail: "the AI has no process (it could not be started)"}
		return eraser.Swap{}
	}
	rep, elapsed, err := p.proc.Call('M', p.request(s, c), p.limit(c))
	if err != nil {
		p.failCall(err)
		return eraser.Swap{}
	}
	if rep.Kind != 'A' {
		p.protocolError(rep)
		return eraser.Swap{}
	}
	var v verdict
	if err := json.Unmarshal(rep.Body, &v); err != nil {
		p.protocolError(rep)
		return eraser.Swap{}
	}
	p.moved = true
	switch {
	case v.Error != "":
		p.proc.Note("move raised:\n%s", v.Error)
		p.fail = play.Fault{Kind: play.Error, Detail: pyai.LastLine(v.Error)}
	case v.Exit != "":
		p.fail = play.Fault{Kind: play.Timeout, Detail: "ended its call with " + v.Exit + ", which the course's engine saw as a time-out"}
	case c.Limited() && elapsed >= c.Left[p.me]:
		p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("ran out of its %s think time for the game (answered %.3f s into the call)", play.Seconds(c.Budget), elapsed.Seconds())}
	case v.Invalid != nil:
		msg := bots.InvalidPrefix + *v.Invalid
		p.fail = play.Fault{Kind: play.Error, Detail: msg}
		p.keepReturned(v.Returned, eraser.FailInvalid, msg)
	case v.Raised != "":
		p.fail = play.Fault{Kind: play.Error, Detail: pyai.LastLine(v.Raised)}
		p.keepReturned(v.Returned, eraser.FailException, "")
	case len(v.Move) == 4:
		return eraser.Swap{X1: int8(v.Move[0]), Y1: int8(v.Move[1]), X2: int8(v.Move[2]), Y2: int8(v.Move[3])}
	default:
		p.protocolError(rep)
	}
	return eraser.Swap{}
}

// keepReturned keeps the answer of a failed call for the replay file when
// the corpus's reading of it (eraser.ReadMove) fails it the same way, so
// that the file's check agrees.
func (p *courseAI) keepReturned(raw json.RawMessage, kind eraser.FailKind, msg string) {
	if len(raw) == 0 || string(raw) == "null" {
		return
	}
	if _, k, m := eraser.ReadMove(raw); k == kind && (kind != eraser.FailInvalid || m == msg) {
		p.returned = raw
	}
}

// request is the M request of a move (driver.py): scores, move number, used
// times, the moves made since this player's last call, the operations and
// the whole board.
func (p *courseAI) request(s *eraser.State, c play.Clock) []byte {
	b := p.buf[:0]
	b = binary.LittleEndian.AppendUint32(b, uint32(int32(s.Score(p.me))))
	b = binary.LittleEndian.AppendUint32(b, uint32(int32(s.Score(1-p.me))))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.MoveNumber()))
	var used [2]float64
	if c.Limited() {
		used = [2]float64{(c.Budget - c.Left[p.me]).Seconds(), (c.Budget - c.Left[1-p.me]).Seconds()}
	}
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(used[0]))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(used[1]))
	// Since this player's last call: its own move (the driver has the very
	// object it returned), then the opponent's.
	var made [][5]int8
	if p.moved {
		made = append(made, [5]int8{0})
	}
	if sw, ok := s.LastMove(); ok && s.Turn() > 0 && (s.Turn()-1)&1 != p.me {
		made = append(made, [5]int8{1, sw.X1, sw.Y1, sw.X2, sw.Y2})
	}
	b = append(b, byte(len(made)))
	for _, m := range made {
		for _, v := range m {
			b = append(b, byte(v))
		}
	}
	p.ops = s.Ops(p.ops[:0])
	b = binary.LittleEndian.AppendUint32(b, uint32(len(p.ops)))
	for _, o := range p.ops {
		b = append(b, byte(o.X1), byte(o.Y1), byte(o.X2), byte(o.Y2))
	}
	s.DrawAll()
	for x := 0; x < eraser.Size; x++ {
		for y := 0; y < s.Rows(); y++ {
			b = append(b, byte(s.At(x, y)))
		}
	}
	p.buf = b
	return b
}

// failCall records a call that timed out or whose process died.
func (p *courseAI) failCall(err error) {
	var died *pyai.ProcessDied
	switch {
	case errors.Is(err, pyai.ErrProcessTimeout):
		p.fail = play.Fault{Kind: play.Timeout, Detail: "ran out of its " + play.Seconds(p.think) + " think time for the game"}
	case errors.As(err, &died):
		p.fail = play.Fault{Kind: play.Error, Detail: died.Error()}
	default:
		p.fail = play.Fault{Kind: play.Error, Detail: err.Error()}
	}
	p.proc.Note("%s", p.fail.Detail)
}

// protocolError ends a process that answered out of protocol (a driver
// failure, 'F', carries its traceback).
func (p *courseAI) protocolError(rep pyai.ProcessReply) {
	p.proc.Note("driver reply %q: %s", rep.Kind, rep.Body)
	p.proc.Kill()
	p.fail = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("the AI's driver failed (reply %q): %s", rep.Kind, pyai.LastLine(string(rep.Body)))}
}

// Failure is how the last call failed (play.Failer).
func (p *courseAI) Failure() play.Fault { return p.fail }

// OwnDeadline: the process is stopped at the deadline (play.Timed).
func (p *courseAI) OwnDeadline() bool { return true }

// Returned is the answer of the failed call, as JSON (Returner).
func (p *courseAI) Returned() json.RawMessage { return p.returned }

// Output is what the AI printed, and the runner's notes.
func (p *courseAI) Output() string {
	if p.proc == nil {
		return ""
	}
	return p.proc.Output()
}

// Close ends the process.
func (p *courseAI) Close() error {
	if p.proc != nil {
		p.proc.Kill()
		p.proc.Wait()
	}
	return nil
}
