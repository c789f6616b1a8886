package analysis

import "slices"

// Columns are named columns of one table file, by kind.
type Columns struct {
	N       int
	Ints    map[string][]int64
	Floats  map[string][]float64
	Strings map[string][]string
}

// ReadColumns reads named columns of one of the dataset's table files (an
// entry of GameFiles or TurnFiles): ints as integers, floats as numbers and
// strs as strings (repeated values share one string). A null is an error:
// this is the reader of whole rows of the games table (the viewer's index
// and replays), whose columns have none.
func (d *Dataset) ReadColumns(rel string, ints, floats, strs []string) (*Columns, error) {
	var specs []colSpec
	for k, names := range [...][]string{intKind: ints, floatKind: floats, strKind: strs} {
		for _, n := range names {
			specs = append(specs, colSpec{n, kind(k)})
		}
	}
	t, err := d.readFile(rel, specs, nil)
	if err != nil {
		return nil, err
	}
	out := &Columns{N: t.n, Ints: map[string][]int64{}, Floats: map[string][]float64{}, Strings: map[string][]string{}}
	for _, s := range specs {
		c := t.cols[s.name]
		if c.valid != nil && slices.Contains(c.valid, false) {
			return nil, errorf("%s: column %q: a null value", d.name(rel), s.name)
		}
		switch s.kind {
		case intKind:
			out.Ints[s.name] = c.ints
		case floatKind:
			out.Floats[s.name] = c.flts
		default:
			out.Strings[s.name] = c.strs
		}
	}
	return out, nil
}
