package tourney

import (
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
)

// Entrant is one player of a series or tournament.
type Entrant struct {
	Name string                   // label in tables and results; unique within a run
	Spec string                   // the player's spec, recorded with its games
	New  func() (bots.Bot, error) // builds a fresh instance
}

// SeriesPlayer is implemented by players that want the course's series
// hooks: BeginSeries before the first game of a series against one opponent
// (the course's init) and EndSeries after its last game (summaryall). A
// series builds a new instance of each player, so an instance sees exactly
// one series.
// Errors from the hooks are ignored, as the course ignored errors in init
// and summaryall.
type SeriesPlayer interface {
	BeginSeries() error
	EndSeries() error
}

// SideSwapper is implemented by players that want to hear when the sides of
// a series swap, after its first half (the course gave each player a fresh
// storage for each direction of a series).
type SideSwapper interface {
	SwapSides() error
}

// Failer players (bots.Failer) keep their own think-time clock, as external
// AIs must; the runner's clock still ends a call that passes the player's
// remaining time by more than failerGrace, so a call that never returns
// cannot stop a series.
const failerGrace = 2 * time.Second

// hookLimit bounds the hooks that have no think time of their own
// (EndGame, BeginSeries, EndSeries, SwapSides, Close) when games have a
// think-time budget; a hook that passes it is abandoned with its instance.
const hookLimit = 10 * time.Second

// seat is one player's side of a series: the instance in use.
type seat struct {
	e   *Entrant
	bot bots.Bot
	// begun says BeginSeries has been called on bot.
	begun bool
}

// instance returns the bot, building one when there is none (at the start
// of a series, or after the previous instance was abandoned).
func (st *seat) instance(hooks bool) (bots.Bot, error) {
	if st.bot != nil {
		return st.bot, nil
	}
	b, err := buildBot(st.e)
	if err != nil {
		return nil, err
	}
	st.bot, st.begun = b, false
	if sp, ok := b.(SeriesPlayer); ok && hooks {
		st.begun = true
		if r := guard(func() { sp.BeginSeries() }, hookLimit, nil); r.status == callHung {
			st.abandon()
		}
	}
	return st.bot, nil
}

func buildBot(e *Entrant) (b bots.Bot, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("building %s panicked: %v", e.Name, r)
		}
	}()
	b, err = e.New()
	if err == nil && b == nil {
		err = fmt.Errorf("building %s gave no player", e.Name)
	}
	return b, err
}

// abandon drops an instance whose call never returned; it is closed in the
// background (an external player's process is ended that way).
func (st *seat) abandon() {
	if st.bot == nil {
		return
	}
	if c, ok := st.bot.(io.Closer); ok {
		go guard(func() { c.Close() }, hookLimit, nil)
	}
	st.bot, st.begun = nil, false
}

// close ends the instance at the end of a series: EndSeries, then Close.
func (st *seat) close() {
	if st.bot == nil {
		return
	}
	if sp, ok := st.bot.(SeriesPlayer); ok && st.begun {
		if r := guard(func() { sp.EndSeries() }, hookLimit, nil); r.status == callHung {
			st.abandon()
			return
		}
	}
	if c, ok := st.bot.(io.Closer); ok {
		guard(func() { c.Close() }, hookLimit, nil)
	}
	st.bot, st.begun = nil, false
}

type callStatus int

const (
	callOK       callStatus = iota
	callPanicked            // the call panicked: the course's "AI raised an error"
	callHung                // the call passed its limit and is still running
	callStopped             // the series was stopped (wall-time cap or cancel) during the call
)

type callResult struct {
	status  callStatus
	elapsed time.Duration
	err     string // the panic
}

// guard runs f. With no limit and no stop channel it runs f directly;
// otherwise f runs on its own goroutine and guard waits at most limit (a
// call still running then is left running and reported hung) or until stop
// is closed. A panic in f is recovered and reported.
func guard(f func(), limit time.Duration, stop <-chan struct{}) callResult {
	start := time.Now()
	run := func() (msg string) {
		defer func() {
			if r := recover(); r != nil {
				msg = panicText(r)
			}
		}()
		f()
		return ""
	}
	if limit <= 0 && stop == nil {
		if msg := run(); msg != "" {
			return callResult{callPanicked, time.Since(start), msg}
		}
		return callResult{callOK, time.Since(start), ""}
	}
	done := make(chan string, 1)
	go func() { done <- run() }()
	var timeout <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case msg := <-done:
		if msg != "" {
			return callResult{callPanicked, time.Since(start), msg}
		}
		return callResult{callOK, time.Since(start), ""}
	case <-timeout:
		return callResult{callHung, time.Since(start), ""}
	case <-stop:
		return callResult{callStopped, time.Since(start), ""}
	}
}

func panicText(r any) string {
	msg := fmt.Sprint(r)
	// Keep the first frame of the player's code: the panic and where.
	stack := strings.Split(string(debug.Stack()), "\n")
	for i, l := range stack {
		if strings.Contains(l, "panic(") && i+3 < len(stack) {
			at, _, _ := strings.Cut(strings.TrimSpace(stack[i+3]), " +0x")
			return msg + " at " + at
		}
	}
	return msg
}

// errStopped reports a game cut short by the series' stop channel.
var errStopped = errors.New("stopped")

