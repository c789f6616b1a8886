package pyai

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// Player is a course AI (a Python file) playing through its own Python
// process. It implements bots.Bot and play's Failer, Ender, Timed, SeriesPlayer and
// SideSwapper, and io.Closer.
//
// One Player is one side of one series: within a series its module is
// imported once and keeps its module-level state and its storage across
// games; outside one, each game imports it afresh. The methods
// are for one goroutine at a time, except Close, which may be called from
// any goroutine to stop the player.
type Player struct {
	path  string // absolute path of the AI file
	shown string // the path as given, for messages
	name  string // module name: the file name without .py
	opts  Options
	log   *capLog

	cur    atomic.Pointer[process] // nil after Close; may be dead
	closed atomic.Bool
	zyg    atomic.Pointer[zygote] // the fork server of its processes, if any
	noFork bool                   // start every process as a fresh interpreter

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
	cpu          int            // the game's CPU (see claimCPU), or -1
	cpuGame      *paperio.State // the game whose CPU is claimed, if any
}

// New starts a Player for the AI in file path: it starts the Python
// process, checks the file and imports the module. A file that cannot be
// used is refused with an error of one line naming it (a *Refusal when it
// does not parse, has no play function or breaks the course rules).
func New(path string, opts Options) (*Player, error) {
	opts = opts.withDefaults()
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if st, err := os.Stat(abs); err != nil {
		return nil, fmt.Errorf("%s: %v", path, errors.Unwrap(err))
	} else if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a Python file", path)
	}
	p := &Player{
		path:  abs,
		shown: path,
		name:  strings.TrimSuffix(filepath.Base(abs), ".py"),
		opts:  opts,
		log:   newCapLog(opts.LogLimit),
		cpu:   -1,
	}
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

// Check refuses a file that cannot be a course AI, without running any of
// its code: it must parse, bind play at module level and, with
// courseRules, keep to the course rules. The error is one line naming the
// file.
func Check(path string, opts Options) error {
	opts = opts.withDefaults()
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	pr, err := startProcess(opts, abs, newCapLog(4096))
	if err != nil {
		return err
	}
	defer func() { pr.kill(); pr.wait() }()
	cfg := config(abs, path, opts)
	cfg["check_only"] = true
	return describeStartError(path, pr.configure(cfg, opts.HookTimeout), opts.HookTimeout)
}

func config(abs, shown string, o Options) map[string]any {
	lim := map[string]any{
		"as":     o.MemoryLimit,
		"cpu":    int64(math.Ceil(o.CPULimit.Seconds())),
		"fsize":  o.FileSizeLimit,
		"nofile": 256,
	}
	if o.MaxProcesses > 0 {
		lim["nproc"] = o.MaxProcesses
	}
	return map[string]any{
		"path":           abs,
		"display":        shown,
		"name":           strings.TrimSuffix(filepath.Base(abs), ".py"),
		"course_rules":   o.CourseRules,
		"deny_processes": o.MaxProcesses == 0,
		"deny_network":   !o.Network,
		"limits":         lim,
		"interface":      o.Interface,
		"interfaces":     Interfaces(),
	}
}

func describeStartError(shown string, err error, limit time.Duration) error {
	var ie *ImportError
	var to errTimeout
	var dd errDied
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ie):
		ie.Path = shown
		return ie
	case errors.As(err, &to):
		return fmt.Errorf("%s: the import did not finish within %v", shown, limit)
	case errors.As(err, &dd):
		return fmt.Errorf("%s: the AI process died during the import (%s)", shown, dd.status)
	}
	return err
}

// start starts a new process and imports the module.
func (p *Player) start() error {
	if p.closed.Load() {
		return errors.New("player closed")
	}
	pr, err := p.spawn()
	if err != nil {
		return fmt.Errorf("%s: %v", p.shown, err)
	}
	if err := pr.configure(config(p.path, p.shown, p.opts), p.opts.HookTimeout); err != nil {
		pr.kill()
		pr.wait()
		return describeStartError(p.shown, err, p.opts.HookTimeout)
	}
	if pr.cmd == nil && !strings.Contains(pr.info.Seccomp, "no new processes") {
		// Without the filter a forked child could leave processes in
		// the server's sandbox for the next game: fresh interpreters.
		pr.kill()
		pr.wait()
		p.noFork = true
		p.dropZygote()
		return p.start()
	}
	p.cur.Store(pr)
	if p.closed.Load() { // Close ran meanwhile
		p.stop()
		return errors.New("player closed")
	}
	p.used = false
	return nil
}

