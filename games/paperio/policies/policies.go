// Package policies lets a learned policy play paper.io wherever a player
// is named, as "policy:FILE" (FILE a weights file, docs/POLICY.md; played
// by rl.Policy): it registers the kind with package games/paperio, which
// cannot import rl itself (rl's tests play paper.io through it). Programs
// import it for its side effect, as games/all does.
package policies

import (
	"github.com/paperio/paperio/engine/paperio/bots"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/rl"
)

func init() {
	paperiogame.RegisterFileKind(paperiogame.FileKind{
		Prefix: rl.PolicyPrefix,
		Help:   "policy:FILE  a learned policy: the network of a weights file (docs/POLICY.md, written by the Python package's paperio.policy.save) played in Go, named by the file's stem",
		Load: func(path string) (func() (bots.Bot, error), error) {
			p, err := rl.LoadPolicy(path)
			if err != nil {
				return nil, err
			}
			return func() (bots.Bot, error) { return p.NewPlayer(), nil }, nil
		},
	})
}
