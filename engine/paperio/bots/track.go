package bots

import "github.com/paperio/paperio/engine/paperio"

// far is larger than any distance on a board.
const far = 1 << 30

// rect is the box of cells x0..x1 × y0..y1, inclusive.
type rect struct{ x0, y0, x1, y1 int }

// dist is the Manhattan distance from (x, y) to the nearest cell of r (0
// inside it).
func (r rect) dist(x, y int) int {
	return max(r.x0-x, 0, x-r.x1) + max(r.y0-y, 0, y-r.y1)
}

// overlaps reports whether r and o share a cell.
func (r rect) overlaps(o rect) bool {
	return r.x0 <= o.x1 && r.x1 >= o.x0 && r.y0 <= o.y1 && r.y1 >= o.y0
}

// seg is a straight (axis-parallel) piece of a band from (ax, ay) to
// (bx, by), inclusive.
type seg struct{ ax, ay, bx, by int }

// box is the rectangle the piece covers.
func (g seg) box() rect {
	return rect{min(g.ax, g.bx), min(g.ay, g.by), max(g.ax, g.bx), max(g.ay, g.by)}
}

// dist is the Manhattan distance from (x, y) to the nearest cell of g.
func (g seg) dist(x, y int) int { return g.box().dist(x, y) }

// nearest is the cell of g nearest to (x, y).
func (g seg) nearest(x, y int) (int, int) {
	b := g.box()
	return min(max(x, b.x0), b.x1), min(max(y, b.y0), b.y1)
}

// track keeps a player's band as straight segments, updated from the cells
// laid since the last look. Bands are paths of adjacent cells, so a band of
// n cells with few turns costs a few segments to measure.
type track struct {
	n     int   // band cells seen
	first int32 // first cell of the band seen
	last  int   // last cell seen
	segs  []seg
	dir   paperio.Dir // direction of the last segment; noDir while it is one cell
	box   rect        // bounding box of the band
}

func (t *track) reset() {
	t.n, t.dir = 0, noDir
	t.segs = t.segs[:0]
}

// update brings the track up to date with player i's band.
func (t *track) update(s *paperio.State, i int) {
	band := s.Band(i)
	if len(band) < t.n || (t.n > 0 && band[0] != t.first) {
		t.reset()
	}
	h := s.Height()
	for _, c := range band[t.n:] {
		ci := int(c)
		// A band cell is usually next to the one before: no division.
		d := noDir
		if len(t.segs) > 0 {
			switch ci - t.last {
			case h:
				d = paperio.East
			case 1:
				d = paperio.South
			case -h:
				d = paperio.West
			case -1:
				d = paperio.North
			}
		}
		var x, y int
		if d != noDir {
			g := &t.segs[len(t.segs)-1]
			x, y = paperio.StepFrom(g.bx, g.by, d)
		} else {
			x, y = ci/h, ci%h
		}
		t.last = ci
		t.add(x, y, d)
	}
	if len(band) > 0 {
		t.first = band[0]
	}
	t.n = len(band)
}

// add appends cell (x, y), reached from the last cell in direction d (noDir:
// not from the last cell).
func (t *track) add(x, y int, d paperio.Dir) {
	if len(t.segs) == 0 {
		t.segs = append(t.segs, seg{x, y, x, y})
		t.dir = noDir
		t.box = rect{x, y, x, y}
		return
	}
	t.box = rect{min(t.box.x0, x), min(t.box.y0, y), max(t.box.x1, x), max(t.box.y1, y)}
	last := &t.segs[len(t.segs)-1]
	switch {
	case d == noDir: // not next to the last cell: a new piece
		t.segs = append(t.segs, seg{x, y, x, y})
		t.dir = noDir
	case t.dir == noDir || t.dir == d:
		last.bx, last.by = x, y
		t.dir = d
	default: // a turn: the new piece starts at the corner
		t.segs = append(t.segs, seg{last.bx, last.by, x, y})
		t.dir = d
	}
}

// boxDist is the Manhattan distance from (x, y) to the band's bounding box:
// a lower bound of dist.
func (t *track) boxDist(x, y int) int {
	if len(t.segs) == 0 {
		return far
	}
	return t.box.dist(x, y)
}

// dist is the Manhattan distance from (x, y) to the nearest band cell.
func (t *track) dist(x, y int) int {
	best := far
	for i := range t.segs {
		if d := t.segs[i].dist(x, y); d < best {
			best = d
			if d == 0 {
				break
			}
		}
	}
	return best
}
