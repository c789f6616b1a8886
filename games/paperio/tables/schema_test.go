package tables

import (
	"testing"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/tabledoc"
	"github.com/parquet-go/parquet-go"
)

// TestDocumentedSchema: the column tables of docs/DATASET.md say exactly what
// the structs write — every column, its type and whether it can be null.
func TestDocumentedSchema(t *testing.T) {
	tabledoc.Check(t, "../../../docs/DATASET.md",
		tabledoc.Table{Heading: "## Table `games`", Schema: parquet.SchemaOf(Game{})},
		tabledoc.Table{Heading: "## Table `turns`", Schema: parquet.SchemaOf(Turn{})})
}

// TestColumn: readers find paper.io's columns by field name.
func TestColumn(t *testing.T) {
	if game.Column[Game]("GameID") != "game_id" || game.Column[Turn]("Dir") != "direction" || game.Column[Turn]("Band1ToHead2") != "band1_to_head2" {
		t.Fatal("Column")
	}
}
