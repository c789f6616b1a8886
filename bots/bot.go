// Package bots holds the built-in Go players and the spec strings that name
// them: "name" or "name:key=value,key=value".
package bots

import "github.com/paperio/paperio/engine"

// Bot chooses the action of the player to move (s.ToMove()). A bot is used
// by one game at a time; it may keep state between calls of one game and
// must be ready for a new game after Reset.
type Bot interface {
	// Reset prepares the bot for a new game in which it plays index me;
	// seed drives any randomness, so the same seed gives the same game.
	Reset(s *engine.State, me int, seed uint64)
	// Act returns the action for the half-step about to be played.
	Act(s *engine.State) engine.Action
}
