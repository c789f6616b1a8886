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

// GuardMargin is Guard asking for a margin of at least need instead of 1
// (a need below 1 counts as 1): the distances are those of open ground,
// while the way home may have to go round the band and the enemy's way is
// often straight, so a few moves in hand keep the band out of reach more
// often.
func GuardMargin(s *paperio.State, me, need int) [3]bool {
	safe := Safe(s, me)
	var margin [3]int
	best := minMargin
	x, y, d := s.Head(me)
	for i, a := range Actions {
		if !safe[i] {
			continue
		}
		nx, ny := paperio.StepFrom(x, y, a.Turn(d))
		margin[i] = moveMargin(s, me, nx, ny)
		best = max(best, margin[i])
	}
	need = min(best, max(need, 1))
	var ok [3]bool
	for i := range ok {
		ok[i] = safe[i] && margin[i] >= need
	}
	return ok
}

const (
	maxMargin = 1 << 30  // a move that leaves no band to cut
	minMargin = -1 << 30 // below every margin
)

// moveMargin is the margin of me's move to (nx, ny), a cell on the board
// and not on me's band (see Guard).
func moveMargin(s *paperio.State, me, nx, ny int) int {
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
	return e - homeFrom(s, me, nx, ny)
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
