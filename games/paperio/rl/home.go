package rl

import (
	"math"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
)

// Home is where a player's nearest own territory cell lies, seen from its
// head: a cells ahead and b cells to the right (negative: behind, to the
// left), at Manhattan distance r = |a| + |b|; r is -1 when the player has
// no territory. Among the nearest cells the first in the ring's order is
// taken: from straight ahead clockwise (ahead, right, behind, left), so the
// answer is a function of the state alone and turns with the player.
type Home struct{ A, B, R int }

// FindHome finds player me's home, searching the rings from distance from
// on: the caller knows no own territory cell is nearer (0 when it knows
// nothing).
func FindHome(s *paperio.State, me, from int) Home {
	return findHome(s, me, from, rect{0, 0, s.Width() - 1, s.Height() - 1})
}

// rect is a rectangle of cells, inclusive: x0..x1 × y0..y1; empty when x0 >
// x1.
type rect struct{ x0, y0, x1, y1 int }

var noRect = rect{0, 0, -1, -1}

func (r rect) empty() bool { return r.x0 > r.x1 }

// extend makes r cover (x, y) as well.
func (r *rect) extend(x, y int) {
	if r.empty() {
		*r = rect{x, y, x, y}
		return
	}
	r.x0, r.y0, r.x1, r.y1 = min(r.x0, x), min(r.y0, y), max(r.x1, x), max(r.y1, y)
}

// union is the rectangle that covers r and o.
func (r rect) union(o rect) rect {
	switch {
	case r.empty():
		return o
	case o.empty():
		return r
	}
	return rect{min(r.x0, o.x0), min(r.y0, o.y0), max(r.x1, o.x1), max(r.y1, o.y1)}
}

// dist is the Manhattan distance from (x, y) to the nearest cell of r.
func (r rect) dist(x, y int) int {
	return max(r.x0-x, 0, x-r.x1) + max(r.y0-y, 0, y-r.y1)
}

// findHome is FindHome where every own territory cell is known to lie in
// box (a rectangle on the board): the rings start no nearer than the box,
// and each side of a ring is cut to the box.
func findHome(s *paperio.State, me, from int, box rect) Home {
	if s.Area(me) == 0 {
		return Home{0, 0, -1}
	}
	hx, hy, d := s.Head(me)
	ax, ay := d.DX(), d.DY()
	rx, ry := d.Right().DX(), d.Right().DY()
	h := s.Height()
	field, own := s.Fields(), uint8(me+1)
	from = max(from, box.dist(hx, hy))
	if from <= 0 {
		if s.Inside(hx, hy) && field[hx*h+hy] == own {
			return Home{}
		}
		from = 1
	}
	// The four sides of ring r, each r cells from a corner: (a, b) starts
	// at corner and moves by (da, db) per cell.
	sides := [4]struct{ a, b, da, db int }{
		{1, 0, -1, 1}, {0, 1, -1, -1}, {-1, 0, 1, -1}, {0, -1, 1, 1},
	}
	for r := from; r <= s.Width()+h; r++ {
		for _, sd := range sides {
			a0, b0 := sd.a*r, sd.b*r
			x0, y0 := hx+a0*ax+b0*rx, hy+a0*ay+b0*ry
			dx, dy := sd.da*ax+sd.db*rx, sd.da*ay+sd.db*ry // each ±1
			lo, hi := clipSpan(0, r-1, x0, dx, box.x0, box.x1)
			lo, hi = clipSpan(lo, hi, y0, dy, box.y0, box.y1)
			c, stride := (x0+lo*dx)*h+y0+lo*dy, dx*h+dy
			for t := lo; t <= hi; t++ {
				if field[c] == own {
					return Home{a0 + t*sd.da, b0 + t*sd.db, r}
				}
				c += stride
			}
		}
	}
	return Home{0, 0, -1} // unreachable: the player has territory
}

// clipSpan narrows [lo, hi] to the j with vmin ≤ v0 + j·dv ≤ vmax, for dv
// in -1, 0, 1; the range comes back empty (lo > hi) when no j is left.
func clipSpan(lo, hi, v0, dv, vmin, vmax int) (int, int) {
	switch {
	case dv > 0:
		return max(lo, vmin-v0), min(hi, vmax-v0)
	case dv < 0:
		return max(lo, v0-vmax), min(hi, v0-vmin)
	case v0 < vmin || v0 > vmax:
		return 1, 0
	}
	return lo, hi
}

