package rl

import "github.com/paperio/paperio/engine"

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
func FindHome(s *engine.State, me, from int) Home {
	if s.Area(me) == 0 {
		return Home{0, 0, -1}
	}
	hx, hy, d := s.Head(me)
	ax, ay := d.DX(), d.DY()
	rx, ry := d.Right().DX(), d.Right().DY()
	w, h := s.Width(), s.Height()
	field, own := s.Fields(), uint8(me+1)
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
	for r := from; r <= w+h; r++ {
		for _, sd := range sides {
			a0, b0 := sd.a*r, sd.b*r
			x0, y0 := hx+a0*ax+b0*rx, hy+a0*ay+b0*ry
			dx, dy := sd.da*ax+sd.db*rx, sd.da*ay+sd.db*ry // each ±1
			lo, hi := clipLine(0, r-1, x0, dx, w)
			lo, hi = clipLine(lo, hi, y0, dy, h)
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

// homeHint remembers a player's last home to start the next search near
// it: the head moves one cell a half-step, so the nearest territory cell
// cannot come nearer by more than the head moved, as long as the territory
// has not grown (it grows only by the player's own enclosures).
type homeHint struct {
	valid bool
	r     int
	x, y  int // the head when r was found
}

// find is FindHome with the hint's lower bound, and keeps the result.
func (hh *homeHint) find(s *engine.State, me int) Home {
	x, y, _ := s.Head(me)
	from := 0
	if hh.valid && hh.r >= 0 {
		from = max(hh.r-abs(x-hh.x)-abs(y-hh.y), 0)
	}
	home := FindHome(s, me, from)
	*hh = homeHint{valid: true, r: home.R, x: x, y: y}
	return home
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
