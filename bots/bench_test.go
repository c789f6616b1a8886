package bots

import (
	"runtime"
	"testing"
	"time"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/internal/cputime"
)

// BenchmarkGame plays whole games of each built-in bot against itself on
// the course board from course starts. Besides the time per game it reports
// ns/halfstep (everything: bots and engine), engine-ns/halfstep (the same
// games replayed by the engine alone) and bot-ns/halfstep (the difference:
// what one Act costs on average). On Linux it reports the same from the
// thread's CPU time too (cpu-ns/halfstep, bot-cpu-ns/halfstep), which other
// processes on a busy machine do not inflate.
func BenchmarkGame(b *testing.B) {
	for _, in := range Catalog() {
		b.Run(in.Name, func(b *testing.B) {
			benchGame(b, in.Name, in.Name)
		})
	}
	b.Run("heuristic-vs-wanderer", func(b *testing.B) { benchGame(b, "heuristic", "wanderer") })
}

func benchGame(b *testing.B, specA, specB string) {
	cfg := engine.DefaultConfig()
	pa, err := Make(specA)
	if err != nil {
		b.Fatal(err)
	}
	pb, err := Make(specB)
	if err != nil {
		b.Fatal(err)
	}
	var actions []engine.Action
	record := func(_ *engine.State, a engine.Action) { actions = append(actions, a) }
	var steps int
	var play, replay, playCPU, replayCPU time.Duration
	threadCPU := func() time.Duration { d, _ := cputime.Thread(); return d } // 0 where not read
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seed := int64(i)
		starts, err := engine.RandomStarts(cfg, seed)
		if err != nil {
			b.Fatal(err)
		}
		players := [2]Bot{pa, pb}
		if i%2 == 1 {
			players = [2]Bot{pb, pa}
		}
		actions = actions[:0]
		t0, c0 := time.Now(), threadCPU()
		s, err := Play(cfg, starts, players, uint64(seed), record)
		play, playCPU = play+time.Since(t0), playCPU+threadCPU()-c0
		if err != nil {
			b.Fatal(err)
		}
		steps += s.HalfSteps()
		b.StopTimer()
		t0, c0 = time.Now(), threadCPU()
		r, _ := engine.NewGame(cfg, starts)
		for _, a := range actions {
			r.Step(a)
		}
		replay, replayCPU = replay+time.Since(t0), replayCPU+threadCPU()-c0
		b.StartTimer()
	}
	b.ReportMetric(float64(play.Nanoseconds())/float64(steps), "ns/halfstep")
	b.ReportMetric(float64(replay.Nanoseconds())/float64(steps), "engine-ns/halfstep")
	b.ReportMetric(float64((play-replay).Nanoseconds())/float64(steps), "bot-ns/halfstep")
	b.ReportMetric(float64(steps)/float64(b.N), "halfsteps/game")
	if playCPU > 0 { // the thread's CPU time: what a busy machine does not inflate
		b.ReportMetric(float64(playCPU.Nanoseconds())/float64(steps), "cpu-ns/halfstep")
		b.ReportMetric(float64((playCPU-replayCPU).Nanoseconds())/float64(steps), "bot-cpu-ns/halfstep")
	}
}
