package rl

import (
	"flag"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/play"
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

// BenchmarkEnv steps 256 environments with random actions against the
// random bot: whole boards, 11×11 crops, crops with the 15×15 global map
// (the trainer's view), and the floor under them, blind
// (no observation written: the agent's and the bot's half-steps, the bot's
// choices and new games with the course's seeding). Each line reports its
// CPU-ns per agent step beside its anchor and its floor, measured in the
// same run just before and just after it (their mean, so that the
// machine's load drifting weighs on all alike): the engine's CPU-ns per
// half-step replaying games (BenchmarkEngineReplay's loop) and the blind
// environment's CPU-ns per agent step; and the ratios
//
//	pct-engine  agent steps/s as % of the engine's half-steps/s
//	pct-blind   agent steps/s as % of the blind environment's
//	obs-cpu-ns  CPU-ns per agent step above the blind floor: the observation
//
// (The three are not stepped turn about: each environment's games fill
// more than the caches, and taking turns would make every one of them
// start cold.)
func BenchmarkEnv(b *testing.B) {
	games, err := recordBenchGames()
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []View{Full, {Crop: 11}, {Crop: 11, Global: 15}} {
		b.Run(v.String(), func(b *testing.B) { benchEnv(b, games, v, false) })
	}
	b.Run("blind", func(b *testing.B) { benchEnv(b, games, View{Crop: 11}, true) })
}

func benchEnv(b *testing.B, games []recorded, v View, blind bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	eng := &replayer{games: games}
	floor := newBenchEnv(b, View{Crop: 11}, true)
	var engCPU, floorCPU time.Duration
	var halfSteps, floorSteps int
	anchors := func() {
		t0 := threadCPU()
		halfSteps += eng.replay(1 << 21)
		t1 := threadCPU()
		for range 400 {
			floorSteps += floor.step()
		}
		engCPU, floorCPU = engCPU+t1-t0, floorCPU+threadCPU()-t1
	}
	env := newBenchEnv(b, v, blind)
	for range 20 { // every game under way, the memory touched
		env.step()
	}
	anchors()
	var steps int
	t0 := threadCPU()
	for b.Loop() {
		steps += env.step()
	}
	cpu := threadCPU() - t0
	anchors()
	perStep := perUnitCPU(steps, cpu)
	engine := perUnitCPU(halfSteps, engCPU)
	b.ReportMetric(perStep, "cpu-ns/agent-step")
	b.ReportMetric(engine, "engine-cpu-ns/half-step")
	b.ReportMetric(100*engine/perStep, "pct-engine")
	if !blind {
		bl := perUnitCPU(floorSteps, floorCPU)
		b.ReportMetric(bl, "blind-cpu-ns/agent-step")
		b.ReportMetric(100*bl/perStep, "pct-blind")
		b.ReportMetric(perStep-bl, "obs-cpu-ns/agent-step")
	}
}

// perUnitCPU is CPU-ns per unit of work.
func perUnitCPU(units int, cpu time.Duration) float64 {
	return float64(cpu.Nanoseconds()) / float64(max(units, 1))
}

// replayer replays recorded games with the engine alone, as replayEngine
// does, a given number of half-steps at a time.
type replayer struct {
	games []recorded
	s     paperio.State
	gi, j int
	begun bool
}

func (r *replayer) replay(n int) int {
	if !r.begun {
		r.s.CopyFrom(r.games[0].start)
		r.begun = true
	}
	for range n {
		if r.j == len(r.games[r.gi].actions) {
			r.gi, r.j = (r.gi+1)%len(r.games), 0
			r.s.CopyFrom(r.games[r.gi].start)
		}
		r.s.Step(r.games[r.gi].actions[r.j])
		r.j++
	}
	return n
}

// benchEnvs is the batch of the environment benchmarks.
const benchEnvs = 256

// benchEnvRun is an environment of the benchmarks: benchEnvs games of
// random actions against the random bot.
type benchEnvRun struct {
	b      *testing.B
	e      *Env
	rng    *rand.Rand
	acts   []int64
	resets int // games that ended in the last step
}

func newBenchEnv(b *testing.B, v View, blind bool) *benchEnvRun {
	e := newEnv(b, EnvOptions{Envs: benchEnvs, Config: paperio.DefaultConfig(), View: v, Opponent: "random", Player: 1})
	b.Cleanup(e.Close)
	e.blind = blind
	if err := e.Reset(1); err != nil {
		b.Fatal(err)
	}
	return &benchEnvRun{b: b, e: e, rng: rand.New(rand.NewPCG(1, 2)), acts: make([]int64, benchEnvs)}
}

// step steps every game once and returns the agent steps played: games
// that ended in the step before only start again in this one (next-step
// autoreset), which is no agent step.
func (r *benchEnvRun) step() int {
	for i := range r.acts {
		r.acts[i] = int64(r.rng.IntN(3))
	}
	if err := r.e.Step(r.acts); err != nil {
		r.b.Fatal(err)
	}
	played := len(r.acts) - r.resets
	r.resets = 0
	for _, t := range r.e.b.Terminated {
		if t {
			r.resets++
		}
	}
	return played
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
// against the random bot): the crop, the global map, the home search and the two band
// distances from scratch, the other scalars, and the exposure mask's two rules
// (a margin of 3, and with the way home).
func BenchmarkObserve(b *testing.B) {
	states := envStates(b, 256)
	planes := make([]uint8, View{Crop: 11}.Size(paperio.Config{}))
	var sc [NumScalars]float32
	var gs globalScratch
	gplanes := make([]uint8, View{Global: 15}.Size(paperio.Config{}))
	parts := []struct {
		name string
		f    func(s *paperio.State)
	}{
		{"crop11", func(s *paperio.State) { writeCrop(11, s, 0, planes) }},
		{"global15", func(s *paperio.State) { gs.writeGlobal(15, s, 0, gplanes) }},
		{"home", func(s *paperio.State) { FindHome(s, 0, 0) }},
		{"bands", func(s *paperio.State) { tables.BandToHead(s, 0); tables.BandToHead(s, 1) }},
		{"scalars", func(s *paperio.State) { scalars(s, 0, Home{}, [2]int32{}, sc[:]) }},
		{"guard", func(s *paperio.State) { GuardMargin(s, 0, 3) }},
		{"guard-way", func(s *paperio.State) { Exposure{Margin: 3, Way: true}.Allow(s, 0) }},
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

// TestEnvBenchmarkReports: every line of BenchmarkEnv reports its CPU-ns
// per agent step beside the engine's and the ratio, and the lines with an
// observation their floor and what the observation costs above it; the
// figures are positive and agree with each other. One iteration each: the
// figures' values are the benchmark's business.
func TestEnvBenchmarkReports(t *testing.T) {
	old := flag.Lookup("test.benchtime").Value.String()
	if err := flag.Set("test.benchtime", "1x"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { flag.Set("test.benchtime", old) }) // benchmarks run after the tests keep theirs
	games, err := recordBenchGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, blind := range []bool{false, true} {
		r := testing.Benchmark(func(b *testing.B) { benchEnv(b, games, View{Crop: 11}, blind) })
		want := []string{"cpu-ns/agent-step", "engine-cpu-ns/half-step", "pct-engine"}
		if !blind {
			want = append(want, "blind-cpu-ns/agent-step", "pct-blind", "obs-cpu-ns/agent-step")
		}
		for _, m := range want {
			if r.Extra[m] <= 0 && m != "obs-cpu-ns/agent-step" {
				t.Errorf("blind %v: metric %s = %v, want > 0 (all: %v)", blind, m, r.Extra[m], r.Extra)
			}
			if _, ok := r.Extra[m]; !ok {
				t.Errorf("blind %v: no metric %s (all: %v)", blind, m, r.Extra)
			}
		}
		cpu, eng := r.Extra["cpu-ns/agent-step"], r.Extra["engine-cpu-ns/half-step"]
		if got, want := r.Extra["pct-engine"], 100*eng/cpu; math.Abs(got-want) > 1e-9*want {
			t.Errorf("blind %v: pct-engine %v, want %v", blind, got, want)
		}
		if !blind {
			floor := r.Extra["blind-cpu-ns/agent-step"]
			if got := r.Extra["obs-cpu-ns/agent-step"]; math.Abs(got-(cpu-floor)) > 1e-9*cpu {
				t.Errorf("obs-cpu-ns %v, want %v - %v", got, cpu, floor)
			}
		}
	}
}

// BenchmarkWayHome measures Exposure's way home (the search that
// SplitToward makes once per state when the head is out) in the states of
// heuristic's games on the course board, each at both sides: in a window
// around the head, as the guard searches, beside the same search over the
// whole board, its anchor. It reports CPU-ns per search.
func BenchmarkWayHome(b *testing.B) {
	type probe struct {
		s       *paperio.State
		me      int
		safe    [3]bool
		targets [][2]int
	}
	var probes []probe
	c := paperio.DefaultConfig()
	c.MaxTurns = 600
	for g := range 8 {
		st, err := paperio.RandomStarts(c, int64(g))
		if err != nil {
			b.Fatal(err)
		}
		s, err := paperio.NewGame(c, st)
		if err != nil {
			b.Fatal(err)
		}
		var ps [2]bots.Bot
		for i := range ps {
			if ps[i], err = bots.Make("heuristic"); err != nil {
				b.Fatal(err)
			}
			ps[i].Reset(s, i, uint64(2*g+i), play.Clock{})
		}
		for !s.Over() {
			for me := range 2 {
				x, y, d := s.Head(me)
				if s.Area(me) == 0 || s.BandLen(me) == 0 && s.FieldAt(x, y) == me+1 {
					continue // at home: the guard makes no search
				}
				p := probe{s: s.Clone(), me: me, safe: Safe(s, me)}
				for i, a := range Actions {
					if p.safe[i] {
						nx, ny := paperio.StepFrom(x, y, a.Turn(d))
						p.targets = append(p.targets, [2]int{nx, ny})
					}
				}
				probes = append(probes, p)
			}
			s.Step(ps[s.ToMove()].Act(s, play.Clock{}))
		}
	}
	var w wayFinder
	for _, m := range []string{"window", "board"} {
		b.Run(m, func(b *testing.B) {
			done := cpuClock(b)
			n := 0
			for b.Loop() {
				for _, p := range probes {
					if m == "window" {
						w.search(p.s, p.me, p.safe)
					} else {
						w.fill(p.s, p.me, 0, 0, p.s.Width(), p.s.Height(), p.targets)
					}
				}
				n += len(probes)
			}
			done(n, "search")
		})
	}
}
