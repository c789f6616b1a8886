package paperio

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// Enclosing (圈地) turns the mover's band into territory, then takes every
// cell that can no longer reach the board's edge without crossing the mover's
// territory.
//
// Why it is cheap: before the band closes, every cell that is not the mover's
// territory can reach the edge (the previous enclosure took all that could
// not, and the enemy only ever takes territory away). So a newly enclosed
// region must touch a cell of the band that just became territory, and only
// the regions next to the band need a look. A region is open (nothing of it
// is taken) as soon as one of its cells is known to reach the edge:
//   - the cell is on the border of the mover's bounding box, which holds all
//     of its territory (everything outside the box reaches the edge), or
//   - the cell sees the edge along its column or row: it lies outside the
//     mover's territory span of that column or row (see State.spans).
//
// Most regions beside a band are open at once by the second test, so the
// work is mostly the regions actually taken. Regions are explored as
// vertical runs of cells, and a run is found with a few word operations on
// its column held as bits (1 for a cell that is not the mover's territory):
// a column of the course board is two 64-bit words, so a region costs about
// its number of runs, not its number of cells. A column's bits are made
// from the territory grid the first time an enclosure looks at it.
//
// Regions are explored one after another, each until it proves open or
// runs out of cells; a region that runs out is taken at once. A later
// region that meets the cells of an earlier one is open: the earlier one
// was open (a region taken had every neighbour of its cells explored).

// run is a vertical stretch of cells (x, y0..y1) of one region.
type run struct{ x, y0, y1 int32 }

// filler is the scratch memory of enclosure, kept with the state that uses it.
type filler struct {
	w, h int
	nw   int // 64-bit words per column
	// A column's words below are valid in this enclosure when its stamp is
	// the enclosure's epoch; bumping the epoch forgets every column at once.
	epoch uint32
	stamp []uint32 // per column
	rows  []uint64 // the rows of the mover's box, as a column's bits
	mark  []uint64 // cells of the regions explored in this enclosure, column x at x*nw
	open  []uint64 // cells of the regions found open in this enclosure
	seeds []int32  // cells next to the band to start regions from
	runs  []run    // the region being explored: runs[head:] still to expand
}

func newFiller(w, h int) *filler {
	nw := (h + 63) / 64 // as State.nw
	return &filler{w: w, h: h, nw: nw, epoch: 1, stamp: make([]uint32, w),
		rows: make([]uint64, nw), mark: make([]uint64, w*nw), open: make([]uint64, w*nw)}
}

// fits reports whether the scratch is for boards of s's size.
func (f *filler) fits(s *State) bool { return f.w == s.w && f.h == s.h }

// ShareScratch makes s use o's enclosure scratch memory from now on (until
// s changes board size; a copy or clone of s gets scratch of its own). States that are never
// stepped at the same time, such as an environment's games stepped in
// turn, can share it: one copy stays in the cache where each game's own
// would not. Every enclosure forgets what earlier ones left, whichever
// state made them. It does nothing when the boards differ in size.
func (s *State) ShareScratch(o *State) {
	if s == o || s.w != o.w || s.h != o.h || len(o.field) == 0 {
		return
	}
	if o.fill == nil {
		o.fill = newFiller(o.w, o.h)
	}
	s.fill = o.fill
}

// filler returns the enclosure scratch, ready for a new enclosure by
// player pi.
func (s *State) filler(pi int) *filler {
	if s.fill == nil {
		s.fill = newFiller(s.w, s.h)
	}
	f := s.fill
	f.epoch++
	if f.epoch == math.MaxUint32 { // would wrap: forget every stamp
		clear(f.stamp)
		f.epoch = 1
	}
	f.seeds = f.seeds[:0]
	b := &s.p[pi].box
	for k := range f.rows {
		f.rows[k] = rangeMask(k, int32(b.MinY), int32(b.MaxY))
	}
	return f
}

// noFill makes enclosure turn the band into territory and take nothing
// else: wrong play, set only by a benchmark to measure the engine with no
// flood fill at all, the limit a faster fill can approach.
var noFill bool

