package tables

import (
	"testing"

	"github.com/paperio/paperio/internal/tabledoc"
	"github.com/parquet-go/parquet-go"
)

// TestDocumentedSchema: the column tables of DATASET.md say exactly what
// the structs write — every column, its type and whether it can be null.
func TestDocumentedSchema(t *testing.T) {
	tabledoc.Check(t, "../../../DATASET.md",
		tabledoc.Table{Heading: "## Table `games`", Schema: parquet.SchemaOf(Game{})},
		tabledoc.Table{Heading: "## Table `turns`", Schema: parquet.SchemaOf(Turn{})})
}

func TestColumn(t *testing.T) {
	if Column[Game]("GameID") != "game_id" || Column[Turn]("Dir") != "direction" || Column[Turn]("Band1ToHead2") != "band1_to_head2" {
		t.Fatal("Column")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("an unknown field did not panic")
		}
	}()
	Column[Game]("NoSuchField")
}
