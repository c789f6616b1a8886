package game

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// RowTables are the Tables of a game whose dataset is two Parquet tables:
// a row of type G per game and a row of type M per move. The chunk logic
// is the same for every game; the rows are the game's own.
type RowTables[G, M any] struct {
	// Games and Moves make a chunk's writers. Each chunk gets fresh ones:
	// a reset writer does not write the same bytes as a new one, and files
	// must not depend on which worker wrote them.
	Games func(io.Writer) *parquet.GenericWriter[G]
	Moves func(io.Writer) *parquet.GenericWriter[M]
	// Rows are the rows of game id between players p1 and p2 (specs):
	// from the record's Rows when the game was just played, else
	// recomputed by replaying the record.
	Rows func(id int64, p1, p2 string, r *Record) (G, []M, error)
}

// NewChunk starts a chunk of the two tables.
func (t RowTables[G, M]) NewChunk(games, moves io.Writer) Chunk {
	return &rowChunk[G, M]{rows: t.Rows, gw: t.Games(games), mw: t.Moves(moves)}
}

// rowChunk writes move rows as each game comes and the game rows at the
// end, one row group each.
type rowChunk[G, M any] struct {
	rows  func(id int64, p1, p2 string, r *Record) (G, []M, error)
	gw    *parquet.GenericWriter[G]
	mw    *parquet.GenericWriter[M]
	games []G
}

func (c *rowChunk[G, M]) Add(id int64, p1, p2 string, r *Record) (int, error) {
	g, moves, err := c.rows(id, p1, p2, r)
	if err != nil {
		return 0, err
	}
	if _, err := c.mw.Write(moves); err != nil {
		return 0, err
	}
	c.games = append(c.games, g)
	return len(moves), nil
}

func (c *rowChunk[G, M]) Close() error {
	if _, err := c.gw.Write(c.games); err != nil {
		return err
	}
	if err := c.gw.Close(); err != nil {
		return err
	}
	return c.mw.Close()
}

// Column is the column name of the field called field in a game's table
// struct T (a row of its games or moves table), as its parquet tag gives
// it. Readers take their column names from here, so the struct is the one
// statement of the schema; a field that does not exist panics when the
// reader's package starts.
func Column[T any](field string) string {
	f, ok := reflect.TypeFor[T]().FieldByName(field)
	if !ok {
		panic(fmt.Sprintf("game: %s has no field %s", reflect.TypeFor[T]().Name(), field))
	}
	name, _, _ := strings.Cut(f.Tag.Get("parquet"), ",")
	return name
}
