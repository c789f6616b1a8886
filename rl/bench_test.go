package rl

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/engine/paperio"
)

// The benchmarks behind python3 -m paperio.bench's figures, without
// Python: the engine alone replaying full games (ns per half-step), the
// environment with random actions against the random bot (ns per agent
// step, 256 games) and the loader (ns per observation).

// cpuClock reports a benchmark's thread CPU time per unit of work, which
// other processes on a busy machine do not inflate: call it before the
// loop, and the function it returns after it with the units done.
func cpuClock(b *testing.B) func(units int, unit string) {
	runtime.LockOSThread()
	start := threadCPU()
	return func(units int, unit string) {
		defer runtime.UnlockOSThread()
		if cpu := threadCPU() - start; cpu > 0 && units > 0 {
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(units), "cpu-ns/"+unit)
		}
	}
}

func BenchmarkEngineReplay(b *testing.B) {
	games, err := recordBenchGames()
	if err != nil {
		b.Fatal(err)
	}
	replayEngine(b, games)
}

// replayEngine steps the engine through games' actions one half-step per
// op, starting the next game when one ends: the anchor of the other
// benchmarks.
func replayEngine(b *testing.B, games []recorded) {
	s := &paperio.State{}
	gi, j := 0, 0
	s.CopyFrom(games[0].start)
	done := cpuClock(b)
	defer func() { done(b.N, "half-step") }()
	for b.Loop() {
		if j == len(games[gi].actions) {
			gi, j = (gi+1)%len(games), 0
			s.CopyFrom(games[gi].start)
		}
		s.Step(games[gi].actions[j])
		j++
	}
}

func BenchmarkEnv(b *testing.B) {
	for _, v := range []View{Full, {Crop: 11}} {
		b.Run(v.String(), func(b *testing.B) { benchEnv(b, v, false) })
	}
	// The floor: the same games without observations, which leaves the
	// agent's and the bot's half-steps, the bot's choices and new games.
	b.Run("blind", func(b *testing.B) { benchEnv(b, View{Crop: 11}, true) })
}

func benchEnv(b *testing.B, v View, blind bool) {
	const n = 256
	e := newEnv(b, EnvOptions{Envs: n, Config: paperio.DefaultConfig(), View: v, Opponent: "random", Player: 1})
	e.blind = blind
	if err := e.Reset(1); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	acts := make([]int64, n)
	steps, resets := 0, 0
	done := cpuClock(b)
	for b.Loop() {
		for i := range acts {
			acts[i] = int64(rng.IntN(3))
		}
		if err := e.Step(acts); err != nil {
			b.Fatal(err)
		}
		// Games that ended in the step before only started again in this
		// one (next-step autoreset): no agent step.
		steps += n - resets
		resets = 0
		for _, t := range e.b.Terminated {
			if t {
				resets++
			}
		}
	}
	done(steps, "agent-step")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/agent-step")
}

func BenchmarkLoader(b *testing.B) {
	dir, _ := selfplayRun(b, paperio.DefaultConfig(), 3, 8, loaderPairs...)
	for _, v := range []View{Full, {Crop: 11}} {
		b.Run(v.String(), func(b *testing.B) {
			l := newLoader(b, LoaderOptions{Dir: dir, View: v, Batch: 256, Shuffle: true})
			rows := 0
			done := cpuClock(b)
			for b.Loop() {
				n, err := l.Next()
				if err != nil {
					b.Fatal(err)
				}
				if n == 0 {
					l.Rewind(int64(rows))
				}
				rows += n
			}
			done(rows, "observation")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(rows, 1)), "ns/observation")
		})
	}
}

// BenchmarkObserve measures the parts of an environment's observation
// apart, on states of the environment benchmark's games (random actions
// against the random bot): the crop, the home search and the two band
// distances from scratch, and the other scalars.
func BenchmarkObserve(b *testing.B) {
	states := envStates(b, 256)
	planes := make([]uint8, View{Crop: 11}.Size(paperio.Config{}))
	var sc [NumScalars]float32
	parts := []struct {
		name string
		f    func(s *paperio.State)
	}{
		{"crop11", func(s *paperio.State) { writeCrop(11, s, 0, planes) }},
		{"home", func(s *paperio.State) { FindHome(s, 0, 0) }},
		{"bands", func(s *paperio.State) { dataset.BandToHead(s, 0); dataset.BandToHead(s, 1) }},
		{"scalars", func(s *paperio.State) { scalars(s, 0, Home{}, [2]int32{}, sc[:]) }},
	}
	for _, p := range parts {
		b.Run(p.name, func(b *testing.B) {
			i := 0
			done := cpuClock(b)
			defer func() { done(b.N, "observation") }()
			for b.Loop() {
				p.f(states[i])
				i = (i + 1) % len(states)
			}
		})
	}
}

// envStates are the states of n environments after 30 steps of random
// actions against the random bot.
func envStates(b *testing.B, n int) []*paperio.State {
	e := newEnv(b, EnvOptions{Envs: n, Config: paperio.DefaultConfig(), View: View{Crop: 11}, Opponent: "random", Player: 1})
	if err := e.Reset(1); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	acts := make([]int64, n)
	for range 30 {
		for i := range acts {
			acts[i] = int64(rng.IntN(3))
		}
		if err := e.Step(acts); err != nil {
			b.Fatal(err)
		}
	}
	out := make([]*paperio.State, n)
	for i := range out {
		out[i] = e.games[i].s.Clone()
	}
	return out
}
