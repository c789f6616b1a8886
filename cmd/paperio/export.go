package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/ipc"
	"github.com/apache/arrow/go/v15/arrow/memory"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/games/paperio/rl"
	"github.com/paperio/paperio/internal/durable"
)

func init() {
	register("export", "a self-play dataset or replay files as training rows (observations made again by the engine) in Arrow IPC", runExport)
}

func runExport(args []string) error {
	fs := newFlags("export", "--data DIR|FILE --out FILE.arrow|.feather|.arrows [--compress lz4|zstd|none] [--view crop11|full] [--batch 4096] [--shuffle] [--seed S] [--players A,B]")
	data := fs.String("data", "", "self-play folder (games/ as paperio selfplay writes it), or replay files: a file or a folder of *.jsonl[.gz] (reference games, play --record, human games)")
	out := fs.String("out", "", "Arrow IPC file to write (record batches, see docs/OBSERVATION.md): .arrow or .feather for the IPC file format, .arrows for the IPC stream format")
	compress := fs.String("compress", "lz4", "compression of the record batches' buffers: lz4 (LZ4 frames), zstd or none (readers without codecs)")
	view := fs.String("view", "crop11", "observation: full (the whole board) or cropK (a KxK window around the head, K odd)")
	batch := fs.Int("batch", 4096, "rows per record batch")
	shuffle := fs.Bool("shuffle", false, "mix the rows of many games (each game's rows stay in order)")
	seed := fs.Int64("seed", 0, "seed of the shuffle")
	inFlight := fs.Int("in-flight", 64, "games replayed side by side when shuffling")
	players := fs.String("players", "", "keep only the rows of these players' moves `A,B,...` (specs, or the short names plot shows: t_team for py:…/t_team.py)")
	quiet := fs.Bool("quiet", false, "no summary line")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *data == "" || *out == "" {
		return usagef("--data DIR and --out FILE are required")
	}
	format, err := exportFormat(*out)
	if err != nil {
		return usagef("--out: %v", err)
	}
	codec, ok := exportCodecs[*compress]
	if !ok {
		return usagef("--compress %q: want lz4, zstd or none", *compress)
	}
	v, err := parseView(*view)
	if err != nil {
		return usagef("--view: %v", err)
	}
	var keep []string
	if *players != "" {
		keep = botspec.SplitList(*players)
	}
	l, err := rl.NewLoader(rl.LoaderOptions{Dir: *data, View: v, Batch: *batch, Shuffle: *shuffle, Seed: *seed, InFlight: *inFlight, Players: keep})
	if err != nil {
		return usagef("%v", err)
	}
	rows, size, err := export(l, v, *out, format, codec)
	if err != nil {
		return err
	}
	if !*quiet {
		perRow := 0.0
		if rows > 0 {
			perRow = float64(size) / float64(rows)
		}
		fmt.Fprintf(stdout, "%d rows (%s) from %s → %s: %d bytes, %.1f bytes/row (%s)\n", rows, v, *data, *out, size, perRow, *compress)
	}
	return nil
}

// Arrow IPC comes in two formats: the file format (a footer indexes the
// record batches, so readers can seek; Feather version 2 is the same
// bytes) and the stream format, read front to back.
const (
	ipcFile = iota
	ipcStream
)

// exportFormat is the IPC format a file name asks for; other names are
// refused, so that no one gets Arrow in a file called .csv or .parquet.
func exportFormat(path string) (int, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".arrow", ".feather":
		return ipcFile, nil
	case ".arrows":
		return ipcStream, nil
	}
	return 0, fmt.Errorf("%q: export writes Arrow IPC; name the file .arrow or .feather (the IPC file format) or .arrows (the IPC stream format)", path)
}

// exportCodecs are the writer options of --compress: Arrow IPC's own
// buffer compression, which every Arrow library reads (Apache Arrow's
// JavaScript library once a codec is registered: games/paperio/rl/arrowcheck).
var exportCodecs = map[string][]ipc.Option{
	"none": nil,
	"lz4":  {ipc.WithLZ4()},
	"zstd": {ipc.WithZstd()},
}

// parseView reads "full" or "cropK".
func parseView(s string) (rl.View, error) {
	if s == "full" {
		return rl.Full, nil
	}
	k, err := strconv.Atoi(strings.TrimPrefix(s, "crop"))
	if !strings.HasPrefix(s, "crop") || err != nil {
		return rl.View{}, fmt.Errorf("%q: want full or cropK, e.g. crop11", s)
	}
	v := rl.View{Crop: k}
	return v, v.Check()
}

