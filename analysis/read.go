package analysis

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

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
	pf, err := parquet.OpenFile(f, f.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, errorf("%s: not a readable Parquet file: %v", path, err)
	}
	keys := partitionKeys(rel)

	// Columns to read from the file, and constants from the folder names.
	leaves := map[string]int{}
	consts := map[string]string{}
	need := specs
	if where != nil {
		need = append(append([]colSpec(nil), specs...), colSpec{where.name, intKind})
	}
	for _, s := range need {
		if leaf, ok := pf.Schema().Lookup(s.name); ok {
			leaves[s.name] = leaf.ColumnIndex
		} else if v, ok := keys[s.name]; ok {
			consts[s.name] = v
		} else {
			return nil, d.missingColumn(path, s.name)
		}
	}

	out := &table{cols: map[string]*column{}}
	for _, s := range specs {
		out.cols[s.name] = &column{}
	}
	// The filter's column, when the file has it, skips row groups by their
	// statistics and rows by their values; from a folder name, it keeps or
	// skips the whole file.
	filterLeaf, filterInFile := leaves[where.nameOr()]
	var groups []parquet.RowGroup
	for g, rg := range pf.RowGroups() {
		if !filterInFile || mayHold(&pf.Metadata().RowGroups[g].Columns[filterLeaf].MetaData, where.value) {
			groups = append(groups, rg)
		}
	}
	if len(groups) == 0 || (where != nil && !filterInFile && !constEquals(consts[where.name], where.value)) {
		return out, nil
	}
	rows := 0
	for _, rg := range groups {
		rows += int(rg.NumRows())
	}
	intern := map[string]string{}
	read := func(s colSpec) (*column, error) {
		c := newColumn(s.kind, rows)
		for _, rg := range groups {
			if err := c.readChunk(rg.ColumnChunks()[leaves[s.name]], s.kind, rows, intern); err != nil {
				return nil, errorf("%s: column %q: %v", path, s.name, err)
			}
		}
		if c.len(s.kind) != rows {
			return nil, errorf("%s: column %q has %d values for %d rows", path, s.name, c.len(s.kind), rows)
		}
		return c, nil
	}
	var keep []int // rows that pass the filter; nil keeps all
	if filterInFile {
		ids, err := read(colSpec{where.name, intKind})
		if err != nil {
			return nil, err
		}
		keep = []int{}
		for i, id := range ids.ints {
			if id == where.value && !ids.null(i) {
				keep = append(keep, i)
			}
		}
	}
	out.n = rows
	if keep != nil {
		out.n = len(keep)
	}
	for _, s := range specs {
		if _, fromFile := leaves[s.name]; !fromFile {
			continue
		}
		c, err := read(s)
		if err != nil {
			return nil, err
		}
		if keep != nil {
			c.keep(s.kind, keep)
		}
		out.cols[s.name] = c
	}
	return out, out.appendConsts(path, specs, consts, out.n)
}

// missingColumn is the error of a file without a column asked for. It
// says that the file is older than this program only when the folder's
// manifest says so: a schema_version below the game's.
func (d *Dataset) missingColumn(path, name string) error {
	if v, ok := d.Manifest["schema_version"].(float64); ok && d.Game != nil {
		if cur := d.Game.Info().SchemaVersion; v < float64(cur) {
			return errorf("%s: no column %q: the folder holds %s dataset schema %g, older than this program's %d (write it again with paperio selfplay)", path, name, d.Game.Name(), v, cur)
		}
	}
	return errorf("%s: no column %q", path, name)
}