// enclose is the enclosing rule for player pi.
func (s *State) enclose(pi int) {
	p := &s.p[pi]
	own := uint8(pi + 1)
	sp := s.spans[pi*(s.w+s.h) : (pi+1)*(s.w+s.h)]
	cols, rows := sp[:s.w], sp[s.w:]
	gx, gy := s.geo.x, s.geo.y
	nw := s.nw
	mine, theirs := s.terr[pi*s.w*nw:(pi+1)*s.w*nw], s.terr[(1-pi)*s.w*nw:(2-pi)*s.w*nw]
	for _, c := range p.band {
		if s.bands[c] == own { // a cell the enemy's band covered is no longer ours
			s.bands[c] = 0
			// setFieldXY written out: the cell is no-one's or the enemy's.
			x, y := gx[c], gy[c]
			k, bit := int(x)*nw+int(y>>6), uint64(1)<<(y&63)
			if s.field[c] != 0 {
				s.p[1-pi].area--
				theirs[k] &^= bit
			}
			s.field[c] = own
			p.area++
			mine[k] |= bit
			col, row := &cols[x], &rows[y]
			col.lo, col.hi = min(col.lo, y), max(col.hi, y)
			row.lo, row.hi = min(row.lo, x), max(row.hi, x)
		}
	}
	if noFill {
		p.band = p.band[:0]
		p.bandLen = 0
		return
	}
	f := s.filler(pi)
	b := p.box
	minX, minY, maxX, maxY := int32(b.MinX), int32(b.MinY), int32(b.MaxX), int32(b.MaxY)
	h := int32(s.h)
	field := s.field
	seeds := f.seeds
	for _, c := range p.band {
		// Seeds are the band cell's neighbours strictly inside the box that
		// are not pi's territory and do not see the edge along their column
		// or row (see seesEdge); these tests are written out here because
		// they run four times per band cell.
		x, y := gx[c], gy[c]
		if y > minY && y < maxY {
			row := rows[y]
			if e := c + h; x+1 < maxX && field[e] != own {
				if col := cols[x+1]; y >= col.lo && y <= col.hi && x+1 >= row.lo && x+1 <= row.hi {
					seeds = append(seeds, e)
				}
			}
			if w := c - h; x-1 > minX && field[w] != own {
				if col := cols[x-1]; y >= col.lo && y <= col.hi && x-1 >= row.lo && x-1 <= row.hi {
					seeds = append(seeds, w)
				}
			}
		}
		if x > minX && x < maxX {
			col := cols[x]
			if so := c + 1; y+1 < maxY && field[so] != own {
				if row := rows[y+1]; y+1 >= col.lo && y+1 <= col.hi && x >= row.lo && x <= row.hi {
					seeds = append(seeds, so)
				}
			}
			if no := c - 1; y-1 > minY && field[no] != own {
				if row := rows[y-1]; y-1 >= col.lo && y-1 <= col.hi && x >= row.lo && x <= row.hi {
					seeds = append(seeds, no)
				}
			}
		}
	}
	f.seeds = seeds
	p.band = p.band[:0]
	p.bandLen = 0
	for _, c := range seeds {
		x, y := gx[c], gy[c]
		f.column(x)
		if f.mark[int(x)*f.nw+int(y>>6)]&(1<<(y&63)) != 0 {
			continue // explored already, from another seed
		}
		s.region(f, pi, x, y)
	}
}

// column makes sure column x's marks are valid in this enclosure: cleared
// the first time it looks at the column.
func (f *filler) column(x int32) {
	if f.stamp[x] == f.epoch {
		return
	}
	f.stamp[x] = f.epoch
	k := int(x) * f.nw
	clear(f.mark[k : k+f.nw])
	clear(f.open[k : k+f.nw])
}

// freeRun returns the run of free cells around (x, y), a free cell: own is
// the mover's territory in the column, rows the box's rows.
func freeRun(own, rows []uint64, y int32) (y0, y1 int32) {
	k, o := int(y>>6), uint(y&63)
	// Down: the highest cell below y that is not free.
	z := (own[k] | ^rows[k]) & (1<<o - 1)
	for z == 0 && k > 0 {
		k--
		z = own[k] | ^rows[k]
	}
	if z == 0 {
		y0 = 0
	} else {
		y0 = int32(k*64 + 64 - bits.LeadingZeros64(z))
	}
	// Up: the lowest clear bit above y.
	k = int(y >> 6)
	z = (own[k] | ^rows[k]) &^ (2<<o - 1)
	for z == 0 && k+1 < len(own) {
		k++
		z = own[k] | ^rows[k]
	}
	if z == 0 {
		y1 = int32(len(own)*64 - 1)
	} else {
		y1 = int32(k*64+bits.TrailingZeros64(z)) - 1
	}
	return y0, y1
}

// rangeMask is the bits of word k that lie in y0..y1.
func rangeMask(k int, y0, y1 int32) uint64 {
	lo, hi := int32(k*64), int32(k*64+63)
	m := ^uint64(0)
	if y0 > lo {
		m <<= uint(y0 - lo)
	}
	if y1 < hi {
		m &= 1<<uint(y1-lo+1) - 1
	}
	return m
}

