package bots

import (
	"github.com/paperio/paperio/botspec"
)

// catalog holds the built-in eraser bots.
var catalog botspec.Catalog[Bot]

func init() {
	catalog.Register(botspec.Info{Name: "random",
		Summary: "the course's random sample: a random offered operation (CPython's random, seeded)"},
		func(map[string]float64) Bot { return &Random{} })
	catalog.Register(botspec.Info{Name: "greedy",
		Summary: "the course's greedy sample: the first operation whose whole cascade scores the most"},
		func(map[string]float64) Bot { return &Greedy{} })
	catalog.Register(botspec.Info{Name: "lookahead",
		Summary: "own points minus a share of the opponent's best reply, and the end of the game in view",
		Params:  LookaheadParams},
		func(p map[string]float64) Bot { return lookaheadOf(p) })
}

// Catalog describes every built-in bot, sorted by name.
func Catalog() []botspec.Info { return catalog.Infos() }

// Parse reads a bot spec: "name" or "name:key=value,key=value".
func Parse(spec string) (botspec.Spec, error) { return catalog.Parse(spec) }

// New builds the bot of a spec.
func New(s botspec.Spec) (Bot, error) { return catalog.New(s) }

// Make parses spec and builds the bot.
func Make(spec string) (Bot, error) { return catalog.Make(spec) }
