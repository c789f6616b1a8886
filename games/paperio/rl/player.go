package rl

import (
	"github.com/paperio/paperio/engine/paperio/bots"
	paperiogame "github.com/paperio/paperio/games/paperio"
)

// A learned policy plays paper.io wherever a player is named, as
// "policy:FILE" (FILE a weights file, docs/POLICY.md): the kind is
// registered with paper.io's binding, whose players this package's
// environment plays against (programs, exec:FILE). Programs that name
// players import this package, as games/all does.
func init() {
	paperiogame.RegisterFileKind(paperiogame.FileKind{
		Prefix: PolicyPrefix,
		Help:   "policy:FILE  a learned policy: the network of a weights file (docs/POLICY.md, written by the Python package's paperio.policy.save) played in Go, named by the file's stem",
		Load: func(path string) (func() (bots.Bot, error), error) {
			p, err := LoadPolicy(path)
			if err != nil {
				return nil, err
			}
			return func() (bots.Bot, error) { return p.NewPlayer(), nil }, nil
		},
	})
	paperiogame.RegisterFileKind(paperiogame.FileKind{
		Prefix: NetSearchPrefix,
		Help:   "netsearch:FILE  the search bot with its moves near the root ordered by a learned policy's logits (the network of a weights file, as policy:FILE)",
		Load: func(path string) (func() (bots.Bot, error), error) {
			p, err := LoadPolicy(path)
			if err != nil {
				return nil, err
			}
			return func() (bots.Bot, error) { return p.NewSearcher("search") }, nil
		},
	})
}
