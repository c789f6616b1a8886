// Package play is the one game loop of the toolkit: it plays a game of any
// of the course's games between two players, and owns what every caller of
// a game needs the same way — think-time accounting (each player is told
// its time left), failures (a panic is an error, a call past the player's
// time is a time-out; the game's rules say what either costs), series hooks,
// instances that must be replaced, and the record of the moves.
//
// A game plugs in through Game (the rules as the loop drives them); a
// player through Player. Self-play, series, tournaments, SPRT, tuning and
// benchmarks all play through Run.
package play

import (
	"strconv"
	"time"
)

// Clock is what a player is told of the think time at each call.
type Clock struct {
	// Budget is each player's think time per game; 0 means unlimited, and
	// Left is then meaningless.
	Budget time.Duration
	// Left is each player's time left (by player index) when the call
	// begins; the called player's own entry is its deadline for the call.
	Left [2]time.Duration
	// The padding makes a Clock 32 bytes: the compiler copies 24 bytes as
	// two overlapping 16-byte moves, and reading such a copy back a moment
	// later (a Clock is copied twice on its way to a player, every move)
	// defeats the processor's store forwarding; it cost a third of the
	// loop's time (BenchmarkLoop).
	_ int64
}

// Limited reports whether think time is counted.
func (c Clock) Limited() bool { return c.Budget > 0 }

// Player is one side of a game: a built-in bot or a course AI. A player is
// used by one game at a time; it may keep state between the calls of a
// game and must be ready for a new game after Reset. V is the game's view
// (what a player reads; it must not change it) and A its move.
type Player[V, A any] interface {
	// Reset prepares the player for a new game in which it plays index
	// me; seed drives its randomness, so the same seed gives the same game.
	// For a course AI this is its load, charged to its time.
	Reset(v V, me int, seed uint64, c Clock)
	// Act returns the player's move.
	Act(v V, c Clock) A
}

// Fault is how a player failed a call, if it did.
type Fault struct {
	Kind   FaultKind
	Detail string // what happened, for people (an AI's traceback, say)
}

// FaultKind names the two ways a course AI could fail.
type FaultKind int8

const (
	NoFault FaultKind = iota
	Error             // the call raised an error (or the player could not be started)
	Timeout           // the call used up the player's time, or never returned
)

func (k FaultKind) String() string {
	switch k {
	case Error:
		return "error"
	case Timeout:
		return "time-out"
	}
	return "none"
}

// Failer is implemented by players that can fail without panicking (a
// course AI reports its exception or its dead process): the loop asks after
// each call.
type Failer interface {
	Failure() Fault
}

// Ender is implemented by players that want to hear how a game ended (the
// course's summary hook).
type Ender[V any] interface {
	EndGame(v V, me int, c Clock)
}

// Leaver is implemented by players that hold something of the loop's
// goroutine while a game is played (a course AI's player keeps the
// goroutine's thread on its game's CPU from one call to the next): the
// loop calls Leave on its own goroutine once the game is over, or cut
// short, after EndGame (which may run on a goroutine of its own). Leave must
// return at once.
type Leaver interface {
	Leave()
}

// SeriesPlayer is implemented by players that want the course's series
// hooks: BeginSeries before the first game against one opponent (init) and
// EndSeries after the last (summaryall). Their errors are ignored, as the
// course ignored them.
type SeriesPlayer interface {
	BeginSeries() error
	EndSeries() error
}

// SideSwapper is implemented by players that want to hear when the sides
// of a series swap after its first half (the course gave each player a
// fresh storage for each direction of a series).
type SideSwapper interface {
	SwapSides() error
}

// Preparer is implemented by players that may have to get ready before a
// game, outside its think time: an AI whose process was stopped (a call
// past its time) is given a new one, as its first was started before any
// game. The loop calls Prepare before Reset, bounded like the series hooks
// and charged to no one; a player that cannot get ready says so in Reset.
type Preparer interface {
	Prepare()
}

// Timed is implemented by players whose think time counts: course AIs,
// and test players that stand in for them. Built-in bots are not timed:
// they take microseconds per move, and a game between them must not depend
// on how loaded the machine is.
type Timed interface {
	// OwnDeadline reports whether the player ends its own calls by the
	// deadline it is given (an AI in its own process is stopped there). When
	// false, the loop runs each call on a goroutine of its own and stops
	// waiting at the deadline, leaving the call and its instance behind.
	OwnDeadline() bool
}

// Seconds is a think time for people: "30 s", "0.5 s".
func Seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'g', 4, 64) + " s"
}
