package stellar

import (
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// A course AI of stellar ("py:ai.py") runs unchanged in a Python process of
// its own (package pyai: sandbox, limits, captured output) under this
// game's driver (driver.py): the module is imported when the player is
// made, player_class(id) is made at each game's start, and player_func gets
// a fresh map object every turn, as RULES §8 describes it. The driver
// limits each call to the settings' call time with a timer that interrupts
// the AI, as the course's timer thread did, and says when a call overran.
//
// Failures, as the course judged them: an import that fails (the file is
// missing, does not parse, raises) or a player_class that raises loses
// the game before its first turn; a player_func that raises or overruns
// counts as [] for that turn only. A call that does not come back within
// the call time and a grace of a few seconds (an AI stuck where the timer
// cannot interrupt it) has its process killed: the turn is overrun, and
// each later turn of that game fails too (the course's engine would have
// hung); the next game starts a new process.
//
// Limits of the bridge: what player_func returned reaches the judge as the
// replay format encodes it, so a subclass of int or float (an IntEnum, a
// numpy.float64) is judged as a plain int or float, with the plain repr in
// the judge's messages, and an int of more than 4300 digits, which CPython
// cannot print, makes the call fail.

//go:embed driver.py
var driverSource []byte

// callGrace is how long past its call time the Go side waits for the
// driver's answer before it kills the process.
const callGrace = 2 * time.Second

// pyPlayer is a course AI as a player of the loop.
type pyPlayer struct {
	path  string // absolute
	shown string // as given, for messages
	opts  pyai.Options
	proc  *pyai.Process
	load  time.Duration // the limit of the import and of player_class (the CLI's --time)

	me      int
	dead    bool // the process was lost during this game
	fail    play.Fault
	thought time.Duration
	msg     []byte
}

// Interface is what a stellar AI file defines (RULES §8).
var Interface = pyai.Interface{Game: "stellar", Name: "player_class",
	Shows: "class player_class(player_id) with player_func(self, map_info)"}

func init() { pyai.RegisterInterface(Interface) }

func newPyPlayer(path string, o game.PlayerOptions) (Player, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	p := &pyPlayer{path: abs, shown: path, load: o.Budget}
	if p.load <= 0 {
		p.load = 365 * 24 * time.Hour
	}
	p.opts = pyai.Options{TimeBudget: p.load, HookTimeout: p.load, CourseRules: o.CourseRules, Python: o.Python, Interface: Interface}
	p.opts.Sandbox, _ = pyai.ParseSandbox(o.Sandbox)
	p.opts = pyai.WithDefaults(p.opts)
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

// start starts a process and imports the module (the driver's 'C').
func (p *pyPlayer) start() error {
	if st, err := os.Stat(p.path); err != nil {
		return fmt.Errorf("%s: %v", p.shown, errors.Unwrap(err))
	} else if st.IsDir() {
		return fmt.Errorf("%s: is a directory, not a Python file", p.shown)
	}
	proc, err := pyai.StartModule(p.opts, p.path, p.shown, driverSource)
	if err != nil {
		return err
	}
	p.proc, p.dead = proc, false
	return nil
}

func (p *pyPlayer) OwnDeadline() bool      { return true }
func (p *pyPlayer) Failure() play.Fault    { return p.fail }
func (p *pyPlayer) Thought() time.Duration { return p.thought }

// Close ends the process. It may be called from any goroutine (the loop
// closes a player whose run was stopped).
func (p *pyPlayer) Close() error {
	if p.proc != nil {
		p.proc.Kill()
		p.proc.Wait()
	}
	return nil
}

// Output is what the AI printed.
func (p *pyPlayer) Output() string { return p.proc.Output() }

// gameJSON is a game's start as the driver reads it.
type gameJSON struct {
	Me    int         `json:"me"`
	Adj   [][]int     `json:"adj"`
	XY    [][2]string `json:"xy"`
	Limit float64     `json:"limit"` // seconds; 0 = none
}

// Reset makes the AI's player for a new game: player_class(me), within the
// load time; its failure loses the game (the loop asks Failure).
func (p *pyPlayer) Reset(v View, me int, _ uint64, _ play.Clock) {
	p.me, p.fail, p.thought = me, play.Fault{}, 0
	if p.dead || !p.proc.Alive() {
		p.proc.Kill()
		p.proc.Note("new AI process: the previous one was stopped or died")
		if err := p.start(); err != nil {
			p.dead = true
			p.fail = play.Fault{Kind: play.Error, Detail: oneLine(err.Error())}
			return
		}
	}
	g := gameJSON{Me: me, Adj: v.Map().Adj[1:], Limit: v.CallTime.Seconds()}
	if xy := v.Map().XY; xy != nil {
		for _, pt := range xy[1:] {
			g.XY = append(g.XY, [2]string{pt[0].String(), pt[1].String()})
		}
	}
	body, _ := json.Marshal(g)
	rep, took, err := p.proc.Call('G', body, p.load)
	p.thought += took
	switch {
	case err != nil:
		p.lost(err, p.load-callGrace)
	case rep.Kind == 'E':
		p.fail = play.Fault{Kind: play.Error, Detail: pyai.LastLine(string(rep.Body))}
	case rep.Kind != 'D':
		p.fail = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("protocol error: reply %q to a new game", rep.Kind)}
	}
}

// Act calls player_func on the turn's map. A failed call is [] (its
// Failure says why).
func (p *pyPlayer) Act(v View, _ play.Clock) stellar.Answer {
	p.fail = play.Fault{}
	if p.dead {
		p.fail = play.Fault{Kind: play.Error, Detail: "its process was lost earlier in this game"}
		return stellar.Answer{}
	}
	limit := 365 * 24 * time.Hour
	if v.CallTime > 0 {
		limit = v.CallTime + callGrace
	}
	rep, took, err := p.proc.Call('T', p.turnMessage(v.State), limit)
	p.thought += took
	switch kind := rep.Kind; {
	case err != nil:
		p.lost(err, v.CallTime)
	case kind == 'A':
		r := &stellar.Returned{}
		if err := r.UnmarshalJSON(rep.Body); err != nil {
			p.fail = play.Fault{Kind: play.Error, Detail: "the driver sent an answer that does not read: " + err.Error()}
			return stellar.Answer{}
		}
		return stellar.Answer{Py: r}
	case kind == 'E':
		p.fail = play.Fault{Kind: play.Error, Detail: pyai.LastLine(string(rep.Body))}
	case kind == 'O':
		p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("player_func ran past its %s s", secs(v.CallTime))}
	default:
		p.fail = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("protocol error: reply %q to a turn", kind)}
	}
	return stellar.Answer{}
}

// lost records a call whose process is gone: killed at its limit, or dead.
func (p *pyPlayer) lost(err error, limit time.Duration) {
	p.dead = true
	p.proc.Kill()
	if errors.Is(err, pyai.ErrProcessTimeout) {
		p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("did not come back within %s s and %s s of grace; its process was stopped", secs(limit), secs(callGrace))}
		return
	}
	p.fail = play.Fault{Kind: play.Error, Detail: oneLine(err.Error())}
}

// turnMessage is the turn as the driver reads it: the turn, both error
// strings, and each node's owner and forces.
func (p *pyPlayer) turnMessage(s *stellar.State) []byte {
	b := binary.LittleEndian.AppendUint32(p.msg[:0], uint32(s.Turn()))
	for q := range 2 {
		e := s.Error(q)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(e)))
		b = append(b, e...)
	}
	forces, owners := s.Forces(), s.Owners()
	for i := 1; i <= s.N(); i++ {
		b = append(b, byte(owners[i]))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(forces[i][0]))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(forces[i][1]))
	}
	p.msg = b
	return b
}

// oneLine keeps the first line of a message.
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func secs(d time.Duration) string { return fmt.Sprintf("%.3g", d.Seconds()) }
