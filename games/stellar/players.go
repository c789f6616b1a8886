package stellar

import (
	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/engine/stellar/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// Players are built-in bots ("greedy:keep=30", package engine/stellar/bots) and
// course AIs in Python ("py:path/to/ai.py", the course's player_class)
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
	return game.NewEntrant(c, c, func() (Player, error) { return NewPlayer(c, o) }), nil
}

// NewPlayer builds the player of a canonical spec.
func NewPlayer(spec string, o game.PlayerOptions) (Player, error) {
	if path, ok, err := game.PyPath(spec); ok {
		if err != nil {
			return nil, err
		}
		return newPyPlayer(path, o)
	}
	if path, ok, err := game.ExecPath(spec); ok {
		if err != nil {
			return nil, err
		}
		return newExecPlayer(path, o)
	}
	b, err := bots.Make(spec)
	if err != nil {
		return nil, err
	}
	return botPlayer{b}, nil
}

// botPlayer is a built-in bot in the play loop: not timed, its commands
// typed.
type botPlayer struct{ b bots.Bot }

func (p botPlayer) Reset(v View, me int, seed uint64, _ play.Clock) { p.b.Reset(v.State, me, seed) }

func (p botPlayer) Act(v View, _ play.Clock) stellar.Answer {
	return stellar.Answer{Cmds: p.b.Act(v.State)}
}
