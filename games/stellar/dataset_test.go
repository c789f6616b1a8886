package stellar

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/selfplay"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// runSelfplay writes a small self-play run of the built-in bots.
func runSelfplay(t testing.TB, dir string, workers int) *selfplay.Manifest {
	t.Helper()
	c, err := newConfig("hex_4_0.2_0.2,hex_7_0.35_0.1,g_design2", 60, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	specs, err := selfplay.ParseBots(g, "greedy,rush,sample")
	if err != nil {
		t.Fatal(err)
	}
	plan := selfplay.Plan{Game: "stellar", Seed: 3, Games: 45, ChunkGames: 4, Settings: c.Encode(), Pairs: selfplay.AllPairs(specs)}
	m, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: dir, Workers: workers,
		Entrant: func(spec string) (*game.Entrant, error) { return g.Entrant(spec, game.PlayerOptions{}) }})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSelfplayIsDeterministic writes the same run with one and with two
// workers: every file is the same, byte for byte; and the dataset reads
// back through analysis (games table columns of the game's Info).
func TestSelfplayIsDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	m := runSelfplay(t, a, 1)
	runSelfplay(t, b, 2)
	files := 0
	for _, sub := range []string{"games", "turns"} {
		names, _ := filepath.Glob(filepath.Join(a, sub, "*.parquet"))
		for _, f := range names {
			x, _ := os.ReadFile(f)
			y, err := os.ReadFile(filepath.Join(b, sub, filepath.Base(f)))
			if err != nil || !bytes.Equal(x, y) {
				t.Errorf("%s/%s differs between 1 and 2 workers", sub, filepath.Base(f))
			}
			files++
		}
	}
	if files != 2*12 || m.Games != 45 {
		t.Errorf("%d files, %d games", files, m.Games)
	}
	ds, err := analysis.Open(a)
	if err != nil {
		t.Fatal(err)
	}
	games, err := ds.Games(analysis.StatsColumns...)
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, gm := range games {
		rows += 2 * gm.Length
		if gm.Length < 1 || gm.Length > 60 || gm.Score1 < 0 {
			t.Errorf("game %+v", gm)
		}
	}
	mv, err := ds.Moves(nil, "turn", "force")
	if err != nil || mv.N != rows || int64(rows) != m.TurnRows {
		t.Errorf("turn rows %v, games say %d, manifest %d: %v", mv, rows, m.TurnRows, err)
	}
}

// docColumns reads the column table under a heading of docs/STELLAR.md:
// column name → "type" or "type, null".
func docColumns(t *testing.T, doc, heading string) map[string]string {
	t.Helper()
	i := strings.Index(doc, heading)
	if i < 0 {
		t.Fatalf("docs/STELLAR.md has no %q", heading)
	}
	rest := doc[i+len(heading):]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	out := map[string]string{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9_]+)` \\| ([^|]+) \\|").FindAllStringSubmatch(rest, -1) {
		out[m[1]] = strings.TrimSpace(m[2])
	}
	return out
}

// schemaColumns is what parquet says of a table struct, in the doc's
// words: int16, float64, string, bool…, and ", null" when optional.
func schemaColumns(s *parquet.Schema) map[string]string {
	out := map[string]string{}
	for _, f := range s.Fields() {
		var typ string
		var v any
		if lt := f.Type().LogicalType(); lt != nil {
			v = lt.Value
		}
		switch v := v.(type) {
		case *format.IntType:
			typ = fmt.Sprintf("int%d", v.BitWidth)
		case *format.StringType:
			typ = "string"
		default:
			switch f.Type().Kind() {
			case parquet.Int64:
				typ = "int64"
			case parquet.Int32:
				typ = "int32"
			case parquet.Double:
				typ = "float64"
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

// TestDocumentedSchema: the column tables of docs/STELLAR.md say exactly
// what the structs write, every column with its type and whether it can be
// null; and the games table has the columns analysis reads (game.Info).
func TestDocumentedSchema(t *testing.T) {
	b, err := os.ReadFile("../../docs/STELLAR.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, tc := range []struct {
		heading string
		schema  *parquet.Schema
	}{
		{"## Table `games`", parquet.SchemaOf(GameRow{})},
		{"## Table `turns`", parquet.SchemaOf(TurnRow{})},
	} {
		want := schemaColumns(tc.schema)
		got := docColumns(t, doc, tc.heading)
		for name, typ := range want {
			if got[name] != typ {
				t.Errorf("%s: column %s is %q in the doc, %q in the struct", tc.heading, name, got[name], typ)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("%s: the doc lists %s, which the struct does not write", tc.heading, name)
			}
		}
	}
	games := schemaColumns(parquet.SchemaOf(GameRow{}))
	for _, c := range []string{"game_id", "p1", "p2", "winner", "reason", info.Length, info.ScoreColumns()[0], info.ScoreColumns()[1]} {
		if games[c] == "" {
			t.Errorf("the games table has no column %s, which analysis reads", c)
		}
	}
}
