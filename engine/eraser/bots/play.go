package bots

import (
	"strings"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
)

// Game adapts an eraser game to the play loop: players move in turn, and a
// player that fails a call loses the game, as the course's engine judged it
// (RULES.md §8): a failed start is a constructor's error, a time-out the
// engine's Timeout, anything else an exception of the move call.
type Game struct{ S *eraser.State }

func (g Game) Over() bool          { return g.S.Over() }
func (g Game) Movers() uint8       { return 1 << g.S.ToMove() }
func (g Game) View() *eraser.State { return g.S }

// Apply plays the mover's swap; an invalid one ends the game as the mover's
// InvalidMove, as the engine validated it.
func (g Game) Apply(_ int, sw eraser.Swap) { g.S.Move(sw) }

// Snapshot copies the game into into for a call on another goroutine. The
// start board is drawn whole first, so that the copy only ever reads it.
func (g Game) Snapshot(into *eraser.State) *eraser.State {
	g.S.DrawAll()
	if into == nil {
		return g.S.Clone()
	}
	into.CopyFrom(g.S)
	return into
}

// Fault ends the game with the failed player's error.
func (g Game) Fault(me int, f play.Fault, loading bool) {
	kind, msg := FailOf(f, loading)
	g.S.Fail(me, kind, msg)
}

// InvalidPrefix starts the last traceback line of the engine's InvalidMove:
// a failure whose detail starts so is an invalid move.
const InvalidPrefix = "exception_manager.InvalidMove: "

// FailOf is the engine's failure of a player that failed a call: its kind
// and the last line of its traceback (a course AI reports that line as its
// Failure detail; a Go bot's panic is "raised an error: …").
func FailOf(f play.Fault, loading bool) (eraser.FailKind, string) {
	msg := strings.TrimPrefix(f.Detail, "raised an error: ")
	switch {
	case f.Kind == play.Timeout && !loading:
		return eraser.FailTimeout, eraser.TimeoutMessage
	case f.Kind == play.Timeout:
		return eraser.FailInit, eraser.TimeoutMessage
	case loading:
		return eraser.FailInit, msg
	case strings.HasPrefix(msg, InvalidPrefix):
		return eraser.FailInvalid, msg
	}
	return eraser.FailException, msg
}
