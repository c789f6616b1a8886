package stellar

import (
	"fmt"
	"strconv"
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/execai"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// execPlayer is a stellar program speaking docs/PROTOCOL.md (package
// execai): the start of a game gives the map (nodes 1..N and their
// neighbours), every turn the forces and owners of the nodes, and the
// answer is a list of commands [from, to, amount], judged as the course's
// judge judged a list. Each call has the settings' call time, as in the
// course; a program still running past it and a grace is stopped.
type execPlayer struct {
	conn    *execai.Conn
	load    time.Duration
	me      int
	fail    play.Fault
	thought time.Duration
	// dead says the process was stopped in this game (a call that failed):
	// a new one would not know the map, so the game's later turns fail,
	// and the next game starts a new process.
	dead bool
	buf  []byte
}

func newExecPlayer(path string, o game.PlayerOptions) (Player, error) {
	p := &execPlayer{load: o.Budget}
	if p.load <= 0 {
		p.load = 365 * 24 * time.Hour
	}
	opts := pyai.Options{TimeBudget: p.load, HookTimeout: p.load, Python: o.Python, StderrDir: o.StderrDir}
	opts.Sandbox, _ = pyai.ParseSandbox(o.Sandbox)
	opts = pyai.WithDefaults(opts)
	c, err := execai.Open(path, opts, execai.Hello("stellar", opts))
	if err != nil {
		return nil, err
	}
	p.conn = c
	return p, nil
}

// Reset sends the map, within the load time.
func (p *execPlayer) Reset(v View, me int, _ uint64, _ play.Clock) {
	p.me, p.fail, p.thought, p.dead = me, play.Fault{}, 0, false
	m := v.Map()
	b := fmt.Appendf(p.buf[:0], `{"type":"start","protocol":%d,"game":"stellar","me":%d,"board":{"nodes":%d,"neighbours":[`, execai.Version, me+1, m.N)
	for i, adj := range m.Adj[1:] {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for j, n := range adj {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, ']')
	}
	b = fmt.Appendf(b, `]},"max_turns":%d,"call_time":%s}`+"\n", v.TurnLimit(), callSeconds(v.CallTime))
	p.buf = b
	var ok struct{}
	start := time.Now()
	f := p.conn.Call(b, p.load, "start", &ok)
	p.thought += time.Since(start)
	if f != nil {
		p.fail = fault(f)
	}
}

// Act sends the turn's forces and owners and reads the commands.
func (p *execPlayer) Act(v View, _ play.Clock) stellar.Answer {
	p.fail = play.Fault{}
	if p.dead {
		p.fail = play.Fault{Kind: play.Error, Detail: "its process was stopped earlier in this game"}
		return stellar.Answer{}
	}
	b := fmt.Appendf(p.buf[:0], `{"type":"turn","turn":%d,"forces":[`, v.Turn())
	for i, f := range v.Forces()[1:] {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendFloat(b, f[0], 'g', -1, 64)
		b = append(b, ',')
		b = strconv.AppendFloat(b, f[1], 'g', -1, 64)
		b = append(b, ']')
	}
	b = append(b, `],"owners":[`...)
	for i, o := range v.Owners()[1:] {
		if i > 0 {
			b = append(b, ',')
		}
		id := 0
		if o == 0 || o == 1 {
			id = int(o) + 1
		}
		b = strconv.AppendInt(b, int64(id), 10)
	}
	b = append(b, "]}\n"...)
	p.buf = b
	limit := 365 * 24 * time.Hour
	if v.CallTime > 0 {
		limit = v.CallTime + callGrace
	}
	var a struct{ Commands *[][3]float64 }
	start := time.Now()
	f := p.conn.Call(b, limit, "turn", &a)
	took := time.Since(start)
	p.thought += took
	switch {
	case f != nil:
		p.fail, p.dead = fault(f), true
		return stellar.Answer{}
	case v.CallTime > 0 && took > v.CallTime:
		p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("answered after its call time of %s s (turn %d: counted as no commands, the game goes on)", secs(v.CallTime), v.Turn())}
		return stellar.Answer{}
	case a.Commands == nil:
		p.fail = play.Fault{Kind: play.Error, Detail: `protocol error: the answer to turn has no "commands"`}
		p.conn.Restart()
		p.dead = true
		return stellar.Answer{}
	}
	cmds := make([]stellar.Command, len(*a.Commands))
	for i, c := range *a.Commands {
		if c[0] != float64(int(c[0])) || c[1] != float64(int(c[1])) {
			p.fail = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("protocol error: command %v: the nodes must be whole numbers", c)}
			return stellar.Answer{}
		}
		cmds[i] = stellar.Command{From: int(c[0]), To: int(c[1]), Amount: c[2]}
	}
	return stellar.Answer{Cmds: cmds}
}

// EndGame tells the program the result; it does not answer.
func (p *execPlayer) EndGame(v View, me int, _ play.Clock) {
	r := v.Result()
	result := "draw"
	switch {
	case r.Winner == me:
		result = "win"
	case r.Winner == 1-me:
		result = "loss"
	}
	b := fmt.Appendf(p.buf[:0], `{"type":"end","result":"%s"}`+"\n", result)
	p.buf = b
	p.conn.Tell(b, time.Second)
	p.conn.Ready()
}

// callSeconds is the call time in JSON (null: none).
func callSeconds(d time.Duration) string {
	if d <= 0 {
		return "null"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// fault is a program's failure as the play loop's.
func fault(f *execai.Fault) play.Fault {
	if f.Timeout {
		return play.Fault{Kind: play.Timeout, Detail: f.Detail}
	}
	return play.Fault{Kind: play.Error, Detail: f.Detail}
}

func (p *execPlayer) OwnDeadline() bool      { return true }
func (p *execPlayer) Failure() play.Fault    { return p.fail }
func (p *execPlayer) Thought() time.Duration { return p.thought }
func (p *execPlayer) Output() string         { return p.conn.Output() }
func (p *execPlayer) Close() error           { return p.conn.Close() }
