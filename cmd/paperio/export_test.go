package main

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"

	"github.com/paperio/paperio/games/paperio/rl"
	"github.com/paperio/paperio/games/paperio/rl/arrowipc"
)

// exportLine is export's summary line: rows, view, where from and to,
// the file's size and its bytes per row, the compression.
var exportLine = regexp.MustCompile(`^(\d+) rows \((crop\d+|full)\) from .+ → .+: (\d+) bytes, (\d+\.\d) bytes/row \((lz4|zstd|none)\)\n$`)

// readExport reads an export file.
func readExport(t *testing.T, path string) (*arrow.Schema, []arrow.Record) {
	t.Helper()
	schema, recs, err := arrowipc.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return schema, recs
}

// TestExportWritesTheLoadersRows: paperio export writes, batch by batch,
// the rows the loader makes of the dataset — every column, the
// observations included — under the documented schema, in either IPC
// format and with each compression, and says its bytes per row.
// (games/paperio/rl/arrowcheck reads the same files with Apache Arrow's JavaScript
// library.)
func TestExportWritesTheLoadersRows(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if code, _, errs := runCLI(t, "selfplay", "--games", "6", "--turns", "120", "--size", "40x31", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, errs)
	}
	sizes := map[string]int64{}
	for _, c := range []struct{ view, name, compress string }{
		{"crop9", "a.arrow", "none"}, {"crop9", "b.feather", "lz4"}, {"crop9", "c.arrows", "zstd"}, {"full", "d.arrow", ""},
	} {
		view := c.view
		out := filepath.Join(t.TempDir(), c.name)
		args := []string{"export", "--data", dir, "--view", view, "--batch", "100", "--out", out}
		if c.compress != "" {
			args = append(args, "--compress", c.compress)
		}
		code, stdout, errs := runCLI(t, args...)
		m := exportLine.FindStringSubmatch(stdout)
		if code != 0 || m == nil || m[2] != view {
			t.Fatalf("export %s: exit %d: %q%s", view, code, stdout, errs)
		}
		st, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		rowsN, _ := strconv.ParseInt(m[1], 10, 64)
		perRow, _ := strconv.ParseFloat(m[4], 64)
		if m[3] != strconv.FormatInt(st.Size(), 10) || math.Abs(perRow-float64(st.Size())/float64(rowsN)) > 0.05 {
			t.Errorf("%s: the line says %s bytes, %s bytes/row of %s rows; the file has %d bytes", c.name, m[3], m[4], m[1], st.Size())
		}
		if want := c.compress; want != "" && m[5] != want || want == "" && m[5] != "lz4" {
			t.Errorf("%s: compression %s, want %q (lz4 by default)", c.name, m[5], want)
		}
		if view == "crop9" {
			sizes[m[5]] = st.Size()
		}
		v, _ := parseView(view)
		l, err := rl.NewLoader(rl.LoaderOptions{Dir: dir, View: v, Batch: 100})
		if err != nil {
			t.Fatal(err)
		}
		sh := l.Shape()
		size := sh[0] * sh[1] * sh[2]
		want := rl.LoaderBuffers{
			Planes: make([]uint8, 100*size), Scalars: make([]float32, 100*rl.NumScalars), Action: make([]int64, 100),
			Reward: make([]float32, 100), Done: make([]bool, 100), Outcome: make([]float32, 100), Player: make([]int8, 100),
			GameID: make([]int64, 100), HalfStep: make([]int32, 100),
		}
		if err := l.SetBuffers(want); err != nil {
			t.Fatal(err)
		}

		schema, recs := readExport(t, out)
		if !arrowipc.Schema(v, sh).Equal(schema) {
			t.Fatalf("%s: schema %v", view, schema)
		}
		if md := schema.Metadata(); md.Values()[md.FindKey("paperio.planes_shape")] == "" {
			t.Fatalf("%s: no planes shape in the metadata", view)
		}
		rows := 0
		for i, rec := range recs {
			n, err := l.Next()
			if err != nil || int64(n) != rec.NumRows() {
				t.Fatalf("%s: batch %d has %d rows, the loader gives %d (%v)", view, i, rec.NumRows(), n, err)
			}
			got := func(c int) arrow.Array { return rec.Column(c) }
			planes := got(0).(*array.FixedSizeList).ListValues().(*array.Uint8).Uint8Values()
			scalars := got(1).(*array.FixedSizeList).ListValues().(*array.Float32).Float32Values()
			done := make([]bool, n)
			for k := range done {
				done[k] = got(4).(*array.Boolean).Value(k)
			}
			if !slices.Equal(planes, want.Planes[:n*size]) || !slices.Equal(scalars, want.Scalars[:n*rl.NumScalars]) ||
				!slices.Equal(got(2).(*array.Int64).Int64Values(), want.Action[:n]) ||
				!slices.Equal(got(3).(*array.Float32).Float32Values(), want.Reward[:n]) ||
				!slices.Equal(done, want.Done[:n]) ||
				!slices.Equal(got(5).(*array.Float32).Float32Values(), want.Outcome[:n]) ||
				!slices.Equal(got(6).(*array.Int8).Int8Values(), want.Player[:n]) ||
				!slices.Equal(got(7).(*array.Int64).Int64Values(), want.GameID[:n]) ||
				!slices.Equal(got(8).(*array.Int32).Int32Values(), want.HalfStep[:n]) {
				t.Fatalf("%s: batch %d differs from the loader's", view, i)
			}
			rows += n
			rec.Release()
		}
		if n, _ := l.Next(); n != 0 || rows == 0 || int64(rows) != rowsN {
			t.Fatalf("%s: %d rows exported (the line says %d), the loader has %d more", view, rows, rowsN, n)
		}
	}
	// The planes are mostly zeros: compressed buffers are many times smaller.
	if !(sizes["zstd"] < sizes["lz4"] && 4*sizes["lz4"] < sizes["none"]) {
		t.Errorf("crop9 sizes: %v", sizes)
	}
}

// TestExportRefuses: bad flags and folders without a dataset are usage
// errors with a one-line message.
func TestExportRefuses(t *testing.T) {
	empty := t.TempDir()
	for _, args := range [][]string{
		{"export", "--out", "x.arrow"},
		{"export", "--data", empty, "--out", filepath.Join(empty, "x.arrow")},
		{"export", "--data", empty, "--out", "x.arrow", "--view", "crop4"},
		{"export", "--data", empty, "--out", "x.arrow", "--view", "box"},
	} {
		code, _, errs := runCLI(t, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.HasPrefix(errs, "paperio export: ") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	// Names that are not Arrow's, and unknown compressions, are refused
	// before anything is read.
	data := filepath.Join(empty, "run")
	for _, c := range []struct{ out, compress, want string }{
		{"x.csv", "lz4", "name the file .arrow or .feather (the IPC file format) or .arrows (the IPC stream format)"},
		{"x.parquet", "lz4", "name the file .arrow"},
		{"x", "lz4", "name the file .arrow"},
		{"x.arrow", "gzip", `--compress "gzip": want lz4, zstd or none`},
	} {
		out := filepath.Join(empty, c.out)
		code, _, errs := runCLI(t, "export", "--data", data, "--out", out, "--compress", c.compress)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("--out %s --compress %s: exit %d, stderr %q", c.out, c.compress, code, errs)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--out %s: written", c.out)
		}
	}
}
