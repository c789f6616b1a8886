package bots

import (
	"math"

	"github.com/paperio/paperio/engine/paperio"
)

// planLoop looks for the best loop from my position: straight out of the
// territory, or across it along a line and out where the line passes the
// territory's edge. The best loop gains the most area per move. It becomes
// h.plan; false when there is none.
func (h *heuristic) planLoop(s *paperio.State, x, y int, d paperio.Dir) bool {
	bd := &h.bd
	h.bestScore = 0
	h.turnsLeft = s.TurnsLeft(h.me)
	if h.steal > 0 {
		h.counts[0] = prefixSums(h.counts[0], bd.w, bd.h, bd.field, bd.own)
		h.counts[1] = prefixSums(h.counts[1], bd.w, bd.h, bd.field, bd.opp)
	}
	maxBase := h.maxBand/2 + 2 // wider stretches of territory do not make better loops
	for _, dir := range ahead(d) {
		nx, ny := paperio.StepFrom(x, y, dir)
		if !bd.inside(nx, ny) || bd.bands[nx*bd.h+ny] == bd.own {
			continue
		}
		if !bd.mine(nx, ny) {
			h.tryExit(loopPlan{loop: loop{x: x, y: y, out: dir}, travelDir: dir}, maxBase)
			continue
		}
		h.tryAcross(x, y, dir, maxBase)
	}
	if h.bestScore <= 0 {
		return false
	}
	h.plan = h.best
	h.plan.valid = true
	h.plan.at = progress{}
	return true
}

// tryAcross tries the loops reached by travelling from (x, y) in direction
// dir across my territory: out to either side where the line passes the
// territory's edge, and straight on where it leaves the territory.
func (h *heuristic) tryAcross(x, y int, dir paperio.Dir, maxBase int) {
	bd := &h.bd
	run := h.extent(x, y, dir, h.travel+maxBase)
	behind := h.extent(x, y, dir.Opposite(), maxBase)
	var wasExit [2]bool
	for k := 1; k <= min(run, h.travel); k++ {
		if h.bound(k) <= h.bestScore {
			break
		}
		cx, cy := x+k*dir.DX(), y+k*dir.DY()
		for i, out := range [2]paperio.Dir{dir.Right(), dir.Left()} {
			qx, qy := paperio.StepFrom(cx, cy, out)
			isExit := bd.inside(qx, qy) && bd.field[qx*bd.h+qy] != bd.own
			if isExit && !wasExit[i] { // the line reaches the edge: out, and across either way
				p := loopPlan{loop: loop{x: cx, y: cy, out: out}, travelDir: dir, travel: k}
				p.side, p.base = dir, min(run-k, maxBase)
				h.tryLoop(p)
				p.side, p.base = dir.Opposite(), min(k+behind, maxBase)
				h.tryLoop(p)
			}
			wasExit[i] = isExit
		}
	}
	if run <= h.travel && h.bound(run) > h.bestScore {
		if bd.inside(x+(run+1)*dir.DX(), y+(run+1)*dir.DY()) { // the line leaves the territory
			start := loop{x: x + run*dir.DX(), y: y + run*dir.DY(), out: dir}
			h.tryExit(loopPlan{loop: start, travelDir: dir, travel: run}, maxBase)
		}
	}
}

// extent counts my territory cells from (x, y) (not counted) in direction
// dir, up to limit.
func (h *heuristic) extent(x, y int, dir paperio.Dir, limit int) int {
	n := 0
	for n < limit && h.bd.mine(x+(n+1)*dir.DX(), y+(n+1)*dir.DY()) {
		n++
	}
	return n
}

// bound is an upper bound of the score of any loop reached after t moves
// of travel.
func (h *heuristic) bound(t int) float64 {
	m := float64(h.maxBand + 1)
	return ((m+1)*(m+1)/8 + m) / (float64(t) + m + 2)
}

