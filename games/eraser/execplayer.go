package eraser

import (
	"fmt"
	"slices"
	"time"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/execai"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// execPlayer is an eraser program speaking docs/PROTOCOL.md (package
// execai): the start of a game says which player it is and the board's
// size; every turn sends the whole board (Size columns of Rows letters),
// the scores, the move number and the swaps offered, and the answer is one
// of those swaps. A swap that was not offered is the engine's invalid move.
type execPlayer struct {
	conn *execai.Conn
	opts pyai.Options
	me   int
	fail play.Fault
	ops  []eraser.Swap
	buf  []byte
}

// newExecPlayer checks and starts the program in path.
func newExecPlayer(path string, o game.PlayerOptions) (bots.Bot, error) {
	opts := pyOptions(o)
	c, err := execai.Open(path, opts, execai.Hello("eraser", opts))
	if err != nil {
		return nil, err
	}
	return &execPlayer{conn: c, opts: opts}, nil
}

// Reset sends the start of a game.
func (p *execPlayer) Reset(s *eraser.State, me int, _ uint64, c play.Clock) {
	p.me, p.fail = me, play.Fault{}
	b := fmt.Appendf(p.buf[:0], `{"type":"start","protocol":%d,"game":"eraser","me":%d,"board":{"width":%d,"height":%d},"time_budget":%s}`+"\n",
		execai.Version, me+1, eraser.Size, s.Rows(), seconds(c.Budget, c.Limited()))
	p.buf = b
	var ok struct{}
	if f := p.conn.Call(b, p.limit(c), "start", &ok); f != nil {
		p.fail = fault(f)
	}
}

// Act sends the turn and reads the swap.
func (p *execPlayer) Act(s *eraser.State, c play.Clock) eraser.Swap {
	if p.fail.Kind != play.NoFault {
		return eraser.Swap{}
	}
	p.ops = s.Ops(p.ops[:0])
	b := fmt.Appendf(p.buf[:0], `{"type":"turn","move_number":%d,"scores":[%d,%d],"time_left":[%s,%s],"board":[`,
		s.MoveNumber(), s.Score(0), s.Score(1), seconds(c.Left[0], c.Limited()), seconds(c.Left[1], c.Limited()))
	s.DrawAll()
	for x := range eraser.Size {
		if x > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		for y := range s.Rows() {
			b = append(b, s.At(x, y).Letter())
		}
		b = append(b, '"')
	}
	b = append(b, `],"operations":[`...)
	for i, o := range p.ops {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "[%d,%d,%d,%d]", o.X1, o.Y1, o.X2, o.Y2)
	}
	b = append(b, "]}\n"...)
	p.buf = b
	var a struct{ Move []int }
	if f := p.conn.Call(b, p.limit(c), "turn", &a); f != nil {
		p.fail = fault(f)
		return eraser.Swap{}
	}
	if len(a.Move) != 4 {
		p.fail = play.Fault{Kind: play.Error, Detail: `protocol error: the answer to turn has no "move" of four numbers`}
		p.conn.Restart()
		return eraser.Swap{}
	}
	sw := eraser.Swap{X1: int8(a.Move[0]), Y1: int8(a.Move[1]), X2: int8(a.Move[2]), Y2: int8(a.Move[3])}
	if !slices.Contains(p.ops, sw) || int(sw.X1) != a.Move[0] || int(sw.Y1) != a.Move[1] || int(sw.X2) != a.Move[2] || int(sw.Y2) != a.Move[3] {
		p.fail = play.Fault{Kind: play.Error, Detail: bots.InvalidPrefix + fmt.Sprintf("%v is not one of the operations offered", a.Move)}
	}
	return sw
}

// EndGame tells the program the result; it does not answer.
func (p *execPlayer) EndGame(s *eraser.State, me int, c play.Clock) {
	r := s.Result()
	result := "loss"
	if r.Winner == me {
		result = "win"
	}
	b := fmt.Appendf(p.buf[:0], `{"type":"end","scores":[%d,%d],"winner":%d,"reason":%q,"result":"%s"}`+"\n",
		s.Score(0), s.Score(1), r.Winner+1, r.Text, result)
	p.buf = b
	p.conn.Tell(b, time.Second)
	p.conn.Ready()
}

// limit is how long a call may take: the player's time left.
func (p *execPlayer) limit(c play.Clock) time.Duration {
	if c.Limited() {
		return max(c.Left[p.me], time.Millisecond)
	}
	return p.opts.TimeBudget
}

// fault is a program's failure as the play loop's.
func fault(f *execai.Fault) play.Fault {
	if f.Timeout {
		return play.Fault{Kind: play.Timeout, Detail: f.Detail}
	}
	return play.Fault{Kind: play.Error, Detail: f.Detail}
}

// seconds is a time in JSON: seconds, or null when time is not counted.
func seconds(d time.Duration, limited bool) string {
	if !limited {
		return "null"
	}
	return fmt.Sprint(d.Seconds())
}

func (p *execPlayer) Failure() play.Fault { return p.fail }
func (p *execPlayer) OwnDeadline() bool   { return true }
func (p *execPlayer) Output() string      { return p.conn.Output() }
func (p *execPlayer) Close() error        { return p.conn.Close() }