// spawn starts a process with the driver: a child of the player's fork
// server where it can have one (started here when there is none or it
// ended), else a fresh interpreter.
func (p *Player) spawn() (*process, error) {
	if !forkable(p.opts) || p.noFork {
		return startProcess(p.opts, p.path, p.log)
	}
	z := p.zyg.Load()
	if z == nil || !z.alive() {
		p.dropZygote()
		if z = takeZygote(zygoteKey(p.opts, p.path, nil)); z == nil {
			var err error
			if z, err = startZygote(p.opts, p.path, nil); err != nil {
				p.note("no fork server (%v): a fresh interpreter for each game", err)
				p.noFork = true
				return startProcess(p.opts, p.path, p.log)
			}
		}
		p.zyg.Store(z)
		if p.closed.Load() { // Close ran meanwhile
			p.dropZygote()
			return nil, errors.New("player closed")
		}
	}
	pr, err := z.fork(p.opts.HookTimeout, p.log, nil)
	if err != nil { // a new server next time; a fresh interpreter now
		p.note("fork server: %v", err)
		p.dropZygote()
		return startProcess(p.opts, p.path, p.log)
	}
	return pr, nil
}

// dropZygote ends the fork server, if any.
func (p *Player) dropZygote() {
	if z := p.zyg.Swap(nil); z != nil {
		z.kill()
	}
}

// restart replaces the process (after a kill, or for a fresh import).
func (p *Player) restart(why string) error {
	p.stop()
	p.note("new AI process: %s", why)
	if err := p.start(); err != nil {
		return err
	}
	if p.inSeries { // the storage is gone with the old process
		p.hook('I', "init")
	}
	return nil
}

// live returns the process if it is running, else nil.
func (p *Player) live() *process {
	if pr := p.cur.Load(); pr != nil && pr.alive() {
		return pr
	}
	return nil
}

// ensure makes sure a live process is there, replacing a dead one.
func (p *Player) ensure() (*process, error) {
	if pr := p.live(); pr != nil {
		return pr, nil
	}
	if p.closed.Load() {
		return nil, errors.New("player closed")
	}
	if err := p.restart("the previous one was stopped or died"); err != nil {
		return nil, err
	}
	return p.cur.Load(), nil
}

// stop kills the current process, if any, and waits for it.
func (p *Player) stop() {
	if pr := p.cur.Swap(nil); pr != nil {
		pr.kill()
		pr.wait()
		pr.out.finish(time.Second)
		os.RemoveAll(pr.dir)
	}
}

// Close stops the AI process and everything it started. It may be called
// from any goroutine, and more than once.
func (p *Player) Close() error {
	p.closed.Store(true)
	p.stop()
	if z := p.zyg.Swap(nil); z != nil {
		putZygote(zygoteKey(p.opts, p.path, nil), z)
	}
	return nil
}

// Path is the AI file.
func (p *Player) Path() string { return p.shown }

// Output is what the AI printed (stdout and stderr together), capped at
// Options.LogLimit, with the runner's own notes marked "[paperio]":
// process restarts and errors of hooks whose errors are ignored.
func (p *Player) Output() string {
	if pr := p.cur.Load(); pr != nil {
		pr.out.sync()
	}
	return p.log.String()
}

// note writes a line of the runner's own into the log, after what the AI
// printed so far.
func (p *Player) note(format string, a ...any) {
	if pr := p.cur.Load(); pr != nil {
		pr.out.sync()
	}
	p.log.note(format, a...)
}

// Containment describes what holds the AI process.
func (p *Player) Containment() string {
	pr := p.cur.Load()
	var parts []string
	if pr != nil && pr.sandbox != "" {
		parts = append(parts, "bwrap (no network, read-only filesystem, own process tree)")
	} else {
		parts = append(parts, "no bwrap")
	}
	if pr != nil && pr.info.Seccomp != "" {
		parts = append(parts, "seccomp ("+pr.info.Seccomp+")")
	}
	o := p.opts
	parts = append(parts, fmt.Sprintf("limits: memory %d MiB, CPU %v, files %d MiB, processes %d",
		o.MemoryLimit>>20, o.CPULimit, o.FileSizeLimit>>20, o.MaxProcesses))
	return strings.Join(parts, "; ")
}

// ---- series -----------------------------------------------------------

// BeginSeries starts a series: the module is imported afresh if this
// process has already been used, storage is a fresh dict, and init(storage)
// runs (its errors are ignored, as the course ignored them).
func (p *Player) BeginSeries() error {
	if p.closed.Load() {
		return errors.New("player closed")
	}
	if p.used || p.live() == nil {
		if err := p.restart("new series"); err != nil {
			return err
		}
	}
	p.inSeries = true
	p.used = true
	p.hook('I', "init")
	return nil
}

// SwapSides ends the first direction of a series and begins the second, as
// the course's series runner did: summaryall(storage), then a fresh
// storage dict and init(storage). The module is not imported again.
func (p *Player) SwapSides() error {
	p.hook('Z', "summaryall")
	if _, err := p.ensure(); err != nil {
		return err
	}
	p.hook('S', "")
	p.inSeries = true
	p.used = true
	p.hook('I', "init")
	return nil
}

