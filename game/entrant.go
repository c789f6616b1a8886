package game

import (
	"fmt"
	"io"
	"sync"

	"github.com/paperio/paperio/play"
)

// Entrant is a player of some game: its name in tables and results, its
// spec, and a way to build instances (the game's typed player, hidden
// here). Make one with NewEntrant.
type Entrant struct {
	Name string // unique within a run
	Spec string // recorded with its games
	// seat makes a seat of the game's types for the entrant as named now.
	seat func(e *Entrant, series bool) seatImpl
	// check builds an instance, to know early whether it can be built,
	// and closes it, or (keep) keeps it for the first instance a seat of
	// the entrant builds.
	check func(keep bool) error
	// release closes the kept instance if no seat took it.
	release func()
}

// NewEntrant is the entrant of a game whose players read views V and make
// moves A; build makes a fresh instance.
func NewEntrant[V, A any](name, spec string, build func() (play.Player[V, A], error)) *Entrant {
	var (
		mu    sync.Mutex
		spare play.Player[V, A] // kept by Prepare for the first seat
	)
	take := func() play.Player[V, A] {
		mu.Lock()
		defer mu.Unlock()
		p := spare
		spare = nil
		return p
	}
	closeIt := func(p play.Player[V, A]) {
		if c, ok := p.(io.Closer); ok {
			c.Close()
		}
	}
	return &Entrant{
		Name: name, Spec: spec,
		seat: func(e *Entrant, series bool) seatImpl {
			return play.NewSeat(&play.Entrant[V, A]{Name: e.Name, Spec: e.Spec, New: func() (play.Player[V, A], error) {
				if p := take(); p != nil {
					return p, nil
				}
				return build()
			}}, series)
		},
		check: func(keep bool) error {
			p, err := build()
			if err != nil {
				return err
			}
			if keep {
				mu.Lock()
				if spare == nil {
					spare, p = p, nil
				}
				mu.Unlock()
			}
			if p != nil {
				closeIt(p)
			}
			return nil
		},
		release: func() {
			if p := take(); p != nil {
				closeIt(p)
			}
		},
	}
}

// Check builds an instance and closes it again: an error says the player
// cannot be started (a course AI's file is missing, does not parse, lacks
// what the game's AIs define, or fails or exits at import).
func (e *Entrant) Check() error { return e.check(false) }

// Prepare is Check that keeps the instance it built for the first one a
// seat of e needs, so that a player whose start is dear (a program's
// process, a course AI's import) is started once, not once for the check
// and again for the first game. Release closes it if no seat took it.
func (e *Entrant) Prepare() error { return e.check(true) }

// Release closes the instance Prepare kept, if no seat took it. Any number
// of calls, from any goroutine.
func (e *Entrant) Release() { e.release() }

// ReleaseAll releases every entrant of es.
func ReleaseAll(es []*Entrant) {
	for _, e := range es {
		if e != nil {
			e.Release()
		}
	}
}

// Broken is an entrant that cannot be started, and why.
type Broken struct {
	Entrant *Entrant
	Err     error
}

// CheckAll checks every entrant, a spec once however often it is listed,
// workers at a time (a course AI's check starts its process and imports
// it), and returns those that cannot be started, in the order given,
// each spec once.
func CheckAll(es []*Entrant, workers int) []Broken { return checkAll(es, workers, false) }

// PrepareAll is CheckAll that keeps each instance built (Prepare) for the
// entrant's first seat; the caller releases what is left (ReleaseAll).
func PrepareAll(es []*Entrant, workers int) []Broken { return checkAll(es, workers, true) }

func checkAll(es []*Entrant, workers int, keep bool) []Broken {
	errs := make([]error, len(es))
	first := map[string]int{}
	var todo []int
	for i, e := range es {
		if _, dup := first[e.Spec]; !dup {
			first[e.Spec] = i
			todo = append(todo, i)
		}
	}
	sem := make(chan struct{}, max(workers, 1))
	var wg sync.WaitGroup
	for _, i := range todo {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			errs[i] = es[i].check(keep)
			<-sem
		}()
	}
	wg.Wait()
	var out []Broken
	for _, i := range todo {
		if errs[i] != nil {
			out = append(out, Broken{es[i], errs[i]})
		}
	}
	return out
}

// Seat is one side of a run of games: the entrant and the instance in use
// (see play.Seat).
type Seat struct {
	e    *Entrant
	impl seatImpl
}

// seatImpl is what every play.Seat[V, A] does.
type seatImpl interface {
	Start() error
	SwapSides(stop <-chan struct{})
	Close()
}

// NewSeat makes a seat for e. With series, its instances hear the course's
// series hooks.
func NewSeat(e *Entrant, series bool) *Seat { return &Seat{e: e, impl: e.seat(e, series)} }

// Entrant is the seat's entrant.
func (s *Seat) Entrant() *Entrant { return s.e }

// Start builds the instance ahead of the first game.
func (s *Seat) Start() error { return s.impl.Start() }

// SwapSides tells the instance that the sides of a series swap.
func (s *Seat) SwapSides(stop <-chan struct{}) { s.impl.SwapSides(stop) }

// Close ends the instance (EndSeries, Close).
func (s *Seat) Close() { s.impl.Close() }

// PlaySeats are the game's typed seats behind two seats, for its Worker.
func PlaySeats[V, A any](seats [2]*Seat) ([2]*play.Seat[V, A], error) {
	var out [2]*play.Seat[V, A]
	for i, s := range seats {
		ps, ok := s.impl.(*play.Seat[V, A])
		if !ok {
			return out, fmt.Errorf("player %s belongs to another game", s.e.Name)
		}
		out[i] = ps
	}
	return out, nil
}
