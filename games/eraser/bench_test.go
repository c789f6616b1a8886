package eraser

import (
	"context"
	"io"
	"runtime"
	"testing"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/selfplay"
)

// BenchmarkSelfplay is the self-play figure: full course games of
// the built-in random bot against itself with their per-move rows, written
// as parquet chunks by selfplay.Run with one worker per CPU (-cpu sets
// them). One op is a run of 2048 games; games/s and rows/s are the rates.
// On a machine that other work shares, wall time says little: games/cpu-s
// counts the process's CPU time (all threads, the collector's too), and
// games/s on n free cores is about n times it when the workers scale.
func BenchmarkSelfplay(b *testing.B) {
	const games = 2048
	plan := selfplay.Plan{Seed: 1, Games: games, ChunkGames: 128, Game: "eraser", Settings: binding.DefaultConfig().Encode(),
		Pairs: []selfplay.Pair{{P1: "random", P2: "random"}}}
	rows := int64(0)
	clock := cputime.StartProcess(b)
	for b.Loop() {
		m, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: b.TempDir(), Workers: runtime.GOMAXPROCS(0),
			Entrant: func(spec string) (*game.Entrant, error) { return binding.Entrant(spec, game.PlayerOptions{}) }})
		if err != nil || !m.Complete {
			b.Fatal(err)
		}
		rows += m.TurnRows
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(games*b.N), "games", cpu)
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkGame is one course game of random against random through the
// play loop on one goroutine: "bare" without rows, "rows" recording its
// move rows, "written" also writing them as parquet (to nowhere), which
// shows where a self-play game's time goes.
func BenchmarkGame(b *testing.B) {
	for _, c := range []struct {
		name        string
		rows, write bool
	}{{"bare", false, false}, {"rows", true, false}, {"written", true, true}} {
		b.Run(c.name, func(b *testing.B) {
			e, _ := binding.Entrant("random", game.PlayerOptions{})
			seats := [2]*game.Seat{game.NewSeat(e, false), game.NewSeat(e, false)}
			w := binding.NewWorker()
			cfg := binding.DefaultConfig()
			var ch game.Chunk
			seed := int64(0)
			clock := cputime.StartProcess(b)
			for b.Loop() {
				if c.write && seed%128 == 0 {
					if ch != nil {
						ch.Close()
					}
					ch = binding.Tables().NewChunk(io.Discard, io.Discard)
				}
				seed++
				r, err := w.Play(seats, game.Setup{Config: cfg, Seed: seed, Rows: c.rows})
				if err != nil {
					b.Fatal(err)
				}
				if c.write {
					if _, err := ch.Add(seed, "random", "random", r); err != nil {
						b.Fatal(err)
					}
				}
			}
			if ch != nil {
				ch.Close()
			}
			cpu, _ := clock.Stop()
			cputime.Rate(b, float64(b.N), "games", cpu)
		})
	}
}
