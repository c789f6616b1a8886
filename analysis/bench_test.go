package analysis_test

import (
	"os"
	"testing"

	"github.com/paperio/paperio/analysis"
	paperiogame "github.com/paperio/paperio/games/paperio"
)

// BenchmarkBarsAggregation reads and aggregates what the bars chart shows,
// from the dataset folder in PAPERIO_BENCH_DATA (skipped when unset):
//
//	PAPERIO_BENCH_DATA=DIR go test -run - -bench BarsAggregation ./analysis/
func BenchmarkBarsAggregation(b *testing.B) {
	dir := os.Getenv("PAPERIO_BENCH_DATA")
	if dir == "" {
		b.Skip("PAPERIO_BENCH_DATA is not set")
	}
	ds, err := analysis.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		games, err := ds.Games(analysis.BarsColumns...)
		if err != nil {
			b.Fatal(err)
		}
		if len(analysis.ByPlayer(paperiogame.Game{}.Info(), analysis.Entries(games))) == 0 {
			b.Fatal("no players")
		}
	}
}

// BenchmarkTurnsScan reads two columns of every turn of the folder in
// PAPERIO_BENCH_DATA (skipped when unset), nulls included.
func BenchmarkTurnsScan(b *testing.B) {
	dir := os.Getenv("PAPERIO_BENCH_DATA")
	if dir == "" {
		b.Skip("PAPERIO_BENCH_DATA is not set")
	}
	ds, err := analysis.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		m, err := ds.Moves(nil, "area1", "band1_to_head2") // an int column, and one with nulls
		if err != nil || m.N == 0 {
			b.Fatalf("%v: %d rows", err, m.N)
		}
	}
}
