package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/memory"
	"github.com/apache/arrow/go/v15/parquet/file"
	"github.com/apache/arrow/go/v15/parquet/pqarrow"
	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/play"
)

// arrowTable is a parquet file read with Apache Arrow, column by name. A
// null integer reads as -1.
type arrowTable struct {
	ints  map[string][]int64
	strs  map[string][]string
	bools map[string][]bool
	flts  map[string][]float32
	rows  int
}

func readArrow(t *testing.T, name string) *arrowTable {
	t.Helper()
	rdr, err := file.OpenParquetFile(name, false)
	if err != nil {
		t.Fatalf("arrow cannot open %s: %v", name, err)
	}
	defer rdr.Close()
	if n := rdr.NumRowGroups(); n != 1 {
		t.Fatalf("%s: %d row groups, want 1", name, n)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatal(err)
	}
	if sc := pf.Metadata().RowGroups[0].SortingColumns; len(sc) == 0 || sc[0].ColumnIdx != 0 || sc[0].Descending {
		t.Fatalf("%s: the footer declares the sorting %v, want game_id ascending first", name, sc)
	}
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{BatchSize: 1 << 16}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatalf("arrow cannot read %s: %v", name, err)
	}
	defer tbl.Release()
	at := &arrowTable{ints: map[string][]int64{}, strs: map[string][]string{}, bools: map[string][]bool{}, flts: map[string][]float32{}, rows: int(tbl.NumRows())}
	for i := range int(tbl.NumCols()) {
		col := tbl.Column(i)
		nm := col.Name()
		for _, ch := range col.Data().Chunks() {
			for j := range ch.Len() {
				if ch.IsNull(j) {
					at.ints[nm] = append(at.ints[nm], -1)
					continue
				}
				switch a := ch.(type) {
				case *array.Int8:
					at.ints[nm] = append(at.ints[nm], int64(a.Value(j)))
				case *array.Uint8:
					at.ints[nm] = append(at.ints[nm], int64(a.Value(j)))
				case *array.Int16:
					at.ints[nm] = append(at.ints[nm], int64(a.Value(j)))
				case *array.Int32:
					at.ints[nm] = append(at.ints[nm], int64(a.Value(j)))
				case *array.Int64:
					at.ints[nm] = append(at.ints[nm], a.Value(j))
				case *array.String:
					at.strs[nm] = append(at.strs[nm], a.Value(j))
				case *array.Boolean:
					at.bools[nm] = append(at.bools[nm], a.Value(j))
				case *array.Float32:
					at.flts[nm] = append(at.flts[nm], a.Value(j))
				default:
					t.Fatalf("%s: column %s has arrow type %s", name, nm, ch.DataType())
				}
			}
		}
	}
	return at
}

func (a *arrowTable) int(t *testing.T, col string, i int) int64 {
	t.Helper()
	v, ok := a.ints[col]
	if !ok {
		t.Fatalf("no integer column %q", col)
	}
	return v[i]
}

