package paperio

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// driverSource is the Python side of a paper.io course AI: driver.py,
// built on pyai's driver.
//
//go:embed driver.py
var driverSource []byte

// Interface is what a paper.io AI file defines (the course's play).
var Interface = pyai.Interface{Game: "paper.io", Name: "play", Shows: "play(stat, storage)"}

func init() { pyai.RegisterInterface(Interface) }

// PyPlayer is a paper.io course AI (a Python file with play, and
// optionally load, summary, init and summaryall) playing through its own
// Python process (package pyai), driven by driver.py. It implements
// bots.Bot and play's Failer, Ender, Leaver, Timed, SeriesPlayer and
// SideSwapper, and io.Closer.
//
// The AI sees exactly what the course platform gave it: stat is a dict
// with size, log and now; every frame is a dict with turnleft, timeleft,
// fields, players, bands, me and enemy (the course's key order), the grids
// are tuples of column tuples holding 1, 2 or None, players is a list of
// two dicts and me and enemy are the very dicts in it; the log holds every
// frame of the game so far, the start frame first. The answer is read as
// the course read it.
//
// Only what changed goes to the process: each turn it receives the frames
// since its last turn as the grid columns that changed (frames.go), and
// rebuilds just those column tuples. What changed is found by comparing
// only the mover's bounding box, and the frame after the AI's own move
// comes from a copy of the game that follows it move by move (the shadow);
// nothing is allocated per move. A game's two AI processes, and the thread
// waiting for their answers, are pinned to the game's CPU
// (pyai.ClaimCPU).
//
// Time is charged as the course charged it, for load and for every play
// call. A call still running when the player's time runs out is stopped
// (the process is killed and replaced before the next game, by Prepare)
// and the game is lost on time (OVT). An exception loses with ERR, and its
// traceback is the Failure detail; so does a process that dies. Errors in
// summary, init and summaryall are ignored, as the course ignored them.
//
// One PyPlayer is one side of one series: within a series its module is
// imported once and keeps its module-level state and its storage across
// games; outside one, each game has a process of its own that imports the
// module afresh. The methods are for one goroutine at a time, except
// Close, which may be called from any goroutine to stop the player.
type PyPlayer struct {
	ai *pyai.AI

	used     bool // the process has begun a series or played since its import
	inSeries bool // BeginSeries was called and EndSeries not yet

	// The game being played.
	game   *paperio.State
	me     int
	enc    frameEncoder
	shadow paperio.State // the state of the last frame sent to the AI
	// shadowCopies counts the turns on which the shadow could not follow
	// the enemy's move and was copied whole (for the tests).
	shadowCopies int
	last         paperio.Action
	budget       timeLeft      // the budget as frames show it
	think        time.Duration // the game's think time, for messages
	enemyLeft    timeLeft      // the enemy's time left at this player's last call
	fail         play.Fault
	prepErr      error // why Prepare could not start a process, for Reset
	buf          []byte
	cpu          int            // the game's CPU (see pyai.ClaimCPU), or -1
	cpuGame      *paperio.State // the game whose CPU is claimed, if any
	threadCPU    int            // 1 + the CPU the calling thread was pinned to (pinThread), 0 for none
}

// NewPyPlayer starts a PyPlayer for the AI in file path: it starts the
// Python process, checks the file and imports the module. A file that
// cannot be used is refused with an error of one line naming it.
func NewPyPlayer(path string, opts pyai.Options) (*PyPlayer, error) {
	opts.Interface = Interface
	ai, err := pyai.NewAI(path, opts, driverSource)
	if err != nil {
		return nil, err
	}
	return &PyPlayer{ai: ai, cpu: -1}, nil
}

// CheckPy refuses a file that cannot be a paper.io course AI, without
// running any of its code: it must parse, bind play at module level and,
// with opts.CourseRules, keep to the course rules. The error is one line
// naming the file.
func CheckPy(path string, opts pyai.Options) error {
	opts.Interface = Interface
	return pyai.CheckAI(path, opts, driverSource)
}

// restart replaces the process (after a kill, or for a fresh import).
func (p *PyPlayer) restart(why string) error {
	if err := p.ai.Restart(why); err != nil {
		return err
	}
	p.used = false
	if p.inSeries { // the storage is gone with the old process
		p.ai.Hook('I', "init")
	}
	return nil
}

// ensure makes sure a live process is there, replacing a dead one.
func (p *PyPlayer) ensure() error {
	if p.ai.Live() {
		return nil
	}
	if p.ai.Closed() {
		return errors.New("player closed")
	}
	return p.restart("the previous one was stopped or died")
}

