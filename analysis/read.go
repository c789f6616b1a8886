package analysis

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/memory"
	"github.com/apache/arrow/go/v15/parquet/file"
	"github.com/apache/arrow/go/v15/parquet/metadata"
	"github.com/apache/arrow/go/v15/parquet/pqarrow"
	"github.com/paperio/paperio/internal/pool"
)

// kind is how a column's values are kept once read.
type kind int

const (
	intKind   kind = iota // any integer type
	floatKind             // any integer or floating-point type
	strKind               // strings or bytes
)

// colSpec names a column to read and how to keep it.
type colSpec struct {
	name string
	kind kind
}

// column holds the values of one column; only the slice of its kind is
// used. valid is nil when no value is null.
type column struct {
	ints  []int64
	flts  []float64
	strs  []string
	valid []bool
}

func (c *column) null(i int) bool { return c.valid != nil && !c.valid[i] }

// table is the projected columns of one table, read from all its files.
type table struct {
	n    int
	cols map[string]*column
}

// eqFilter keeps the rows whose integer column equals value; row groups
// whose statistics rule the value out are not read at all.
type eqFilter struct {
	name  string
	value int64
}

// readTable reads the named columns of the given files of the dataset,
// several files at a time, and concatenates them in file order.
func readTable(d *Dataset, files []string, specs []colSpec, where *eqFilter) (*table, error) {
	parts := make([]*table, len(files))
	errs := make([]error, len(files))
	// Every file is read; the error reported is the first in file order,
	// whichever worker met it first.
	pool.Each(context.Background(), 0, len(files), func(_ context.Context, i int) error {
		parts[i], errs[i] = d.readFile(files[i], specs, where)
		return nil
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	out := &table{cols: map[string]*column{}}
	for _, s := range specs {
		out.cols[s.name] = &column{}
	}
	for _, p := range parts {
		for _, s := range specs {
			dst, src := out.cols[s.name], p.cols[s.name]
			if src.valid != nil && dst.valid == nil {
				dst.valid = make([]bool, out.n, out.n+p.n)
				for i := range dst.valid {
					dst.valid[i] = true
				}
			}
			if dst.valid != nil {
				if src.valid != nil {
					dst.valid = append(dst.valid, src.valid...)
				} else {
					for range p.n {
						dst.valid = append(dst.valid, true)
					}
				}
			}
			dst.ints = append(dst.ints, src.ints...)
			dst.flts = append(dst.flts, src.flts...)
			dst.strs = append(dst.strs, src.strs...)
		}
		out.n += p.n
	}
	return out, nil
}

// readFile reads one Parquet file. A column missing from the file may come
// from a hive-style partition folder name; otherwise it is an error that
// names the file and the column.
func (d *Dataset) readFile(rel string, specs []colSpec, where *eqFilter) (*table, error) {
	path := d.name(rel)
	size, ok := d.sizes[rel]
	if !ok {
		size = -1
	}
	f, err := d.open(rel, size)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pf, err := file.NewParquetReader(f)
	if err != nil {
		return nil, errorf("%s: not a readable Parquet file: %v", path, err)
	}
	sch := pf.MetaData().Schema
	keys := partitionKeys(rel)

	// Columns to read from the file, and constants from the folder names.
	var leaves []int
	fromFile := map[string]bool{}
	consts := map[string]string{}
	need := specs
	if where != nil {
		need = append(append([]colSpec(nil), specs...), colSpec{where.name, intKind})
	}
	for _, s := range need {
		if fromFile[s.name] {
			continue
		}
		if idx := sch.ColumnIndexByName(s.name); idx >= 0 {
			leaves = append(leaves, idx)
			fromFile[s.name] = true
		} else if v, ok := keys[s.name]; ok {
			consts[s.name] = v
		} else {
			return nil, errorf("%s: no column %q (written with an older dataset schema?)", path, s.name)
		}
	}

	var groups []int
	for g := range pf.NumRowGroups() {
		if where == nil || mayHold(pf.MetaData().RowGroup(g), sch.ColumnIndexByName(where.name), where.value) {
			groups = append(groups, g)
		}
	}
	out := &table{cols: map[string]*column{}}
	for _, s := range specs {
		out.cols[s.name] = &column{}
	}
	if len(groups) == 0 || (where != nil && !fromFile[where.name] && !constEquals(consts[where.name], where.value)) {
		return out, nil
	}
	rows := int64(0)
	for _, g := range groups {
		rows += pf.MetaData().RowGroup(g).NumRows()
	}
	if len(leaves) == 0 {
		// Every column comes from folder names: one constant per row.
		out.n = int(rows)
		return out, out.appendConsts(path, specs, consts, out.n)
	}

	// Batches no larger than the rows to read: the reader allocates a
	// whole batch per column up front.
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: max(1, min(rows, 1<<16))}, memory.DefaultAllocator)
	if err != nil {
		return nil, errorf("%s: %v", path, err)
	}
	rr, err := fr.GetRecordReader(context.Background(), leaves, groups)
	if err != nil {
		return nil, errorf("%s: %v", path, err)
	}
	defer rr.Release()
	for rr.Next() {
		rec := rr.Record()
		var keep []int // rows that pass the filter; nil keeps all
		if where != nil && fromFile[where.name] {
			ids, err := recordInts(rec, where.name)
			if err != nil {
				return nil, errorf("%s: %v", path, err)
			}
			keep = []int{}
			for i, id := range ids {
				if id == where.value {
					keep = append(keep, i)
				}
			}
			if len(keep) == 0 {
				continue
			}
		}
		n := int(rec.NumRows())
		if keep != nil {
			n = len(keep)
		}
		for _, s := range specs {
			if !fromFile[s.name] {
				continue
			}
			arr := rec.Column(rec.Schema().FieldIndices(s.name)[0])
			if err := out.cols[s.name].appendArray(arr, s.kind, keep); err != nil {
				return nil, errorf("%s: column %q: %v", path, s.name, err)
			}
		}
		if err := out.appendConsts(path, specs, consts, n); err != nil {
			return nil, err
		}
		out.n += n
	}
	if err := rr.Err(); err != nil && !errors.Is(err, io.EOF) {
		return nil, errorf("%s: %v", path, err)
	}
	return out, nil
}

