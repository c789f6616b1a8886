package rl

import (
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
)

// NetSearchPrefix starts the spec of the network-guided search:
// "netsearch:FILE", FILE a weights file. It plays the built-in search bot
// (its defaults, a node budget among them, so that its play does not
// depend on the machine) with the moves near the root ordered by the
// network's logits, so that its alpha-beta cuts off sooner.
const NetSearchPrefix = "netsearch:"

// netPrior is a policy's logits as a search's move order.
type netPrior struct{ pl *PolicyPlayer }

func (n *netPrior) Reset(s *paperio.State) { n.pl.Reset(s, 0, 0, play.Clock{}) }

// Prior is the network's logits for the player to move (Left, Straight,
// Right: Actions' order).
func (n *netPrior) Prior(s *paperio.State) [3]float32 {
	logits, _ := n.pl.Evaluate(s, s.ToMove())
	return logits
}

// NewSearcher is the search player of spec ("search" or
// "search:key=value,...", the built-in bot's parameters) with its moves
// ordered by the policy's logits near the root (bots.NewSearchWithPrior).
// Each player has its own buffers.
func (p *Policy) NewSearcher(spec string) (bots.Bot, error) {
	return bots.NewSearchWithPrior(spec, &netPrior{pl: p.NewPlayer()})
}
