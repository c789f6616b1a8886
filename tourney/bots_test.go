package tourney

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	rules "github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/testbot"
	"github.com/paperio/paperio/play"
)

// Test-only players with known behaviour.

// panicBot panics on its n-th Act of a game.
type panicBot struct{ n, calls int }

func (b *panicBot) Reset(*rules.State, int, uint64, play.Clock) { b.calls = 0 }
func (b *panicBot) Act(*rules.State, play.Clock) rules.Action {
	b.calls++
	if b.calls >= b.n {
		panic(fmt.Sprintf("broken on move %d", b.calls))
	}
	return rules.Right
}

// hangBot never returns from its n-th Act of a game (until release closes).
type hangBot struct {
	n, calls int
	release  <-chan struct{}
}

func (b *hangBot) Reset(*rules.State, int, uint64, play.Clock) { b.calls = 0 }
func (b *hangBot) OwnDeadline() bool                           { return false }
func (b *hangBot) Act(*rules.State, play.Clock) rules.Action {
	b.calls++
	if b.calls >= b.n {
		<-b.release
	}
	return rules.Right
}

// slowBot spins, sleeping on every move. It stands for a course AI: its
// time counts (play.Timed), and so do hangBot's and sleepyBot's.
type slowBot struct{ d time.Duration }

func (b *slowBot) Reset(*rules.State, int, uint64, play.Clock) {}
func (b *slowBot) OwnDeadline() bool                           { return false }
func (b *slowBot) Act(*rules.State, play.Clock) rules.Action {
	time.Sleep(b.d)
	return rules.Right
}

// sleepyBot spins and takes its time after each game (a hook that has no
// think time of its own).
type sleepyBot struct{ d time.Duration }

func (b *sleepyBot) Reset(*rules.State, int, uint64, play.Clock) {}
func (b *sleepyBot) Act(*rules.State, play.Clock) rules.Action   { return rules.Right }
func (b *sleepyBot) EndGame(*rules.State, int, play.Clock)       { time.Sleep(b.d) }
func (b *sleepyBot) OwnDeadline() bool                           { return false }

// failBot spins and reports a failure after n moves, as an external
// player does.
type failBot struct {
	n, calls int
	kind     play.FaultKind
}

func (b *failBot) Reset(*rules.State, int, uint64, play.Clock) { b.calls = 0 }
func (b *failBot) Act(*rules.State, play.Clock) rules.Action   { b.calls++; return rules.Right }
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
func (b *hookBot) Reset(*rules.State, int, uint64, play.Clock) { b.log("reset", &b.c.resets) }
func (b *hookBot) Act(*rules.State, play.Clock) rules.Action   { return rules.Right }
func (b *hookBot) BeginSeries() error                          { b.log("begin", &b.c.begin); return nil }
func (b *hookBot) SwapSides() error                            { b.log("swap", &b.c.swap); return nil }
func (b *hookBot) EndGame(*rules.State, int, play.Clock)       { b.log("endgame", &b.c.endGame) }
func (b *hookBot) EndSeries() error                            { b.log("endseries", &b.c.endSeries); return nil }
func (b *hookBot) Close() error                                { b.log("close", &b.c.close); return nil }

var (
	_ play.SeriesPlayer        = (*hookBot)(nil)
	_ play.SideSwapper         = (*hookBot)(nil)
	_ play.Ender[*rules.State] = (*hookBot)(nil)
	_ play.Failer              = (*failBot)(nil)
)

// entrant wraps a constructor and counts the instances built.
func entrant(name string, mk func() bots.Bot) (*Entrant, *atomic.Int32) {
	var n atomic.Int32
	return testbot.Entrant(name, &n, mk), &n
}

func spinner(name string) *Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Fixed{A: rules.Right} })
}

func straight(name string) *Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Fixed{A: rules.Straight} })
}

func safe(name string) *Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Safe{} })
}

// smallBoard keeps tests fast: 20x15, k = 10.
var smallBoard = paperio.Config{Config: rules.Config{Width: 20, Height: 15, MaxTurns: 60}}

// paper is the game of the tests.
var paper paperio.Game

// External Python players take the series hooks as they are.
var (
	_ play.SeriesPlayer        = (*paperio.PyPlayer)(nil)
	_ play.SideSwapper         = (*paperio.PyPlayer)(nil)
	_ play.Ender[*rules.State] = (*paperio.PyPlayer)(nil)
	_ play.Failer              = (*paperio.PyPlayer)(nil)
	_ play.Timed               = (*paperio.PyPlayer)(nil)
)
