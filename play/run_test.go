package play

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// tally is a toy game for the loop: players add numbers to a shared sum
// until it has taken limit moves. In turns mode they move one after the
// other; in together mode both decide on the same view and the moves are
// applied together. A failed call loses (loseOnFault) or passes that turn.
type tally struct {
	together    bool
	loseOnFault bool
	limit       int
	sum         int
	moves       int
	next        int    // who moves next in turns mode
	pending     [2]int // together mode: moves received this turn
	got         uint8
	failed      uint8 // together mode: players whose call failed this turn
	loser       int   // -1 while nobody lost
	faults      []string
	cur         view // what View returns
}

// view is what players see: the sum and the moves made, copied.
type view struct{ sum, moves int }

func newTally(together, lose bool, limit int) *tally {
	return &tally{together: together, loseOnFault: lose, limit: limit, loser: -1}
}

func (g *tally) Over() bool { return g.loser >= 0 || g.moves >= g.limit }
func (g *tally) Movers() uint8 {
	if g.together {
		return 3
	}
	return 1 << g.next
}
func (g *tally) View() *view {
	g.cur = view{g.sum, g.moves}
	return &g.cur
}
func (g *tally) Snapshot(into *view) *view {
	if into == nil {
		into = &view{}
	}
	*into = view{g.sum, g.moves}
	return into
}
func (g *tally) Apply(me int, a int) {
	if !g.together {
		g.sum += a
		g.moves++
		g.next = 1 - g.next
		return
	}
	g.pending[me], g.got = a, g.got|1<<me
	g.settle()
}

// settle applies a together turn once both players have a move or failed.
func (g *tally) settle() {
	if g.got|g.failed != 3 {
		return
	}
	for i := range 2 {
		if g.got&(1<<i) != 0 {
			g.sum += g.pending[i]
		}
	}
	g.moves++
	g.got, g.failed = 0, 0
}

func (g *tally) Fault(me int, f Fault, loading bool) {
	g.faults = append(g.faults, f.Kind.String())
	if g.loseOnFault || loading {
		g.loser = me
		return
	}
	if g.together {
		g.failed |= 1 << me
		g.settle()
		return
	}
	g.moves++ // the turn passes
	g.next = 1 - g.next
}

// adder is a player that adds its number; hooks let tests make it fail.
type adder struct {
	n       int
	onAct   func(v *view) // called in Act (to panic, sleep, hang…)
	resets  int
	seen    []int   // sums seen, for together-mode checks
	clocks  []Clock // clocks given to Act
	seed    uint64  // seed given to Reset
	ended   atomic.Int32
	fault   Fault // what Failure reports
	onReset func()
}

func (a *adder) Reset(v *view, me int, seed uint64, c Clock) {
	a.resets++
	a.seed = seed
	if a.onReset != nil {
		a.onReset()
	}
}
func (a *adder) Act(v *view, c Clock) int {
	a.seen = append(a.seen, v.sum)
	a.clocks = append(a.clocks, c)
	if a.onAct != nil {
		a.onAct(v)
	}
	return a.n
}
func (a *adder) EndGame(v *view, me int, c Clock) { a.ended.Add(1) }

// timedAdder is an adder whose time counts, run by the loop on a goroutine
// of its own (an in-process stand-in for a course AI).
type timedAdder struct{ *adder }

func (timedAdder) OwnDeadline() bool { return false }

// failingAdder reports a failure after its calls, as a course AI does.
type failingAdder struct{ *adder }

func (f failingAdder) Failure() Fault { return f.fault }

func seatsOf(a, b Player[*view, int]) [2]*Seat[*view, int] {
	return [2]*Seat[*view, int]{SeatOf("a", a), SeatOf("b", b)}
}

