package stellar

import (
	"context"
	"testing"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/selfplay"
)

// The reference engine plays a 100-turn game on a ~92-node map in 0.6 to
// 1.1 s (issue 15): 91 to 167 turns/s. Replay speeds are reported as
// multiples of both ends.
const (
	refSlowTurns = 100 / 1.1
	refFastTurns = 100 / 0.6
)

// BenchmarkReplayCorpus replays every AI turn of the public reference games
// through the binding's replay path (what `paperio bench --game stellar
// --replay` times: typed commands where an AI returned plain (int, int,
// float) tuples, Python values otherwise), read before timing, without
// frame checks. One op is one pass over the corpus; turns/cpu-s counts the
// thread's CPU time (steadier on a busy machine), x-ref-* compare it with
// the reference's 91 (slow) to 167 (fast) turns/s.
func BenchmarkReplayCorpus(b *testing.B) {
	games, err := loadReplays([]string{corpus})
	if err != nil {
		b.Fatal(err)
	}
	var work stellar.State
	replayAll(&work, games) // grow the buffers before timing
	var turns int64
	clock := cputime.Start(b)
	for b.Loop() {
		turns += replayAll(&work, games)
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(turns), "turns", cpu)
	if cpu > 0 {
		rate := float64(turns) / cpu.Seconds()
		b.ReportMetric(rate/refSlowTurns, "x-ref-slow")
		b.ReportMetric(rate/refFastTurns, "x-ref-fast")
	}
}

// BenchmarkSelfplay writes self-play runs of the built-in greedy bots
// (each against itself and the other's settings) on the course map with
// every turn row, two workers: games/s with rows, as `paperio selfplay`
// writes them, and games per CPU-second of the process (times the cores:
// what the run would reach on a machine of its own).
func BenchmarkSelfplay(b *testing.B) {
	specs, err := selfplay.ParseBots(g, "greedy,greedy:keep=45,seed=10")
	if err != nil {
		b.Fatal(err)
	}
	var games, rows int64
	clock := cputime.StartProcess(b)
	for i := 0; b.Loop(); i++ {
		plan := selfplay.Plan{Game: "stellar", Seed: int64(i), Games: 1024, ChunkGames: selfplay.ChunkGamesFor(1024),
			Settings: g.DefaultConfig().Encode(), Pairs: selfplay.AllPairs(specs)}
		m, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: b.TempDir(), Workers: 2,
			Entrant: func(spec string) (*game.Entrant, error) { return g.Entrant(spec, game.PlayerOptions{}) }})
		if err != nil {
			b.Fatal(err)
		}
		games += m.Games
		rows += m.TurnRows
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(games), "games", cpu)
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
}
