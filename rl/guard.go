package rl

import (
	"sync"

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
// moves in hand (below 1: 1), and with Way, measuring the way home as it
// is: h is the fewest moves from c to me's territory that do not cross
// me's band (a breadth-first search; when there is none, the board's
// width × height), and e is also at most the enemy's distance to the
// cells of that way, the territory cell it ends on left out. Each of
// those cells becomes band as the head passes it and stays band until the
// head is home, so an enemy that can reach one of them in time can cut
// the band there; and a way home that must go round the band is longer
// than the Manhattan distance. Of the shortest ways the one taken goes
// from each cell (x, y) to the first neighbour one move nearer home, in
// the order (x, y−1), (x+1, y), (x, y+1), (x−1, y).
type Exposure struct {
	Margin int
	Way    bool
}

// Allow says which actions (by index) the rule allows player me in s.
func (r Exposure) Allow(s *paperio.State, me int) [3]bool {
	allow, reach := r.Split(s, me)
	for i := range allow {
		allow[i] = allow[i] && !reach[i]
	}
	return allow
}

// Split is the rule with the way (Way) taken apart: allow says which
// actions the rule allows, or would allow if the way's cells were not
// counted as band (h still the way's length), and reach which of those
// the whole rule forbids, as the way's cells are within the enemy's reach.
// Without Way reach is all false and allow is Allow's.
//
// Why: the way's cells are band only once the head has passed them, and an
// enemy near them cuts the band only if it goes for it. Against an enemy
// that walks its own round (goround) they are where it crosses the band;
// against one that defends its territory (heuristic) the moves they forbid
// are the deep ones that win. A policy can lower those moves' logits
// instead of forbidding them (the policy meta's exposure_way_soft).
func (r Exposure) Split(s *paperio.State, me int) (allow, reach [3]bool) {
	allow, reach, _ = r.SplitToward(s, me)
	return allow, reach
}

// SplitToward is Split, and for each move of reach whether the enemy
// heads toward the cell of the way nearest to it: its next move straight
// on would bring it one nearer. An enemy that walks its round crosses the
// way straight on; one busy with a loop of its own mostly heads elsewhere.
func (r Exposure) SplitToward(s *paperio.State, me int) (allow, reach, toward [3]bool) {
	safe := Safe(s, me)
	var heads [3]bool
	var full, loose [3]int
	bestFull, bestLoose := minMargin, minMargin
	x, y, d := s.Head(me)
	var w *wayFinder
	// At home with no band out, a move off the territory is one move from
	// it, Manhattan's distance: no search is needed.
	if r.Way && (s.BandLen(me) > 0 || s.FieldAt(x, y) != me+1) {
		w = ways.Get().(*wayFinder)
		defer ways.Put(w)
		w.search(s, me, safe)
	}
	for i, a := range Actions {
		if !safe[i] {
			continue
		}
		nx, ny := paperio.StepFrom(x, y, a.Turn(d))
		full[i], loose[i], heads[i] = moveMargin(s, me, nx, ny, w)
	}
	for i := range full {
		if safe[i] {
			bestFull, bestLoose = max(bestFull, full[i]), max(bestLoose, loose[i])
		}
	}
	needFull, needLoose := min(bestFull, max(r.Margin, 1)), min(bestLoose, max(r.Margin, 1))
	for i := range allow {
		ok := safe[i] && full[i] >= needFull
		allow[i] = ok || safe[i] && loose[i] >= needLoose
		reach[i] = allow[i] && !ok
		toward[i] = reach[i] && heads[i]
	}
	return allow, reach, toward
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
// and not on me's band (see Guard); with w, of the rule with the way home
// (Exposure), w having searched from the cells of me's safe moves: full
// counts the way's cells as band, loose does not (Split). Without w the
// two are equal.
func moveMargin(s *paperio.State, me, nx, ny int, w *wayFinder) (full, loose int, toward bool) {
	ex, ey, ed := s.Head(1 - me)
	if s.BandAt(nx, ny) == 2-me && (nx != ex || ny != ey) {
		return maxMargin, maxMargin, false
	}
	if s.FieldAt(nx, ny) == me+1 {
		return maxMargin, maxMargin, false
	}
	e := abs(nx-ex) + abs(ny-ey)
	if b := dataset.BandToHead(s, me); b >= 0 {
		e = min(e, int(b))
	}
	if w == nil {
		m := e - homeFrom(s, me, nx, ny)
		return m, m, false
	}
	h, near, at := w.way(s, nx, ny, ex, ey)
	if at >= 0 {
		cx, cy := at/s.Height(), at%s.Height()
		toward = (cx-ex)*ed.DX()+(cy-ey)*ed.DY() > 0
	}
	return min(e, near) - h, e - h, toward
}

// wayFinder is the scratch of Exposure's way home: the distance of each
// cell from me's territory by moves that do not cross me's band, found by
// a breadth-first search out from the territory, plus one (0: not
// reached).
type wayFinder struct {
	dist  []int32
	queue []int32
}

var ways = sync.Pool{New: func() any { return new(wayFinder) }}

// search fills dist out from me's territory until the cells of me's safe
// moves are reached, or every cell that can be.
func (w *wayFinder) search(s *paperio.State, me int, safe [3]bool) {
	wd, ht := s.Width(), s.Height()
	n := wd * ht
	if cap(w.dist) < n {
		w.dist, w.queue = make([]int32, n), make([]int32, 0, n)
	}
	w.dist, w.queue = w.dist[:n], w.queue[:0]
	clear(w.dist)
	field, band := s.Fields(), s.Bands()
	own := uint8(me + 1)
	for i, f := range field {
		if f == own {
			w.dist[i] = 1
			w.queue = append(w.queue, int32(i))
		}
	}
	x, y, d := s.Head(me)
	var at [3]int32
	targets := at[:0]
	for i, a := range Actions {
		if safe[i] {
			nx, ny := paperio.StepFrom(x, y, a.Turn(d))
			targets = append(targets, int32(nx*ht+ny))
		}
	}
	for q := 0; q < len(w.queue); q++ {
		if q%64 == 0 && w.reached(targets) {
			return
		}
		c := int(w.queue[q])
		cx, cy, next := c/ht, c%ht, w.dist[c]+1
		for _, nb := range [4][2]int{{cx, cy - 1}, {cx + 1, cy}, {cx, cy + 1}, {cx - 1, cy}} {
			if nb[0] < 0 || nb[0] >= wd || nb[1] < 0 || nb[1] >= ht {
				continue
			}
			j := nb[0]*ht + nb[1]
			if w.dist[j] == 0 && band[j] != own {
				w.dist[j] = next
				w.queue = append(w.queue, int32(j))
			}
		}
	}
}

// reached says whether every target cell has its distance.
func (w *wayFinder) reached(targets []int32) bool {
	for _, t := range targets {
		if w.dist[t] == 0 {
			return false
		}
	}
	return true
}

// way is the fewest moves from (x, y) home (width × height when there is
// no way) and the Manhattan distance from (ex, ey) to the nearest cell of
// the way taken, the territory cell it ends on left out (maxMargin when
// there is no way), and the first such cell of the way (-1: none).
func (w *wayFinder) way(s *paperio.State, x, y, ex, ey int) (h, near, at int) {
	ht := s.Height()
	c := x*ht + y
	if w.dist[c] == 0 {
		return s.Width() * ht, maxMargin, -1
	}
	h, near, at = int(w.dist[c]-1), maxMargin, -1
	for w.dist[c] > 1 {
		cx, cy := c/ht, c%ht
		if d := abs(cx-ex) + abs(cy-ey); d < near {
			near, at = d, c
		}
		for _, nb := range [4][2]int{{cx, cy - 1}, {cx + 1, cy}, {cx, cy + 1}, {cx - 1, cy}} {
			if nb[0] >= 0 && nb[0] < s.Width() && nb[1] >= 0 && nb[1] < ht {
				if j := nb[0]*ht + nb[1]; w.dist[j] == w.dist[c]-1 {
					c = j
					break
				}
			}
		}
	}
	return h, near, at
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
