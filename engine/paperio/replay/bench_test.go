package replay

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/internal/cputime"
)

// BenchmarkReplayPublic replays every action of the public reference games
// with no frame checks: the raw speed of the engine on real games. One op is
// one pass over all the games; halfsteps/s is the figure to compare. On a
// busy machine wall time is noisy, so where the thread's CPU time can be read
// halfsteps/cpu-s (half-steps per second of CPU time) is reported as well.
func BenchmarkReplayPublic(b *testing.B) {
	games, err := ReadAll("../../../testdata/paperio/conformance/public.jsonl.gz")
	if err != nil {
		b.Fatal(err)
	}
	starts := make([]*paperio.State, len(games))
	total := 0
	for i, g := range games {
		if starts[i], err = g.Start(); err != nil {
			b.Fatal(err)
		}
		total += len(g.Actions)
	}
	s := &paperio.State{}
	pass := func() {
		for i, g := range games {
			s.CopyFrom(starts[i])
			for j := 0; j < len(g.Actions); j++ {
				s.Step(paperio.Action(g.Actions[j]))
			}
		}
	}
	pass() // grow the reused state's buffers before timing
	clock := cputime.Start(b)
	for b.Loop() {
		pass()
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(total*b.N), "halfsteps", cpu)
}
