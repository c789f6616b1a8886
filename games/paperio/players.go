package paperio

import (
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/execai"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/pyai"
)

// Players are built-in bots ("heuristic:margin=2", package bots), course
// AIs in Python ("py:path/to/ai.py", package pyai) and programs speaking
// docs/PROTOCOL.md ("exec:path/to/bot", package execai).

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
		return pyai.New(path, PyOptions(o))
	}
	if path, ok, err := game.ExecPath(spec); ok {
		if err != nil {
			return nil, err
		}
		return execai.New(path, PyOptions(o))
	}
	return bots.Make(spec)
}

// PyOptions are the options of a course AI process.
func PyOptions(o game.PlayerOptions) pyai.Options {
	p := pyai.Options{TimeBudget: o.Budget, CourseRules: o.CourseRules, Python: o.Python}
	if o.Budget == 0 {
		p.TimeBudget = 365 * 24 * time.Hour
	}
	p.Sandbox, _ = pyai.ParseSandbox(o.Sandbox)
	return p
}

// A course AI and a program are paper.io players.
var (
	_ bots.Bot = (*pyai.Player)(nil)
	_ bots.Bot = (*execai.Player)(nil)
)
