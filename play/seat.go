package play

import (
	"fmt"
	"io"
	"time"
)

// Entrant is a player as a run knows it: a name, its spec and a way to
// build instances.
type Entrant[V, A any] struct {
	Name string                       // label in tables and results; unique within a run
	Spec string                       // the player's spec, recorded with its games
	New  func() (Player[V, A], error) // builds a fresh instance
}

// hookLimit bounds the calls of timed players that have no think time of
// their own (EndGame, BeginSeries, EndSeries, SwapSides, Close); a hook that
// passes it is abandoned with its instance.
const hookLimit = 10 * time.Second

// Seat is one side of a series of games: the entrant and the instance in
// use, which is kept from game to game and replaced when a call never
// returned. The zero Seat is not usable: make one with NewSeat.
type Seat[V, A any] struct {
	e *Entrant[V, A]
	p Player[V, A]
	// series says the seat plays a series: instances hear BeginSeries when
	// built and EndSeries when closed.
	series bool
	begun  bool // BeginSeries was called on p
	err    error
}

// NewSeat makes a seat for e. With series, the instances hear the series
// hooks (SeriesPlayer, SideSwapper), as in the course's series; without,
// an instance just plays game after game (self-play).
func NewSeat[V, A any](e *Entrant[V, A], series bool) *Seat[V, A] {
	return &Seat[V, A]{e: e, series: series}
}

// Entrant is the seat's entrant.
func (st *Seat[V, A]) Entrant() *Entrant[V, A] { return st.e }

// Player is the instance in use, nil when there is none.
func (st *Seat[V, A]) Player() Player[V, A] { return st.p }

// instance returns the player, building one when there is none (at the
// start, or after the previous instance was abandoned). An error says the
// player cannot be built; a nil player with no error says its series start
// never returned.
func (st *Seat[V, A]) instance() (Player[V, A], error) {
	if st.p != nil {
		return st.p, nil
	}
	p, err := st.build()
	if err != nil {
		return nil, err
	}
	st.p, st.begun = p, false
	if sp, ok := p.(SeriesPlayer); ok && st.series {
		st.begun = true
		if r := guardHook(p, func() { sp.BeginSeries() }); r.status == callHung {
			st.abandon()
			return nil, nil
		}
	}
	return st.p, nil
}

func (st *Seat[V, A]) build() (p Player[V, A], err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("building %s panicked: %v", st.e.Name, r)
		}
	}()
	p, err = st.e.New()
	if err == nil && p == nil {
		err = fmt.Errorf("building %s gave no player", st.e.Name)
	}
	return p, err
}

// Start builds the instance ahead of the first game, so that an error in
// building it is known (each game also reports it as the player's error).
func (st *Seat[V, A]) Start() error {
	_, err := st.instance()
	return err
}

// abandon drops an instance whose call never returned; it is closed in the
// background (an external player's process is ended that way).
func (st *Seat[V, A]) abandon() {
	if st.p == nil {
		return
	}
	if c, ok := st.p.(io.Closer); ok {
		go guard(func() { c.Close() }, hookLimit, nil)
	}
	st.p, st.begun = nil, false
}

// SwapSides tells the instance that the sides of the series swap; stop,
// if closed, abandons a hook that is still running.
func (st *Seat[V, A]) SwapSides(stop <-chan struct{}) {
	sw, ok := st.p.(SideSwapper)
	if !ok {
		return
	}
	lim := time.Duration(0)
	if isTimed(st.p) {
		lim = hookLimit
	}
	if r := guard(func() { sw.SwapSides() }, lim, stop); r.status == callHung || r.status == callStopped {
		st.abandon()
	}
}

// Close ends the instance at the end of a series (EndSeries, then Close).
func (st *Seat[V, A]) Close() {
	if st.p == nil {
		return
	}
	if sp, ok := st.p.(SeriesPlayer); ok && st.begun {
		if r := guardHook(st.p, func() { sp.EndSeries() }); r.status == callHung {
			st.abandon()
			return
		}
	}
	if c, ok := st.p.(io.Closer); ok {
		guardHook(st.p, func() { c.Close() })
	}
	st.p, st.begun = nil, false
}

// guardHook runs a hook of p: bounded by hookLimit for a timed player,
// directly (panics recovered) for a built-in one.
func guardHook(p any, f func()) callResult {
	if isTimed(p) {
		return guard(f, hookLimit, nil)
	}
	return guard(f, 0, nil)
}

func isTimed(p any) bool {
	_, ok := p.(Timed)
	return ok
}

// SeatOf is a seat for a player that is already built (self-play reuses
// one instance game after game). Should the instance have to be abandoned,
// the seat has none left and its player loses each later game by an error.
func SeatOf[V, A any](name string, p Player[V, A]) *Seat[V, A] {
	e := &Entrant[V, A]{Name: name, New: func() (Player[V, A], error) {
		return nil, fmt.Errorf("%s was abandoned after a call that never returned", name)
	}}
	return &Seat[V, A]{e: e, p: p}
}
