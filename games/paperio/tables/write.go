package tables

import (
	"io"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/game"
)

// NewGameWriter writes Game rows as parquet to w; the file is complete after
// Close.
func NewGameWriter(w io.Writer) *parquet.GenericWriter[Game] {
	return parquet.NewGenericWriter[Game](w, game.WriterOptions("game_id")...)
}

// NewTurnWriter writes Turn rows as parquet to w; the file is complete after
// Close. Rows must come sorted by game_id, then half_step.
func NewTurnWriter(w io.Writer) *parquet.GenericWriter[Turn] {
	return parquet.NewGenericWriter[Turn](w, game.WriterOptions("game_id", "half_step")...)
}
