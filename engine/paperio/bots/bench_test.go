package bots

import (
	"runtime"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/play"
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
	cfg := paperio.DefaultConfig()
	pa, err := Make(specA)
	if err != nil {
		b.Fatal(err)
	}
	pb, err := Make(specB)
	if err != nil {
		b.Fatal(err)
	}
	var actions []paperio.Action
	record := func(_ *paperio.State, a paperio.Action) { actions = append(actions, a) }
	var steps int
	var play, replay, playCPU, replayCPU time.Duration
	threadCPU := func() time.Duration { d, _ := cputime.Thread(); return d } // 0 where not read
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seed := int64(i)
		starts, err := paperio.RandomStarts(cfg, seed)
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
		r, _ := paperio.NewGame(cfg, starts)
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

// BenchmarkSearch is the search player's speed beside the engine's, in one
// run: it searches positions from the middle of games between heuristics
// (one move per op, the default node budget) and reports nodes/s (half-steps
// made and undone by the search, evaluation included), the engine's
// halfsteps/s replaying the same games with Step, and their ratio.
func BenchmarkSearch(b *testing.B) {
	cfg := paperio.DefaultConfig()
	type position struct {
		s       *paperio.State
		actions []paperio.Action
		starts  [2]paperio.Start
	}
	var ps []position
	for g := int64(0); g < 4; g++ {
		starts, _ := paperio.RandomStarts(cfg, g)
		ha, _ := Make("heuristic")
		hb, _ := Make("heuristic")
		var acts []paperio.Action
		Play(cfg, starts, [2]Bot{ha, hb}, uint64(g), func(_ *paperio.State, a paperio.Action) { acts = append(acts, a) })
		s, _ := paperio.NewGame(cfg, starts)
		for _, a := range acts[:len(acts)/2] {
			s.Step(a)
		}
		ps = append(ps, position{s, acts, starts})
	}
	bot, _ := Make("search:near=0,playout=0,sim=0") // a search every move, even where the guide's move would stand; the tree's speed alone
	sb := bot.(*searcher)
	var engineSteps int
	var engineTime time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := ps[i%len(ps)]
		sb.Reset(p.s, p.s.ToMove(), 0, play.Clock{})
		sb.Act(p.s, play.Clock{})
		b.StopTimer()
		r, _ := paperio.NewGame(cfg, p.starts)
		t0 := time.Now()
		for _, a := range p.actions {
			r.Step(a)
		}
		engineTime += time.Since(t0)
		engineSteps += len(p.actions)
		b.StartTimer()
	}
	nodesPerSec := float64(sb.tr.searched) / b.Elapsed().Seconds()
	stepsPerSec := float64(engineSteps) / engineTime.Seconds()
	b.ReportMetric(nodesPerSec, "nodes/s")
	b.ReportMetric(stepsPerSec, "engine-halfsteps/s")
	b.ReportMetric(nodesPerSec/stepsPerSec, "nodes/halfstep-speed")
}
