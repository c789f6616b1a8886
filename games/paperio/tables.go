package paperio

import (
	"io"

	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/game"
	"github.com/parquet-go/parquet-go"
)

// Tables writes the dataset of DATASET.md: games/ rows (dataset.Game) and
// turns/ rows (dataset.Turn).
func (Game) Tables() game.Tables { return tables{} }

type tables struct{}

func (tables) NewChunk(games, moves io.Writer) game.Chunk {
	// Fresh writers for each chunk: a reset writer does not write the same
	// bytes as a new one, and files must not depend on who wrote them.
	return &chunk{gw: dataset.NewGameWriter(games), tw: dataset.NewTurnWriter(moves)}
}

// chunk writes a chunk: turn rows as each game comes, games rows at the end
// (one row group each).
type chunk struct {
	gw    *parquet.GenericWriter[dataset.Game]
	tw    *parquet.GenericWriter[dataset.Turn]
	games []dataset.Game
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
	rec := &dataset.Recorder{}
	rec.Start(0)
	s, err := Replay(r, rec.Step)
	if err != nil {
		return nil, err
	}
	c := EngineConfig(r.Config)
	starts, _ := dataset.ParseStart(r.Start)
	return &rows{game: dataset.GameRow(0, r.Seed, "", "", c, starts, s, r.Moves), turns: rec.Finish(s)}, nil
}