// tryExit tries the loops of p leaving the territory in direction p.out, to
// either side.
func (h *heuristic) tryExit(p loopPlan, maxBase int) {
	for _, side := range [2]paperio.Dir{p.out.Right(), p.out.Left()} {
		p.side, p.base = side, h.extent(p.x, p.y, side, maxBase)
		h.tryLoop(p)
	}
}

// loopLimits bound the loops tried from one start.
type loopLimits struct {
	depth int // deepest: the depth parameter, or the board's edge
	width int // widest: the board's edge
	band  int // most band cells: maxband+1, or the moves left
}

// widthAt is the widest loop of the given depth from a start with base
// territory cells beside it; 0 when none fits.
func (lim *loopLimits) widthAt(depth, base int) int {
	room := lim.band - 2*depth // for the across and along legs
	if room < 1 {
		return 0
	}
	if room > base { // across b and along b-base: 2b-base <= room
		room = (room + base) / 2
	}
	return min(room, lim.width)
}

// tryLoop tries the loops of p (its start, direction out, side and base
// set) and keeps the best in h.best: the one that gains most per move if
// the enemy cannot reach it in time, else at each depth the widest the
// enemy cannot reach.
func (h *heuristic) tryLoop(p loopPlan) {
	if p.base < 1 {
		return
	}
	bd := &h.bd
	if fx, fy := paperio.StepFrom(p.x, p.y, p.out); !bd.inside(fx, fy) || bd.field[fx*bd.h+fy] == bd.own {
		return
	}
	lim := loopLimits{
		depth: min(h.depth, bd.wallDist(p.x, p.y, p.out)),
		width: bd.wallDist(p.x, p.y, p.side),
		band:  min(h.maxBand+1, h.turnsLeft-2-p.travel),
	}
	// First the best loop from here if the enemy were no matter: when it
	// does not beat the best found so far, nothing from here does; when the
	// enemy cannot reach it in time, it is the one.
	top := lim.best(p.base, p.travel)
	if top.depth == 0 || top.score(p.travel)*h.gainBound() <= h.bestScore {
		return
	}
	p.shape = top
	if p.dist(bd.ex, bd.ey) >= h.need(p.shape, p.travel) {
		if sc := h.planScore(&p); sc > h.bestScore {
			h.best, h.bestScore = p, sc
		}
		if h.steal == 0 {
			return
		}
	}
	h.tryOutOfReach(p, &lim)
}

// best is the shape of the loop from a start with base territory cells
// beside it that gains the most per move within the limits, the enemy
// aside; its depth is 0 when none fits. The score changes slowly with the
// depth: it tries every third depth, then the neighbours of the best.
func (lim *loopLimits) best(base, travel int) shape {
	best, gain, moves := shape{base: base}, 0, 1
	try := func(a int) {
		if a < 1 || a > lim.depth {
			return
		}
		wide := lim.widthAt(a, base)
		for _, b := range [2]int{wide, min(base, wide)} {
			if b < 1 {
				continue
			}
			c := shape{a, b, base}
			if n, dn := c.gain(), c.moves(travel); n*moves > gain*dn {
				best, gain, moves = c, n, dn
			}
		}
	}
	for a := 1; a <= lim.depth; a += 3 {
		try(a)
	}
	try(lim.depth)
	if a := best.depth; a > 0 {
		try(a - 2)
		try(a - 1)
		try(a + 1)
		try(a + 2)
	}
	return best
}

