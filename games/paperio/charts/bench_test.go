package charts

import (
	"os"
	"testing"

	"github.com/paperio/paperio/analysis"
)

// BenchmarkTimeline reads one game's turns for every single-game chart
// (row groups skipped by their statistics, rows by game id), from the
// dataset folder in PAPERIO_BENCH_DATA (skipped when unset):
//
//	PAPERIO_BENCH_DATA=DIR go test -run - -bench Timeline ./games/paperio/charts/
func BenchmarkTimeline(b *testing.B) {
	dir := os.Getenv("PAPERIO_BENCH_DATA")
	if dir == "" {
		b.Skip("PAPERIO_BENCH_DATA is not set")
	}
	ds, err := analysis.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	games, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		b.Fatal(err)
	}
	g := games[len(games)/2]
	cols := []string{ColTurnArea1, ColTurnArea2, ColRatio, ColDistHeads, ColBand1ToHead2, ColBand2ToHead1}
	for b.Loop() {
		s, err := ReadTimeline(ds, g, cols...)
		if err != nil || len(s.HalfStep) != g.Length {
			b.Fatalf("%v: %d half-steps of %d", err, len(s.HalfStep), g.Length)
		}
	}
}
