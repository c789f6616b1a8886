package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/ipc"
	"github.com/apache/arrow/go/v15/arrow/memory"

	"github.com/paperio/paperio/rl"
)

// TestExportWritesTheLoadersRows: paperio export writes, batch by batch,
// the rows the loader makes of the dataset — every column, the
// observations included — under the documented schema. (rl/arrowcheck
// reads the same files with Apache Arrow's JavaScript library.)
func TestExportWritesTheLoadersRows(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if code, _, errs := runCLI(t, "selfplay", "--games", "6", "--turns", "120", "--size", "40x31", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, errs)
	}
	for _, view := range []string{"crop9", "full"} {
		out := filepath.Join(t.TempDir(), view+".arrow")
		code, stdout, errs := runCLI(t, "export", "--data", dir, "--view", view, "--batch", "100", "--out", out)
		if code != 0 || !strings.Contains(stdout, "rows ("+view+")") {
			t.Fatalf("export %s: exit %d: %s%s", view, code, stdout, errs)
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

		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		r, err := ipc.NewFileReader(f, ipc.WithAllocator(memory.DefaultAllocator))
		if err != nil {
			t.Fatal(err)
		}
		if !exportSchema(v, sh).Equal(r.Schema()) {
			t.Fatalf("%s: schema %v", view, r.Schema())
		}
		if md := r.Schema().Metadata(); md.Values()[md.FindKey("paperio.planes_shape")] == "" {
			t.Fatalf("%s: no planes shape in the metadata", view)
		}
		rows := 0
		for i := 0; i < r.NumRecords(); i++ {
			rec, err := r.Record(i)
			if err != nil {
				t.Fatal(err)
			}
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
		}
		if n, _ := l.Next(); n != 0 || rows == 0 {
			t.Fatalf("%s: %d rows exported, the loader has %d more", view, rows, n)
		}
		r.Close()
		f.Close()
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
}
