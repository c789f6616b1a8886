package rl

import (
	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/engine/paperio"
)

// Guard says which actions (by index) the exposure mask allows player me
// in s: the moves after which the enemy cannot reach me's band before me
// can get home, as far as Manhattan distances tell.
//
// A move that does not lose at once (Safe) to cell c has a margin:
//
//   - unbounded when c holds the enemy's band and not the enemy's head (the
//     move wins), or c is me's territory (a band closes there, or there is
//     none: nothing is left to cut);
//   - otherwise e − h: e is the Manhattan distance from the enemy's head to
//     the nearest cell of me's band after the move (its cells and c), h the
//     distance from c to the nearest cell of me's territory (the board's
//     width + height when me has none). The enemy moves next, so it cuts
//     the band if it reaches it in e ≤ h half-steps of its own, before me's
//     h-th move takes me home.
//
// Allowed are the safe moves of margin at least 1; when there are none,
// the safe moves of the largest margin (the least exposed); when no move is
// safe, none, as Safe says. Manhattan distances are the fewest moves
// without obstacles: the enemy may need more, so the mask errs on the side
// of caution there, and me may need more to get home (around its own
// band), where it does not; GuardMargin asks for a larger margin.
func Guard(s *paperio.State, me int) [3]bool { return GuardMargin(s, me, 1) }

// Exposure is a rule of the exposure mask: Guard's, asking for Margin
// moves in hand (below 1: 1), and with Way, counting the cells of the way
// home as band.
//
// The way home from the cell c a move goes to is an L-shaped path of
// fewest moves to the territory cell nearest the head (FindHome), along
// one side of the rectangle they span and then the other; of its two
// shapes the one farther from the enemy's head is taken, and its last
// cell, the territory, is not counted. Each of its cells becomes band as
// the head passes it, and stays band until the head is home: an enemy that
// can reach one of them before then can cut the band there. Guard's
// distances see only the band already laid, so they allow a way home that
// runs past the enemy's head.
type Exposure struct {
	Margin int
	Way    bool
}

// Allow says which actions (by index) the rule allows player me in s.
func (r Exposure) Allow(s *paperio.State, me int) [3]bool {
	safe := Safe(s, me)
	var margin [3]int
	best := minMargin
	x, y, d := s.Head(me)
	for i, a := range Actions {
		if !safe[i] {
			continue
		}
		nx, ny := paperio.StepFrom(x, y, a.Turn(d))
		margin[i] = moveMargin(s, me, nx, ny, r.Way)
		best = max(best, margin[i])
	}
	need := min(best, max(r.Margin, 1))
	var ok [3]bool
	for i := range ok {
		ok[i] = safe[i] && margin[i] >= need
	}
	return ok
}

// GuardMargin is Guard asking for a margin of at least need instead of 1
// (a need below 1 counts as 1): the distances are those of open ground,
// while the way home may have to go round the band and the enemy's way is
// often straight, so a few moves in hand keep the band out of reach more
// often.
func GuardMargin(s *paperio.State, me, need int) [3]bool {
	return Exposure{Margin: need}.Allow(s, me)
}

const (
	maxMargin = 1 << 30  // a move that leaves no band to cut
	minMargin = -1 << 30 // below every margin
)

// moveMargin is the margin of me's move to (nx, ny), a cell on the board
// and not on me's band (see Guard); with way, the way home counts as band
// (Exposure).
func moveMargin(s *paperio.State, me, nx, ny int, way bool) int {
	ex, ey, _ := s.Head(1 - me)
	if s.BandAt(nx, ny) == 2-me && (nx != ex || ny != ey) {
		return maxMargin
	}
	if s.FieldAt(nx, ny) == me+1 {
		return maxMargin
	}
	e := abs(nx-ex) + abs(ny-ey)
	if b := dataset.BandToHead(s, me); b >= 0 {
		e = min(e, int(b))
	}
	if way {
		e = min(e, wayFrom(s, me, nx, ny, ex, ey))
	}
	return e - homeFrom(s, me, nx, ny)
}

// wayFrom is the Manhattan distance from (ex, ey) to the nearer of the two
// L-shaped ways home from (x, y) to me's home cell (Exposure), without the
// home cell itself; maxMargin when me has no territory.
func wayFrom(s *paperio.State, me, x, y, ex, ey int) int {
	h := FindHome(s, me, 0)
	if h.R < 0 {
		return maxMargin
	}
	hx, hy, d := s.Head(me)
	tx := hx + h.A*d.DX() + h.B*d.Right().DX()
	ty := hy + h.A*d.DY() + h.B*d.Right().DY()
	if tx == x && ty == y {
		return maxMargin
	}
	// Along x first (corner (tx, y)), or along y first (corner (x, ty)).
	first := wayDist(x, y, tx, y, tx, ty, ex, ey)
	second := wayDist(x, y, x, ty, tx, ty, ex, ey)
	return max(first, second)
}

// wayDist is the Manhattan distance from (ex, ey) to the nearest cell of
// the way from (x, y) by (cx, cy) to (tx, ty), the home cell left out.
func wayDist(x, y, cx, cy, tx, ty, ex, ey int) int {
	if cx == tx && cy == ty {
		// The first leg ends at home: it stops one short.
		bx, by := tx-sign(tx-x), ty-sign(ty-y)
		return segDist(x, y, bx, by, ex, ey)
	}
	bx, by := tx-sign(tx-cx), ty-sign(ty-cy)
	return min(segDist(x, y, cx, cy, ex, ey), segDist(cx, cy, bx, by, ex, ey))
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

// segDist is the Manhattan distance from (ex, ey) to the nearest cell of
// the axis-aligned segment from (ax, ay) to (bx, by).
func segDist(ax, ay, bx, by, ex, ey int) int {
	x := min(max(ex, min(ax, bx)), max(ax, bx))
	y := min(max(ey, min(ay, by)), max(ay, by))
	return abs(ex-x) + abs(ey-y)
}

// homeFrom is the Manhattan distance from (x, y) to the nearest cell of
// me's territory, the board's width + height when me has none. (x, y) is
// next to me's head, so it is within one of the head's own distance.
func homeFrom(s *paperio.State, me, x, y int) int {
	r := FindHome(s, me, 0).R
	if r < 0 {
		return s.Width() + s.Height()
	}
	for d := max(r-1, 0); d < r+1; d++ {
		if ringHolds(s, me, x, y, d) {
			return d
		}
	}
	return r + 1
}

// ringHolds says whether a cell of me's territory lies at Manhattan
// distance exactly r from (x, y).
func ringHolds(s *paperio.State, me, x, y, r int) bool {
	own := me + 1
	if r == 0 {
		return s.Inside(x, y) && s.FieldAt(x, y) == own
	}
	for k := range r {
		// The four cells of the ring k steps from each corner, clockwise.
		for _, c := range [4][2]int{{x + r - k, y + k}, {x - k, y + r - k}, {x - r + k, y - k}, {x + k, y - r + k}} {
			if s.Inside(c[0], c[1]) && s.FieldAt(c[0], c[1]) == own {
				return true
			}
		}
	}
	return false
}