// EndSeries runs summaryall(storage) (errors ignored).
func (p *Player) EndSeries() error {
	p.hook('Z', "summaryall")
	p.inSeries = false
	return nil
}

// hook runs a request whose errors are ignored, noting them in the log.
func (p *Player) hook(kind byte, name string) {
	pr := p.live()
	if pr == nil {
		return
	}
	rep, _, err := pr.call(kind, nil, p.opts.HookTimeout)
	switch {
	case err != nil:
		p.note("%s: %v (ignored; the process will be replaced)", name, err)
	case rep.kind == 'D' && len(rep.body) > 0:
		p.note("%s raised an exception (ignored):\n%s", name, rep.body)
	}
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
func (p *Player) Prepare() {
	p.prepErr = nil
	if !p.closed.Load() {
		_, p.prepErr = p.fresh()
	}
}

// fresh returns a live process whose module has not played outside a
// series, replacing the current one if needed.
func (p *Player) fresh() (*process, error) {
	pr := p.live()
	if pr == nil {
		return p.ensure()
	}
	if !p.used || p.inSeries {
		return pr, nil
	}
	p.stop()
	if err := p.start(); err != nil {
		return nil, err
	}
	return p.cur.Load(), nil
}

// Reset prepares a new game in which the AI plays index me: the first
// frame goes to the AI process and load(stat, storage) runs, within the
// player's time left. A failure here is reported by Failure.
func (p *Player) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	p.releaseCPU()
	p.cpu, p.cpuGame = claimCPU(s), s
	p.game, p.me = s, me
	p.fail = play.Fault{}
	p.last = paperio.Straight
	p.budget = p.budgetShown(c)
	p.think = c.Budget
	if !c.Limited() {
		p.think = p.opts.TimeBudget
	}
	p.enemyLeft = p.budget
	// Without Prepare (a loop that does not call it), a new process is
	// started here, and the loop charges that time with load's: load
	// gets what is left, and loses on time when nothing is.
	start := time.Now()
	pr, err := p.fresh()
	if err == nil && p.prepErr != nil {
		err = p.prepErr
	}
	p.prepErr = nil
	if err != nil {
		p.fail = play.Fault{Kind: play.Error, Detail: err.Error()}
		p.note("%s", err)
		return
	}
	p.used = true
	started := time.Since(start)
	limit := p.deadline(c)
	if c.Limited() && started >= limit {
		p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("load ran out of its %s think time for the game (starting a new AI process took %.3f s)",
			play.Seconds(p.think), started.Seconds())}
		p.note("%s", p.fail.Detail)
		p.game = nil // the process never saw this game: no summary
		return
	}
	if c.Limited() {
		limit -= started
	}
	rep, elapsed, err := pr.call('G', p.gameMessage(s, me), limit)
	if err != nil {
		p.failCall(pr, "load", err, elapsed)
		return
	}
	if p.overran("load", start, c) {
		return
	}
	switch {
	case rep.kind == 'E':
		p.fail = play.Fault{Kind: play.Error, Detail: string(rep.body)}
	case rep.kind == 'D' && len(rep.body) == 1:
	default:
		p.protocolError(pr, rep)
	}
}

// Act sends the frames since the AI's last turn and returns its answer to
// play(stat, storage).
func (p *Player) Act(s *paperio.State, c play.Clock) paperio.Action {
	pr := p.cur.Load()
	if p.fail.Kind != play.NoFault || pr == nil || p.game == nil {
		return paperio.Straight
	}
	start := time.Now()
	p.buf, _ = p.framesSince(s, p.message(), c)
	if p.cpu >= 0 {
		pr.pinTo(p.cpu)
		pinThread(p.cpu)
		defer unpinThread()
	}
	rep, elapsed, err := pr.call('P', p.buf, p.deadline(c))
	if err != nil {
		p.failCall(pr, "play", err, elapsed)
		return paperio.Straight
	}
	if p.overran("play", start, c) {
		return paperio.Straight
	}
	switch {
	case rep.kind == 'E':
		p.fail = play.Fault{Kind: play.Error, Detail: string(rep.body)}
		return paperio.Straight
	case rep.kind == 'A' && len(rep.body) == 1:
		a := paperio.Action(rep.body[0])
		if a != paperio.Left && a != paperio.Right {
			a = paperio.Straight
		}
		p.last = a
		return a
	}
	p.protocolError(pr, rep)
	return paperio.Straight
}

