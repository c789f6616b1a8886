package rl

import (
	"path/filepath"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/policy/policytest"
)

// benchPolicies are the networks of BenchmarkPolicy on the course board: a
// small crop net, a net with a strided full-board tower beside a crop, and
// the trainer's network (paperio.train): the crop and the global map into
// an MLP.
var benchPolicies = []struct{ name, meta string }{
	{"crop11", `{"towers": [{"view": "crop11", "conv": [{"out": 32, "k": 3, "pad": 1}, {"out": 32, "k": 3, "pad": 1}]}],
	  "hidden": [256, 128]}`},
	{"full", `{"towers": [{"view": "full", "conv": [{"out": 16, "k": 4, "stride": 4}, {"out": 32, "k": 3, "stride": 2, "pad": 1}]},
	                      {"view": "crop11", "conv": [{"out": 32, "k": 3, "pad": 1}]}], "hidden": [256, 128]}`},
	{"global", `{"towers": [{"view": "crop11", "conv": []}, {"view": "global15", "conv": []}], "hidden": [256, 128]}`},
}

// BenchmarkPolicy measures a learned policy's moves per second (observe,
// forward pass, mask, argmax) on states of the benchmark's bot games on the
// course board, beside the engine's half-steps per second on the same
// games, so that their ratio holds on a busy machine.
func BenchmarkPolicy(b *testing.B) {
	games, err := recordBenchGames()
	if err != nil {
		b.Fatal(err)
	}
	var states []*paperio.State
	for _, g := range games {
		s := g.start.Clone()
		for i, a := range g.actions {
			if i%40 == 0 {
				states = append(states, s.Clone())
			}
			s.Step(a)
		}
	}
	b.Run("engine", func(b *testing.B) {
		replayEngine(b, games)
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "half-steps/s")
	})
	c := paperio.DefaultConfig()
	for _, bp := range benchPolicies {
		b.Run(bp.name, func(b *testing.B) {
			views, err := LoadPolicyMeta(bp.meta)
			if err != nil {
				b.Fatal(err)
			}
			inputs := make([][3]int, len(views))
			for i, v := range views {
				inputs[i] = v.Shape(c)
			}
			path := filepath.Join(b.TempDir(), "p.npz")
			if err := policytest.WriteRandom(path, bp.meta, inputs, 1, 1); err != nil {
				b.Fatal(err)
			}
			p, err := LoadPolicy(path)
			if err != nil {
				b.Fatal(err)
			}
			pl := p.NewPlayer()
			pl.Reset(states[0], 0, 0, play.Clock{})
			i := 0
			done := cpuClock(b)
			defer func() { done(b.N, "move") }()
			for b.Loop() {
				s := states[i]
				pl.Decide(s, s.ToMove())
				i = (i + 1) % len(states)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
