package dataset

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// docColumns reads the column table under a heading of DATASET.md:
// column name → "type" or "type, null".
func docColumns(t *testing.T, doc, heading string) map[string]string {
	t.Helper()
	i := strings.Index(doc, heading)
	if i < 0 {
		t.Fatalf("DATASET.md has no %q", heading)
	}
	rest := doc[i+len(heading):]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	row := regexp.MustCompile("(?m)^\\| (`[^|]+`) \\| ([^|]+) \\|")
	out := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(rest, -1) {
		for _, name := range strings.Split(m[1], ",") {
			name = strings.Trim(strings.TrimSpace(name), "`")
			out[name] = strings.TrimSpace(m[2])
		}
	}
	return out
}

// schemaColumns is what parquet.SchemaOf says of a table struct, in
// DATASET.md's words: the logical type, and ", null" when optional.
func schemaColumns(s *parquet.Schema) map[string]string {
	out := map[string]string{}
	for _, f := range s.Fields() {
		var typ string
		lt := f.Type().LogicalType()
		switch v := logical(lt).(type) {
		case *format.IntType:
			typ = fmt.Sprintf("int%d", v.BitWidth)
			if !v.IsSigned {
				typ = "u" + typ
			}
		case *format.StringType:
			typ = "string"
		default:
			switch f.Type().Kind() {
			case parquet.Int64:
				typ = "int64"
			case parquet.Int32:
				typ = "int32"
			case parquet.Float:
				typ = "float32"
			case parquet.Boolean:
				typ = "bool"
			default:
				typ = f.Type().String()
			}
		}
		if f.Optional() {
			typ += ", null"
		}
		out[f.Name()] = typ
	}
	return out
}

func logical(lt *format.LogicalType) any {
	if lt == nil {
		return nil
	}
	return lt.Value
}

// TestDocumentedSchema: the column tables of DATASET.md say exactly what
// the structs write — every column, its type and whether it can be null.
func TestDocumentedSchema(t *testing.T) {
	b, err := os.ReadFile("../DATASET.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, tc := range []struct {
		heading string
		schema  *parquet.Schema
	}{
		{"## Table `games`", parquet.SchemaOf(Game{})},
		{"## Table `turns`", parquet.SchemaOf(Turn{})},
	} {
		want := schemaColumns(tc.schema)
		got := docColumns(t, doc, tc.heading)
		for name, typ := range want {
			if got[name] != typ {
				t.Errorf("%s: column %s is %q in DATASET.md, %q in the struct", tc.heading, name, got[name], typ)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("%s: DATASET.md documents %s, which the struct does not write", tc.heading, name)
			}
		}
	}
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
