package rl

import (
	"strings"

	"github.com/paperio/paperio/engine/paperio/bots"
	paperiogame "github.com/paperio/paperio/games/paperio"
)

// A learned policy plays paper.io wherever a player is named, as
// "policy:FILE" (FILE a weights file, docs/POLICY.md), and guides the
// search as "netsearch:FILE": the kinds are registered with paper.io's
// binding, whose players this package's environment plays against
// (programs, exec:FILE). Programs that name players import this package,
// as games/all does.
func init() {
	for _, k := range fileKinds {
		paperiogame.RegisterFileKind(k)
	}
}

// fileKinds are the kinds of players made from a weights file, for the
// binding and for this package's own specs (botMaker, checkBot).
var fileKinds = []paperiogame.FileKind{
	{
		Prefix: PolicyPrefix,
		Help:   "policy:FILE  a learned policy: the network of a weights file (docs/POLICY.md, written by the Python package's paperio.policy.save) played in Go, named by the file's stem",
		Load: func(path string) (func() (bots.Bot, error), error) {
			p, err := LoadPolicy(path)
			if err != nil {
				return nil, err
			}
			return func() (bots.Bot, error) { return p.NewPlayer(), nil }, nil
		},
	},
	{
		Prefix: NetSearchPrefix,
		Help: "netsearch:FILE  the search bot with a learned policy inside (the network of a weights file, as policy:FILE): the network orders the search's moves; with guide=2 it guides the play, its move played unless, near contact, the search sees it trust cells worse than its best; " +
			"netsearch:KEY=VALUE,...:FILE sets the search's parameters (docs/PLAYERS.md): " + netSearchParamText(),
		Canonical: canonicalNetSearch,
		Load:      loadNetSearch,
	},
}

// netSearchParamText lists the netsearch parameters with their defaults
// and ranges, as paperio bots lists a bot's.
func netSearchParamText() string {
	s := bots.NetSearchInfo().String()
	return s[strings.Index(s, "params:"):]
}