// appendConsts adds n copies of each folder-name constant.
func (t *table) appendConsts(path string, specs []colSpec, consts map[string]string, n int) error {
	for _, s := range specs {
		v, ok := consts[s.name]
		if !ok {
			continue
		}
		c := t.cols[s.name]
		switch s.kind {
		case strKind:
			for range n {
				c.strs = append(c.strs, v)
			}
		case intKind:
			x, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return errorf("%s: folder value %s=%q is not an integer", path, s.name, v)
			}
			for range n {
				c.ints = append(c.ints, x)
			}
		case floatKind:
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return errorf("%s: folder value %s=%q is not a number", path, s.name, v)
			}
			for range n {
				c.flts = append(c.flts, x)
			}
		}
	}
	return nil
}

func constEquals(v string, want int64) bool {
	x, err := strconv.ParseInt(v, 10, 64)
	return err == nil && x == want
}

// mayHold reports whether a row group can contain value in leaf column
// col, judging by its statistics (no statistics: it may).
func mayHold(rg *metadata.RowGroupMetaData, col int, value int64) bool {
	if col < 0 {
		return true
	}
	cc, err := rg.ColumnChunk(col)
	if err != nil {
		return true
	}
	if ok, err := cc.StatsSet(); err != nil || !ok {
		return true
	}
	st, err := cc.Statistics()
	if err != nil || st == nil || !st.HasMinMax() {
		return true
	}
	switch s := st.(type) {
	case *metadata.Int64Statistics:
		return s.Min() <= value && value <= s.Max()
	case *metadata.Int32Statistics:
		return int64(s.Min()) <= value && value <= int64(s.Max())
	}
	return true
}

func recordInts(rec arrow.Record, name string) ([]int64, error) {
	var c column
	if err := c.appendArray(rec.Column(rec.Schema().FieldIndices(name)[0]), intKind, nil); err != nil {
		return nil, fmt.Errorf("column %q: %v", name, err)
	}
	return c.ints, nil
}

// appendArray appends the rows keep (all rows when keep is nil) of arr.
func (c *column) appendArray(arr arrow.Array, k kind, keep []int) error {
	n := arr.Len()
	rows := func(f func(i int)) {
		if keep == nil {
			for i := range n {
				f(i)
			}
			return
		}
		for _, i := range keep {
			f(i)
		}
	}
	if arr.NullN() > 0 || c.valid != nil {
		if c.valid == nil {
			c.valid = make([]bool, c.len(k))
			for i := range c.valid {
				c.valid[i] = true
			}
		}
		rows(func(i int) { c.valid = append(c.valid, arr.IsValid(i)) })
	}
	switch k {
	case strKind:
		switch a := arr.(type) {
		case *array.String:
			rows(func(i int) { c.strs = append(c.strs, a.Value(i)) })
		case *array.LargeString:
			rows(func(i int) { c.strs = append(c.strs, a.Value(i)) })
		case *array.Binary:
			rows(func(i int) { c.strs = append(c.strs, string(a.Value(i))) })
		default:
			return fmt.Errorf("has type %s, want a string", arr.DataType())
		}
		return nil
	case intKind:
		get, ok := intGetter(arr)
		if !ok {
			return fmt.Errorf("has type %s, want an integer", arr.DataType())
		}
		rows(func(i int) { c.ints = append(c.ints, get(i)) })
		return nil
	default:
		if get, ok := intGetter(arr); ok {
			rows(func(i int) {
				v := float64(get(i))
				if !arr.IsValid(i) {
					v = math.NaN()
				}
				c.flts = append(c.flts, v)
			})
			return nil
		}
		var get func(int) float64
		switch a := arr.(type) {
		case *array.Float32:
			get = func(i int) float64 { return float64(a.Value(i)) }
		case *array.Float64:
			get = a.Value
		default:
			return fmt.Errorf("has type %s, want a number", arr.DataType())
		}
		rows(func(i int) {
			v := get(i)
			if !arr.IsValid(i) {
				v = math.NaN()
			}
			c.flts = append(c.flts, v)
		})
		return nil
	}
}

func (c *column) len(k kind) int {
	switch k {
	case strKind:
		return len(c.strs)
	case intKind:
		return len(c.ints)
	}
	return len(c.flts)
}

// intGetter returns an accessor for any integer array type.
func intGetter(arr arrow.Array) (func(int) int64, bool) {
	switch a := arr.(type) {
	case *array.Int8:
		return func(i int) int64 { return int64(a.Value(i)) }, true
	case *array.Int16:
		return func(i int) int64 { return int64(a.Value(i)) }, true
	case *array.Int32:
		return func(i int) int64 { return int64(a.Value(i)) }, true
	case *array.Int64:
		return a.Value, true
	case *array.Uint8:
		return func(i int) int64 { return int64(a.Value(i)) }, true
	case *array.Uint16:
		return func(i int) int64 { return int64(a.Value(i)) }, true
	case *array.Uint32:
		return func(i int) int64 { return int64(a.Value(i)) }, true
	case *array.Uint64:
		return func(i int) int64 { return int64(a.Value(i)) }, true
	}
	return nil, false
}
