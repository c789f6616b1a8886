package eraser

import (
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/game"
)

// Tables writes the dataset of docs/ERASER.md: games/ rows (GameRow) and
// moves/ rows (MoveRow).
func (Game) Tables() game.Tables {
	return game.RowTables[GameRow, MoveRow]{Games: NewGameWriter, Moves: NewMoveWriter, Rows: tableRows}
}

// tableRows are a game's rows, labelled with its id and players.
func tableRows(id int64, p1, p2 string, r *game.Record) (GameRow, []MoveRow, error) {
	rs, ok := r.Rows.(*rows)
	if !ok {
		var err error
		if rs, err = replayRows(r); err != nil {
			return GameRow{}, nil, err
		}
	}
	g := rs.game
	g.GameID, g.P1, g.P2 = id, p1, p2
	for i := range rs.moves {
		rs.moves[i].GameID = id
	}
	return g, rs.moves, nil
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