// exportSchema is the schema of the exported rows (docs/OBSERVATION.md,
// "Arrow export"): one column per array of a Python batch, the planes and
// the scalars as fixed-size lists.
func exportSchema(v rl.View, shape [3]int) *arrow.Schema {
	size := int32(shape[0] * shape[1] * shape[2])
	md := arrow.NewMetadata(
		[]string{"paperio.observation_version", "paperio.view", "paperio.planes_shape"},
		[]string{strconv.Itoa(rl.Version), v.String(), fmt.Sprintf("%d,%d,%d", shape[0], shape[1], shape[2])})
	return arrow.NewSchema([]arrow.Field{
		{Name: "planes", Type: arrow.FixedSizeListOf(size, arrow.PrimitiveTypes.Uint8)},
		{Name: "scalars", Type: arrow.FixedSizeListOf(rl.NumScalars, arrow.PrimitiveTypes.Float32)},
		{Name: "action", Type: arrow.PrimitiveTypes.Int64},
		{Name: "reward", Type: arrow.PrimitiveTypes.Float32},
		{Name: "done", Type: arrow.FixedWidthTypes.Boolean},
		{Name: "outcome", Type: arrow.PrimitiveTypes.Float32},
		{Name: "player", Type: arrow.PrimitiveTypes.Int8},
		{Name: "game_id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "half_step", Type: arrow.PrimitiveTypes.Int32},
	}, &md)
}

// export writes every batch of l into an Arrow IPC file or stream at path,
// durably, and returns the rows and bytes written.
func export(l *rl.Loader, v rl.View, path string, format int, codec []ipc.Option) (rows, written int64, err error) {
	shape := l.Shape()
	n, size := l.Batch(), shape[0]*shape[1]*shape[2]
	b := rl.LoaderBuffers{
		Planes: make([]uint8, n*size), Scalars: make([]float32, n*rl.NumScalars),
		Action: make([]int64, n), Reward: make([]float32, n), Done: make([]bool, n), Outcome: make([]float32, n),
		Player: make([]int8, n), GameID: make([]int64, n), HalfStep: make([]int32, n),
	}
	if err := l.SetBuffers(b); err != nil {
		return 0, 0, err
	}
	f, err := durable.Create(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Abort()
	schema := exportSchema(v, shape)
	t := &tell{w: f}
	opts := append([]ipc.Option{ipc.WithSchema(schema), ipc.WithAllocator(memory.DefaultAllocator)}, codec...)
	var w interface {
		Write(arrow.Record) error
		Close() error
	}
	if format == ipcStream {
		w = ipc.NewWriter(t, opts...)
	} else if w, err = ipc.NewFileWriter(t, opts...); err != nil {
		return 0, 0, err
	}
	for {
		k, err := l.Next()
		if err != nil {
			return rows, t.pos, usagef("%v", err) // the dataset cannot be read
		}
		if k == 0 {
			break
		}
		rec := batchRecord(schema, mem(b, k, size))
		err = w.Write(rec)
		rec.Release()
		if err != nil {
			return rows, t.pos, err
		}
		rows += int64(k)
	}
	if err := w.Close(); err != nil {
		return rows, t.pos, err
	}
	return rows, t.pos, f.Commit()
}

// mem is the first k rows of a batch's buffers.
func mem(b rl.LoaderBuffers, k, size int) rl.LoaderBuffers {
	return rl.LoaderBuffers{
		Planes: b.Planes[:k*size], Scalars: b.Scalars[:k*rl.NumScalars], Action: b.Action[:k], Reward: b.Reward[:k],
		Done: b.Done[:k], Outcome: b.Outcome[:k], Player: b.Player[:k], GameID: b.GameID[:k], HalfStep: b.HalfStep[:k],
	}
}

// batchRecord is a record batch of the rows in b.
func batchRecord(schema *arrow.Schema, b rl.LoaderBuffers) arrow.Record {
	alloc := memory.DefaultAllocator
	k := len(b.Action)
	cols := make([]arrow.Array, 0, len(schema.Fields()))
	planes := array.NewUint8Builder(alloc)
	planes.AppendValues(b.Planes, nil)
	cols = append(cols, fixedList(schema.Field(0).Type, k, planes.NewArray()))
	scalars := array.NewFloat32Builder(alloc)
	scalars.AppendValues(b.Scalars, nil)
	cols = append(cols, fixedList(schema.Field(1).Type, k, scalars.NewArray()))
	action := array.NewInt64Builder(alloc)
	action.AppendValues(b.Action, nil)
	reward := array.NewFloat32Builder(alloc)
	reward.AppendValues(b.Reward, nil)
	done := array.NewBooleanBuilder(alloc)
	done.AppendValues(b.Done, nil)
	outcome := array.NewFloat32Builder(alloc)
	outcome.AppendValues(b.Outcome, nil)
	player := array.NewInt8Builder(alloc)
	player.AppendValues(b.Player, nil)
	game := array.NewInt64Builder(alloc)
	game.AppendValues(b.GameID, nil)
	half := array.NewInt32Builder(alloc)
	half.AppendValues(b.HalfStep, nil)
	for _, bl := range []array.Builder{action, reward, done, outcome, player, game, half} {
		cols = append(cols, bl.NewArray())
		bl.Release()
	}
	planes.Release()
	scalars.Release()
	rec := array.NewRecord(schema, cols, int64(k))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

// fixedList wraps values as a fixed-size list array of k lists.
func fixedList(t arrow.DataType, k int, values arrow.Array) arrow.Array {
	data := array.NewData(t, k, []*memory.Buffer{nil}, []arrow.ArrayData{values.Data()}, 0, 0)
	values.Release()
	defer data.Release()
	return array.NewFixedSizeListData(data)
}

// tell is a writer that knows its position: the Arrow file writer asks for
// it (Seek(0, io.SeekCurrent)) and never seeks elsewhere.
type tell struct {
	w   io.Writer
	pos int64
}

func (t *tell) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	t.pos += int64(n)
	return n, err
}

func (t *tell) Seek(offset int64, whence int) (int64, error) {
	if offset != 0 || whence != io.SeekCurrent {
		return t.pos, fmt.Errorf("export: the Arrow writer asked to seek (%d, %d)", offset, whence)
	}
	return t.pos, nil
}
