package eraser

import (
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/game"
)

// Players are built-in bots ("lookahead:depth=1", package engine/eraser/bots) and
// course AIs in Python ("py:path/to/ai.py": a class Plaser, RULES.md §9)
// and programs speaking docs/PROTOCOL.md ("exec:path/to/bot").

func (Game) Bots() []game.BotInfo { return bots.Catalog() }

// Canonical checks spec: a bot's spec with its parameters sorted and
// defaults left out, or "py:PATH" as given.
func (Game) Canonical(spec string) (string, error) { return game.Canonical(spec, bots.Parse) }

// Entrant is the player of a spec, named by it.
func (g Game) Entrant(spec string, o game.PlayerOptions) (*game.Entrant, error) {
	c, err := g.Canonical(spec)
	if err != nil {
		return nil, err
	}
	return game.NewEntrant(c, c, func() (bots.Bot, error) { return NewPlayer(c, o) }), nil
}

// NewPlayer builds the player of a canonical spec.
func NewPlayer(spec string, o game.PlayerOptions) (bots.Bot, error) {
	if path, ok, err := game.PyPath(spec); ok {
		if err != nil {
			return nil, err
		}
		return newCourseAI(path, o)
	}
	if path, ok, err := game.ExecPath(spec); ok {
		if err != nil {
			return nil, err
		}
		return newExecPlayer(path, o)
	}
	return bots.Make(spec)
}
