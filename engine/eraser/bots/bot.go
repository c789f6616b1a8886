// Package bots holds Go players for eraser: the course's two samples,
// random and greedy, move for move as the course played them, and a
// stronger look-ahead bot with integer parameters for tuning, all named by
// specs of one catalog ("lookahead:depth=1,reply=50"). A bot keeps its own
// scratch buffers, so that a move allocates nothing in steady state, and no
// global state: one bot value plays one game at a time.
package bots

import (
	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
)

// Bot is an eraser player of the play loop: it chooses the swap of the
// player to move (s.ToMove()), and must be ready for a new game after
// Reset; seed drives any randomness, so the same seed gives the same game.
// Built-in bots ignore the clock.
type Bot = play.Player[*eraser.State, eraser.Swap]

// Play plays a game from the seed between first (player 0) and second
// through the play loop, without a time budget, and returns the final state
// (a bot that panics loses by an error, RULES.md §8).
func Play(cfg eraser.Config, seed int64, first, second Bot) (*eraser.State, error) {
	s, err := eraser.New(cfg, seed)
	if err != nil {
		return nil, err
	}
	seats := [2]*play.Seat[*eraser.State, eraser.Swap]{play.SeatOf("player 1", first), play.SeatOf("player 2", second)}
	res, err := play.Run[*eraser.State, eraser.Swap](Game{s}, seats, play.Options[eraser.Swap]{Seed: uint64(seed)})
	if err != nil {
		return nil, err
	}
	s.SetThinkTimes(res.Think)
	return s, nil
}
