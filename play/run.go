package play

import (
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

// Options shape one game.
type Options[A any] struct {
	// Seed: player i's randomness is seeded with SideSeed(Seed, i), so the
	// same seed gives the same game between well-behaved players.
	Seed uint64
	// Budget is each timed player's think time for the game (0: unlimited).
	Budget time.Duration
	// Stop, if not nil, ends the game when closed: running calls are
	// abandoned and Run returns ErrStopped.
	Stop <-chan struct{}
	// OnMove, if not nil, hears every move after it is applied.
	OnMove func(me int, a A)
	// Moves, if not nil, is reused for the result's Moves.
	Moves []A
}

// Result is what the loop knows of a finished game besides the game itself.
type Result[A any] struct {
	Moves  []A              // every applied move, in order
	Think  [2]time.Duration // think time charged to each player (timed players only)
	Faults [2]Fault         // each player's first failure
	Detail string           // the failures, for people: "player 1 (name) raised an error: …"
}

// ErrStopped reports a game cut short by Options.Stop.
var ErrStopped = errors.New("stopped")

// Run plays g to its end between the players of the two seats (seats[0]
// is player index 0). Players are reset with their side's seed, asked for
// moves as the game's Movers say, and told its end (Ender). The game's
// rules judge failures: a seat whose instance cannot be built, or whose call
// panics, has an error; a timed player whose calls use up its budget, or
// that never returns, has a time-out (and its instance is replaced for the
// next game).
func Run[V, A any](g Game[V, A], seats [2]*Seat[V, A], o Options[A]) (*Result[A], error) {
	r := &runner[V, A]{g: g, seats: seats, o: o, res: &Result[A]{Moves: o.Moves[:0]}}
	r.clk = Clock{Budget: o.Budget, Left: [2]time.Duration{o.Budget, o.Budget}}
	if o.Stop != nil {
		done := make(chan struct{})
		defer close(done)
		go r.watch(done)
	}
	return r.play()
}

type runner[V, A any] struct {
	g       Game[V, A]
	seats   [2]*Seat[V, A]
	o       Options[A]
	res     *Result[A]
	players [2]Player[V, A]
	// caps are what each player in players can do, found once when it is
	// loaded: type assertions on every move cost as much as the loop.
	caps [2]caps
	clk  Clock // what players are told of the time, kept up to date by charge
	// snap is the copy of the view that calls on their own goroutine read;
	// a call left running keeps its copy, and the next call gets a new one.
	snap    V
	hasSnap bool
	// turnFault says a player failed its call of the current turn: it has
	// no move to apply (the game's Fault decided what that means).
	turnFault [2]bool
	mu        sync.Mutex // guards players against the stop watcher
}

// caps are the optional interfaces of a player that the loop asks about on
// every call.
type caps struct {
	timed  bool   // its time counts: timed, with a budget
	own    bool   // it keeps its own deadline (Timed.OwnDeadline)
	failer Failer // nil if it never fails without panicking
	// plain: neither timed nor a Failer (a built-in bot). Cleared when
	// the player is abandoned.
	plain bool
}

// capsOf finds player p's caps in a game with think time budget.
func capsOf(p any, budget time.Duration) caps {
	var c caps
	if t, ok := p.(Timed); ok && budget > 0 {
		c.timed, c.own = true, t.OwnDeadline()
	}
	c.failer, _ = p.(Failer)
	c.plain = !c.timed && c.failer == nil
	return c
}

func (r *runner[V, A]) play() (*Result[A], error) {
	defer r.leave()
	for i := range r.seats {
		if err := r.load(i); err != nil {
			return nil, err
		}
	}
	var moves [2]A
	for !r.g.Over() {
		if who, msg := r.plainTurns(); who >= 0 {
			r.fault(who, Fault{Error, "raised an error: " + msg}, false)
			continue
		}
		if r.g.Over() {
			break
		}
		if r.stopped() {
			return nil, ErrStopped
		}
		m := r.g.Movers()
		r.turnFault = [2]bool{}
		for i := range 2 {
			if m&(1<<i) == 0 || r.g.Over() {
				continue
			}
			if r.players[i] == nil { // abandoned earlier in this game
				r.fault(i, Fault{Error, "has no instance left in this game"}, false)
				continue
			}
			var err error
			if moves[i], err = r.act(i); err != nil {
				return nil, err
			}
		}
		for i := range 2 {
			if m&(1<<i) != 0 && !r.turnFault[i] && !r.g.Over() {
				r.apply(i, moves[i])
			}
		}
	}
	r.end()
	return r.res, nil
}

// plainTurns plays turns for as long as one plain player (see caps) moves
// at a time, as in every game between built-in bots: no clock to charge,
// no failure to ask about, and one recover for the whole run of turns
// rather than one per move (the loop's cost per move halves). It returns
// when the game is over or a turn needs the full loop, or with the player
// whose call panicked and the panic's text.
func (r *runner[V, A]) plainTurns() (who int, msg string) {
	who = -1
	defer func() {
		if e := recover(); e != nil {
			if who < 0 {
				panic(e) // not a player's: the game's own failure
			}
			msg = panicText(e)
		}
	}()
	for !r.g.Over() && !r.stopped() {
		m := r.g.Movers()
		if m == 3 {
			return -1, ""
		}
		i := int(m >> 1)
		if !r.caps[i].plain {
			return -1, ""
		}
		who = i
		a := r.players[i].Act(r.g.View(), r.clk)
		who = -1
		r.apply(i, a)
	}
	return -1, ""
}

// apply plays and records player i's move.
func (r *runner[V, A]) apply(i int, a A) {
	r.g.Apply(i, a)
	r.res.Moves = append(r.res.Moves, a)
	if r.o.OnMove != nil {
		r.o.OnMove(i, a)
	}
}

// load builds player i's instance if needed and resets it for the game.
func (r *runner[V, A]) load(i int) error {
	if r.g.Over() {
		return nil // the other player's load ended the game
	}
	st := r.seats[i]
	p, err := st.instance()
	if err != nil || p == nil {
		f := Fault{Error, fmt.Sprintf("could not be started: %v", err)}
		if err == nil {
			f = Fault{Timeout, "did not return from its series start"}
		}
		r.fault(i, f, true)
		return nil
	}
	if pp, ok := p.(Preparer); ok {
		if cr := guardHook(p, pp.Prepare); cr.status == callHung {
			st.abandon()
			r.fault(i, Fault{Error, "did not get ready for the game"}, true)
			return nil
		}
	}
	r.mu.Lock()
	r.players[i], r.caps[i] = p, capsOf(p, r.o.Budget)
	r.mu.Unlock()
	seed, clock := SideSeed(r.o.Seed, i), r.clock()
	var cr callResult
	if v, guarded := r.view(i); guarded {
		cr = guard(func() { p.Reset(v, i, seed, clock) }, r.limit(i), r.o.Stop)
	} else if r.caps[i].timed {
		cr = timedCall(func() { p.Reset(v, i, seed, clock) })
	} else {
		cr = guard(func() { p.Reset(v, i, seed, clock) }, 0, nil)
	}
	return r.judge(i, p, cr, true)
}

// act asks player i for its move.
func (r *runner[V, A]) act(i int) (a A, err error) {
	p := r.players[i]
	if !r.caps[i].timed {
		// The fast path of built-in bots: no clock, no goroutine, a
		// recovered panic is an error.
		a, msg := actDirect(p, r.g.View(), r.clk)
		if msg == "" && r.caps[i].failer == nil {
			return a, nil // nothing to judge
		}
		cr := callResult{}
		if msg != "" {
			cr = callResult{status: callPanicked, err: msg}
		}
		return a, r.judge(i, p, cr, false)
	}
	return r.actTimed(i, p)
}

// actTimed asks a timed player for its move, measuring the call (and, for
// an in-process player, waiting for it at most its time left). It is apart
// from act so that the closures, which move the answer to the heap, cost
// nothing on the fast path.
func (r *runner[V, A]) actTimed(i int, p Player[V, A]) (a A, err error) {
	v, guarded := r.view(i)
	clock := r.clock()
	var cr callResult
	if guarded {
		cr = guard(func() { a = p.Act(v, clock) }, r.limit(i), r.o.Stop)
	} else {
		cr = timedCall(func() { a = p.Act(v, clock) })
	}
	return a, r.judge(i, p, cr, false)
}

// actDirect calls a player on the loop's goroutine, a panic returned as
// text. The clock comes from the runner, not built here: a Clock written
// field by field and read back whole a moment later stalls the processor.
func actDirect[V, A any](p Player[V, A], v V, c Clock) (a A, msg string) {
	defer func() {
		if e := recover(); e != nil {
			msg = panicText(e)
		}
	}()
	return p.Act(v, c), ""
}

// view is what player i reads in a call, and whether the call runs on a
// goroutine of its own (a timed in-process player with a budget): it then
// reads a snapshot.
func (r *runner[V, A]) view(i int) (V, bool) {
	if c := r.caps[i]; !c.timed || c.own {
		return r.g.View(), false
	}
	r.snap = r.g.Snapshot(r.snap)
	r.hasSnap = true
	return r.snap, true
}

// forgetSnapshot leaves the snapshot to a call that is still running.
func (r *runner[V, A]) forgetSnapshot() {
	var zero V
	r.snap, r.hasSnap = zero, false
}

// limit is how long the loop waits for a call of player i.
func (r *runner[V, A]) limit(i int) time.Duration {
	return max(r.o.Budget-r.res.Think[i], time.Millisecond)
}

// clock is what the players are told of the time.
func (r *runner[V, A]) clock() Clock { return r.clk }

// charge adds a call's time to player i's think time.
func (r *runner[V, A]) charge(i int, d time.Duration) {
	r.res.Think[i] += d
	r.clk.Left[i] = max(r.o.Budget-r.res.Think[i], 0)
}

// judge charges a call's time and applies its failure, if any. It returns
// ErrStopped when the run was stopped during the call.
func (r *runner[V, A]) judge(i int, p Player[V, A], cr callResult, loading bool) error {
	timed := r.caps[i].timed
	if timed {
		r.charge(i, cr.elapsed)
	}
	switch cr.status {
	case callStopped:
		r.abandon(i)
		return ErrStopped
	case callPanicked:
		r.fault(i, Fault{Error, "raised an error: " + cr.err}, loading)
		return nil
	case callHung:
		r.abandon(i)
		r.fault(i, Fault{Timeout, r.outOfTime(i)}, loading)
		return nil
	}
	if r.stopped() && timed {
		// A course AI closed by the stop watcher fails its call; that is
		// not its fault.
		return ErrStopped
	}
	if f := r.caps[i].failer; f != nil {
		if ft := f.Failure(); ft.Kind != NoFault {
			r.faultLine(i, ft, loading, ": "+ft.Detail)
			return nil
		}
	}
	if timed && r.res.Think[i] >= r.o.Budget {
		r.fault(i, Fault{Timeout, r.outOfTime(i)}, loading)
	}
	return nil
}

// fault records player i's failure and applies the game's rule for it.
func (r *runner[V, A]) fault(i int, f Fault, loading bool) {
	r.faultLine(i, f, loading, " "+f.Detail)
}

// faultLine is fault with the words that follow the player's name in the
// result's Detail.
func (r *runner[V, A]) faultLine(i int, f Fault, loading bool, words string) {
	if r.res.Faults[i].Kind == NoFault {
		r.res.Faults[i] = f
		line := fmt.Sprintf("player %d (%s)%s", i+1, r.seats[i].e.Name, words)
		if r.res.Detail != "" {
			r.res.Detail += "; "
		}
		r.res.Detail += line
	}
	r.turnFault[i] = true
	r.g.Fault(i, f, loading)
}

func (r *runner[V, A]) abandon(i int) {
	r.mu.Lock()
	r.players[i], r.caps[i] = nil, caps{}
	r.mu.Unlock()
	r.seats[i].abandon()
	r.forgetSnapshot()
}

func (r *runner[V, A]) stopped() bool {
	if r.o.Stop == nil {
		return false
	}
	select {
	case <-r.o.Stop:
		return true
	default:
		return false
	}
}

// watch closes the timed players that keep their own deadlines when the
// run is stopped, so that a call in progress returns at once.
func (r *runner[V, A]) watch(done <-chan struct{}) {
	select {
	case <-done:
		return
	case <-r.o.Stop:
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.players {
		if t, ok := p.(Timed); ok && t.OwnDeadline() {
			if c, ok := p.(io.Closer); ok {
				c.Close()
			}
		}
	}
}

// end tells the players how the game ended.
func (r *runner[V, A]) end() {
	for i, p := range r.players {
		e, ok := p.(Ender[V])
		if !ok || r.seats[i].p != p {
			continue
		}
		v, _ := r.view(i)
		c := r.clock()
		cr := guardHook(p, func() { e.EndGame(v, i, c) })
		if cr.status == callHung {
			r.abandon(i)
		}
	}
}

// leave lets the players that hold something of the loop's goroutine
// (Leaver) release it, on this goroutine.
func (r *runner[V, A]) leave() {
	r.mu.Lock()
	players := r.players
	r.mu.Unlock()
	for _, p := range players {
		if l, ok := any(p).(Leaver); ok {
			l.Leave()
		}
	}
}

// outOfTime says that player i's think time for the game ran out.
func (r *runner[V, A]) outOfTime(i int) string {
	if r.o.Budget <= 0 {
		return fmt.Sprintf("did not answer (%.3f s used)", r.res.Think[i].Seconds())
	}
	return fmt.Sprintf("ran out of its %s think time for the game (%.3f s used)", Seconds(r.o.Budget), r.res.Think[i].Seconds())
}
