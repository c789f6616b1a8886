package engine

// Enclosing (圈地) turns the mover's band into territory, then takes every
// cell that can no longer reach the board's edge without crossing the mover's
// territory.
//
// Why it is cheap: before the band closes, every cell that is not the mover's
// territory can reach the edge (the previous enclosure took all that could
// not, and the enemy only ever takes territory away). So a newly enclosed
// region must touch a cell of the band that just became territory, and only
// the regions next to the band need a look. The mover's territory lies inside
// its bounding box, so a region that reaches the box's border is open.
//
// The regions next to the band are explored side by side, a few cells each
// in turn; regions that meet are merged. The open region stops as soon as it
// reaches the border, so the work is about the size of the enclosed area
// times the (small) number of regions, not the size of the board.

// region is one flood fill in progress.
type region struct {
	queue  []int32 // cells found; queue[:head] have been expanded
	head   int
	parent int32 // union-find parent; a root is its own parent
	open   bool  // reaches the border: nothing of it is enclosed
}

// filler is the scratch memory of enclosure, kept with the state that uses it.
type filler struct {
	size    int
	epoch   uint32
	mark    []uint32 // cell visited in this epoch
	label   []int32  // region that found the cell
	regions []region
	active  []int32
}

const batch = 8 // cells a region expands per turn

func (s *State) filler() *filler {
	if s.fill == nil {
		n := len(s.field)
		s.fill = &filler{size: n, mark: make([]uint32, n), label: make([]int32, n)}
	}
	f := s.fill
	f.epoch++
	if f.epoch == 0 { // wrapped: forget every old mark
		clear(f.mark)
		f.epoch = 1
	}
	return f
}

// enclose is the enclosing rule for player pi.
func (s *State) enclose(pi int) {
	p := &s.p[pi]
	own := uint8(pi + 1)
	for _, c := range p.band {
		if s.bands[c] == own {
			s.bands[c] = 0
			s.setField(int(c), own)
		}
	}
	f := s.filler()
	f.regions = f.regions[:0]
	f.active = f.active[:0]
	b := p.box
	for _, c := range p.band {
		x, y := int(s.geo.x[c]), int(s.geo.y[c])
		s.seed(f, x+1, y, own, b)
		s.seed(f, x-1, y, own, b)
		s.seed(f, x, y+1, own, b)
		s.seed(f, x, y-1, own, b)
	}
	p.band = p.band[:0]
	p.bandLen = 0
	if len(f.regions) > 0 {
		s.explore(f, own, b)
		s.takeEnclosed(f, own)
	}
}

// seed starts a region at (x, y) if it is a cell strictly inside the box that
// is not pi's territory and no region has found yet. Cells on the box's border
// are open and need no region.
func (s *State) seed(f *filler, x, y int, own uint8, b Box) {
	if x <= b.MinX || x >= b.MaxX || y <= b.MinY || y >= b.MaxY {
		return
	}
	c := x*s.h + y
	if s.field[c] == own || f.mark[c] == f.epoch {
		return
	}
	r := int32(len(f.regions))
	f.mark[c], f.label[c] = f.epoch, r
	if int(r) < cap(f.regions) { // reuse the old queue's memory
		f.regions = f.regions[:r+1]
		q := f.regions[r].queue[:0]
		f.regions[r] = region{queue: append(q, int32(c)), parent: r}
	} else {
		f.regions = append(f.regions, region{queue: append(make([]int32, 0, 64), int32(c)), parent: r})
	}
	f.active = append(f.active, r)
}

// explore grows the regions in turn until each is open or exhausted.
func (s *State) explore(f *filler, own uint8, b Box) {
	h := int32(s.h)
	for len(f.active) > 0 {
		live := f.active[:0]
		for _, r := range f.active {
			reg := &f.regions[r]
			if reg.parent != r || reg.open || reg.head == len(reg.queue) {
				continue
			}
			cur := r
			for n := 0; n < batch && f.regions[cur].head < len(f.regions[cur].queue) && !f.regions[cur].open; n++ {
				rc := &f.regions[cur]
				c := rc.queue[rc.head]
				rc.head++
				for _, nb := range [4]int32{c + h, c - h, c + 1, c - 1} {
					cur = s.visit(f, cur, nb, own, b)
				}
			}
			if cur == r {
				live = append(live, r)
			}
		}
		f.active = live
	}
}

// visit looks at neighbour cell nb of a cell of region r and returns the
// root of r afterwards (it changes when r meets and joins another region).
func (s *State) visit(f *filler, r int32, nb int32, own uint8, b Box) int32 {
	if s.field[nb] == own {
		return r
	}
	if f.mark[nb] == f.epoch {
		if o := f.find(f.label[nb]); o != r {
			return f.union(r, o)
		}
		return r
	}
	f.mark[nb], f.label[nb] = f.epoch, r
	reg := &f.regions[r]
	reg.queue = append(reg.queue, nb)
	x, y := int(s.geo.x[nb]), int(s.geo.y[nb])
	if x <= b.MinX || x >= b.MaxX || y <= b.MinY || y >= b.MaxY {
		reg.open = true
	}
	return r
}

func (f *filler) find(r int32) int32 {
	for f.regions[r].parent != r {
		f.regions[r].parent = f.regions[f.regions[r].parent].parent
		r = f.regions[r].parent
	}
	return r
}

// union joins region a into region b: b takes over a's unexpanded cells.
func (f *filler) union(a, b int32) int32 {
	ra, rb := &f.regions[a], &f.regions[b]
	rb.queue = append(rb.queue, ra.queue[ra.head:]...)
	ra.queue = ra.queue[:ra.head]
	ra.parent = b
	rb.open = rb.open || ra.open
	return b
}

// takeEnclosed gives pi every cell of the regions that never reached the
// border.
func (s *State) takeEnclosed(f *filler, own uint8) {
	for r := range f.regions {
		if f.regions[f.find(int32(r))].open {
			continue
		}
		for _, c := range f.regions[r].queue {
			s.setField(int(c), own)
		}
	}
}
