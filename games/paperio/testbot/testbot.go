// Package testbot holds small deterministic paper.io players for tests of
// the packages that run and record games: Looper draws rectangles out of
// its territory and back, so games run long and enclose often, and it
// avoids the wall and its own band when it can; Fixed plays one action
// forever; Safe picks at random among the moves that do not lose at once.
// Only tests import it.
package testbot

import (
	"math/rand/v2"
	"sync/atomic"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// Looper is the test player. The zero value is ready for Reset.
type Looper struct {
	me     int
	rng    uint64
	leg    int // 0 = at home; 1..3 the legs of a rectangle; 4 = heading home
	left   int // cells left in the current leg
	sides  [2]int
	turn   paperio.Action
	Jitter int  // one action in Jitter is random (0: never)
	Wild   bool // play the planned or random action even when it loses
}

// New returns a looper that plays a random action one time in jitter.
func New(jitter int) *Looper { return &Looper{Jitter: jitter} }

// Reset starts a new game.
func (l *Looper) Reset(s *paperio.State, me int, seed uint64, _ play.Clock) {
	*l = Looper{me: me, rng: seed, Jitter: l.Jitter, Wild: l.Wild}
}

func (l *Looper) next() uint64 {
	l.rng += 0x9e3779b97f4a7c15
	return play.Mix(l.rng)
}

// Act plans the rectangle and then checks the step is safe.
func (l *Looper) Act(s *paperio.State, _ play.Clock) paperio.Action {
	x, y, d := s.Head(l.me)
	home := s.FieldAt(x, y) == l.me+1
	a := paperio.Straight
	switch {
	case home:
		l.leg = 0
		if s.BandLen(l.me) == 0 {
			l.sides = [2]int{2 + int(l.next()%9), 2 + int(l.next()%9)}
			l.turn = paperio.Left
			if l.next()&1 == 0 {
				l.turn = paperio.Right
			}
			l.leg, l.left = 1, l.sides[0]
		}
	case l.leg >= 1 && l.leg <= 3:
		l.left--
		if l.left <= 0 {
			a = l.turn
			l.leg++
			if l.leg <= 3 {
				l.left = l.sides[(l.leg-1)%2]
			}
		}
	}
	if l.Jitter > 0 && l.next()%uint64(l.Jitter) == 0 {
		a = [3]paperio.Action{paperio.Left, paperio.Right, paperio.Straight}[l.next()%3]
	}
	if l.Wild || l.safe(s, x, y, a.Turn(d)) {
		return a
	}
	for _, b := range [3]paperio.Action{l.turn, opposite(l.turn), paperio.Straight} {
		if b != 0 && l.safe(s, x, y, b.Turn(d)) {
			return b
		}
	}
	return a
}

func opposite(a paperio.Action) paperio.Action {
	if a == paperio.Left {
		return paperio.Right
	}
	return paperio.Left
}

func (l *Looper) safe(s *paperio.State, x, y int, d paperio.Dir) bool {
	nx, ny := paperio.StepFrom(x, y, d)
	return s.Inside(nx, ny) && s.BandAt(nx, ny) != l.me+1
}

// Fixed plays one action forever: Right spins on its own territory and
// never loses; Straight runs into the wall.
type Fixed struct{ A paperio.Action }

func (b *Fixed) Reset(*paperio.State, int, uint64, play.Clock) {}
func (b *Fixed) Act(*paperio.State, play.Clock) paperio.Action { return b.A }

// Safe picks at random among the actions that neither leave the board nor
// run into its own band.
type Safe struct {
	me  int
	rng *rand.Rand
}

func (b *Safe) Reset(_ *paperio.State, me int, seed uint64, _ play.Clock) {
	b.me, b.rng = me, rand.New(rand.NewPCG(seed, 1))
}

func (b *Safe) Act(s *paperio.State, _ play.Clock) paperio.Action {
	x, y, d := s.Head(b.me)
	var ok [3]paperio.Action
	n := 0
	for _, a := range []paperio.Action{paperio.Straight, paperio.Left, paperio.Right} {
		nx, ny := paperio.StepFrom(x, y, a.Turn(d))
		if s.Inside(nx, ny) && s.BandAt(nx, ny) != b.me+1 {
			ok[n] = a
			n++
		}
	}
	if n == 0 {
		return paperio.Straight
	}
	return ok[b.rng.IntN(n)]
}

// Entrant is a named player that counts the instances built (to see what
// a resumed run plays); built may be nil.
func Entrant(name string, built *atomic.Int32, mk func() bots.Bot) *game.Entrant {
	return game.NewEntrant(name, name, func() (bots.Bot, error) {
		if built != nil {
			built.Add(1)
		}
		return mk(), nil
	})
}
