package eraser

import "math/bits"

// Step is one scoring step of a cascade (§6), as the corpus records it.
type Step struct {
	Points  int
	Removed [Size]int           // cells removed from each column
	Main    [Size * Size]Colour // the main board after the fall, (x, y) at 6x+y
}

// SetStepLog makes every following Move write its cascade's scoring steps to
// *log (emptied at the start of each move, reusing its array); nil stops
// logging. Copies (CopyFrom) do not log.
func (s *State) SetStepLog(log *[]Step) { s.steps = log }

// cascade runs elimination steps until one scores nothing (§6), crediting
// player p (§4.9): points, removed cells to the combo, the highest combo.
func (s *State) cascade(p int) {
	for {
		gone, pts := s.eliminate()
		if pts == 0 {
			return
		}
		s.score[p] += pts
		s.depth++
		s.combo[p] += popCount(gone)
		s.high[p] = max(s.high[p], s.combo[p])
		removed := s.fall(gone)
		if s.steps != nil {
			*s.steps = append(*s.steps, Step{Points: pts, Removed: removed, Main: s.Main()})
		}
	}
}

// eliminate finds one step's valid regions (§6 steps 1–3): every 4-connected
// region of one colour that holds the middle cell of a straight run of three
// (a seed). It returns their cells and Σ (size − 2)². Empty cells are no
// colour and never form a region.
func (s *State) eliminate() (gone uint64, pts int) {
	for c := Red; c <= Purple; c++ {
		m := s.has[c]
		seeds := m & ((m<<8)&(m>>8) | (m<<1)&(m>>1)) // middles along x, along y
		for seeds != 0 {
			r := region(seeds&-seeds, m)
			n := popCount(r) - 2
			pts += n * n
			gone |= r
			seeds &^= r
		}
	}
	return gone, pts
}

// region grows the cells r within m by 4-neighbours until it stops: the
// region of m that holds r.
func region(r, m uint64) uint64 {
	for {
		n := (r | r<<1 | r>>1 | r<<8 | r>>8) & m
		if n == r {
			return r
		}
		r = n
	}
}

// fall removes the cells gone and lets each column fall (§6 steps 5–6): the
// column's remaining main-board cells in order, then its reserve, then empty
// cells. It returns the cells removed per column.
func (s *State) fall(gone uint64) (removed [Size]int) {
	for x := 0; x < Size; x++ {
		if col := gone >> (8 * x) & 0x3f; col != 0 {
			removed[x] = s.fallColumn(x, col)
		}
	}
	return removed
}

// fallColumn drops column x of the main board over its removed cells col (a
// 6-bit mask) and fills the top from the reserve. It returns how many fell.
func (s *State) fallColumn(x int, col uint64) int {
	base := 8 * x
	t := (*[Size]tile)(s.tiles[base : base+Size])
	kept := &keptCells[col]
	k := bits.TrailingZeros64(col) // cells below the lowest removed one stay
	for _, y := range kept.above[:kept.n] {
		t[k] = t[y]
		k++
	}
	e := Size - k
	shift := uint(base)
	h := &s.has
	fall := &compact[col]
	for v := range h { // the same fall for every value's cells
		h[v] = h[v]&^(0x3f<<shift) | uint64(fall[h[v]>>shift&0x3f])<<shift
	}
	for ; k < Size; k++ {
		nt := s.reserveTile(x)
		t[k] = nt
		h[nt.colour()] |= 1 << (shift + uint(k))
		s.taken[x]++
	}
	return e
}

// keptCells[col] lists, for the removal mask col of a column, the rows of
// the cells above the lowest removed one that stay, bottom up.
var keptCells = func() (t [64]struct {
	above [Size]int8
	n     int
}) {
	for col := 1; col < 64; col++ {
		for y := bits.TrailingZeros(uint(col)); y < Size; y++ {
			if col>>y&1 == 0 {
				t[col].above[t[col].n] = int8(y)
				t[col].n++
			}
		}
	}
	return t
}()

// compact[col][c] is the 6-bit column c with the cells of col taken out and
// the cells above moved down: the fall of one value's cells.
var compact = func() (t [64][64]uint8) {
	for col := 0; col < 64; col++ {
		for c := 0; c < 64; c++ {
			k := 0
			for y := 0; y < Size; y++ {
				if col>>y&1 == 0 {
					t[col][c] |= uint8(c>>y&1) << k
					k++
				}
			}
		}
	}
	return t
}()

// reserveTile is the next cell of column x's reserve to fall, or an empty
// cell when the reserve has run out.
func (s *State) reserveTile(x int) tile {
	y0 := Size + s.taken[x]
	if y0 >= s.cfg.Rows {
		return tile(Empty)
	}
	return makeTile(s.start.at(x, y0), x*s.cfg.Rows+y0)
}

func popCount(m uint64) int { return bits.OnesCount64(m) }
