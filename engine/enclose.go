package engine

import "math"

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
// work is mostly the cells actually taken. Regions are explored as vertical
// runs of cells (a column is contiguous in the grids), which touches each
// cell a few times in tight loops. The regions still unknown are explored
// side by side, a few cells each in turn, and regions that meet are merged;
// so an open region that is slow to prove open costs about as much as the
// enclosed regions explored alongside it, not the size of the box.

// run is a vertical stretch of cells (x, y0..y1) of one region.
type run struct{ x, y0, y1 int32 }

// region is one flood fill in progress.
type region struct {
	runs   []run // runs found; runs[:head] have been expanded
	head   int
	parent int32 // union-find parent; a root is its own parent
	open   bool  // reaches the edge: nothing of it is enclosed
}

// filler is the scratch memory of enclosure, kept with the state that uses it.
type filler struct {
	size int
	// slot[c] - base is the region that found cell c in this enclosure; a
	// value below base is from an earlier one. Bumping base forgets every
	// old mark without clearing the array.
	base    uint32
	slot    []uint32
	regions []region
	active  []int32
}

const batch = 32 // cells a region expands per turn

func newFiller(cells int) *filler {
	return &filler{size: cells, base: 1, slot: make([]uint32, cells)}
}

// ShareScratch makes s use o's enclosure scratch memory from now on (until
// s changes board size; a copy or clone of s gets scratch of its own). States that are never
// stepped at the same time, such as an environment's games stepped in
// turn, can share it: one copy stays in the cache where each game's own
// would not. Every enclosure forgets the marks of earlier ones, whichever
// state made them. It does nothing when the boards differ in size.
func (s *State) ShareScratch(o *State) {
	if s == o || len(s.field) != len(o.field) || len(o.field) == 0 {
		return
	}
	if o.fill == nil {
		o.fill = newFiller(len(o.field))
	}
	s.fill = o.fill
}

