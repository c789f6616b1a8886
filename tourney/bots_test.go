package tourney

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/testbot"
	"github.com/paperio/paperio/play"
)

// Test-only players with known behaviour.

// panicBot panics on its n-th Act of a game.
type panicBot struct{ n, calls int }

func (b *panicBot) Reset(*paperio.State, int, uint64, play.Clock) { b.calls = 0 }
func (b *panicBot) Act(*paperio.State, play.Clock) paperio.Action {
	b.calls++
	if b.calls >= b.n {
		panic(fmt.Sprintf("broken on move %d", b.calls))
	}
	return paperio.Right
}

// hangBot never returns from its n-th Act of a game (until release closes).
type hangBot struct {
	n, calls int
	release  <-chan struct{}
}

func (b *hangBot) Reset(*paperio.State, int, uint64, play.Clock) { b.calls = 0 }
func (b *hangBot) OwnDeadline() bool                             { return false }
func (b *hangBot) Act(*paperio.State, play.Clock) paperio.Action {
	b.calls++
	if b.calls >= b.n {
		<-b.release
	}
	return paperio.Right
}

// slowBot spins, sleeping on every move. It stands for a course AI: its
// time counts (play.Timed), and so do hangBot's and sleepyBot's.
type slowBot struct{ d time.Duration }

func (b *slowBot) Reset(*paperio.State, int, uint64, play.Clock) {}
func (b *slowBot) OwnDeadline() bool                             { return false }
func (b *slowBot) Act(*paperio.State, play.Clock) paperio.Action {
	time.Sleep(b.d)
	return paperio.Right
}

// sleepyBot spins and takes its time after each game (a hook that has no
// think time of its own).
type sleepyBot struct{ d time.Duration }

func (b *sleepyBot) Reset(*paperio.State, int, uint64, play.Clock) {}
func (b *sleepyBot) Act(*paperio.State, play.Clock) paperio.Action { return paperio.Right }
func (b *sleepyBot) EndGame(*paperio.State, int, play.Clock)       { time.Sleep(b.d) }
func (b *sleepyBot) OwnDeadline() bool                             { return false }

// failBot spins and reports a failure after n moves, as an external
// player does.
type failBot struct {
	n, calls int
	kind     play.FaultKind
}

func (b *failBot) Reset(*paperio.State, int, uint64, play.Clock) { b.calls = 0 }
func (b *failBot) Act(*paperio.State, play.Clock) paperio.Action { b.calls++; return paperio.Right }
func (b *failBot) Failure() play.Fault {
	if b.calls >= b.n {
		return play.Fault{Kind: b.kind, Detail: "the AI said so"}
	}
	return play.Fault{}
}

// hookCounts counts the calls of every hook on all instances of a hookBot.
type hookCounts struct {
	mu                                             sync.Mutex
	begin, swap, endGame, endSeries, close, resets int
	order                                          []string
}

// hookBot spins and records its hooks.
type hookBot struct{ c *hookCounts }

func (b *hookBot) log(s string, n *int) {
	b.c.mu.Lock()
	defer b.c.mu.Unlock()
	*n++
	b.c.order = append(b.c.order, s)
}
func (b *hookBot) Reset(*paperio.State, int, uint64, play.Clock) { b.log("reset", &b.c.resets) }
func (b *hookBot) Act(*paperio.State, play.Clock) paperio.Action { return paperio.Right }
func (b *hookBot) BeginSeries() error                            { b.log("begin", &b.c.begin); return nil }
func (b *hookBot) SwapSides() error                              { b.log("swap", &b.c.swap); return nil }
func (b *hookBot) EndGame(*paperio.State, int, play.Clock)       { b.log("endgame", &b.c.endGame) }
func (b *hookBot) EndSeries() error                              { b.log("endseries", &b.c.endSeries); return nil }
func (b *hookBot) Close() error                                  { b.log("close", &b.c.close); return nil }

var (
	_ play.SeriesPlayer          = (*hookBot)(nil)
	_ play.SideSwapper           = (*hookBot)(nil)
	_ play.Ender[*paperio.State] = (*hookBot)(nil)
	_ play.Failer                = (*failBot)(nil)
)

// entrant wraps a constructor and counts the instances built.
func entrant(name string, mk func() bots.Bot) (*Entrant, *atomic.Int32) {
	var n atomic.Int32
	return testbot.Entrant(name, &n, mk), &n
}

func spinner(name string) *Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Fixed{A: paperio.Right} })
}

func straight(name string) *Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Fixed{A: paperio.Straight} })
}

func safe(name string) *Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Safe{} })
}

// smallBoard keeps tests fast: 20x15, k = 10.
var smallBoard = paperiogame.Config{Config: paperio.Config{Width: 20, Height: 15, MaxTurns: 60}}

// paper is the game of the tests.
var paper paperiogame.Game

// External Python players take the series hooks as they are.
var (
	_ play.SeriesPlayer          = (*paperiogame.PyPlayer)(nil)
	_ play.SideSwapper           = (*paperiogame.PyPlayer)(nil)
	_ play.Ender[*paperio.State] = (*paperiogame.PyPlayer)(nil)
	_ play.Failer                = (*paperiogame.PyPlayer)(nil)
	_ play.Timed                 = (*paperiogame.PyPlayer)(nil)
)