// Close stops the AI process and everything it started. It may be called
// from any goroutine, and more than once.
func (p *PyPlayer) Close() error { return p.ai.Close() }

// Path is the AI file.
func (p *PyPlayer) Path() string { return p.ai.Path() }

// Output is what the AI printed (stdout and stderr together), capped at
// pyai.Options.LogLimit, with the runner's own notes marked "[paperio]":
// process restarts and errors of hooks whose errors are ignored.
func (p *PyPlayer) Output() string { return p.ai.Output() }

// Containment describes what holds the AI process.
func (p *PyPlayer) Containment() string { return p.ai.Containment() }

// ---- series -----------------------------------------------------------

// BeginSeries starts a series: the module is imported afresh if this
// process has already been used, storage is a fresh dict, and init(storage)
// runs (its errors are ignored, as the course ignored them).
func (p *PyPlayer) BeginSeries() error {
	if p.ai.Closed() {
		return errors.New("player closed")
	}
	if p.used || !p.ai.Live() {
		if err := p.restart("new series"); err != nil {
			return err
		}
	}
	p.inSeries = true
	p.used = true
	p.ai.Hook('I', "init")
	return nil
}

// SwapSides ends the first direction of a series and begins the second, as
// the course's series runner did: summaryall(storage), then a fresh
// storage dict and init(storage). The module is not imported again.
func (p *PyPlayer) SwapSides() error {
	p.ai.Hook('Z', "summaryall")
	if err := p.ensure(); err != nil {
		return err
	}
	p.ai.Hook('S', "")
	p.inSeries = true
	p.used = true
	p.ai.Hook('I', "init")
	return nil
}

// EndSeries runs summaryall(storage) (errors ignored).
func (p *PyPlayer) EndSeries() error {
	p.ai.Hook('Z', "summaryall")
	p.inSeries = false
	return nil
}

// ---- one game -----------------------------------------------------------

// Prepare replaces a process that was stopped or died (a call past its
// time is ended by killing it) before the next game, so that starting the
// new one and importing the module is charged to no game, as the first
// import was not: on a busy machine that takes longer than a short think
// time, and would lose the game before its first move.
//
// Outside a series every game gets a new process (a fresh child of the
// fork server), which imports the module afresh: nothing of one game's
// AI is seen in the next.
func (p *PyPlayer) Prepare() {
	p.prepErr = nil
	if !p.ai.Closed() {
		p.prepErr = p.fresh()
	}
}

// fresh makes sure of a live process whose module has not played outside
// a series, replacing the current one if needed.
func (p *PyPlayer) fresh() error {
	if !p.ai.Live() {
		return p.ensure()
	}
	if !p.used || p.inSeries {
		return nil
	}
	if err := p.ai.Renew(); err != nil {
		return err
	}
	p.used = false
	return nil
}

// Reset prepares a new game in which the AI plays index me: the first
// frame goes to the AI process and load(stat, storage) runs, within the
// player's time left. A failure here is reported by Failure.
func (p *PyPlayer) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	p.unpinThread()
	p.releaseCPU()
	p.cpu, p.cpuGame = pyai.ClaimCPU(s), s
	p.game, p.me = s, me
	p.fail = play.Fault{}
	p.last = paperio.Straight
	p.budget = p.budgetShown(c)
	p.think = c.Budget
	if !c.Limited() {
		p.think = p.ai.Options().TimeBudget
	}
	p.enemyLeft = p.budget
	// Without Prepare (a loop that does not call it), a new process is
	// started here, and the loop charges that time with load's: load
	// gets what is left, and loses on time when nothing is.
	start := time.Now()
	err := p.fresh()
	if err == nil && p.prepErr != nil {
		err = p.prepErr
	}
	p.prepErr = nil
	if err != nil {
		p.fail = play.Fault{Kind: play.Error, Detail: err.Error()}
		p.ai.Note("%s", err)
		return
	}
	p.used = true
	started := time.Since(start)
	limit := p.deadline(c)
	if c.Limited() && started >= limit {
		p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("load ran out of its %s think time for the game (starting a new AI process took %.3f s)",
			play.Seconds(p.think), started.Seconds())}
		p.ai.Note("%s", p.fail.Detail)
		p.game = nil // the process never saw this game: no summary
		return
	}
	if c.Limited() {
		limit -= started
	}
	rep, elapsed, err := p.ai.Call('G', p.gameMessage(s, me), limit)
	if err != nil {
		p.fail = p.ai.Fault("load", err, elapsed, p.think)
		return
	}
	if p.overran("load", start, c) {
		return
	}
	switch {
	case rep.Kind == 'E':
		p.fail = play.Fault{Kind: play.Error, Detail: string(rep.Body)}
	case rep.Kind == 'D' && len(rep.Body) == 1:
	default:
		p.fail = p.ai.ProtocolError(rep)
	}
}

