// Package tabledoc checks, in tests, that a document's column tables say
// exactly what Parquet table structs write: every column, its type and
// whether it can be null. Every game's dataset is documented so
// (docs/DATASET.md, docs/ERASER.md, docs/STELLAR.md), and the doc is the column
// reference users read, so it must not drift from the structs.
package tabledoc

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// Table is a table of a doc: the heading its column table stands under and
// the schema of the struct that writes it.
type Table struct {
	Heading string
	Schema  *parquet.Schema
}

// Check reports as errors of t every column of the tables that the doc at
// path gives another type than its struct writes, leaves out, or lists
// though the struct does not write it.
func Check(t testing.TB, path string, tables ...Table) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
		return
	}
	for _, tb := range tables {
		got, err := Documented(string(b), tb.Heading)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
			return
		}
		want := Columns(tb.Schema)
		for _, name := range sorted(want) {
			if got[name] != want[name] {
				t.Errorf("%s: column %s is %q in %s, %q in the struct", tb.Heading, name, got[name], path, want[name])
			}
		}
		for _, name := range sorted(got) {
			if _, ok := want[name]; !ok {
				t.Errorf("%s: %s documents %s, which the struct does not write", tb.Heading, path, name)
			}
		}
	}
}

// row is a line of a column table: its first cell names one column or
// several, separated by commas, each in backquotes; the second is the type.
var row = regexp.MustCompile("(?m)^\\| (`[^|]+`) \\| ([^|]+) \\|")

// Documented reads the column table under a heading of doc (up to the next
// "## " heading): column name → type, as written ("int16", "string,
// null").
func Documented(doc, heading string) (map[string]string, error) {
	i := strings.Index(doc, heading)
	if i < 0 {
		return nil, fmt.Errorf("no heading %q", heading)
	}
	rest := doc[i+len(heading):]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	out := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(rest, -1) {
		for _, name := range strings.Split(m[1], ",") {
			out[strings.Trim(strings.TrimSpace(name), "`")] = strings.TrimSpace(m[2])
		}
	}
	return out, nil
}

// Columns is what parquet says of a table struct's schema, in the docs'
// words: the logical type where there is one (int16, uint64, string), else
// the physical one (int64, float32, float64, bool), and ", null" when the
// column is optional.
func Columns(s *parquet.Schema) map[string]string {
	out := map[string]string{}
	for _, f := range s.Fields() {
		typ := typeName(f.Type())
		if f.Optional() {
			typ += ", null"
		}
		out[f.Name()] = typ
	}
	return out
}

func typeName(t parquet.Type) string {
	if lt := t.LogicalType(); lt != nil {
		switch v := lt.Value.(type) {
		case *format.IntType:
			if !v.IsSigned {
				return fmt.Sprintf("uint%d", v.BitWidth)
			}
			return fmt.Sprintf("int%d", v.BitWidth)
		case *format.StringType:
			return "string"
		}
	}
	switch t.Kind() {
	case parquet.Boolean:
		return "bool"
	case parquet.Int32:
		return "int32"
	case parquet.Int64:
		return "int64"
	case parquet.Float:
		return "float32"
	case parquet.Double:
		return "float64"
	}
	return t.String()
}

func sorted(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