// setRange sets bits y0..y1 of a column's words.
func setRange(words []uint64, y0, y1 int32) {
	for k := int(y0 >> 6); k <= int(y1>>6); k++ {
		words[k] |= rangeMask(k, y0, y1)
	}
}

// region explores the region of (x, y), a cell strictly inside pi's box
// that is not pi's territory and no region of this enclosure holds, and
// takes it when it does not prove open.
func (s *State) region(f *filler, pi int, x, y int32) {
	f.runs = f.runs[:0]
	if s.claim(f, pi, x, y) || s.expand(f, pi) {
		// Open: later regions that meet it learn so from its cells.
		nw := f.nw
		for _, r := range f.runs {
			setRange(f.open[int(r.x)*nw:int(r.x)*nw+nw], r.y0, r.y1)
		}
		return
	}
	s.take(f.runs, pi)
}

// claim gives the region the run of free cells through (x, y), a free cell
// no region holds in a column strictly inside the box, and reports whether
// the run proves the region open.
func (s *State) claim(f *filler, pi int, x, y int32) bool {
	nw := f.nw
	k := (pi*s.w + int(x)) * nw
	y0, y1 := freeRun(s.terr[k:k+nw], f.rows, y)
	setRange(f.mark[int(x)*nw:int(x)*nw+nw], y0, y1)
	f.runs = append(f.runs, run{x, y0, y1})
	b := &s.p[pi].box
	return int(y0) == b.MinY || int(y1) == b.MaxY || s.runSeesEdge(pi, x, y, y0, y1)
}

// expand looks along both sides of the region's runs for free cells until
// the region proves open (it reports true) or has no cells left to find.
func (s *State) expand(f *filler, pi int) bool {
	b := &s.p[pi].box
	nw := f.nw
	for head := 0; head < len(f.runs); head++ {
		ru := f.runs[head]
		for _, x := range [2]int32{ru.x - 1, ru.x + 1} {
			f.column(x)
			k0 := (pi*s.w + int(x)) * nw
			own := s.terr[k0 : k0+nw]
			border := int(x) == b.MinX || int(x) == b.MaxX
			for k := int(ru.y0 >> 6); k <= int(ru.y1>>6); k++ {
				m := rangeMask(k, ru.y0, ru.y1) &^ own[k] // rows of the run: inside the box
				if m == 0 {
					continue
				}
				// A free side cell on the box's border, or in a region
				// already found open, opens this one.
				if border || m&f.open[int(x)*nw+k] != 0 {
					return true
				}
				for m &^= f.mark[int(x)*nw+k]; m != 0; m &^= f.mark[int(x)*nw+k] {
					if s.claim(f, pi, x, int32(k*64+bits.TrailingZeros64(m))) {
						return true
					}
				}
			}
		}
	}
	return false
}

// runSeesEdge reports whether the run (x, y0..y1), found from (x, y), sees
// the edge along a row (see seesEdge): one of its ends or the cell it was
// found from lies outside its row's span. (Testing every row would find a
// few more open runs, but costs more than it saves. Along the column it
// cannot: a run inside the box's rows ends on the mover's territory.)
func (s *State) runSeesEdge(pi int, x, y, y0, y1 int32) bool {
	base := int32(pi * (s.w + s.h))
	rows := s.spans[base+int32(s.w) : base+int32(s.w+s.h)]
	for _, r := range [3]span{rows[y0], rows[y], rows[y1]} {
		if x < r.lo || x > r.hi {
			return true
		}
	}
	return false
}

// take gives the player own every cell of an enclosed region's runs. Their
// cells need not widen the spans: an enclosed cell has the player's
// territory on all four sides along its column and row.
func (s *State) take(runs []run, pi int) {
	own := uint8(pi + 1)
	h := int32(s.h)
	mine, theirs := s.terr[pi*s.w*s.nw:], s.terr[(1-pi)*s.w*s.nw:]
	// A cell of the region is no-one's or the enemy's: the enemy's bits
	// count what it loses.
	owns := uint64(own) * 0x0101010101010101
	n, lost := 0, 0
	for _, ru := range runs {
		cells := s.field[ru.x*h+ru.y0 : ru.x*h+ru.y1+1]
		n += len(cells)
		for len(cells) >= 8 {
			binary.LittleEndian.PutUint64(cells, owns)
			cells = cells[8:]
		}
		for i := range cells {
			cells[i] = own
		}
		k := int(ru.x) * s.nw
		for j := int(ru.y0 >> 6); j <= int(ru.y1>>6); j++ {
			m := rangeMask(j, ru.y0, ru.y1)
			lost += bits.OnesCount64(theirs[k+j] & m)
			theirs[k+j] &^= m
			mine[k+j] |= m
		}
	}
	s.p[pi].area += n
	s.p[1-pi].area -= lost
}