// nameOr is the filter's column, "" for no filter.
func (w *eqFilter) nameOr() string {
	if w == nil {
		return ""
	}
	return w.name
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

// mayHold reports whether a column chunk can contain value, judging by its
// statistics (no statistics: it may).
func mayHold(md *format.ColumnMetaData, value int64) bool {
	st := md.Statistics
	lo, hi := st.MinValue, st.MaxValue
	if lo == nil || hi == nil {
		lo, hi = st.Min, st.Max // older writers, signed order
	}
	switch {
	case md.Type == format.Int64 && len(lo) == 8 && len(hi) == 8:
		return int64(binary.LittleEndian.Uint64(lo)) <= value && value <= int64(binary.LittleEndian.Uint64(hi))
	case md.Type == format.Int32 && len(lo) == 4 && len(hi) == 4:
		return int64(int32(binary.LittleEndian.Uint32(lo))) <= value && value <= int64(int32(binary.LittleEndian.Uint32(hi)))
	}
	return true
}

// readChunk appends a column chunk's values, page by page: much less setup
// per file than a record reader, which matters for folders of many small
// files. A null is 0, "" or NaN, and false in valid.
func (c *column) readChunk(cc parquet.ColumnChunk, k kind, rows int, intern map[string]string) error {
	pages := cc.Pages()
	defer pages.Close()
	for {
		p, err := pages.ReadPage()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		err = c.readPage(p, k, rows, intern)
		parquet.Release(p)
		if err != nil {
			return err
		}
	}
}

func (c *column) readPage(p parquet.Page, k kind, rows int, intern map[string]string) error {
	if p.NumNulls() > 0 && c.valid == nil {
		c.valid = make([]bool, c.len(k), rows)
		for i := range c.valid {
			c.valid[i] = true
		}
	}
	vr := p.Values()
	size := int(min(max(p.NumValues(), 1), 1024)) // small files have small pages
	if p.NumNulls() == 0 && c.valid == nil {
		if ok, err := c.readTyped(vr, k, size); ok {
			return err
		}
	}
	buf := make([]parquet.Value, size)
	for {
		n, err := vr.ReadValues(buf)
		for _, v := range buf[:n] {
			if err := c.add(k, v, intern); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readTyped appends a page without nulls through the reader of its type,
// when it has one that fits k (a value at a time is several times slower).
func (c *column) readTyped(vr parquet.ValueReader, k kind, size int) (ok bool, err error) {
	switch r := vr.(type) {
	case parquet.Int64Reader:
		switch k {
		case intKind:
			c.ints, err = readAll(c.ints, r.ReadInt64s, size, func(x int64) int64 { return x })
		case floatKind:
			c.flts, err = readAll(c.flts, r.ReadInt64s, size, func(x int64) float64 { return float64(x) })
		default:
			return false, nil
		}
	case parquet.Int32Reader:
		switch k {
		case intKind:
			c.ints, err = readAll(c.ints, r.ReadInt32s, size, func(x int32) int64 { return int64(x) })
		case floatKind:
			c.flts, err = readAll(c.flts, r.ReadInt32s, size, func(x int32) float64 { return float64(x) })
		default:
			return false, nil
		}
	case parquet.DoubleReader:
		if k != floatKind {
			return false, nil
		}
		c.flts, err = readAll(c.flts, r.ReadDoubles, size, func(x float64) float64 { return x })
	case parquet.FloatReader:
		if k != floatKind {
			return false, nil
		}
		c.flts, err = readAll(c.flts, r.ReadFloats, size, func(x float32) float64 { return float64(x) })
	default:
		return false, nil
	}
	return true, err
}

// readAll appends what read reads, converted, up to the end of the page.
func readAll[T, U any](dst []U, read func([]T) (int, error), size int, conv func(T) U) ([]U, error) {
	buf := make([]T, size)
	for {
		n, err := read(buf)
		for _, x := range buf[:n] {
			dst = append(dst, conv(x))
		}
		switch {
		case err == io.EOF:
			return dst, nil
		case err != nil:
			return dst, err
		case n == 0:
			return dst, io.ErrNoProgress
		}
	}
}

// add appends one value.
func (c *column) add(k kind, v parquet.Value, intern map[string]string) error {
	null := v.IsNull()
	if c.valid != nil {
		c.valid = append(c.valid, !null)
	}
	switch k {
	case strKind:
		if null {
			c.strs = append(c.strs, "")
			return nil
		}
		switch v.Kind() { // a number read as text (eraser's board_seed start)
		case parquet.Int32:
			c.strs = append(c.strs, strconv.FormatInt(int64(v.Int32()), 10))
			return nil
		case parquet.Int64:
			c.strs = append(c.strs, strconv.FormatInt(v.Int64(), 10))
			return nil
		case parquet.ByteArray:
		default:
			return fmt.Errorf("has %v values, want strings", v.Kind())
		}
		b := v.ByteArray()
		s, ok := intern[string(b)]
		if !ok {
			s = string(b)
			intern[s] = s
		}
		c.strs = append(c.strs, s)
		return nil
	case intKind:
		var i int64
		switch v.Kind() {
		case parquet.Int32:
			i = int64(v.Int32())
		case parquet.Int64:
			i = v.Int64()
		default:
			if !null {
				return fmt.Errorf("has %v values, want integers", v.Kind())
			}
		}
		c.ints = append(c.ints, i)
		return nil
	}
	f := math.NaN()
	switch v.Kind() {
	case parquet.Int32:
		f = float64(v.Int32())
	case parquet.Int64:
		f = float64(v.Int64())
	case parquet.Float:
		f = float64(v.Float())
	case parquet.Double:
		f = v.Double()
	default:
		if !null {
			return fmt.Errorf("has %v values, want numbers", v.Kind())
		}
	}
	c.flts = append(c.flts, f)
	return nil
}

// newColumn is an empty column with room for n values of kind k.
func newColumn(k kind, n int) *column {
	switch k {
	case strKind:
		return &column{strs: make([]string, 0, n)}
	case intKind:
		return &column{ints: make([]int64, 0, n)}
	}
	return &column{flts: make([]float64, 0, n)}
}

// keep keeps the given rows (increasing) of the column.
func (c *column) keep(k kind, rows []int) {
	switch k {
	case strKind:
		c.strs = pick(c.strs, rows)
	case intKind:
		c.ints = pick(c.ints, rows)
	default:
		c.flts = pick(c.flts, rows)
	}
	if c.valid != nil {
		c.valid = pick(c.valid, rows)
	}
}

// pick moves the given rows (increasing) of xs to its front.
func pick[T any](xs []T, rows []int) []T {
	for i, r := range rows {
		xs[i] = xs[r]
	}
	return xs[:len(rows)]
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
