package stellar

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/tabledoc"
	"github.com/paperio/paperio/selfplay"
	"github.com/parquet-go/parquet-go"
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

// TestDocumentedSchema: the column tables of docs/STELLAR.md say exactly
// what the structs write, every column with its type and whether it can be
// null; and the games table has the columns analysis reads (game.Info).
func TestDocumentedSchema(t *testing.T) {
	tabledoc.Check(t, "../../docs/STELLAR.md",
		tabledoc.Table{Heading: "## Table `games`", Schema: parquet.SchemaOf(GameRow{})},
		tabledoc.Table{Heading: "## Table `turns`", Schema: parquet.SchemaOf(TurnRow{})})
	games := tabledoc.Columns(parquet.SchemaOf(GameRow{}))
	for _, c := range []string{"game_id", "p1", "p2", "winner", "reason", info.Length, info.ScoreColumns()[0], info.ScoreColumns()[1]} {
		if games[c] == "" {
			t.Errorf("the games table has no column %s, which analysis reads", c)
		}
	}
}
