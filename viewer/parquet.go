package viewer

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/parquet-go/parquet-go"
)

// columns are columns of one Parquet file, by name: numbers as int64 or
// float64, strings as strings (repeated values share one string).
type columns struct {
	n    int
	ints map[string][]int64
	flts map[string][]float64
	strs map[string][]string
}

// colKind is how a column is kept.
type colKind int

const (
	intCol colKind = iota
	floatCol
	strCol
)

// readColumns reads the named columns of a Parquet file page by page (the
// games tables of a 100,000-game folder in a tenth of a second, where a
// record reader spends most of its time setting up each small file).
func readColumns(path string, want map[string]colKind, intern map[string]string) (*columns, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file: %v", path, err)
	}
	out := &columns{n: int(pf.NumRows()), ints: map[string][]int64{}, flts: map[string][]float64{}, strs: map[string][]string{}}
	for name, kind := range want {
		leaf, ok := pf.Schema().Lookup(name)
		if !ok {
			return nil, fmt.Errorf("%s: no column %q", path, name)
		}
		for _, rg := range pf.RowGroups() {
			if err := out.readChunk(rg.ColumnChunks()[leaf.ColumnIndex], name, kind, intern); err != nil {
				return nil, fmt.Errorf("%s: column %q: %v", path, name, err)
			}
		}
		if got := out.len(name, kind); got != out.n {
			return nil, fmt.Errorf("%s: column %q has %d values for %d rows", path, name, got, out.n)
		}
	}
	return out, nil
}

func (c *columns) len(name string, k colKind) int {
	switch k {
	case intCol:
		return len(c.ints[name])
	case floatCol:
		return len(c.flts[name])
	}
	return len(c.strs[name])
}

func (c *columns) readChunk(cc parquet.ColumnChunk, name string, kind colKind, intern map[string]string) error {
	pages := cc.Pages()
	defer pages.Close()
	buf := make([]parquet.Value, 512)
	for {
		p, err := pages.ReadPage()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		vr := p.Values()
		for {
			n, err := vr.ReadValues(buf)
			for _, v := range buf[:n] {
				if err := c.add(name, kind, v, intern); err != nil {
					parquet.Release(p)
					return err
				}
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				parquet.Release(p)
				return err
			}
		}
		parquet.Release(p)
	}
}

func (c *columns) add(name string, kind colKind, v parquet.Value, intern map[string]string) error {
	if v.IsNull() {
		return fmt.Errorf("a null value")
	}
	switch kind {
	case strCol:
		switch v.Kind() { // a number read as text (eraser's board_seed start)
		case parquet.Int32:
			c.strs[name] = append(c.strs[name], strconv.FormatInt(int64(v.Int32()), 10))
			return nil
		case parquet.Int64:
			c.strs[name] = append(c.strs[name], strconv.FormatInt(v.Int64(), 10))
			return nil
		}
		if v.Kind() != parquet.ByteArray {
			return fmt.Errorf("has %v values, want strings", v.Kind())
		}
		b := v.ByteArray()
		s, ok := intern[string(b)]
		if !ok {
			s = string(b)
			if intern != nil {
				intern[s] = s
			}
		}
		c.strs[name] = append(c.strs[name], s)
		return nil
	}
	var i int64
	var f float64
	switch v.Kind() {
	case parquet.Int32:
		i = int64(v.Int32())
		f = float64(i)
	case parquet.Int64:
		i = v.Int64()
		f = float64(i)
	case parquet.Float:
		f = float64(v.Float())
		i = int64(f)
	case parquet.Double:
		f = v.Double()
		i = int64(f)
	default:
		return fmt.Errorf("has %v values, want numbers", v.Kind())
	}
	if kind == intCol {
		c.ints[name] = append(c.ints[name], i)
	} else {
		c.flts[name] = append(c.flts[name], f)
	}
	return nil
}
