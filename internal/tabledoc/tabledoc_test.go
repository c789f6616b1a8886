package tabledoc

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"
)

type gameRow struct {
	ID    int64   `parquet:"game_id"`
	P1    string  `parquet:"p1"`
	P2    string  `parquet:"p2"`
	Turn  int16   `parquet:"turn"`
	Seed  uint64  `parquet:"seed"`
	Ratio float32 `parquet:"ratio"`
	Force float64 `parquet:"force"`
	Done  bool    `parquet:"done"`
	Code  *int8   `parquet:"code,optional"`
}

const doc = "# A dataset\n\n" +
	"## Table `games` — one row per game\n\n" +
	"| column | type | meaning |\n| --- | --- | --- |\n" +
	"| `game_id` | int64 | the game |\n" +
	"| `p1`, `p2` | string | the players |\n" +
	"| `turn` | int16 | a turn |\n" +
	"| `seed` | uint64 | its seed |\n" +
	"| `ratio` | float32 | a ratio |\n" +
	"| `force` | float64 | a force |\n" +
	"| `done` | bool | over |\n" +
	"| `code` | int8, null | why |\n\n" +
	"## Table `other`\n\n| `x` | int8 | not the games table |\n"

// Columns names each column's type as the docs do, and the doc's table
// reads back the same, rows of several columns included.
func TestColumnsAndDocumented(t *testing.T) {
	want := map[string]string{"game_id": "int64", "p1": "string", "p2": "string", "turn": "int16",
		"seed": "uint64", "ratio": "float32", "force": "float64", "done": "bool", "code": "int8, null"}
	if got := Columns(parquet.SchemaOf(gameRow{})); !reflect.DeepEqual(got, want) {
		t.Errorf("Columns:\n got %v\nwant %v", got, want)
	}
	got, err := Documented(doc, "## Table `games`")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Documented: %v\n got %v\nwant %v", err, got, want)
	}
	if _, err := Documented(doc, "## Table `moves`"); err == nil {
		t.Error("a missing heading was found")
	}
}

// recorder keeps what Check reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(f string, a ...any) { r.errs = append(r.errs, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...) }
func (r *recorder) Fatal(a ...any)            { r.errs = append(r.errs, fmt.Sprint(a...)) }

// Check passes a doc that matches and reports each column that differs,
// is missing or is extra.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(content string) string {
		path := filepath.Join(dir, "doc.md")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	games := Table{"## Table `games`", parquet.SchemaOf(gameRow{})}
	r := &recorder{TB: t}
	Check(r, write(doc), games)
	if len(r.errs) != 0 {
		t.Errorf("a matching doc: %v", r.errs)
	}
	wrong := "## Table `games`\n\n| `game_id` | int32 | |\n| `p1`, `p2` | string | |\n| `turn` | int16 | |\n" +
		"| `seed` | uint64 | |\n| `ratio` | float32 | |\n| `force` | float64 | |\n| `code` | int8, null | |\n| `extra` | bool | |\n"
	r = &recorder{TB: t}
	Check(r, write(wrong), games)
	want := []string{
		"## Table `games`: column done is \"\" in " + dir + "/doc.md, \"bool\" in the struct",
		"## Table `games`: column game_id is \"int32\" in " + dir + "/doc.md, \"int64\" in the struct",
		"## Table `games`: " + dir + "/doc.md documents extra, which the struct does not write",
	}
	if !reflect.DeepEqual(r.errs, want) {
		t.Errorf("a doc that differs:\n got %q\nwant %q", r.errs, want)
	}
	r = &recorder{TB: t}
	Check(r, write(doc), Table{"## Table `moves`", parquet.SchemaOf(gameRow{})})
	if len(r.errs) != 1 {
		t.Errorf("a missing table: %v", r.errs)
	}
}
