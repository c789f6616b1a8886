package viewer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/viewer"
)

// syntheticDataset writes a games table of n made-up games in chunks of
// 128, as self-play lays them out (the index reads no other table).
func syntheticDataset(t testing.TB, n int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "big")
	os.MkdirAll(filepath.Join(dir, "games"), 0o755)
	specs := []string{"goround", "heuristic", "random", "wanderer", "heuristic:margin=3"}
	for c := 0; c*128 < n; c++ {
		f, err := os.Create(filepath.Join(dir, "games", fmt.Sprintf("chunk-%06d.parquet", c)))
		if err != nil {
			t.Fatal(err)
		}
		w := tables.NewGameWriter(f)
		var rows []tables.Game
		for id := c * 128; id < min(n, (c+1)*128); id++ {
			rows = append(rows, tables.Game{GameID: int64(id), Seed: int64(id), P1: specs[id%5], P2: specs[(id/5)%5], Width: 102, Height: 101, MaxTurns: 2000,
				Winner: int8(id % 3), Reason: int8(id%5 - 3), HalfSteps: int32(id*7919%4000 + 1), Area1: int32(id % 5000), Area2: int32(id * 13 % 5000),
				Start: "25,50,0:76,50,2", Actions: "S", Extra: -1})
		}
		if _, err := w.Write(rows); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return dir
}

// BenchmarkIndex100k reads a 100,000-game self-play folder and serves the
// first page of its index: what opening the folder in the viewer costs.
func BenchmarkIndex100k(b *testing.B) {
	dir := syntheticDataset(b, 100_000)
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		c0, _ := cputime.Process()
		srv, err := viewer.New(viewer.Options{Paths: []string{dir}})
		if err != nil {
			b.Fatal(err)
		}
		if srv.Games() != 100_000 {
			b.Fatalf("%d games", srv.Games())
		}
		q, _ := viewer.ParseQuery(nil)
		srv.Search(q)
		b.ReportMetric(float64(time.Since(t0).Milliseconds()), "ms/open")
		if c1, ok := cputime.Process(); ok { // says more than the wall clock on a shared machine
			b.ReportMetric(float64((c1 - c0).Milliseconds()), "cpu-ms/open")
		}
		srv.Close()
	}
}