// gameSetup is what a game needs besides its players.
type gameSetup struct {
	config engine.Config
	starts [2]engine.Start
	seed   int64         // the bots' seeds are bots.SideSeed(seed, side), as bots.Play
	budget time.Duration // think time per player per game; 0 = unlimited
	stop   <-chan struct{}
	hooks  bool // call series hooks on instances built during the game
}

// played is a finished game.
type played struct {
	state   *engine.State
	actions []byte
	think   [2]time.Duration
	detail  string
}

// playGame plays one game between the seats (seats[0] moves first). It
// follows bots.Play — the same seeds, so the same game for well-behaved
// players — and adds the course's runner rules: a player whose instance
// cannot be built, or whose Reset or Act panics, loses by ERR; a player
// whose calls use up its think time (or that never returns) loses by OVT;
// Failer players are asked after each call. It returns errStopped if the
// stop channel closed first.
func playGame(seats [2]*seat, g gameSetup) (*played, error) {
	s, err := engine.NewGame(g.config, g.starts)
	if err != nil {
		return nil, err
	}
	p := &played{state: s, actions: make([]byte, 0, 64)}
	guarded := g.budget > 0 || g.stop != nil
	limit := func(i int, b bots.Bot) time.Duration {
		if g.budget <= 0 {
			return 0
		}
		left := g.budget - p.think[i]
		if _, ok := b.(bots.Failer); ok {
			left += failerGrace
		}
		return max(left, time.Millisecond)
	}
	// Guarded calls see a copy of the game, one for both players (external
	// players find each other's clocks through it) kept for the whole game,
	// so Reset, Act and EndGame get the same pointer. After a call was left
	// running, the copy it reads is not touched again: later calls get a
	// fresh one.
	var shared *engine.State
	view := func() *engine.State {
		if !guarded {
			return s // called on this goroutine: the bot may read the game itself
		}
		if shared == nil {
			shared = s.Clone()
		} else {
			shared.CopyFrom(s)
		}
		return shared
	}
	leave := func() { shared = nil }
	// judge applies a call's outcome to player i; it reports whether the
	// game is over.
	judge := func(i int, b bots.Bot, r callResult) (bool, error) {
		p.think[i] += r.elapsed
		switch r.status {
		case callStopped:
			seats[i].abandon()
			leave()
			return true, errStopped
		case callPanicked:
			s.Forfeit(i, engine.ERR)
			p.detail = fmt.Sprintf("player %d (%s) raised an error: %s", i+1, seats[i].e.Name, r.err)
			return true, nil
		case callHung:
			seats[i].abandon()
			leave()
			s.Forfeit(i, engine.OVT)
			p.detail = fmt.Sprintf("player %d (%s) did not answer within its remaining think time (%.3f s used)", i+1, seats[i].e.Name, p.think[i].Seconds())
			return true, nil
		}
		if f, ok := b.(bots.Failer); ok {
			if failed, reason, detail := f.Failure(); failed {
				if reason != engine.ERR && reason != engine.OVT {
					reason = engine.ERR
				}
				s.Forfeit(i, reason)
				p.detail = fmt.Sprintf("player %d (%s): %s", i+1, seats[i].e.Name, detail)
				return true, nil
			}
			return false, nil
		}
		if g.budget > 0 && p.think[i] >= g.budget {
			s.Forfeit(i, engine.OVT)
			p.detail = fmt.Sprintf("player %d (%s) ran out of think time (%.3f s of %.3f s)", i+1, seats[i].e.Name, p.think[i].Seconds(), g.budget.Seconds())
			return true, nil
		}
		return false, nil
	}
	var players [2]bots.Bot
	for i, st := range seats {
		b, err := st.instance(g.hooks)
		if err != nil {
			s.Forfeit(i, engine.ERR)
			p.detail = fmt.Sprintf("player %d (%s) could not be started: %v", i+1, st.e.Name, err)
			break
		}
		if b == nil { // its BeginSeries hung
			s.Forfeit(i, engine.OVT)
			p.detail = fmt.Sprintf("player %d (%s) did not return from its series start", i+1, st.e.Name)
			break
		}
		players[i] = b
		v := view()
		r := guard(func() { b.Reset(v, i, bots.SideSeed(uint64(g.seed), i)) }, limit(i, b), g.stop)
		if over, err := judge(i, b, r); err != nil {
			return nil, err
		} else if over {
			break
		}
	}
	for !s.Over() {
		if g.stop != nil {
			select {
			case <-g.stop:
				return nil, errStopped
			default:
			}
		}
		me := s.ToMove()
		b := players[me]
		v := view()
		var a engine.Action
		r := guard(func() { a = b.Act(v) }, limit(me, b), g.stop)
		if over, err := judge(me, b, r); err != nil {
			return nil, err
		} else if over {
			break
		}
		s.Step(a)
		p.actions = append(p.actions, byte(a))
	}
	for i, st := range seats {
		if st.bot == nil || st.bot != players[i] {
			continue
		}
		if e, ok := st.bot.(bots.Ender); ok {
			v := view()
			lim := time.Duration(0)
			if guarded {
				lim = hookLimit
			}
			if r := guard(func() { e.EndGame(v, i) }, lim, g.stop); r.status == callHung || r.status == callStopped {
				st.abandon()
				leave()
			}
		}
	}
	return p, nil
}
