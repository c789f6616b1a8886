// Package analysistest makes small paper.io datasets for tests (of
// analysis, its charts, results and the commands that read datasets):
// made-up games and turns that follow the dataset schema, written with
// parquet-go's generic writer in the folder layout self-play uses, spread
// over nested folders, several files and several row groups. Only tests
// import it.
package analysistest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/games/paperio/tables"
)

// Players are the player specs Make uses.
var Players = []string{"random", "goround", "heuristic:depth=2", "wanderer"}

// reasons are the course result codes Make draws from.
var reasons = []int8{0, 1, 2, 3, 4, -1, -2, -3}

// Make returns n made-up games and their turns, the same for the same seed.
// Game lengths vary from 2 to 300 half-steps; band-to-head distances are
// null on about a third of the half-steps, in runs.
func Make(n int, seed uint64) ([]tables.Game, []tables.Turn) {
	r := rand.New(rand.NewPCG(seed, 7))
	var games []tables.Game
	var turns []tables.Turn
	for id := range n {
		g := tables.Game{
			GameID: int64(id), Seed: int64(r.Uint32()),
			P1: Players[r.IntN(len(Players))], P2: Players[r.IntN(len(Players))],
			Width: 102, Height: 101, MaxTurns: 2000,
			Winner: int8(r.IntN(3)), Reason: reasons[r.IntN(len(reasons))],
			HalfSteps: int32(2 + r.IntN(299)),
			Start:     "25,50,0:76,50,2",
		}
		a := [2]int32{9, 9}
		var band [2]bool
		actions := make([]byte, g.HalfSteps)
		for k := int32(1); k <= g.HalfSteps; k++ {
			p := int8(2 - k%2)
			i := p - 1
			a[i] = max(0, a[i]+int32(r.IntN(21))-8)
			if r.IntN(6) == 0 {
				band[i] = !band[i]
			}
			act := "LRS"[r.IntN(3)]
			actions[k-1] = act
			t := tables.Turn{
				GameID: g.GameID, HalfStep: k, Player: p, Action: act,
				X: int16(r.IntN(102)), Y: int16(r.IntN(101)), Dir: int8(r.IntN(4)),
				Area1: a[0], Area2: a[1], Band1: int32(r.IntN(30)), Band2: int32(r.IntN(30)),
				DistHeads: int32(r.IntN(200)),
				Ratio:     0.5,
			}
			if a[0]+a[1] > 0 {
				t.Ratio = float32(a[0]) / float32(a[0]+a[1])
			}
			if band[0] {
				v := int32(r.IntN(150))
				t.Band1ToHead2 = &v
			}
			if band[1] {
				v := int32(r.IntN(150))
				t.Band2ToHead1 = &v
			}
			turns = append(turns, t)
		}
		g.Area1, g.Area2 = a[0], a[1]
		g.Actions = string(actions)
		games = append(games, g)
	}
	return games, turns
}

// Write writes games and turns under dir: games in two files in two
// partition folders, turns spread over three files in an order that mixes
// games and half-steps, in row groups of 500 rows. It also leaves a
// half-written temporary file (a name starting with '.') that readers must
// skip.
func Write(tb testing.TB, dir string, games []tables.Game, turns []tables.Turn) {
	tb.Helper()
	half := len(games) / 2
	WriteFile(tb, filepath.Join(dir, "games", "part=0", "games-0.parquet"), games[:half])
	WriteFile(tb, filepath.Join(dir, "games", "part=1", "games-1.parquet"), games[half:])
	parts := make([][]tables.Turn, 3)
	for i, t := range turns {
		parts[(i/7)%3] = append(parts[(i/7)%3], t)
	}
	for i, p := range parts {
		// Reverse each file so rows are not in half-step order.
		for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
			p[a], p[b] = p[b], p[a]
		}
		WriteFile(tb, filepath.Join(dir, "turns", fmt.Sprintf("turns-%d.parquet", i)), p)
	}
	if err := os.WriteFile(filepath.Join(dir, "turns", ".turns-3.parquet"), []byte("PAR1 half written"), 0o644); err != nil {
		tb.Fatal(err)
	}
	manifest := fmt.Sprintf(`{"schema_version": %d, "games": %d}`, tables.SchemaVersion, len(games))
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(manifest), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// WriteFile writes rows of any table struct to one Parquet file, creating
// its folder, in row groups of 500 rows.
func WriteFile[T any](tb testing.TB, path string, rows []T) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := parquet.NewGenericWriter[T](f, parquet.MaxRowsPerRowGroup(500))
	if _, err := w.Write(rows); err != nil {
		tb.Fatal(err)
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}
