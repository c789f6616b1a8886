// Package bots holds Go players for eraser: the course's two samples,
// random and greedy, move for move as the course played them, and a
// stronger look-ahead bot with integer parameters for tuning. A bot keeps
// its own scratch buffers, so that a move allocates nothing in steady state,
// and no global state: one bot value plays one game at a time.
package bots

import "github.com/paperio/paperio/eraser"

// Bot chooses the swap of the player to move (s.ToMove()). It must be ready
// for a new game after Reset.
type Bot interface {
	// Reset prepares the bot for a new game in which it is player me (0
	// moves first); seed drives any randomness, so the same seed gives the
	// same game.
	Reset(s *eraser.State, me int, seed uint64)
	// Act returns the swap for the move about to be played; s is not over.
	Act(s *eraser.State) eraser.Swap
}

// Play plays a game from the seed between first (player 0) and second, both
// reset with the game's seed (the course seeded its random sample so), and
// returns the final state.
func Play(cfg eraser.Config, seed int64, first, second Bot) (*eraser.State, error) {
	s, err := eraser.New(cfg, seed)
	if err != nil {
		return nil, err
	}
	players := [2]Bot{first, second}
	for i, b := range players {
		b.Reset(s, i, uint64(seed))
	}
	for !s.Over() {
		s.Move(players[s.ToMove()].Act(s)) // an invalid swap ends the game as the mover's error
	}
	return s, nil
}
