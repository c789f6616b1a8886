package game

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/parquet-go/parquet-go"
)

type gameRow struct {
	ID   int64  `parquet:"game_id"`
	P1   string `parquet:"p1"`
	Len  int32  `parquet:"length"`
	Note string `parquet:"note"`
}

type moveRow struct {
	ID   int64 `parquet:"game_id"`
	Move int32 `parquet:"move"`
}

func testTables() RowTables[gameRow, moveRow] {
	return RowTables[gameRow, moveRow]{
		Games: func(w io.Writer) *parquet.GenericWriter[gameRow] { return parquet.NewGenericWriter[gameRow](w) },
		Moves: func(w io.Writer) *parquet.GenericWriter[moveRow] { return parquet.NewGenericWriter[moveRow](w) },
		Rows: func(id int64, p1, p2 string, r *Record) (gameRow, []moveRow, error) {
			if r.Length < 0 {
				return gameRow{}, nil, errors.New("cannot replay")
			}
			ms := make([]moveRow, r.Length)
			for i := range ms {
				ms[i] = moveRow{id, int32(i)}
			}
			return gameRow{id, p1, int32(r.Length), p2}, ms, nil
		},
	}
}

func readRows[T any](t *testing.T, b []byte) []T {
	t.Helper()
	rows, err := parquet.Read[T](bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// A chunk writes every game's move rows, in order, and the game rows when
// it closes; a game whose rows fail is left out with its error.
func TestRowTables(t *testing.T) {
	var games, moves bytes.Buffer
	c := testTables().NewChunk(&games, &moves)
	for _, g := range []struct {
		id  int64
		len int
	}{{7, 3}, {8, 0}, {9, 2}} {
		n, err := c.Add(g.id, "a", "b", &Record{Length: g.len})
		if err != nil || n != g.len {
			t.Fatalf("game %d: %d rows, %v", g.id, n, err)
		}
	}
	if _, err := c.Add(10, "a", "b", &Record{Length: -1}); err == nil {
		t.Fatal("a game whose rows fail was added")
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	gs := readRows[gameRow](t, games.Bytes())
	if len(gs) != 3 || gs[0] != (gameRow{7, "a", 3, "b"}) || gs[1].ID != 8 || gs[2] != (gameRow{9, "a", 2, "b"}) {
		t.Fatalf("games %+v", gs)
	}
	ms := readRows[moveRow](t, moves.Bytes())
	want := []moveRow{{7, 0}, {7, 1}, {7, 2}, {9, 0}, {9, 1}}
	if len(ms) != len(want) {
		t.Fatalf("moves %+v", ms)
	}
	for i := range want {
		if ms[i] != want[i] {
			t.Fatalf("move %d: %+v, want %+v", i, ms[i], want[i])
		}
	}
}

// TestColumn: a field's column is its parquet tag's name, without the
// options; a field that does not exist panics.
func TestColumn(t *testing.T) {
	if Column[gameRow]("Len") != "length" || Column[moveRow]("Move") != "move" {
		t.Fatalf("Column: %q, %q", Column[gameRow]("Len"), Column[moveRow]("Move"))
	}
	type tagged struct {
		Dir int8 `parquet:"direction,delta"`
	}
	if got := Column[tagged]("Dir"); got != "direction" {
		t.Fatalf("Column with options = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("an unknown field did not panic")
		}
	}()
	Column[gameRow]("NoSuchField")
}
