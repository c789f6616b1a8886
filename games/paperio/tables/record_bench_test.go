package tables

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/internal/cputime"
)

// BenchmarkRecord replays the moves of BenchmarkWriteTurns's 96 games of
// built-in bots (played before the clock starts) and takes a row's cost
// apart: "replay" only steps the engine, the anchor; "rows" records every
// half-step with a Recorder as self-play does. Each reports CPU-ns per row
// (one row is one half-step); "rows" minus "replay" is what the rows'
// columns cost, the distances most of it.
func BenchmarkRecord(b *testing.B) {
	type game struct {
		cfg    paperio.Config
		starts [2]paperio.Start
		acts   []paperio.Action
	}
	var games []game
	c := paperio.DefaultConfig()
	rows := 0
	for g, turns := range benchTurns(b, 96) {
		starts, err := paperio.RandomStarts(c, int64(g))
		if err != nil {
			b.Fatal(err)
		}
		acts := make([]paperio.Action, len(turns))
		for i, t := range turns {
			acts[i] = paperio.Action(t.Action)
		}
		games = append(games, game{c, starts, acts})
		rows += len(acts)
	}
	for _, v := range []struct {
		name   string
		record bool
	}{{"replay", false}, {"rows", true}} {
		record := v.record
		b.Run(v.name, func(b *testing.B) {
			var r Recorder
			s := &paperio.State{}
			clock := cputime.Start(b)
			n := 0
			for b.Loop() {
				for _, g := range games {
					if err := s.Reset(g.cfg, g.starts); err != nil {
						b.Fatal(err)
					}
					r.Start(0)
					for _, a := range g.acts {
						s.Step(a)
						if record {
							r.Step(s, a)
						}
					}
					if record {
						r.Finish(s)
					}
				}
				n += rows
			}
			if cpu, ok := clock.Stop(); ok {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/row")
			}
		})
	}
}