// overran fails a call whose answer came within its deadline but whose
// whole time, which the loop charges (the frames' encoding, a busy
// machine's delays around the call), reached the time left: the player
// then says why it lost on time, as when the call is stopped.
func (p *Player) overran(what string, start time.Time, c play.Clock) bool {
	took := time.Since(start)
	if !c.Limited() || took < c.Left[p.me] {
		return false
	}
	p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("%s ran out of its %s think time for the game (answered %.3f s into the call)",
		what, play.Seconds(p.think), took.Seconds())}
	p.note("%s", p.fail.Detail)
	return true
}

// releaseCPU releases the player's claim on its game's CPU.
func (p *Player) releaseCPU() {
	if p.cpuGame != nil {
		releaseCPU(p.cpuGame)
		p.cpu, p.cpuGame = -1, nil
	}
}

// deadline is how long a call may take: the player's time left (a call
// that lasts that long loses on time, the course's rule), or the whole
// unlimited budget.
func (p *Player) deadline(c play.Clock) time.Duration {
	if !c.Limited() {
		return p.opts.TimeBudget
	}
	return max(c.Left[p.me], time.Millisecond)
}

// budgetShown is the budget as the course's frames show it before any
// charge: an int when it is a whole number of seconds.
func (p *Player) budgetShown(c play.Clock) timeLeft {
	b := c.Budget
	if !c.Limited() {
		b = p.opts.TimeBudget
	}
	s := b.Seconds()
	return timeLeft{s, s == math.Trunc(s) && s < 1<<31}
}

// timesShown is both players' time left as a frame shows it: a player that
// has not been charged (a built-in bot, say) shows the untouched budget.
func (p *Player) timesShown(c play.Clock) [2]timeLeft {
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
func (p *Player) message() []byte {
	return append(p.buf[:0], make([]byte, headerSize)...)
}

// gameMessage starts a game in which the AI plays index me: the board's
// size and frame 0 with every column.
func (p *Player) gameMessage(s *paperio.State, me int) []byte {
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
func (p *Player) framesSince(s *paperio.State, b []byte, c play.Clock) ([]byte, int) {
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
func (p *Player) followEnemy(s *paperio.State) bool {
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

// failCall records how a call failed: on time, by the process dying, or by
// a protocol error.
func (p *Player) failCall(pr *process, what string, err error, elapsed time.Duration) {
	var to errTimeout
	var dd errDied
	switch {
	case errors.As(err, &to):
		p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("%s ran out of its %s think time for the game (stopped %.3f s into the call)",
			what, play.Seconds(p.think), elapsed.Seconds())}
	case p.closed.Load():
		p.fail = play.Fault{Kind: play.Error, Detail: "the player was closed during " + what}
	case errors.As(err, &dd):
		if pr.cpuXcd {
			p.fail = play.Fault{Kind: play.Timeout, Detail: fmt.Sprintf("%s: the AI process reached its CPU-time limit (%v)", what, p.opts.CPULimit)}
		} else {
			p.fail = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("the AI process died during %s (%s)", what, dd.status)}
		}
	default:
		p.fail = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("%s: %v", what, err)}
	}
	p.note("%s", p.fail.Detail)
}

func (p *Player) protocolError(pr *process, rep reply) {
	p.fail = play.Fault{Kind: play.Error, Detail: fmt.Sprintf("protocol error: unexpected reply %q", rep.kind)}
	p.note("%s", p.fail.Detail)
	pr.kill()
}

// Failure reports how the AI failed its last call, if it did: an error
// (an exception, whose traceback is the detail, or a dead process) or a
// time-out.
func (p *Player) Failure() play.Fault { return p.fail }

// OwnDeadline says that a call ends by the deadline it is given: the AI
// process is stopped there. It makes Player a timed player of the play loop.
func (p *Player) OwnDeadline() bool { return true }

// EndGame sends the last frames and the result to the AI and runs
// summary((winner, reason), stat, storage); its errors are ignored. Whatever
// the AI started is killed.
func (p *Player) EndGame(s *paperio.State, me int, c play.Clock) {
	defer func() { p.game = nil }()
	defer p.releaseCPU()
	pr := p.live()
	if pr == nil || p.game != s {
		return
	}
	r := s.Result()
	winner := int8(-1)
	if r.Winner == 0 || r.Winner == 1 {
		winner = int8(r.Winner)
	}
	p.buf, _ = p.framesSince(s, append(p.message(), byte(winner), byte(int8(r.Reason))), c)
	rep, _, err := pr.call('U', p.buf, p.opts.HookTimeout)
	switch {
	case err != nil:
		p.note("summary: %v (ignored; the process will be replaced)", err)
	case rep.kind == 'D' && len(rep.body) > 0:
		p.note("summary raised an exception (ignored):\n%s", rep.body)
	}
	if pr.alive() && pr.cmd != nil && !strings.Contains(pr.info.Seccomp, "no new processes") {
		if n := killStrays(pr.cmd.Process.Pid, pr.keep); n > 0 {
			p.note("killed %d process(es) the AI left behind", n)
		}
	}
}
