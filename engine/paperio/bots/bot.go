// Package bots holds the built-in Go players of paper.io and the spec
// strings that name them: "name" or "name:key=value,key=value".
package bots

import (
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// Bot is a paper.io player: it chooses the action of the player to move
// (s.ToMove()). Built-in bots ignore the clock.
type Bot = play.Player[*paperio.State, paperio.Action]
