package paperio

import (
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/games/paperio/tables"
)

// Tables writes the dataset of docs/DATASET.md: games/ rows (tables.Game) and
// turns/ rows (tables.Turn).
func (Game) Tables() game.Tables {
	return game.RowTables[tables.Game, tables.Turn]{Games: tables.NewGameWriter, Moves: tables.NewTurnWriter, Rows: tableRows}
}

// tableRows are a game's rows, labelled with its id and players.
func tableRows(id int64, p1, p2 string, r *game.Record) (tables.Game, []tables.Turn, error) {
	rs, ok := r.Rows.(*rows)
	if !ok {
		var err error
		if rs, err = replayRows(r); err != nil {
			return tables.Game{}, nil, err
		}
	}
	g := rs.game
	g.GameID, g.P1, g.P2 = id, p1, p2
	for i := range rs.turns {
		rs.turns[i].GameID = id
	}
	return g, rs.turns, nil
}

// replayRows recomputes a record's rows by replaying it (results stores
// keep records, not rows).
func replayRows(r *game.Record) (*rows, error) {
	rec := &tables.Recorder{}
	rec.Start(0)
	s, err := Replay(r, rec.Step)
	if err != nil {
		return nil, err
	}
	c := EngineConfig(r.Config)
	starts, _ := paperio.ParseStart(r.Start)
	return &rows{game: tables.GameRow(0, r.Seed, "", "", c, starts, s, r.Moves), turns: rec.Finish(s)}, nil
}
