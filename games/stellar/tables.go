package stellar

import (
	"io"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/stellar"
	"github.com/parquet-go/parquet-go"
)

// Tables writes the dataset of docs/STELLAR.md: games/ rows (GameRow) and
// turns/ rows (TurnRow).
func (Game) Tables() game.Tables { return tables{} }

type tables struct{}

func (tables) NewChunk(games, moves io.Writer) game.Chunk {
	// Fresh writers for each chunk: files must not depend on who wrote them.
	return &chunk{gw: newGameWriter(games), tw: newTurnWriter(moves)}
}

// chunk writes a chunk: turn rows as each game comes, games rows at the end
// (one row group each).
type chunk struct {
	gw    *parquet.GenericWriter[GameRow]
	tw    *parquet.GenericWriter[TurnRow]
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
	for i := range rs.turns {
		rs.turns[i].GameID = id
	}
	if _, err := c.tw.Write(rs.turns); err != nil {
		return 0, err
	}
	c.games = append(c.games, g)
	return len(rs.turns), nil
}

func (c *chunk) Close() error {
	if _, err := c.gw.Write(c.games); err != nil {
		return err
	}
	if err := c.gw.Close(); err != nil {
		return err
	}
	return c.tw.Close()
}

// replayRows recomputes a record's rows by replaying it (results stores
// keep records, not rows).
func replayRows(r *game.Record) (*rows, error) {
	var rec recorder
	var snap stellar.Snapshot
	limit := configOf(r.Config).Turns
	s, sp, err := replay(r, &snap,
		func(s *stellar.State) { rec.start(s, limit) },
		func(s *stellar.State, t turnAnswers) { rec.turn(s, &snap, t.faults()) })
	if err != nil {
		return nil, err
	}
	return &rows{game: gameRow(r, s, sp, limit, rec.dist[0], rec.failed), turns: rec.finish(r.Winner)}, nil
}
