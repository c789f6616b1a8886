package tables

import (
	"io"
	"testing"
	"unsafe"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/cputime"
)

// BenchmarkWriteTurns writes the turn rows of 96 full games of built-in
// bots (played before the clock starts) as self-play does, a file per 32
// games, on one goroutine, and takes the writer apart: "zstd" is the
// dataset's writer, "plain" the same without compression (what the codec
// costs), "nonull" the same rows with the four nullable columns stored as
// plain numbers (what parquet-go's per-row path for nullable fields
// costs; not a schema the dataset could switch to without a new version).
// Each reports games per second of the thread's CPU time and bytes per
// row.
func BenchmarkWriteTurns(b *testing.B) {
	games := benchTurns(b, 96)
	sorted := parquet.SortingWriterConfig(parquet.SortingColumns(parquet.Ascending("game_id"), parquet.Ascending("half_step")))
	b.Run("zstd", func(b *testing.B) {
		writeTurns(b, games, func(w io.Writer) *parquet.GenericWriter[Turn] { return NewTurnWriter(w) })
	})
	b.Run("plain", func(b *testing.B) {
		writeTurns(b, games, func(w io.Writer) *parquet.GenericWriter[Turn] { return parquet.NewGenericWriter[Turn](w, sorted) })
	})
	b.Run("nonull", func(b *testing.B) {
		// Turn's layout with each pointer read as a number: the values are
		// meaningless, the work per row is what counts.
		writeTurns(b, games, func(w io.Writer) *parquet.GenericWriter[turnNoNull] {
			return parquet.NewGenericWriter[turnNoNull](w, game.WriterOptions("game_id", "half_step")...)
		})
	})
}

// turnNoNull is Turn with its nullable columns required (see
// BenchmarkWriteTurns).
type turnNoNull struct {
	GameID       int64   `parquet:"game_id,delta"`
	HalfStep     int32   `parquet:"half_step,delta"`
	Player       int8    `parquet:"player"`
	Action       byte    `parquet:"action"`
	X            int16   `parquet:"x"`
	Y            int16   `parquet:"y"`
	Dir          int8    `parquet:"direction"`
	Area1        int32   `parquet:"area1,delta"`
	Area2        int32   `parquet:"area2,delta"`
	Band1        int32   `parquet:"band1,delta"`
	Band2        int32   `parquet:"band2,delta"`
	DistHeads    int32   `parquet:"dist_heads"`
	Band1ToHead2 int64   `parquet:"band1_to_head2"`
	Band2ToHead1 int64   `parquet:"band2_to_head1"`
	Ratio        float32 `parquet:"ratio"`
	HomeDist1    int64   `parquet:"home_dist1"`
	HomeDist2    int64   `parquet:"home_dist2"`
	Gain         int32   `parquet:"gain"`
	Taken        int32   `parquet:"taken"`
	Done         bool    `parquet:"done"`
	Reward       int8    `parquet:"reward"`
	Outcome      int8    `parquet:"outcome"`
}

var _ [unsafe.Sizeof(Turn{}) - unsafe.Sizeof(turnNoNull{})]int // the same size…
var _ [unsafe.Sizeof(turnNoNull{}) - unsafe.Sizeof(Turn{})]int // …both ways

// benchTurns plays n games of built-in bots on the default board and
// returns each one's rows.
func benchTurns(b *testing.B, n int) [][]Turn {
	c := paperio.DefaultConfig()
	specs := []string{"goround", "wanderer", "heuristic"}
	var games [][]Turn
	var r Recorder
	for g := range n {
		var ps [2]bots.Bot
		for i, sp := range [2]string{specs[g%3], specs[(g/3)%3]} {
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
		games = append(games, append([]Turn(nil), r.Finish(s)...))
	}
	return games
}

// writeTurns writes games, 32 to a file, with writers from newWriter; T
// must have Turn's layout.
func writeTurns[T any](b *testing.B, games [][]Turn, newWriter func(io.Writer) *parquet.GenericWriter[T]) {
	const chunk = 32
	var out countWriter
	rows := 0
	clock := cputime.Start(b)
	for b.Loop() {
		for lo := 0; lo < len(games); lo += chunk {
			w := newWriter(&out)
			for _, g := range games[lo:min(lo+chunk, len(games))] {
				if _, err := w.Write(unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(g))), len(g))); err != nil {
					b.Fatal(err)
				}
				rows += len(g)
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(len(games)*b.N), "games", cpu)
	b.ReportMetric(float64(out.n)/float64(rows), "B/row")
}
