package rl

import (
	"sync"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
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
	if b := tables.BandToHead(s, me); b >= 0 {
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
// reached), in a window of the board around the head.
//
// Why a window: the way home from a cell next to the head is h moves
// long, and every cell whose distance the walk along it reads lies within
// h + 1 of the head, as does the shortest way home of each of them. So a
// search confined to the cells within R of the head (a square, cut at the
// board's edges) finds those distances exactly when h < R, and the search
// is made again with R doubled when some target is farther or not reached,
// up to the whole board. A band seldom strays far from home: most
// searches read a few hundred cells instead of the board's ten thousand.
type wayFinder struct {
	x0, y0, ww, wh int     // the window: columns x0 .. x0+ww−1, rows y0 .. y0+wh−1
	dist           []int32 // the window's, column by column: (x − x0)·wh + y − y0
	queue          []int32 // window indices
}

var ways = sync.Pool{New: func() any { return new(wayFinder) }}

// windowSlack is the first window's reach past the head's Manhattan
// distance home: most ways home are about that long, and a window too
// small is searched again (4 was the fastest in BenchmarkWayHome; 2 and 3
// searched again too often, 5 and 8 searched more cells).
const windowSlack = 4

// at is the distance of board cell (x, y) plus one; 0 when not reached or
// outside the window.
func (w *wayFinder) at(x, y int) int32 {
	x, y = x-w.x0, y-w.y0
	if uint(x) >= uint(w.ww) || uint(y) >= uint(w.wh) {
		return 0
	}
	return w.dist[x*w.wh+y]
}

// search fills dist out from me's territory until the cells of me's safe
// moves are reached, or every cell that can be, in the smallest window
// (see wayFinder) that makes their ways exact.
func (w *wayFinder) search(s *paperio.State, me int, safe [3]bool) {
	wd, ht := s.Width(), s.Height()
	w.ww, w.wh = 0, 0
	if s.Area(me) == 0 {
		return // no territory: no way home
	}
	x, y, d := s.Head(me)
	var at [3][2]int
	targets := at[:0]
	for i, a := range Actions {
		if safe[i] {
			nx, ny := paperio.StepFrom(x, y, a.Turn(d))
			targets = append(targets, [2]int{nx, ny})
		}
	}
	r := windowSlack + max(FindHome(s, me, 0).R, 0)
	for {
		x0, y0 := max(x-r, 0), max(y-r, 0)
		x1, y1 := min(x+r, wd-1), min(y+r, ht-1)
		w.fill(s, me, x0, y0, x1-x0+1, y1-y0+1, targets)
		if x0 == 0 && y0 == 0 && x1 == wd-1 && y1 == ht-1 {
			return // the whole board: what is not reached has no way
		}
		exact := true
		for _, t := range targets {
			if h := w.at(t[0], t[1]); h == 0 || int(h) > r {
				exact = false
			}
		}
		if exact {
			return
		}
		r *= 2
	}
}

// fill is the search in one window, until the targets are reached.
func (w *wayFinder) fill(s *paperio.State, me, x0, y0, ww, wh int, targets [][2]int) {
	w.x0, w.y0, w.ww, w.wh = x0, y0, ww, wh
	n := ww * wh
	if cap(w.dist) < n {
		w.dist, w.queue = make([]int32, n), make([]int32, 0, n)
	}
	w.dist, w.queue = w.dist[:n], w.queue[:0]
	clear(w.dist)
	ht := s.Height()
	field, band := s.Fields(), s.Bands()
	own := uint8(me + 1)
	for lx := range ww {
		col := field[(x0+lx)*ht+y0 : (x0+lx)*ht+y0+wh]
		for ly, f := range col {
			if f == own {
				w.dist[lx*wh+ly] = 1
				w.queue = append(w.queue, int32(lx*wh+ly))
			}
		}
	}
	reached := func() bool {
		for _, t := range targets {
			if w.at(t[0], t[1]) == 0 {
				return false
			}
		}
		return true
	}
	for q := 0; q < len(w.queue); q++ {
		if q%64 == 0 && reached() {
			return
		}
		c := int(w.queue[q])
		lx, ly, next := c/wh, c%wh, w.dist[c]+1
		for _, nb := range [4][2]int{{lx, ly - 1}, {lx + 1, ly}, {lx, ly + 1}, {lx - 1, ly}} {
			if nb[0] < 0 || nb[0] >= ww || nb[1] < 0 || nb[1] >= wh {
				continue
			}
			j := nb[0]*wh + nb[1]
			if w.dist[j] == 0 && band[(x0+nb[0])*ht+y0+nb[1]] != own {
				w.dist[j] = next
				w.queue = append(w.queue, int32(j))
			}
		}
	}
}

// way is the fewest moves from (x, y) home (width × height when there is
// no way) and the Manhattan distance from (ex, ey) to the nearest cell of
// the way taken, the territory cell it ends on left out (maxMargin when
// there is no way), and the first such cell of the way (-1: none).
func (w *wayFinder) way(s *paperio.State, x, y, ex, ey int) (h, near, at int) {
	ht := s.Height()
	dc := w.at(x, y)
	if dc == 0 {
		return s.Width() * ht, maxMargin, -1
	}
	h, near, at = int(dc-1), maxMargin, -1
	for ; dc > 1; dc-- {
		if d := abs(x-ex) + abs(y-ey); d < near {
			near, at = d, x*ht+y
		}
		for _, nb := range [4][2]int{{x, y - 1}, {x + 1, y}, {x, y + 1}, {x - 1, y}} {
			if w.at(nb[0], nb[1]) == dc-1 { // 0 off the board and outside the window
				x, y = nb[0], nb[1]
				break
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
