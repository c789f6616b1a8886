package bots

import (
	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyrand"
)

// Greedy is the course's greedy sample: it plays every operation on a copy
// and returns the first one that scores the most. Like the sample, it counts
// a cascade's steps only until an empty cell is in the main board (the step
// that brought it counts, the later ones do not), and when no operation
// scores, it returns a random adjacent swap (random.choice of the sample's
// list of all 60, CPython's stream seeded with the seed).
type Greedy struct {
	me      int
	rng     pyrand.Random
	scratch eraser.State
	ops     []eraser.Swap
	steps   []eraser.Step
}

func (b *Greedy) Reset(s *eraser.State, me int, seed uint64, _ play.Clock) {
	b.me = me
	b.rng.Seed(seed)
}

func (b *Greedy) Act(s *eraser.State, _ play.Clock) eraser.Swap {
	b.ops = s.Ops(b.ops[:0])
	best, bestGain := eraser.Swap{}, 0
	for _, op := range b.ops {
		if g := b.gain(s, op); g > bestGain {
			best, bestGain = op, g
		}
	}
	if bestGain == 0 {
		return allSwaps[b.rng.RandBelow(len(allSwaps))]
	}
	return best
}

// gain is what the sample counts for op: the cascade's points up to the
// step after which the main board has an empty cell.
func (b *Greedy) gain(s *eraser.State, op eraser.Swap) int {
	g := gain(&b.scratch, s, op, b.me)
	if !b.scratch.HasEmpty() {
		return g
	}
	b.scratch.CopyFrom(s) // rare: play it again, step by step
	b.scratch.SetStepLog(&b.steps)
	b.scratch.Move(op)
	g = 0
	for _, st := range b.steps {
		g += st.Points
		if hasEmpty(&st.Main) {
			break
		}
	}
	return g
}

func hasEmpty(m *[eraser.Size * eraser.Size]eraser.Colour) bool {
	for _, c := range m {
		if c == eraser.Empty {
			return true
		}
	}
	return false
}

// gain plays op on a copy of s in scratch and returns the points player p
// scored with it.
func gain(scratch, s *eraser.State, op eraser.Swap, p int) int {
	scratch.CopyFrom(s)
	scratch.Move(op)
	return scratch.Score(p) - s.Score(p)
}

// allSwaps is the greedy sample's list of every adjacent swap: the vertical
// ones ((x, y), (x, y+1)) by x then y, then the horizontal ones
// ((x+1, y), (x, y)) by x then y.
var allSwaps = func() (sw []eraser.Swap) {
	for x := int8(0); x < eraser.Size; x++ {
		for y := int8(0); y < eraser.Size-1; y++ {
			sw = append(sw, eraser.Swap{X1: x, Y1: y, X2: x, Y2: y + 1})
		}
	}
	for x := int8(0); x < eraser.Size-1; x++ {
		for y := int8(0); y < eraser.Size; y++ {
			sw = append(sw, eraser.Swap{X1: x + 1, Y1: y, X2: x, Y2: y})
		}
	}
	return sw
}()
