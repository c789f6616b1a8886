package bots

import (
	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyrand"
)

// Random is the course's random sample: random.choice(operations), with
// CPython's random module seeded with the seed, so that a seed makes the
// choices the sample made (when it is the only one drawing from the stream).
type Random struct {
	rng pyrand.Random
	ops []eraser.Swap
}

func (b *Random) Reset(s *eraser.State, me int, seed uint64, _ play.Clock) { b.rng.Seed(seed) }

func (b *Random) Act(s *eraser.State, _ play.Clock) eraser.Swap {
	b.ops = s.Ops(b.ops[:0])
	if len(b.ops) == 0 {
		return eraser.Swap{}
	}
	return b.ops[b.rng.RandBelow(len(b.ops))] // random.choice(seq) is seq[_randbelow(len(seq))]
}
