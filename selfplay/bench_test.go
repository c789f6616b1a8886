package selfplay

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/internal/s3test"
)

// BenchmarkRun writes full-length games of built-in bots on the default
// board; it reports games per second of wall time and of the process's CPU
// time (games/cpu-s, which a busy machine inflates less), rows/s and bytes
// per turn row.
func BenchmarkRun(b *testing.B) {
	c := paperio.DefaultConfig()
	specs, err := ParseBots(paper, "goround,wanderer,heuristic")
	if err != nil {
		b.Fatal(err)
	}
	var games, rows, bytes int64
	clock := cputime.StartProcess(b)
	for i := 0; b.Loop(); i++ {
		plan := Plan{Seed: int64(i), Games: 512, ChunkGames: ChunkGamesFor(512), Game: "paperio", Settings: settings(c.Width, c.Height, c.MaxTurns), Pairs: AllPairs(specs)}
		m, err := Run(context.Background(), Options{Plan: plan, Out: b.TempDir(), Workers: 2, Entrant: entrantOf(bots.Make)})
		if err != nil {
			b.Fatal(err)
		}
		games += m.Games
		rows += m.TurnRows
		bytes += m.TurnsBytes
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(games), "games", cpu)
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(bytes)/float64(rows), "B/row")
}

// benchRuns numbers the benchmark's runs in the bucket, each a new prefix.
var benchRuns int

// BenchmarkOut writes the same run to a local folder and to an S3 server
// on 127.0.0.1 (its own process, objects in memory), side by side: the
// cost of the object store per game. It reports games/s and the store's
// retries.
func BenchmarkOut(b *testing.B) {
	c := paperio.DefaultConfig()
	specs, err := ParseBots(paper, "goround,wanderer,heuristic")
	if err != nil {
		b.Fatal(err)
	}
	srv := s3test.Start(b)
	s3test.SetEnv(b)
	for _, where := range []string{"local", "s3"} {
		b.Run(where, func(b *testing.B) {
			var games, retries int64
			for i := 0; b.Loop(); i++ {
				plan := Plan{Seed: 7, Games: 512, ChunkGames: 32, Game: "paperio", Settings: settings(c.Width, c.Height, c.MaxTurns), Pairs: AllPairs(specs)}
				out := b.TempDir()
				if where == "s3" {
					benchRuns++
					out = srv.URL(fmt.Sprintf("bench/%d", benchRuns))
				}
				m, err := Run(context.Background(), Options{Plan: plan, Out: out, Workers: 2, Entrant: entrantOf(bots.Make)})
				if err != nil {
					b.Fatal(err)
				}
				games += m.Games
				for _, r := range m.Shards {
					retries += r.Retries
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(retries), "retries")
		})
	}
}

// BenchmarkRunRows is BenchmarkRun's limit: the same games' turn rows
// (played and recorded once, before the clock starts) written as the run
// writes them, a parquet file per 32 games, by two goroutines. It reports
// games per second of wall and CPU time: what a run whose playing and
// recording were free would reach.
func BenchmarkRunRows(b *testing.B) {
	c := paperio.DefaultConfig()
	specs := []string{"goround", "wanderer", "heuristic"}
	var games [][]tables.Turn
	var r tables.Recorder
	for g := 0; g < 512; g++ {
		pair := [2]string{specs[g%3], specs[(g/3)%3]}
		var ps [2]bots.Bot
		for i, sp := range pair {
			var err error
			if ps[i], err = bots.Make(sp); err != nil {
				b.Fatal(err)
			}
		}
		starts, err := paperio.RandomStarts(c, int64(g))
		if err != nil {
			b.Fatal(err)
		}
		r.Start(int64(g))
		s, err := bots.Play(c, starts, ps, uint64(g), func(s *paperio.State, a paperio.Action) { r.Step(s, a) })
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, slices.Clone(r.Finish(s)))
	}
	const chunk = 32
	var written atomic.Int64
	clock := cputime.StartProcess(b)
	for b.Loop() {
		var wg sync.WaitGroup
		for w := range 2 {
			wg.Go(func() {
				for lo := w * chunk; lo < len(games); lo += 2 * chunk {
					tw := tables.NewTurnWriter(io.Discard)
					for _, rows := range games[lo:min(lo+chunk, len(games))] {
						if _, err := tw.Write(rows); err != nil {
							b.Error(err)
							return
						}
					}
					if err := tw.Close(); err != nil {
						b.Error(err)
						return
					}
					written.Add(int64(min(lo+chunk, len(games)) - lo))
				}
			})
		}
		wg.Wait()
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(written.Load()), "games", cpu)
}

// BenchmarkRunPlay is BenchmarkRun's other limit: BenchmarkRunRows's games
// played and recorded as the run does (each of two goroutines keeps its
// players from game to game), their rows dropped. It reports games per
// second of wall and CPU time: what a run whose writing were free would
// reach. With BenchmarkRunRows it splits a run's time between playing and
// writing.
func BenchmarkRunPlay(b *testing.B) {
	c := paperio.DefaultConfig()
	specs := []string{"goround", "wanderer", "heuristic"}
	const games = 512
	var played atomic.Int64
	clock := cputime.StartProcess(b)
	for b.Loop() {
		var wg sync.WaitGroup
		for w := range 2 {
			wg.Go(func() {
				var r tables.Recorder
				players := map[[2]string][2]bots.Bot{}
				for g := w; g < games; g += 2 {
					pair := [2]string{specs[g%3], specs[(g/3)%3]}
					ps, ok := players[pair]
					for i, sp := range pair {
						if ok {
							break
						}
						var err error
						if ps[i], err = bots.Make(sp); err != nil {
							b.Error(err)
							return
						}
					}
					players[pair] = ps
					starts, err := paperio.RandomStarts(c, int64(g))
					if err != nil {
						b.Error(err)
						return
					}
					r.Start(int64(g))
					s, err := bots.Play(c, starts, ps, uint64(g), func(s *paperio.State, a paperio.Action) { r.Step(s, a) })
					if err != nil {
						b.Error(err)
						return
					}
					r.Finish(s)
					played.Add(1)
				}
			})
		}
		wg.Wait()
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(played.Load()), "games", cpu)
}