// TestArrowReadsWhatTheEnginePlayed reads the reference run back with Apache
// Arrow and checks it against the engine: each game is played again from
// its row (start and actions) and every turn row is compared with the
// replayed state; distances are recomputed by scanning the board.
func TestArrowReadsWhatTheEnginePlayed(t *testing.T) {
	_, m := reference(t)
	dir := refOnce.dir
	var games, rows int
	for k := range m.Chunks {
		g := readArrow(t, filepath.Join(dir, GamesDir, ChunkFile(k)))
		tr := readArrow(t, filepath.Join(dir, TurnsDir, ChunkFile(k)))
		row := 0
		for i := range g.rows {
			games++
			id := g.int(t, "game_id", i)
			lo, _ := m.Plan.ChunkGamesRange(k)
			pair := m.Plan.Pair(id)
			if id != lo+int64(i) || g.int(t, "seed", i) != play.GameSeed(m.Plan.Seed, id) || g.strs["p1"][i] != pair.P1 || g.strs["p2"][i] != pair.P2 {
				t.Fatalf("chunk %d game row %d: id %d seed %d players %s %s", k, i, id, g.int(t, "seed", i), g.strs["p1"][i], g.strs["p2"][i])
			}
			c := paperio.Config{Width: int(g.int(t, "width", i)), Height: int(g.int(t, "height", i)), MaxTurns: int(g.int(t, "max_turns", i))}
			starts, err := paperio.ParseStart(g.strs["start"][i])
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := paperio.RandomStarts(c, play.GameSeed(m.Plan.Seed, id)); want != starts {
				t.Fatalf("game %d: start %v, the seed gives %v", id, starts, want)
			}
			s, err := paperio.NewGame(c, starts)
			if err != nil {
				t.Fatal(err)
			}
			acts := g.strs["actions"][i]
			half := int(g.int(t, "half_steps", i))
			if len(acts) != half {
				t.Fatalf("game %d: %d actions, half_steps %d", id, len(acts), half)
			}
			for h := range half {
				s.Step(paperio.Action(acts[h]))
				checkTurnRow(t, tr, row, id, h+1, s, acts[h], row%5 == 0 || h == half-1)
				rows++
				row++
			}
			if !s.Over() {
				t.Fatalf("game %d: not over after its %d actions", id, half)
			}
			res := s.Result()
			if g.int(t, "winner", i) != int64(res.Winner.Code()) || g.int(t, "reason", i) != int64(res.Reason) ||
				g.int(t, "area1", i) != int64(s.Area(0)) || g.int(t, "area2", i) != int64(s.Area(1)) {
				t.Fatalf("game %d: result row differs from the replay %+v", id, res)
			}
			last := row - 1
			if tr.int(t, "area1", last) != g.int(t, "area1", i) || tr.int(t, "area2", last) != g.int(t, "area2", i) ||
				tr.int(t, "half_step", last) != int64(half) || !tr.bools["done"][last] {
				t.Fatalf("game %d: its last turn row does not end the game", id)
			}
		}
		if row != tr.rows {
			t.Fatalf("chunk %d: %d turn rows for its games' %d half-steps", k, tr.rows, row)
		}
	}
	if int64(games) != m.Games || int64(rows) != m.TurnRows {
		t.Fatalf("read %d games %d rows, the manifest says %d %d", games, rows, m.Games, m.TurnRows)
	}
}

// checkTurnRow compares turn row i with the replayed state s after
// half-step h; full adds the distances recomputed by scanning the board.
func checkTurnRow(t *testing.T, tr *arrowTable, i int, id int64, h int, s *paperio.State, act byte, full bool) {
	t.Helper()
	m := (h - 1) & 1
	x, y, d := s.Head(m)
	x1, y1, _ := s.Head(0)
	x2, y2, _ := s.Head(1)
	want := map[string]int64{
		"game_id": id, "half_step": int64(h), "player": int64(m + 1), "action": int64(act),
		"x": int64(x), "y": int64(y), "direction": int64(d),
		"area1": int64(s.Area(0)), "area2": int64(s.Area(1)),
		"band1": int64(s.BandLen(0)), "band2": int64(s.BandLen(1)),
		"dist_heads": int64(iabs(x1-x2) + iabs(y1-y2)),
	}
	if full {
		want["band1_to_head2"] = scanBand(s, 0)
		want["band2_to_head1"] = scanBand(s, 1)
		want["home_dist1"] = scanHome(s, 0)
		want["home_dist2"] = scanHome(s, 1)
	}
	for col, v := range want {
		if got := tr.int(t, col, i); got != v {
			t.Fatalf("game %d half-step %d: %s = %d, the replay gives %d", id, h, col, got, v)
		}
	}
	if r := tr.flts["ratio"][i]; r != tables.Ratio(int32(s.Area(0)), int32(s.Area(1))) {
		t.Fatalf("game %d half-step %d: ratio %v", id, h, r)
	}
	if done := tr.bools["done"][i]; done != s.Over() {
		t.Fatalf("game %d half-step %d: done %v, game over %v", id, h, done, s.Over())
	}
}

// scanHome is player i's distance to its own territory, by looking at
// every cell (-1: none).
func scanHome(s *paperio.State, i int) int64 {
	hx, hy, _ := s.Head(i)
	best := int64(-1)
	for x := range s.Width() {
		for y := range s.Height() {
			if s.FieldAt(x, y) == i+1 {
				if d := int64(iabs(x-hx) + iabs(y-hy)); best < 0 || d < best {
					best = d
				}
			}
		}
	}
	return best
}

// scanBand is the distance from player i's band to the other head, by
// looking at every cell (-1: no band).
func scanBand(s *paperio.State, i int) int64 {
	hx, hy, _ := s.Head(1 - i)
	best := int64(-1)
	for x := range s.Width() {
		for y := range s.Height() {
			if s.BandAt(x, y) == i+1 {
				if d := int64(iabs(x-hx) + iabs(y-hy)); best < 0 || d < best {
					best = d
				}
			}
		}
	}
	return best
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
