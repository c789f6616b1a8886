package paperio

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/execai"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// ExecPlayer is an executable paper.io player (docs/PROTOCOL.md, package
// execai): a start
// message with the whole board opens each game, every turn sends what
// changed since the player's last message, and the end of the game its
// result. It implements bots.Bot and play's Failer, Timed and Ender, and
// io.Closer.
type ExecPlayer struct {
	conn *execai.Conn
	opts pyai.Options

	me          int
	game        *paperio.State
	fail        play.Fault
	field, band []byte // the grids as the player last saw them
	buf         []byte
}

// NewExecPlayer checks the program in path and returns its player; the
// process starts with the first game.
func NewExecPlayer(path string, o pyai.Options) (*ExecPlayer, error) {
	o = pyai.WithDefaults(o)
	c, err := execai.Open(path, o, execai.Hello("paperio", o))
	if err != nil {
		return nil, err
	}
	return &ExecPlayer{conn: c, opts: o}, nil
}

// answer is a player's answer line; Move is empty in the answer to start.
type answer struct {
	Move *string `json:"move"`
}

// Reset sends the start message and waits for the player's answer, charged
// to its time.
func (p *ExecPlayer) Reset(s *paperio.State, me int, _ uint64, c play.Clock) {
	p.me, p.game, p.fail = me, s, play.Fault{}
	p.field = append(p.field[:0], s.Fields()...)
	p.band = append(p.band[:0], s.Bands()...)
	b := append(p.buf[:0], `{"type":"start","protocol":`...)
	b = strconv.AppendInt(b, execai.Version, 10)
	b = append(b, `,"game":"paperio","me":`...)
	b = strconv.AppendInt(b, int64(me+1), 10)
	b = fmt.Appendf(b, `,"board":{"width":%d,"height":%d},"max_turns":%d,"time_budget":`, s.Width(), s.Height(), s.MaxTurns())
	b = appendSeconds(b, c.Budget, c.Limited())
	b = append(b, `,"state":`...)
	b = p.appendState(b, s, c, true)
	b = append(b, "}\n"...)
	p.buf = b
	var a answer
	if f := p.conn.Call(b, p.limit(c), "start", &a); f != nil {
		p.fail = fault(f)
	}
}

// Act sends the turn message and reads the move.
func (p *ExecPlayer) Act(s *paperio.State, c play.Clock) paperio.Action {
	if p.fail.Kind != play.NoFault {
		return paperio.Straight
	}
	b := append(p.buf[:0], `{"type":"turn","state":`...)
	b = p.appendState(b, s, c, false)
	b = append(b, "}\n"...)
	p.buf = b
	var a answer
	if f := p.conn.Call(b, p.limit(c), "turn", &a); f != nil {
		p.fail = fault(f)
		return paperio.Straight
	}
	if a.Move == nil {
		p.protocolError(`the answer to turn has no "move"`)
		return paperio.Straight
	}
	switch strings.ToUpper(*a.Move) {
	case "L":
		return paperio.Left
	case "R":
		return paperio.Right
	case "S":
		return paperio.Straight
	}
	p.protocolError(fmt.Sprintf("move %s: want \"L\", \"R\" or \"S\"", execai.Quote(*a.Move)))
	return paperio.Straight
}

// EndGame tells the player the result; it does not answer.
func (p *ExecPlayer) EndGame(s *paperio.State, me int, c play.Clock) {
	defer func() { p.game = nil }()
	if p.game != s {
		return
	}
	r := s.Result()
	winner, result := 0, "draw"
	if r.Winner == 0 || r.Winner == 1 {
		winner, result = int(r.Winner)+1, "loss"
		if int(r.Winner) == me {
			result = "win"
		}
	}
	b := fmt.Appendf(p.buf[:0], `{"type":"end","winner":%d,"reason":"%s","result":"%s","state":`, winner, r.Reason, result)
	b = p.appendState(b, s, c, false)
	b = append(b, "}\n"...)
	p.buf = b
	p.conn.Tell(b, time.Second)
	p.conn.Ready()
}