// Act sends the frames since the AI's last turn and returns its answer to
// play(stat, storage).
func (p *PyPlayer) Act(s *paperio.State, c play.Clock) paperio.Action {
	if p.fail.Kind != play.NoFault || p.ai.Closed() || p.game == nil {
		return paperio.Straight
	}
	start := time.Now()
	p.buf, _ = p.framesSince(s, p.message(), c)
	if p.cpu >= 0 {
		p.ai.PinTo(p.cpu)
		p.pinThread()
	}
	rep, elapsed, err := p.ai.Call('P', p.buf, p.deadline(c))
	if err != nil {
		p.fail = p.ai.Fault("play", err, elapsed, p.think)
		return paperio.Straight
	}
	if p.overran("play", start, c) {
		return paperio.Straight
	}
	switch {
	case rep.Kind == 'E':
		p.fail = play.Fault{Kind: play.Error, Detail: string(rep.Body)}
		return paperio.Straight
	case rep.Kind == 'A' && len(rep.Body) == 1:
		a := paperio.Action(rep.Body[0])
		if a != paperio.Left && a != paperio.Right {
			a = paperio.Straight
		}
		p.last = a
		return a
	}
	p.fail = p.ai.ProtocolError(rep)
	return paperio.Straight
}

// overran fails a call whose answer came within its deadline but whose
// whole time, which the loop charges (the frames' encoding, a busy
// machine's delays around the call), reached the time left: the player
// then says why it lost on time, as when the call is stopped.
func (p *PyPlayer) overran(what string, start time.Time, c play.Clock) bool {
	took := time.Since(start)
	if !c.Limited() || took < c.Left[p.me] {
		return false
	}
	p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("%s ran out of its %s think time for the game (answered %.3f s into the call)",
		what, play.Seconds(p.think), took.Seconds())}
	p.ai.Note("%s", p.fail.Detail)
	return true
}

// pinThread keeps the calling goroutine on its thread and the thread on
// the game's CPU, so that the wait for each answer sleeps and wakes there
// (see pyai.ClaimCPU). It stays so until the game is over (Leave, which
// the game loop calls on the goroutine that calls Reset and Act), rather
// than being undone after each call: pinning and unpinning a thread are
// two system calls, which on a virtual machine cost as much as the rest of
// a move's Go side.
func (p *PyPlayer) pinThread() {
	if p.threadCPU == p.cpu+1 {
		return
	}
	p.unpinThread()
	pyai.PinThread(p.cpu)
	p.threadCPU = p.cpu + 1
}

// Leave lets the game loop's goroutine and its thread go (play.Leaver):
// the game is over.
func (p *PyPlayer) Leave() { p.unpinThread() }

// unpinThread undoes pinThread, on the goroutine that pinned.
func (p *PyPlayer) unpinThread() {
	if p.threadCPU != 0 {
		pyai.UnpinThread()
		p.threadCPU = 0
	}
}

// releaseCPU releases the player's claim on its game's CPU.
func (p *PyPlayer) releaseCPU() {
	if p.cpuGame != nil {
		pyai.ReleaseCPU(p.cpuGame)
		p.cpu, p.cpuGame = -1, nil
	}
}

// deadline is how long a call may take: the player's time left (a call
// that lasts that long loses on time, the course's rule), or the whole
// unlimited budget.
func (p *PyPlayer) deadline(c play.Clock) time.Duration {
	if !c.Limited() {
		return p.ai.Options().TimeBudget
	}
	return max(c.Left[p.me], time.Millisecond)
}

// budgetShown is the budget as the course's frames show it before any
// charge: an int when it is a whole number of seconds.
func (p *PyPlayer) budgetShown(c play.Clock) timeLeft {
	b := c.Budget
	if !c.Limited() {
		b = p.ai.Options().TimeBudget
	}
	s := b.Seconds()
	return timeLeft{s, s == math.Trunc(s) && s < 1<<31}
}

