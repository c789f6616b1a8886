package arrowipc

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/rl"
	"github.com/paperio/paperio/selfplay"
)

// dataset plays a few small self-play games into a folder.
func dataset(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	c := paperio.Config{Width: 40, Height: 31, MaxTurns: 80}
	plan := selfplay.Plan{Game: "paperio", Seed: 3, Games: 4, ChunkGames: selfplay.ChunkGamesFor(4),
		Settings: paperiogame.Config{Config: c}.Encode(), Pairs: []selfplay.Pair{{P1: "heuristic", P2: "random"}}}
	_, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: dir, Workers: 2,
		Entrant: func(spec string) (*game.Entrant, error) {
			return paperiogame.Game{}.Entrant(spec, game.PlayerOptions{})
		}})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// records reads every record of an IPC file or stream.
func records(t *testing.T, path string) (*arrow.Schema, []arrow.Record) {
	t.Helper()
	schema, recs, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return schema, recs
}

// Write gives the same rows in both formats and every compression, a
// record batch per loader batch, under Schema, and says how many bytes
// it wrote.
func TestWriteBothFormats(t *testing.T) {
	data := dataset(t)
	v := rl.View{Crop: 9}
	var first []arrow.Record
	for _, c := range []struct {
		name, compression string
		format            Format
	}{{"a.arrow", "none", File}, {"b.arrows", "lz4", Stream}, {"c.feather", "zstd", File}} {
		path := filepath.Join(t.TempDir(), c.name)
		if f, err := FormatOf(path); err != nil || f != c.format {
			t.Fatalf("FormatOf(%s) = %v, %v", c.name, f, err)
		}
		l, err := rl.NewLoader(rl.LoaderOptions{Dir: data, View: v, Batch: 50})
		if err != nil {
			t.Fatal(err)
		}
		rows, written, err := Write(l, v, path, c.format, c.compression)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(path); err != nil || st.Size() != written {
			t.Errorf("%s: %d bytes written, the file has %v (%v)", c.name, written, st.Size(), err)
		}
		schema, recs := records(t, path)
		if !schema.Equal(Schema(v, l.Shape())) {
			t.Errorf("%s: schema %v", c.name, schema)
		}
		n := int64(0)
		for _, r := range recs {
			if r.NumRows() > 50 {
				t.Errorf("%s: a batch of %d rows, more than the loader's 50", c.name, r.NumRows())
			}
			n += r.NumRows()
		}
		if n != rows || rows == 0 {
			t.Errorf("%s: %d rows read back, Write said %d", c.name, n, rows)
		}
		if first == nil {
			first = recs
			continue
		}
		if len(recs) != len(first) {
			t.Fatalf("%s: %d batches, the first file %d", c.name, len(recs), len(first))
		}
		for i := range recs {
			if !array.RecordEqual(recs[i], first[i]) {
				t.Errorf("%s: batch %d differs from the first file's", c.name, i)
			}
		}
	}
}

func TestWriteRefuses(t *testing.T) {
	for _, name := range []string{"x.csv", "x.parquet", "x"} {
		if _, err := FormatOf(name); err == nil {
			t.Errorf("FormatOf(%s) accepted", name)
		}
	}
	l, err := rl.NewLoader(rl.LoaderOptions{Dir: dataset(t), View: rl.Full, Batch: 10})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "x.arrow")
	if _, _, err := Write(l, rl.Full, path, File, "gzip"); err == nil {
		t.Error("compression gzip accepted")
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a refused write left a file")
	}
}