// limit is how long a call may take: the player's time left.
func (p *ExecPlayer) limit(c play.Clock) time.Duration {
	if !c.Limited() {
		return p.opts.TimeBudget
	}
	return max(c.Left[p.me], time.Millisecond)
}

// protocolError fails the player for an answer out of protocol.
func (p *ExecPlayer) protocolError(msg string) {
	p.fail = play.Fault{Kind: play.Error, Detail: "protocol error: " + msg}
	p.conn.Restart()
}

// fault is a Conn's failure as the play loop's.
func fault(f *execai.Fault) play.Fault {
	if f.Timeout {
		return play.Fault{Kind: play.Timeout, Detail: f.Detail}
	}
	return play.Fault{Kind: play.Error, Detail: f.Detail}
}

// appendState appends the state object: the turns and time left, the
// heads, and either the whole grids (full) or the cells that changed since
// the player's last message.
func (p *ExecPlayer) appendState(b []byte, s *paperio.State, c play.Clock, full bool) []byte {
	b = fmt.Appendf(b, `{"turn_left":[%d,%d],"time_left":[`, s.TurnsLeft(0), s.TurnsLeft(1))
	b = appendSeconds(b, c.Left[0], c.Limited())
	b = append(b, ',')
	b = appendSeconds(b, c.Left[1], c.Limited())
	b = append(b, `],"players":[`...)
	for i := range 2 {
		x, y, d := s.Head(i)
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, `{"id":%d,"x":%d,"y":%d,"direction":%d}`, i+1, x, y, d)
	}
	b = append(b, ']')
	if full {
		b = appendGrid(append(b, `,"fields":`...), s.Fields(), s.Width(), s.Height())
		b = appendGrid(append(b, `,"bands":`...), s.Bands(), s.Width(), s.Height())
	} else {
		b = p.appendChanges(append(b, `,"changes":[`...), s)
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendGrid appends a grid as a list of W strings of H digits, column x
// first: grid[x][y] is the cell (x, y).
func appendGrid(b, grid []byte, w, h int) []byte {
	b = append(b, '[')
	for x := range w {
		if x > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		for _, v := range grid[x*h : (x+1)*h] {
			b = append(b, '0'+v)
		}
		b = append(b, '"')
	}
	return append(b, ']')
}

// appendChanges appends [x,y,field,band] for every cell whose territory or
// band changed since the player's last message, and brings the player's
// grids up to date.
func (p *ExecPlayer) appendChanges(b []byte, s *paperio.State) []byte {
	field, band, h := s.Fields(), s.Bands(), s.Height()
	first := true
	for x := range s.Width() {
		lo, hi := x*h, (x+1)*h
		if bytes.Equal(field[lo:hi], p.field[lo:hi]) && bytes.Equal(band[lo:hi], p.band[lo:hi]) {
			continue
		}
		for i := lo; i < hi; i++ {
			if field[i] == p.field[i] && band[i] == p.band[i] {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = fmt.Appendf(b, "[%d,%d,%d,%d]", x, i-lo, field[i], band[i])
		}
		copy(p.field[lo:hi], field[lo:hi])
		copy(p.band[lo:hi], band[lo:hi])
	}
	return b
}

// appendSeconds appends a time in seconds, or null when time is not
// counted.
func appendSeconds(b []byte, d time.Duration, limited bool) []byte {
	if !limited {
		return append(b, "null"...)
	}
	return strconv.AppendFloat(b, d.Seconds(), 'f', -1, 64)
}

// Failure is how the last call failed (play.Failer).
func (p *ExecPlayer) Failure() play.Fault { return p.fail }

// OwnDeadline: the process is stopped at the deadline (play.Timed).
func (p *ExecPlayer) OwnDeadline() bool { return true }

// Path is the program as named.
func (p *ExecPlayer) Path() string { return p.conn.Path() }

// Output is what the player wrote on standard error, and the runner's
// notes.
func (p *ExecPlayer) Output() string { return p.conn.Output() }

// Close ends the process; any goroutine may call it.
func (p *ExecPlayer) Close() error { return p.conn.Close() }
