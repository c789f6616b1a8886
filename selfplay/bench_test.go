package selfplay

import (
	"context"
	"testing"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
)

// BenchmarkRun writes full-length games of built-in bots on the default
// board; it reports games/s, rows/s and bytes per turn row.
func BenchmarkRun(b *testing.B) {
	c := engine.DefaultConfig()
	specs, err := ParseBots(paper, "goround,wanderer,heuristic")
	if err != nil {
		b.Fatal(err)
	}
	var games, rows, bytes int64
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
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rows)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(bytes)/float64(rows), "B/row")
}
