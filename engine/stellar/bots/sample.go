package bots

import (
	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/pyrand"
)

var sampleInfo = botspec.Info{
	Name: "sample",
	Summary: "the course's sample AI (stupidAI): 1000 random (from, to, k/10) tries a turn, " +
		"keeping those from its own nodes to a neighbour that leave more than 0.01 behind",
}

// Sample is the course's sample AI, stupidAI.py: each turn it draws 1000
// tries (a = randint(1, N), b = randint(1, N), c = randint(1, 1000)/10) from
// Python's random module and keeps, in order, those where node a is its own,
// b is a's neighbour and a's force left so far exceeds c + 0.01 (it then
// takes c off). With a stream shared as on the course platform (see
// NewSample) it returns exactly what the Python sample returned.
type Sample struct {
	r      *pyrand.Random
	shared bool
	me     int
	left   []float64
	out    []stellar.Command
}

// NewSample is the sample AI drawing from r. On the course platform the map
// generator, both AIs and anything else in the process drew from Python's
// one global stream, in that order (RULES §3.1); giving two samples the
// stream MapSpec.Build returned reproduces the course's games. Reset then
// leaves the stream alone. A Sample made as &Sample{} (or by New) owns its
// stream and Reset seeds it.
func NewSample(r *pyrand.Random) *Sample { return &Sample{r: r, shared: true} }

func (b *Sample) Reset(s *stellar.State, me int, seed uint64) {
	b.me = me
	if !b.shared {
		if b.r == nil {
			b.r = pyrand.New(int64(seed & (1<<63 - 1)))
		} else {
			b.r.Seed(seed & (1<<63 - 1))
		}
	}
}

func (b *Sample) Act(s *stellar.State) []stellar.Command {
	n := s.N()
	b.left = b.left[:0]
	b.left = append(b.left, 0) // node 0, never drawn
	for i := 1; i <= n; i++ {
		b.left = append(b.left, s.Force(i, b.me))
	}
	b.out = b.out[:0]
	for range 1000 {
		a := b.r.RandInt(1, n)
		to := b.r.RandInt(1, n)
		c := float64(b.r.RandInt(1, 1000)) / 10
		if s.Owner(a) != b.me || !s.Map().Connected(a, to) || b.left[a] <= c+0.01 {
			continue
		}
		b.left[a] -= c
		b.out = append(b.out, stellar.Command{From: a, To: to, Amount: c})
	}
	return b.out
}

var idleInfo = botspec.Info{
	Name:    "idle",
	Summary: "sends nothing: its nodes only grow",
}

// idle never sends anything.
type idle struct{}

func (idle) Reset(*stellar.State, int, uint64)    {}
func (idle) Act(*stellar.State) []stellar.Command { return nil }