func TestTurns(t *testing.T) {
	a, b := &adder{n: 1}, &adder{n: 10}
	g := newTally(false, true, 6)
	res, err := Run[*view, int](g, seatsOf(a, b), Options[int]{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if g.sum != 33 || len(res.Moves) != 6 || res.Moves[0] != 1 || res.Moves[1] != 10 {
		t.Fatalf("sum %d moves %v", g.sum, res.Moves)
	}
	if a.seed != SideSeed(7, 0) || b.seed != SideSeed(7, 1) || a.seed == b.seed {
		t.Fatalf("seeds %d %d", a.seed, b.seed)
	}
	if a.ended.Load() != 1 || b.ended.Load() != 1 || res.Detail != "" || res.Think != [2]time.Duration{} {
		t.Fatalf("end %d %d, detail %q, think %v", a.ended.Load(), b.ended.Load(), res.Detail, res.Think)
	}
}

// Both players decide on the same view; a player whose call fails has no
// move that turn, while the other's is applied.
func TestTogether(t *testing.T) {
	a := &adder{n: 1}
	b := &adder{n: 10}
	calls := 0
	b.onAct = func(*view) {
		if calls++; calls == 2 {
			panic("second turn")
		}
	}
	g := newTally(true, false, 3)
	res, err := Run[*view, int](g, seatsOf(a, b), Options[int]{})
	if err != nil {
		t.Fatal(err)
	}
	if g.sum != 1+10+1+1+10 {
		t.Fatalf("sum %d", g.sum)
	}
	if want := []int{0, 11, 12}; len(a.seen) != 3 || a.seen[0] != want[0] || a.seen[1] != want[1] || a.seen[2] != want[2] {
		t.Fatalf("a saw %v, want %v", a.seen, want)
	}
	if len(b.seen) != 3 || b.seen[1] != a.seen[1] {
		t.Fatalf("b saw %v while a saw %v", b.seen, a.seen)
	}
	if len(res.Moves) != 5 || res.Faults[1].Kind != Error || !strings.Contains(res.Detail, "player 2 (b) raised an error: second turn") {
		t.Fatalf("moves %v faults %+v detail %q", res.Moves, res.Faults, res.Detail)
	}
}

// A panic in Act or Reset is an error; the game's rule decides what it
// costs, and the detail says where it happened.
func TestPanics(t *testing.T) {
	a := &adder{n: 1, onAct: func(v *view) {
		if v.moves == 2 {
			var m map[string]int
			m["x"] = 1
		}
	}}
	g := newTally(false, true, 10)
	res, err := Run[*view, int](g, seatsOf(a, &adder{n: 2}), Options[int]{})
	if err != nil {
		t.Fatal(err)
	}
	if g.loser != 0 || g.moves != 2 || res.Faults[0].Kind != Error || !strings.Contains(res.Detail, "assignment to entry in nil map at") || !strings.Contains(res.Detail, "run_test.go") {
		t.Fatalf("loser %d moves %d detail %q", g.loser, g.moves, res.Detail)
	}
	b := &adder{n: 2, onReset: func() { panic("no load") }}
	g = newTally(false, true, 10)
	res, _ = Run[*view, int](g, seatsOf(&adder{n: 1}, b), Options[int]{})
	if g.loser != 1 || g.moves != 0 || len(g.faults) != 1 || !strings.Contains(res.Detail, "player 2 (b) raised an error: no load") {
		t.Fatalf("load panic: loser %d moves %d faults %v detail %q", g.loser, g.moves, g.faults, res.Detail)
	}
}

// A timed player is told its time left and loses on time when its calls
// use it up; a built-in player is not timed.
func TestBudget(t *testing.T) {
	slow := &adder{n: 1, onAct: func(*view) { time.Sleep(30 * time.Millisecond) }}
	fast := &adder{n: 2}
	g := newTally(false, true, 100)
	res, err := Run[*view, int](g, seatsOf(timedAdder{slow}, fast), Options[int]{Budget: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if g.loser != 0 || res.Faults[0].Kind != Timeout || res.Think[0] < 100*time.Millisecond || res.Think[1] != 0 {
		t.Fatalf("loser %d faults %+v think %v", g.loser, res.Faults, res.Think)
	}
	// Reset is charged too: the first play call already has less than the
	// whole budget.
	if n := len(slow.clocks); n < 3 || slow.clocks[0].Left[0] >= 100*time.Millisecond || slow.clocks[0].Left[0] < 90*time.Millisecond || slow.clocks[n-1].Left[0] >= slow.clocks[1].Left[0] ||
		slow.clocks[0].Left[1] != 100*time.Millisecond || fast.clocks[len(fast.clocks)-1].Left[0] >= 100*time.Millisecond {
		t.Fatalf("clocks %+v / %+v", slow.clocks, fast.clocks)
	}
}

// A timed in-process call that never returns loses on time, its instance
// is abandoned and the next game gets a new one.
func TestHang(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	built := 0
	e := &Entrant[*view, int]{Name: "hang", New: func() (Player[*view, int], error) {
		built++
		return timedAdder{&adder{n: 1, onAct: func(v *view) {
			if v.moves >= 2 {
				<-release
			}
		}}}, nil
	}}
	seats := [2]*Seat[*view, int]{NewSeat(e, true), SeatOf("b", Player[*view, int](&adder{n: 2}))}
	for game := 1; game <= 2; game++ {
		g := newTally(false, true, 10)
		res, err := Run[*view, int](g, seats, Options[int]{Budget: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if g.loser != 0 || res.Faults[0].Kind != Timeout || !strings.Contains(res.Detail, "ran out of its 0.05 s think time for the game") || built != game {
			t.Fatalf("game %d: loser %d detail %q built %d", game, g.loser, res.Detail, built)
		}
	}
}

// preparingAdder gets ready before each game (a course AI replacing its
// process) in prep, which is charged to no one.
type preparingAdder struct {
	timedAdder
	prep time.Duration
	log  []string
}

func (p *preparingAdder) Prepare() {
	p.log = append(p.log, "prepare")
	time.Sleep(p.prep)
}

func (p *preparingAdder) Reset(v *view, me int, seed uint64, c Clock) {
	p.log = append(p.log, "reset")
	p.timedAdder.Reset(v, me, seed, c)
}

// Prepare runs before each game's Reset, and its time is no player's
// think time: longer than the whole budget, it still leaves all of it.
func TestPrepareIsNotCharged(t *testing.T) {
	p := &preparingAdder{timedAdder: timedAdder{&adder{n: 1}}, prep: 80 * time.Millisecond}
	for game := 1; game <= 2; game++ {
		g := newTally(false, false, 6)
		p.clocks = nil
		res, err := Run[*view, int](g, seatsOf(p, &adder{n: 2}), Options[int]{Budget: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if res.Faults[0].Kind != NoFault || g.moves != 6 || res.Think[0] >= 50*time.Millisecond || len(p.clocks) != 3 {
			t.Fatalf("game %d: faults %+v, %d moves, think %v, clocks %+v", game, res.Faults, g.moves, res.Think, p.clocks)
		}
	}
	if got := strings.Join(p.log, " "); got != "prepare reset prepare reset" {
		t.Errorf("calls %q, want prepare then reset in each game", got)
	}
}

// A player that reports a failure (Failer) fails that call.
func TestFailer(t *testing.T) {
	a := &adder{n: 1}
	f := failingAdder{a}
	a.onAct = func(v *view) {
		if v.moves == 4 {
			a.fault = Fault{Timeout, "play was stopped"}
		}
	}
	g := newTally(false, true, 10)
	res, _ := Run[*view, int](g, seatsOf(f, &adder{n: 2}), Options[int]{})
	if g.loser != 0 || res.Faults[0] != (Fault{Timeout, "play was stopped"}) || res.Detail != "player 1 (a): play was stopped" {
		t.Fatalf("loser %d faults %+v detail %q", g.loser, res.Faults, res.Detail)
	}
}

// A seat whose player cannot be built loses before any move.
func TestUnbuildable(t *testing.T) {
	e := &Entrant[*view, int]{Name: "broken", New: func() (Player[*view, int], error) { return nil, errors.New("no such file") }}
	g := newTally(false, true, 10)
	res, err := Run[*view, int](g, [2]*Seat[*view, int]{SeatOf("a", Player[*view, int](&adder{})), NewSeat(e, false)}, Options[int]{})
	if err != nil {
		t.Fatal(err)
	}
	if g.loser != 1 || g.moves != 0 || !strings.Contains(res.Detail, "player 2 (broken) could not be started: no such file") {
		t.Fatalf("loser %d detail %q", g.loser, res.Detail)
	}
}

// Closing Stop ends the game with ErrStopped, also during a timed call.
func TestStop(t *testing.T) {
	stop := make(chan struct{})
	release := make(chan struct{})
	defer close(release)
	a := &adder{n: 1, onAct: func(v *view) {
		if v.moves == 4 {
			close(stop)
			<-release
		}
	}}
	g := newTally(false, true, 100)
	_, err := Run[*view, int](g, seatsOf(timedAdder{a}, &adder{n: 2}), Options[int]{Budget: time.Hour, Stop: stop})
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("err %v", err)
	}
	// An untimed player is stopped between calls.
	stop2 := make(chan struct{})
	b := &adder{n: 1, onAct: func(v *view) {
		if v.moves == 4 {
			close(stop2)
		}
	}}
	g = newTally(false, true, 100)
	if _, err := Run[*view, int](g, seatsOf(b, &adder{n: 2}), Options[int]{Stop: stop2}); !errors.Is(err, ErrStopped) || g.moves > 6 {
		t.Fatalf("err %v after %d moves", err, g.moves)
	}
}

// Series hooks: BeginSeries when an instance is built for a series seat,
// EndSeries and Close when the seat closes.
type hooked struct {
	adder
	log *[]string
}

func (h *hooked) BeginSeries() error { *h.log = append(*h.log, "begin"); return nil }
func (h *hooked) EndSeries() error   { *h.log = append(*h.log, "end"); return nil }
func (h *hooked) SwapSides() error   { *h.log = append(*h.log, "swap"); return nil }
func (h *hooked) Close() error       { *h.log = append(*h.log, "close"); return nil }

func TestSeriesHooks(t *testing.T) {
	var log []string
	e := &Entrant[*view, int]{Name: "h", New: func() (Player[*view, int], error) { return &hooked{adder{n: 1}, &log}, nil }}
	st := NewSeat(e, true)
	seats := [2]*Seat[*view, int]{st, SeatOf("b", Player[*view, int](&adder{n: 2}))}
	Run[*view, int](newTally(false, true, 4), seats, Options[int]{})
	st.SwapSides(nil)
	Run[*view, int](newTally(false, true, 4), seats, Options[int]{})
	st.Close()
	if got := strings.Join(log, " "); got != "begin swap end close" {
		t.Fatalf("hooks %s", got)
	}
}

// The loop allocates nothing per move for built-in players.
func TestNoAllocationPerMove(t *testing.T) {
	a, b := &adder{n: 1}, &adder{n: 2}
	moves := make([]int, 0, 2000)
	short := testing.AllocsPerRun(5, func() {
		a.seen, a.clocks, b.seen, b.clocks = a.seen[:0], a.clocks[:0], b.seen[:0], b.clocks[:0]
		Run[*view, int](newTally(false, true, 10), seatsOf(a, b), Options[int]{Moves: moves})
	})
	long := testing.AllocsPerRun(5, func() {
		a.seen, a.clocks, b.seen, b.clocks = a.seen[:0], a.clocks[:0], b.seen[:0], b.clocks[:0]
		Run[*view, int](newTally(false, true, 1000), seatsOf(a, b), Options[int]{Moves: moves})
	})
	if long-short > 5 {
		t.Fatalf("the loop allocates per move: %v allocations for 10 moves, %v for 1000", short, long)
	}
}

// brokenTally is a game whose rules panic on the fifth move: a bug in the
// game, not a player's error.
type brokenTally struct{ *tally }

func (g brokenTally) Apply(me int, a int) {
	if g.moves == 4 {
		panic("rules bug")
	}
	g.tally.Apply(me, a)
}

// A panic of the game itself is not blamed on the player that moved: it
// reaches the caller, as any bug in the rules would.
func TestGamePanicIsNotAPlayers(t *testing.T) {
	defer func() {
		if e := recover(); e != "rules bug" {
			t.Fatalf("recovered %v, want the game's panic", e)
		}
	}()
	g := brokenTally{newTally(false, true, 10)}
	Run[*view, int](g, seatsOf(&adder{n: 1}, &adder{n: 2}), Options[int]{})
	t.Fatal("Run returned")
}

// leavingAdder records its calls and the goroutine of each (Leaver).
type leavingAdder struct {
	adder
	mu  sync.Mutex
	log []string
}

func (l *leavingAdder) note(what string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.log = append(l.log, what+"@"+goroutineID())
}

func (l *leavingAdder) Act(v *view, c Clock) int         { l.note("act"); return l.adder.Act(v, c) }
func (l *leavingAdder) EndGame(v *view, me int, c Clock) { l.note("end") }
func (l *leavingAdder) Leave()                           { l.note("leave") }

// goroutineID is the calling goroutine's number, from its stack's header.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := strings.Fields(string(buf))
	return f[1]
}

// Leave is called once per game, after EndGame, on the goroutine that
// made the calls of the game, also when the game is stopped.
func TestLeave(t *testing.T) {
	l := &leavingAdder{adder: adder{n: 1}}
	g := newTally(false, false, 4)
	if _, err := Run[*view, int](g, seatsOf(l, &adder{n: 2}), Options[int]{}); err != nil {
		t.Fatal(err)
	}
	me := goroutineID()
	want := "act@" + me + " act@" + me + " end@"
	got := strings.Join(l.log, " ")
	if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, " leave@"+me) || len(l.log) != 4 {
		t.Errorf("calls %q, want two acts, end, then leave on goroutine %s", got, me)
	}
	stop := make(chan struct{})
	l2 := &leavingAdder{adder: adder{n: 1, onAct: func(v *view) {
		if v.moves == 2 {
			close(stop)
		}
	}}}
	if _, err := Run[*view, int](newTally(false, false, 100), seatsOf(l2, &adder{n: 2}), Options[int]{Stop: stop}); !errors.Is(err, ErrStopped) {
		t.Fatalf("err %v", err)
	}
	if got := strings.Join(l2.log, " "); !strings.HasSuffix(got, " leave@"+me) || strings.Count(got, "leave") != 1 {
		t.Errorf("a stopped game: calls %q, want one leave on goroutine %s at the end", got, me)
	}
}
