package stellar

import (
	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
)

// Tables writes the dataset of docs/STELLAR.md: games/ rows (GameRow) and
// turns/ rows (TurnRow).
func (Game) Tables() game.Tables {
	return game.RowTables[GameRow, TurnRow]{Games: newGameWriter, Moves: newTurnWriter, Rows: tableRows}
}

// tableRows are a game's rows, labelled with its id and players.
func tableRows(id int64, p1, p2 string, r *game.Record) (GameRow, []TurnRow, error) {
	rs, ok := r.Rows.(*rows)
	if !ok {
		var err error
		if rs, err = replayRows(r); err != nil {
			return GameRow{}, nil, err
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
