package analysis_test

import (
	"os"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/games/paperio"
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
		if len(analysis.ByPlayer(paperio.Game{}.Info(), analysis.Entries(games))) == 0 {
			b.Fatal("no players")
		}
	}
}

// BenchmarkTimeline reads one game's turns for every single-game chart
// (row groups skipped by their statistics, rows by game id), from the
// dataset folder in PAPERIO_BENCH_DATA (skipped when unset).
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
	cols := []string{analysis.ColTurnArea1, analysis.ColTurnArea2, analysis.ColRatio, analysis.ColDistHeads, analysis.ColBand1ToHead2, analysis.ColBand2ToHead1}
	for b.Loop() {
		s, err := ds.Timeline(g, cols...)
		if err != nil || len(s.HalfStep) != g.Length {
			b.Fatalf("%v: %d half-steps of %d", err, len(s.HalfStep), g.Length)
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
		m, err := ds.Moves(nil, analysis.ColTurnArea1, analysis.ColBand1ToHead2)
		if err != nil || m.N == 0 {
			b.Fatalf("%v: %d rows", err, m.N)
		}
	}
}