// tryOutOfReach keeps, at each depth, the widest loop of p the enemy cannot
// reach in time, when it scores better than the best so far. The depths are
// tried finer where loops are small.
func (h *heuristic) tryOutOfReach(p loopPlan, lim *loopLimits) {
	ex, ey := h.bd.ex, h.bd.ey
	ox, oy := p.out.DX(), p.out.DY()
	for a := 1; a <= lim.depth; a += 1 + a/8 {
		if lim.band-2*a < 1 {
			break // too long, and deeper loops more so
		}
		if (seg{p.x + ox, p.y + oy, p.x + a*ox, p.y + a*oy}).dist(ex, ey) < h.margin+p.travel+2*a+1 {
			break // the out leg alone is within reach, and deeper ones more so
		}
		wide := lim.widthAt(a, p.base)
		if g := h.gainBound(); (shape{a, wide, p.base}).score(p.travel)*g <= h.bestScore && (shape{a, min(p.base, wide), p.base}).score(p.travel)*g <= h.bestScore {
			continue
		}
		lo, hi := 0, wide // the widest out of reach: reach only grows with the width
		for lo < hi {
			mid := (lo + hi + 1) / 2
			p.depth, p.width = a, mid
			if p.dist(ex, ey) >= h.need(p.shape, p.travel) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		// That one, or the one no wider than the base, which closes on
		// territory without an along leg.
		for i, b := range [2]int{lo, min(p.base, lo)} {
			if b < 1 || (i == 1 && b == lo) {
				continue
			}
			p.depth, p.width = a, b
			if sc := h.planScore(&p); sc > h.bestScore && (i == 0 || p.dist(ex, ey) >= h.need(p.shape, p.travel)) {
				h.best, h.bestScore = p, sc
			}
		}
	}
}

// need is how far the enemy must be from loop l, travel moves still to go
// before it starts, for it to be planned: its out leg and a U-turn home
// always, the rest as much as risk allows, plus the margin.
func (h *heuristic) need(l shape, travel int) int {
	core := 2*l.depth + 1
	return h.margin + travel + core + (max(0, l.bandLen()-core)*h.exposed+1023)>>10
}

// planScore is the planner's measure of loop p: the area it gains per
// move, the area being its rectangle's, or with steal the cells it really
// takes (countGain) over its moves to the power pace. (A pace above 1
// measured better against the heuristic: quick loops leave the enemy less
// time to cut them or to steal back.)
func (h *heuristic) planScore(p *loopPlan) float64 {
	if h.steal == 0 {
		return p.score(p.travel)
	}
	m := float64(p.moves(p.travel))
	if h.pace != 1 {
		m = math.Pow(m, h.pace)
	}
	return h.countGain(&p.loop) / m
}

// gainBound is how many times its rectangle's area per move a loop may
// score: the planner's pruning bound. (It holds because pace is at least
// 1, so dividing by the moves to the power pace never scores more.)
func (h *heuristic) gainBound() float64 { return 1 + h.steal }

// countGain is what loop l takes, counted on the board: the cells of its
// rectangle and along leg that are not mine, an enemy cell 1+steal.
func (h *heuristic) countGain(l *loop) float64 {
	ox, oy, sx, sy := l.out.DX(), l.out.DY(), l.side.DX(), l.side.DY()
	// The rectangle: 1..depth deep, 0..width across.
	b := rectOf(l.x+ox, l.y+oy, l.x+l.depth*ox+l.width*sx, l.y+l.depth*oy+l.width*sy)
	n := float64(b.area()) - float64(boxCount(h.counts[0], h.bd.h, b)) + h.steal*float64(boxCount(h.counts[1], h.bd.h, b))
	if l.width > l.base { // the along leg: base+1..width across on the start's row
		a := rectOf(l.x+(l.base+1)*sx, l.y+(l.base+1)*sy, l.x+l.width*sx, l.y+l.width*sy)
		n += float64(a.area()) - float64(boxCount(h.counts[0], h.bd.h, a)) + h.steal*float64(boxCount(h.counts[1], h.bd.h, a))
	}
	return n
}

// rectOf is the box with corners (x0, y0) and (x1, y1), in any order.
func rectOf(x0, y0, x1, y1 int) bandBox {
	return bandBox{min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)}
}

// boxCount is the number of cells counted by prefix sums p (prefixSums,
// board height h) in box b.
func boxCount(p []int32, h int, b bandBox) int {
	h++
	return int(p[(b.maxX+1)*h+b.maxY+1] - p[b.minX*h+b.maxY+1] - p[(b.maxX+1)*h+b.minY] + p[b.minX*h+b.minY])
}