// filler returns the enclosure scratch, ready for an enclosure that may
// start up to maxRegions regions.
func (s *State) filler(maxRegions int) *filler {
	if s.fill == nil {
		s.fill = newFiller(len(s.field))
	}
	f := s.fill
	if uint64(f.base)+uint64(maxRegions)+1 >= math.MaxUint32 { // would wrap: forget every old mark
		clear(f.slot)
		f.base = 1
	}
	// Region 0 is open from the start: a seed known to see the edge is
	// marked with it, which costs no region of its own.
	if cap(f.regions) == 0 {
		f.regions = make([]region, 1, 64)
	}
	f.regions = f.regions[:1]
	f.regions[0] = region{runs: f.regions[0].runs[:0], open: true}
	f.active = f.active[:0]
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
	for _, c := range p.band {
		if s.bands[c] == own { // a cell the enemy's band covered is no longer ours
			s.bands[c] = 0
			s.setField(int(c), own)
			x, y := gx[c], gy[c]
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
	f := s.filler(4 * len(p.band))
	b := p.box
	minX, minY, maxX, maxY := int32(b.MinX), int32(b.MinY), int32(b.MaxX), int32(b.MaxY)
	h := int32(s.h)
	base, field, slot := f.base, s.field, f.slot
	for _, c := range p.band {
		// Seeds are the band cell's neighbours strictly inside the box that
		// are neither pi's territory nor claimed; these tests are written
		// out here because they run four times per band cell. A seed that
		// sees the edge along its column or row (see seesEdge) only gets
		// region 0's mark, for regions that reach it later.
		x, y := gx[c], gy[c]
		if y > minY && y < maxY {
			row := rows[y]
			if e := c + h; x+1 < maxX && field[e] != own && slot[e] < base {
				if col := cols[x+1]; y < col.lo || y > col.hi || x+1 < row.lo || x+1 > row.hi {
					slot[e] = base
				} else {
					s.seed(f, pi, x+1, y)
				}
			}
			if w := c - h; x-1 > minX && field[w] != own && slot[w] < base {
				if col := cols[x-1]; y < col.lo || y > col.hi || x-1 < row.lo || x-1 > row.hi {
					slot[w] = base
				} else {
					s.seed(f, pi, x-1, y)
				}
			}
		}
		if x > minX && x < maxX {
			col := cols[x]
			if so := c + 1; y+1 < maxY && field[so] != own && slot[so] < base {
				if row := rows[y+1]; y+1 < col.lo || y+1 > col.hi || x < row.lo || x > row.hi {
					slot[so] = base
				} else {
					s.seed(f, pi, x, y+1)
				}
			}
			if no := c - 1; y-1 > minY && field[no] != own && slot[no] < base {
				if row := rows[y-1]; y-1 < col.lo || y-1 > col.hi || x < row.lo || x > row.hi {
					slot[no] = base
				} else {
					s.seed(f, pi, x, y-1)
				}
			}
		}
	}
	p.band = p.band[:0]
	p.bandLen = 0
	if len(f.active) > 0 {
		s.explore(f, pi)
		s.takeEnclosed(f, own)
	}
	f.base += uint32(len(f.regions))
}

// Neighbour offsets in coordinates: east, west, south, north.
var (
	nbX = [4]int32{1, -1, 0, 0}
	nbY = [4]int32{0, 0, 1, -1}
)

// seed starts exploring from (x, y), a neighbour of the closed band strictly
// inside pi's box that is neither pi's territory nor claimed by a region,
// and not known to see the edge. (Cells on the box's border are open and
// need nothing.)
func (s *State) seed(f *filler, pi int, x, y int32) {
	h := int32(s.h)
	c := x*h + y
	// A seed next to a cell some region already holds joins that region:
	// the cells along a straight stretch of band are neighbours, and one
	// region for them all saves merging many small ones later.
	r := int32(-1)
	for k := 0; k < 4; k++ {
		if v := f.slot[c+nbX[k]*h+nbY[k]]; v >= f.base {
			r = f.find(int32(v - f.base))
			break
		}
	}
	if r < 0 {
		r = int32(len(f.regions))
		if int(r) < cap(f.regions) { // reuse the old slice's memory
			f.regions = f.regions[:r+1]
			f.regions[r] = region{runs: f.regions[r].runs[:0], parent: r}
		} else {
			f.regions = append(f.regions, region{runs: make([]run, 0, 16), parent: r})
		}
		f.active = append(f.active, r)
	}
	if f.regions[r].open {
		// An open region is never explored: marking the one cell is enough
		// for regions that reach it later to learn that they are open too.
		f.slot[c] = f.base + uint32(r)
		return
	}
	s.scan(f, pi, r, x, y)
}

// scan gives region r (a root) the run of unclaimed cells through (x, y), a
// cell strictly inside the box that is neither pi's territory nor claimed,
// and queues it for expansion. It returns the root of r afterwards (r joins
// any region whose cell the run meets) and the run's last row.
func (s *State) scan(f *filler, pi int, r int32, x, y int32) (int32, int32) {
	own := uint8(pi + 1)
	b := &s.p[pi].box
	minY, maxY := int32(b.MinY), int32(b.MaxY)
	// The column as slices of its own, held in locals: this loop is the
	// heart of enclosure and should not reload anything per cell.
	h := int32(s.h)
	col := x * h
	field := s.field[col : col+h : col+h]
	slot := f.slot[col : col+h : col+h]
	base := f.base
	tag := base + uint32(r)
	slot[y] = tag
	open := false
	y0 := y
	for { // up
		n := y0 - 1
		if field[n] == own {
			break
		}
		if v := slot[n]; v >= base {
			r = f.meet(r, int32(v-base))
			break
		}
		if n == minY { // an unclaimed cell on the box's border
			open = true
			break
		}
		y0 = n
		slot[n] = tag
	}
	y1 := y
	for { // down
		n := y1 + 1
		if field[n] == own {
			break
		}
		if v := slot[n]; v >= base {
			r = f.meet(r, int32(v-base))
			break
		}
		if n == maxY {
			open = true
			break
		}
		y1 = n
		slot[n] = tag
	}
	reg := &f.regions[r]
	reg.runs = append(reg.runs, run{x, y0, y1})
	if !open && !reg.open {
		open = s.runSeesEdge(pi, x, y, y0, y1)
	}
	reg.open = reg.open || open
	return r, y1
}

// runSeesEdge reports whether the run (x, y0..y1), found from (x, y), sees
// the edge (see seesEdge): some cell of it lies outside the column's span,
// or one of its ends or the cell it was found from lies outside its row's
// span. (Testing every row would find a few more open runs, but costs more
// than it saves.)
func (s *State) runSeesEdge(pi int, x, y, y0, y1 int32) bool {
	base := int32(pi * (s.w + s.h))
	if col := s.spans[base+x]; y0 < col.lo || y1 > col.hi {
		return true
	}
	rows := s.spans[base+int32(s.w) : base+int32(s.w+s.h)]
	for _, r := range [3]span{rows[y0], rows[y], rows[y1]} {
		if x < r.lo || x > r.hi {
			return true
		}
	}
	return false
}

// meet is region r (a root) touching a cell claimed by region o: they are
// one region. It returns the root of both.
func (f *filler) meet(r, o int32) int32 {
	if o = f.find(o); o != r {
		return f.union(r, o)
	}
	return r
}

// explore grows the regions in turn until each is open or exhausted.
func (s *State) explore(f *filler, pi int) {
	for len(f.active) > 0 {
		live := f.active[:0]
		for _, r := range f.active {
			reg := &f.regions[r]
			if reg.parent != r || reg.open || reg.head == len(reg.runs) {
				continue
			}
			if s.grow(f, pi, r) == r {
				live = append(live, r)
			}
		}
		f.active = live
	}
}

// grow expands about batch cells of region r (a root): it looks along both
// sides of its next runs for cells not yet claimed. It returns r's root
// afterwards (it changes when r meets another region and joins it).
func (s *State) grow(f *filler, pi int, r int32) int32 {
	own := uint8(pi + 1)
	b := &s.p[pi].box
	h := int32(s.h)
	cur := r
	for n := int32(0); n < batch; {
		reg := &f.regions[cur]
		if reg.open || reg.head == len(reg.runs) {
			break
		}
		ru := reg.runs[reg.head]
		reg.head++
		n += ru.y1 - ru.y0 + 1
		// The run is strictly inside the box: its side columns are on the
		// board, and a side column on the box's border opens the region.
		for _, x := range [2]int32{ru.x - 1, ru.x + 1} {
			border := int(x) <= b.MinX || int(x) >= b.MaxX
			field := s.field[x*h : x*h+h : x*h+h]
			slot := f.slot[x*h : x*h+h : x*h+h]
			base := f.base
			for y := ru.y0; y <= ru.y1; y++ {
				// Inside a region most side cells are claimed already, so
				// that test comes first.
				if v := slot[y]; v >= base {
					if o := int32(v - base); o != cur {
						if cur = f.meet(cur, o); f.regions[cur].open {
							return cur
						}
					}
					continue
				}
				if field[y] == own {
					continue
				}
				if border {
					f.regions[cur].open = true
					return cur
				}
				cur, y = s.scan(f, pi, cur, x, y)
				if f.regions[cur].open {
					return cur
				}
			}
		}
	}
	return cur
}

func (f *filler) find(r int32) int32 {
	for f.regions[r].parent != r {
		f.regions[r].parent = f.regions[f.regions[r].parent].parent
		r = f.regions[r].parent
	}
	return r
}

// union joins region a into region b: b takes over a's unexpanded runs.
func (f *filler) union(a, b int32) int32 {
	ra, rb := &f.regions[a], &f.regions[b]
	if !ra.open && !rb.open { // an open region is never explored
		rb.runs = append(rb.runs, ra.runs[ra.head:]...)
		ra.runs = ra.runs[:ra.head]
	}
	ra.parent = b
	rb.open = rb.open || ra.open
	return b
}

// takeEnclosed gives the player every cell of the regions that never proved
// open. Their cells need not widen the spans: an enclosed cell has the
// player's territory on all four sides along its column and row.
func (s *State) takeEnclosed(f *filler, own uint8) {
	h := int32(s.h)
	var lost [4]int // cells taken from no-one, player 1, player 2
	for r := range f.regions {
		if f.regions[f.find(int32(r))].open {
			continue
		}
		for _, ru := range f.regions[r].runs {
			cells := s.field[ru.x*h+ru.y0 : ru.x*h+ru.y1+1]
			for i, v := range cells {
				lost[v&3]++
				cells[i] = own
			}
		}
	}
	// No cell of a region is the player's own, so lost[own] is 0.
	s.p[own-1].area += lost[0] + lost[1] + lost[2]
	s.p[2-own].area -= lost[3-own]
}
