package eraser

import (
	"io"

	"github.com/paperio/paperio/eraser/bots"
	"github.com/paperio/paperio/game"
	"github.com/parquet-go/parquet-go"
)

// Tables writes the dataset of docs/ERASER.md: games/ rows (GameRow) and
// moves/ rows (MoveRow).
func (Game) Tables() game.Tables { return tables{} }

type tables struct{}

func (tables) NewChunk(games, moves io.Writer) game.Chunk {
	// Fresh writers for each chunk: files must not depend on who wrote them.
	return &chunk{gw: NewGameWriter(games), mw: NewMoveWriter(moves)}
}

// chunk writes a chunk: move rows as each game comes, games rows at the
// end (one row group each).
type chunk struct {
	gw    *parquet.GenericWriter[GameRow]
	mw    *parquet.GenericWriter[MoveRow]
	games []GameRow
}

func (c *chunk) Add(id int64, p1, p2 string, r *game.Record) (int, error) {
	rs, ok := r.Rows.(*rows)
	if !ok {
		var err error
		if rs, err = replayRows(r); err != nil {
			return 0, err
		}
	}
	g := rs.game
	g.GameID, g.P1, g.P2 = id, p1, p2
	for i := range rs.moves {
		rs.moves[i].GameID = id
	}
	if _, err := c.mw.Write(rs.moves); err != nil {
		return 0, err
	}
	c.games = append(c.games, g)
	return len(rs.moves), nil
}

func (c *chunk) Close() error {
	if _, err := c.gw.Write(c.games); err != nil {
		return err
	}
	if err := c.gw.Close(); err != nil {
		return err
	}
	return c.mw.Close()
}

// replayRows recomputes a record's rows by replaying it (results stores
// keep records, not rows).
func replayRows(r *game.Record) (*rows, error) {
	s, err := startState(r)
	if err != nil {
		return nil, err
	}
	rec := &rowRecorder{}
	t := &table{Game: bots.Game{S: s}, rows: rec}
	if err := Replay(r, t); err != nil {
		return nil, err
	}
	return &rows{game: gameRow(r, s), moves: rec.finish(s.Result().Winner)}, nil
}
