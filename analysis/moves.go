package analysis

// Moves are columns of a dataset's per-move table (the game's moves table,
// game.Info.MovesTable), each as float64 (NaN for a null), row i of every
// column being the same row: the reader of the per-move columns that a
// game's charts name (paper.io's timeline, eraser's scores…); analysis
// names none.
type Moves struct {
	N    int
	Cols map[string][]float64
}

// Moves reads the named columns of the per-move table: of one game when
// game is not nil (row groups that cannot hold it are skipped), else of
// every game, in file order.
func (d *Dataset) Moves(game *int64, cols ...string) (*Moves, error) {
	if len(d.TurnFiles) == 0 {
		return nil, errorf("%s: no %s table (%s/**/*.parquet)", d.Dir, d.Game.Info().MovesTable, d.Game.Info().MovesTable)
	}
	specs := make([]colSpec, len(cols))
	for i, c := range cols {
		specs[i] = colSpec{c, floatKind}
	}
	var where *eqFilter
	if game != nil {
		where = &eqFilter{ColGameID, *game}
	}
	t, err := readTable(d, d.TurnFiles, specs, where)
	if err != nil {
		return nil, err
	}
	m := &Moves{N: t.n, Cols: map[string][]float64{}}
	for _, c := range cols {
		m.Cols[c] = t.cols[c].flts // nulls are NaN already
	}
	return m, nil
}
