package bots

import "github.com/paperio/paperio/engine/paperio"

// attackMove decides whether to go for the enemy's band and returns the
// move. It attacks when its nearest band cell is within reach, I get there
// before the enemy can get home, and the enemy cannot reach my band first.
func (h *heuristic) attackMove(s *paperio.State, x, y int, d paperio.Dir, band int, safe *[4]bool) (paperio.Dir, bool) {
	lb := h.theirs.boxDist(x, y) // no band cell is nearer
	if h.attack <= 0 || lb > h.attack || h.enemySurelyHomeWithin(s, lb+h.slack) {
		return noDir, false
	}
	steps, tx, ty := h.nearestEnemyBand(x, y, d)
	if steps > h.attack {
		return noDir, false
	}
	// The enemy must not reach my band, or the way there, first.
	ex, ey := h.bd.ex, h.bd.ey
	e := min(seg{x, y, tx, y}.dist(ex, ey), seg{tx, y, tx, ty}.dist(ex, ey))
	if band > 0 {
		e = min(e, h.mine.dist(ex, ey))
		if h.blocked(x, y, tx, ty) {
			return noDir, false
		}
	}
	home := band == 0 && h.raid && h.homeWay(x, y, tx, ty)
	if e < steps && !home || !h.enemyNeedsAtLeast(s, steps+h.slack) {
		return noDir, false
	}
	// Step towards the target.
	best, bestSteps := noDir, far
	for _, nd := range ahead(d) {
		if !safe[nd] {
			continue
		}
		nx, ny := paperio.StepFrom(x, y, nd)
		n := stepsTo(nx, ny, nd, tx, ty)
		if home && !h.bd.mine(nx, ny) && (nx != tx || ny != ty) {
			continue // the way must stay on my territory: no band to cut
		}
		if n < bestSteps {
			best, bestSteps = nd, n
		}
	}
	if best == noDir || bestSteps >= steps {
		return noDir, false
	}
	return best, true
}

// homeWay reports whether one of the two shortest L-shaped ways from (x, y)
// to (tx, ty) stays on my territory up to the target, so that going there
// lays no band.
func (h *heuristic) homeWay(x, y, tx, ty int) bool {
	return h.onMine(x, y, tx, y, tx, ty) || h.onMine(x, y, x, ty, tx, ty)
}

// onMine reports whether the way (x, y) to (mx, my) to (tx, ty), straight
// legs, is my territory all along, (tx, ty) left out.
func (h *heuristic) onMine(x, y, mx, my, tx, ty int) bool {
	for _, g := range [2]seg{{x, y, mx, my}, {mx, my, tx, ty}} {
		dx, dy := sign(g.bx-g.ax), sign(g.by-g.ay)
		for cx, cy := g.ax, g.ay; ; cx, cy = cx+dx, cy+dy {
			if (cx != tx || cy != ty) && !h.bd.mine(cx, cy) {
				return false
			}
			if cx == g.bx && cy == g.by {
				break
			}
		}
	}
	return true
}

// nearestEnemyBand is the enemy's band cell (tx, ty) I reach in the fewest
// moves from (x, y) facing d, and that number of moves (far when it has no
// band).
func (h *heuristic) nearestEnemyBand(x, y int, d paperio.Dir) (steps, tx, ty int) {
	steps = far
	for _, g := range h.theirs.segs {
		if g.dist(x, y) >= steps {
			continue
		}
		cx, cy := g.nearest(x, y)
		n := stepsTo(x, y, d, cx, cy)
		if n > absInt(cx-x)+absInt(cy-y) && (d.Horizontal() && g.ay != g.by || !d.Horizontal() && g.ax != g.bx) {
			n-- // the piece crosses my line behind me: a cell beside it is nearer
		}
		if n < steps {
			steps, tx, ty = n, cx, cy
		}
	}
	return steps, tx, ty
}

// stepsTo is how many moves a player at (x, y) facing d needs to reach
// (tx, ty) on an open board: the Manhattan distance, plus two when the cell
// is straight behind.
func stepsTo(x, y int, d paperio.Dir, tx, ty int) int {
	m := absInt(tx-x) + absInt(ty-y)
	if m == 0 {
		return 0
	}
	forward := (tx-x)*d.DX() + (ty-y)*d.DY()
	aside := (tx-x)*d.Right().DX() + (ty-y)*d.Right().DY()
	if aside == 0 && forward < 0 {
		return m + 2
	}
	return m
}

// blocked reports whether my band (other than my head) crosses the box
// between (x, y) and (tx, ty).
func (h *heuristic) blocked(x, y, tx, ty int) bool {
	box := rect{min(x, tx), min(y, ty), max(x, tx), max(y, ty)}
	for _, g := range h.mine.segs {
		if g.bx == x && g.by == y { // the piece ending at my head: leave the head out
			if g.ax == g.bx && g.ay == g.by {
				continue
			}
			g.bx, g.by = g.bx+sign(g.ax-g.bx), g.by+sign(g.ay-g.by)
		}
		if g.box().overlaps(box) {
			return true
		}
	}
	return false
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
