package bots

import "github.com/paperio/paperio/engine/paperio"

// loop is a rectangle out of my territory that a band goes round: from its
// start (x, y), a cell of my territory on the territory's edge, out depth
// moves, across width moves to the side, back depth moves to the start's
// row and, when the width is more than base (how many territory cells follow
// the start towards the side), width-base moves along that row back into
// the territory. The back leg lands on territory when width <= base.
type loop struct {
	x, y      int
	out, side paperio.Dir
	shape
}

// shape is a loop's size. (It is kept apart from the loop's place so that
// the planner's many trials of sizes stay in registers.)
type shape struct{ depth, width, base int }

// overhang is the length of the last leg, along the start's row: how far
// the loop reaches past the stretch of territory it starts from.
func (s shape) overhang() int { return max(0, s.width-s.base) }

// bandLen is the number of band cells the loop lays.
func (s shape) bandLen() int { return 2*s.depth + s.width + s.overhang() }

// gain is the area the loop adds: the rectangle its band closes, beyond the
// start's row, and the cells of its along leg.
func (s shape) gain() int { return s.depth*(s.width+1) + s.overhang() }

// moves is how many moves the loop takes, counting travel moves to its
// start and two for getting going again.
func (s shape) moves(travel int) int { return travel + s.bandLen() + 2 }

// score is the area gained per move, the planner's measure of a loop.
func (s shape) score(travel int) float64 {
	return float64(s.gain()) / float64(s.moves(travel))
}

// dist is the Manhattan distance from (px, py) to the loop's band, leg by
// leg. The cell i deep and j across is (x + i·ox + j·sx, y + i·oy + j·sy).
func (l *loop) dist(px, py int) int {
	x, y, a, b, e := l.x, l.y, l.depth, l.width, l.base
	ox, oy, sx, sy := l.out.DX(), l.out.DY(), l.side.DX(), l.side.DY()
	// Out: 1..a deep; across: 1..b across at depth a.
	d := seg{x + ox, y + oy, x + a*ox, y + a*oy}.dist(px, py)
	d = min(d, seg{x + a*ox + sx, y + a*oy + sy, x + a*ox + b*sx, y + a*oy + b*sy}.dist(px, py))
	// Back: a-1..low deep at b across, stopping short of territory.
	low := 1
	if b > e {
		low = 0
	}
	if a-1 >= low {
		d = min(d, seg{x + b*sx + (a-1)*ox, y + b*sy + (a-1)*oy, x + b*sx + low*ox, y + b*sy + low*oy}.dist(px, py))
	}
	// Along: b-1..e+1 across on the start's row.
	if b-1 >= e+1 {
		d = min(d, seg{x + (b-1)*sx, y + (b-1)*sy, x + (e+1)*sx, y + (e+1)*sy}.dist(px, py))
	}
	return d
}

// The legs of a planned loop, in the order they are laid.
const (
	legTravel = iota // across my territory to the loop's start
	legOut
	legAcross
	legBack
	legAlong // along the start's row back into the territory
)

// progress is how far along a plan or a route a player is: the leg it is
// on and the moves made in it.
type progress struct{ leg, moves int }

// loopPlan is a loop and the way to it: travel moves in direction travelDir
// across my territory to the loop's start, then round the loop.
type loopPlan struct {
	valid bool
	loop
	travelDir paperio.Dir
	travel    int
	at        progress
}

// legLen is the number of moves of leg.
func (p *loopPlan) legLen(leg int) int {
	switch leg {
	case legTravel:
		return p.travel
	case legOut, legBack:
		return p.depth
	case legAcross:
		return p.width
	case legAlong:
		return p.overhang()
	}
	return 0
}

// legDir is the direction of leg.
func (p *loopPlan) legDir(leg int) paperio.Dir {
	switch leg {
	case legTravel:
		return p.travelDir
	case legOut:
		return p.out
	case legAcross:
		return p.side
	case legBack:
		return p.out.Opposite()
	}
	return p.side.Opposite()
}

// peek returns where the plan is after its next move, and the move's
// direction; ok is false when the plan has no moves left.
func (p *loopPlan) peek() (next progress, dir paperio.Dir, ok bool) {
	next = p.at
	for next.leg <= legAlong && next.moves >= p.legLen(next.leg) {
		next = progress{next.leg + 1, 0}
	}
	if next.leg > legAlong {
		return progress{}, 0, false
	}
	return progress{next.leg, next.moves + 1}, p.legDir(next.leg), true
}

// homeWay is the shortest way back into the territory that keeps to the
// loop's rectangle, from where the plan is at at.
func (p *loopPlan) homeWay(at progress) way {
	var w way
	back, along := p.out.Opposite(), p.side.Opposite()
	k := at.moves
	switch at.leg {
	case legOut: // step aside and come back alongside
		w.add(p.side, 1)
		w.add(back, k)
	case legAcross: // straight back to the start's row, then along it
		w.add(back, p.depth)
		w.add(along, k-p.base)
	case legBack:
		w.add(back, p.depth-k)
		w.add(along, p.width-p.base)
	case legAlong:
		w.add(along, p.width-p.base-k)
	}
	return w
}

// way is a route of up to three legs.
type way struct {
	legs [3]leg
	n    int
}

// add appends a leg of n moves in direction dir (none when n <= 0).
func (w *way) add(dir paperio.Dir, n int) {
	if n > 0 {
		w.legs[w.n] = leg{dir, n}
		w.n++
	}
}

// steps is the number of moves of the way.
func (w *way) steps() int {
	s := 0
	for i := 0; i < w.n; i++ {
		s += w.legs[i].n
	}
	return s
}

// end is the last cell of the way when it starts at (x, y).
func (w *way) end(x, y int) (int, int) {
	for _, l := range w.legs[:w.n] {
		x, y = x+l.n*l.dir.DX(), y+l.n*l.dir.DY()
	}
	return x, y
}

// dist is the Manhattan distance from (px, py) to the cells of the way
// when it starts at (x, y).
func (w *way) dist(px, py, x, y int) int {
	best := far
	for _, l := range w.legs[:w.n] {
		x0, y0 := paperio.StepFrom(x, y, l.dir)
		x, y = x+l.n*l.dir.DX(), y+l.n*l.dir.DY()
		best = min(best, seg{x0, y0, x, y}.dist(px, py))
	}
	return best
}