// tracker follows a game half-step by half-step to compute the scalars
// that search the board (each player's home, each band's distance to the
// other head) quickly.
//
// Homes: the head moves one cell a half-step, so the nearest territory
// cell cannot come nearer by more than the head moved, as long as the
// territory has not grown; and the territory lies in a rectangle known
// without looking at the board: the start square, grown at each enclosure
// by the rectangle of the band that closed (what a band encloses lies
// within the rectangle of the band and the territory it closes on).
//
// Bands: the coordinates of each band's cells, in the order laid, kept
// next to each other so that the distance scan reads them in order rather
// than looking each cell up in the engine's tables.
type tracker struct {
	hint [2]homeHint
	terr [2]rect   // holds every territory cell of the player
	band [2]rect   // holds the player's band cells
	xy   [2][]cell // the player's band cells while the game is on, as s.Band
}

// cell is a board cell's coordinates.
type cell struct{ x, y int16 }

// homeHint remembers a player's last home: the search starts near it.
type homeHint struct {
	valid bool
	r     int
	x, y  int // the head when r was found
}

// start follows a new game.
func (t *tracker) start(s *paperio.State) {
	for i := range 2 {
		x0, y0, x1, y1 := s.Box(i) // the start square: no cell stood on yet
		t.hint[i] = homeHint{}
		t.terr[i] = rect{x0, y0, x1, y1}
		t.band[i] = noRect
		t.xy[i] = t.xy[i][:0]
	}
}

// played follows the half-step just played by mover m, whose territory
// had area cells before it. While the game is on, only the mover's band
// changes: it grows by the cell stepped on, or goes when it encloses.
func (t *tracker) played(s *paperio.State, m, area int) {
	if s.Area(m) > area {
		t.hint[m].valid = false
		t.terr[m] = t.terr[m].union(t.band[m])
	}
	x, y, _ := s.Head(m)
	if s.BandLen(m) > 0 && s.Inside(x, y) {
		t.band[m].extend(x, y)
	} else {
		t.band[m] = noRect
	}
	band := s.Band(m)
	if len(band) < len(t.xy[m]) {
		t.xy[m] = t.xy[m][:0]
	}
	for _, c := range band[len(t.xy[m]):] {
		cx, cy := s.XY(int(c))
		t.xy[m] = append(t.xy[m], cell{int16(cx), int16(cy)})
	}
}

// home is player me's home, and keeps it as the next search's hint.
func (t *tracker) home(s *paperio.State, me int) Home {
	hh := &t.hint[me]
	x, y, _ := s.Head(me)
	from := 0
	if hh.valid && hh.r >= 0 {
		from = max(hh.r-abs(x-hh.x)-abs(y-hh.y), 0)
	}
	home := findHome(s, me, from, t.terr[me])
	*hh = homeHint{valid: true, r: home.R, x: x, y: y}
	return home
}

// scalars writes the scalars of player me's observation.
func (t *tracker) scalars(s *paperio.State, me int, out []float32) {
	scalars(s, me, t.home(s, me), [2]int32{t.bandToHead(s, me), t.bandToHead(s, 1-me)}, out)
}

// bandToHead is tables.BandToHead: the distance from player i's band to
// the other head, -1 without band. A long band is scanned as BandToHead
// does, skipping the cells that cannot be nearer: consecutive cells are
// neighbours, so after a cell at distance d the next d-best cells cannot
// beat best. A short one is scanned cell by cell, which costs less than
// the skips' chain of dependent steps. When the game has ended a band may
// have lost cells to the other's, which BandToHead sorts out.
func (t *tracker) bandToHead(s *paperio.State, i int) int32 {
	xy := t.xy[i]
	if s.Over() || len(xy) != s.BandLen(i) {
		return tables.BandToHead(s, i)
	}
	if len(xy) == 0 {
		return -1
	}
	hx, hy, _ := s.Head(1 - i)
	best := math.MaxInt
	if len(xy) <= shortBand {
		for _, c := range xy {
			best = min(best, abs(int(c.x)-hx)+abs(int(c.y)-hy))
		}
		return int32(best)
	}
	for j := 0; j < len(xy); {
		d := abs(int(xy[j].x)-hx) + abs(int(xy[j].y)-hy)
		if d < best {
			if best = d; d == 0 {
				break
			}
		}
		j += d - best + 1
	}
	return int32(best)
}

// shortBand is the longest band scanned cell by cell.
const shortBand = 32

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
