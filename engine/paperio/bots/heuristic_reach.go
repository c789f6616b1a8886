package bots

import "github.com/paperio/paperio/engine/paperio"

// How near the enemy is. Every distance here is a Manhattan distance, which
// the enemy cannot beat: a move that is safe by it is safe however the enemy
// plays.

// threat is the Manhattan distance from the enemy's head to my band, the
// cell (px, py) I am about to step on and the way w from there.
func (h *heuristic) threat(px, py int, w *way) int {
	ex, ey := h.bd.ex, h.bd.ey
	e := absInt(px-ex) + absInt(py-ey)
	if w != nil {
		e = min(e, w.dist(ex, ey, px, py))
	}
	if h.mine.boxDist(ex, ey) < e {
		e = min(e, h.mine.dist(ex, ey))
	}
	return e
}

// homeDistance remembers the enemy's distance home (from its head to its
// territory) as last measured. The enemy moves one cell per round, so the
// distance stays within the rounds played since of the measure, as long as
// neither territory has changed.
type homeDistance struct {
	known  bool
	dist   int    // the distance measured
	capped bool   // dist is only a lower bound: the search stopped there
	at     int    // the half-step of the measure
	areas  [2]int // both territories' areas then
}

// enemySurelyHomeWithin reports, from what was measured before, whether the
// enemy can certainly get home in fewer than need steps (no search).
func (h *heuristic) enemySurelyHomeWithin(s *paperio.State, need int) bool {
	m := &h.enemyHome
	if !m.known || m.capped || m.areas != [2]int{s.Area(0), s.Area(1)} {
		return false
	}
	return m.dist+(s.HalfSteps()-m.at+1)/2 < need
}

// enemyNeedsAtLeast reports whether the enemy needs at least need steps to
// get back to its territory, measuring again when what is known does not
// tell.
func (h *heuristic) enemyNeedsAtLeast(s *paperio.State, need int) bool {
	if need <= 0 {
		return true
	}
	m := &h.enemyHome
	now := s.HalfSteps()
	areas := [2]int{s.Area(0), s.Area(1)}
	if m.known && areas == m.areas {
		k := (now - m.at + 1) / 2 // enemy moves since
		if m.dist-k >= need {
			return true
		}
		if !m.capped && m.dist+k < need {
			return false
		}
	}
	r := ringSearch(&h.bd, h.bd.ex, h.bd.ey, h.bd.opp, need-1)
	*m = homeDistance{known: true, dist: r, capped: r >= need, at: now, areas: areas}
	return r >= need
}

// ringSearch returns the Manhattan distance from (cx, cy) to the nearest
// cell of territory owner, searching rings up to maxR; maxR+1 when there is
// none that close.
func ringSearch(b *board, cx, cy int, owner uint8, maxR int) int {
	for r := 0; r <= maxR; r++ {
		x0, x1 := max(cx-r, 0), min(cx+r, b.w-1)
		for x := x0; x <= x1; x++ {
			dy := r - absInt(x-cx)
			col := b.field[x*b.h : (x+1)*b.h]
			if y := cy - dy; y >= 0 && y < b.h && col[y] == owner {
				return r
			}
			if y := cy + dy; dy > 0 && y >= 0 && y < b.h && col[y] == owner {
				return r
			}
		}
	}
	return maxR + 1
}