// timesShown is both players' time left as a frame shows it: a player that
// has not been charged (a built-in bot, say) shows the untouched budget.
func (p *PyPlayer) timesShown(c play.Clock) [2]timeLeft {
	var out [2]timeLeft
	for i := range out {
		out[i] = p.budget
		if c.Limited() && c.Left[i] != c.Budget {
			out[i] = timeLeft{c.Left[i].Seconds(), false}
		}
	}
	return out
}

// message is the start of a request: room for its header (see call).
func (p *PyPlayer) message() []byte {
	return append(p.buf[:0], make([]byte, pyai.HeaderSize)...)
}

// gameMessage starts a game in which the AI plays index me: the board's
// size and frame 0 with every column.
func (p *PyPlayer) gameMessage(s *paperio.State, me int) []byte {
	p.shadow.CopyFrom(s)
	p.enc.start(s)
	b := append(p.message(), byte(me))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.Width()))
	b = binary.LittleEndian.AppendUint32(b, uint32(s.Height()))
	// Frame 0 is before any load: both players show their whole budget.
	p.buf = p.enc.appendFrame(b, s, [2]timeLeft{p.budget, p.budget})
	return p.buf
}

// framesSince appends a count (a byte) and the frames the AI has not seen: the
// frame after its own last move (rebuilt from its answer; the enemy's time
// then was what it was at the AI's last call) and the one after the
// enemy's, or whichever of them exists.
func (p *PyPlayer) framesSince(s *paperio.State, b []byte, c play.Clock) ([]byte, int) {
	at := len(b)
	b = append(b, 0)
	n0, n := p.shadow.HalfSteps(), s.HalfSteps()
	now := p.timesShown(c)
	count := 0
	if n == n0+2 && p.shadow.ToMove() == p.me && !p.shadow.Over() {
		p.shadow.Step(p.last) // the frame after this player's own move
		after := now
		after[1-p.me] = p.enemyLeft
		b = p.enc.appendFrame(b, &p.shadow, after)
		count++
	}
	if n > n0 {
		b = p.enc.appendFrame(b, s, now)
		count++
	}
	p.enemyLeft = now[1-p.me]
	if !p.followEnemy(s) {
		p.shadow.CopyFrom(s)
		p.shadowCopies++
	}
	b[at] = byte(count)
	return b, count
}

// followEnemy brings the shadow to s by playing the enemy's move on it,
// when s is one half-step ahead: cheaper than copying the whole state. The
// move is read from the enemy's new direction (each action gives another),
// and the shadow must then show what s shows, else it reports false.
func (p *PyPlayer) followEnemy(s *paperio.State) bool {
	sh := &p.shadow
	if sh.HalfSteps() == s.HalfSteps() { // nothing was played since (player 1's first turn)
		return sh.Over() == s.Over() && sh.Result() == s.Result()
	}
	if sh.Over() || sh.HalfSteps()+1 != s.HalfSteps() {
		return false
	}
	e := sh.ToMove()
	_, _, d0 := sh.Head(e)
	_, _, d1 := s.Head(e)
	a := paperio.Straight
	switch (d1 - d0) & 3 {
	case 1:
		a = paperio.Right
	case 3:
		a = paperio.Left
	}
	sh.Step(a)
	for i := range 2 {
		x0, y0, d0 := sh.Head(i)
		x1, y1, d1 := s.Head(i)
		if x0 != x1 || y0 != y1 || d0 != d1 {
			return false
		}
	}
	return sh.Over() == s.Over() && sh.Result() == s.Result()
}

// Failure reports how the AI failed its last call, if it did: an error
// (an exception, whose traceback is the detail, or a dead process) or a
// time-out.
func (p *PyPlayer) Failure() play.Fault { return p.fail }

// OwnDeadline says that a call ends by the deadline it is given: the AI
// process is stopped there. It makes PyPlayer a timed player of the play loop.
func (p *PyPlayer) OwnDeadline() bool { return true }

// EndGame sends the last frames and the result to the AI and runs
// summary((winner, reason), stat, storage); its errors are ignored. Whatever
// the AI started is killed.
func (p *PyPlayer) EndGame(s *paperio.State, me int, c play.Clock) {
	defer func() { p.game = nil }()
	defer p.releaseCPU()
	if !p.ai.Live() || p.game != s {
		return
	}
	r := s.Result()
	winner := int8(-1)
	if r.Winner == 0 || r.Winner == 1 {
		winner = int8(r.Winner)
	}
	p.buf, _ = p.framesSince(s, append(p.message(), byte(winner), byte(int8(r.Reason))), c)
	p.ai.HookCall('U', p.buf, "summary")
	p.ai.EndGame()
}
