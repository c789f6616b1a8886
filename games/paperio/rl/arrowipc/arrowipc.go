// Package arrowipc writes paper.io's training rows, as games/paperio/rl's
// Loader makes them, in Arrow IPC (docs/OBSERVATION.md, "Arrow export"):
// the file format (Feather version 2) or the stream format, each record
// batch one batch of the loader.
package arrowipc

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/ipc"
	"github.com/apache/arrow/go/v15/arrow/memory"

	"github.com/paperio/paperio/games/paperio/rl"
	"github.com/paperio/paperio/internal/durable"
)

// Format is one of Arrow IPC's two formats: the file format (a footer
// indexes the record batches, so readers can seek; Feather version 2 is
// the same bytes) and the stream format, read front to back.
type Format int

// The IPC formats.
const (
	File Format = iota
	Stream
)

// FormatOf is the IPC format a file name asks for: File for .arrow and
// .feather, Stream for .arrows; other names are refused, so that no one
// gets Arrow in a file called .csv or .parquet.
func FormatOf(path string) (Format, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".arrow", ".feather":
		return File, nil
	case ".arrows":
		return Stream, nil
	}
	return 0, fmt.Errorf("%q: export writes Arrow IPC; name the file .arrow or .feather (the IPC file format) or .arrows (the IPC stream format)", path)
}

// codecs are the writer options of each compression: Arrow IPC's own
// buffer compression, which every Arrow library reads (Apache Arrow's
// JavaScript library once a codec is registered: games/paperio/rl/arrowcheck).
var codecs = map[string][]ipc.Option{
	"none": nil,
	"lz4":  {ipc.WithLZ4()},
	"zstd": {ipc.WithZstd()},
}

// Compressions are the names of the buffer compressions Write knows: lz4
// (LZ4 frames), zstd, and none (for readers without codecs).
var Compressions = []string{"lz4", "zstd", "none"}

// Schema is the schema of the rows of view v whose planes have shape
// (docs/OBSERVATION.md, "Arrow export"): one column per array of a Python
// batch, the planes and the scalars as fixed-size lists, the observation
// version, view and planes' shape in the metadata.
func Schema(v rl.View, shape [3]int) *arrow.Schema {
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

// ReadError is Write's error when the loader cannot read the dataset.
type ReadError struct{ Err error }

func (e *ReadError) Error() string { return e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// Write writes every batch of l, a loader of view v, into an Arrow IPC
// file or stream at path with a compression (one of Compressions),
// durably: the file appears whole or not at all. It returns the rows and
// bytes written. An error of the loader's reading is a *ReadError.
func Write(l *rl.Loader, v rl.View, path string, format Format, compression string) (rows, written int64, err error) {
	codec, ok := codecs[compression]
	if !ok {
		return 0, 0, fmt.Errorf("compression %q: want lz4, zstd or none", compression)
	}
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
	schema := Schema(v, shape)
	t := &tell{w: f}
	opts := append([]ipc.Option{ipc.WithSchema(schema), ipc.WithAllocator(memory.DefaultAllocator)}, codec...)
	var w interface {
		Write(arrow.Record) error
		Close() error
	}
	if format == Stream {
		w = ipc.NewWriter(t, opts...)
	} else if w, err = ipc.NewFileWriter(t, opts...); err != nil {
		return 0, 0, err
	}
	for {
		k, err := l.Next()
		if err != nil {
			return rows, t.pos, &ReadError{err}
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

// Read reads every record batch of an Arrow IPC file, in the format its
// name asks for (FormatOf). The caller releases the records.
func Read(path string) (*arrow.Schema, []arrow.Record, error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var recs []arrow.Record
	if format == Stream {
		r, err := ipc.NewReader(f, ipc.WithAllocator(memory.DefaultAllocator))
		if err != nil {
			return nil, nil, err
		}
		defer r.Release()
		for r.Next() {
			r.Record().Retain()
			recs = append(recs, r.Record())
		}
		return r.Schema(), recs, r.Err()
	}
	r, err := ipc.NewFileReader(f, ipc.WithAllocator(memory.DefaultAllocator))
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	for i := 0; i < r.NumRecords(); i++ {
		rec, err := r.Record(i)
		if err != nil {
			return nil, nil, err
		}
		rec.Retain()
		recs = append(recs, rec)
	}
	return r.Schema(), recs, nil
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
	cols := []arrow.Array{
		fixedList(schema.Field(0).Type, k, column(array.NewUint8Builder(alloc), b.Planes)),
		fixedList(schema.Field(1).Type, k, column(array.NewFloat32Builder(alloc), b.Scalars)),
		column(array.NewInt64Builder(alloc), b.Action),
		column(array.NewFloat32Builder(alloc), b.Reward),
		column(array.NewBooleanBuilder(alloc), b.Done),
		column(array.NewFloat32Builder(alloc), b.Outcome),
		column(array.NewInt8Builder(alloc), b.Player),
		column(array.NewInt64Builder(alloc), b.GameID),
		column(array.NewInt32Builder(alloc), b.HalfStep),
	}
	rec := array.NewRecord(schema, cols, int64(k))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

// column is an array of values, built by bl (which it releases).
func column[T any, B interface {
	AppendValues([]T, []bool)
	NewArray() arrow.Array
	Release()
}](bl B, values []T) arrow.Array {
	defer bl.Release()
	bl.AppendValues(values, nil)
	return bl.NewArray()
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
