package bots

import "github.com/paperio/paperio/engine/paperio"

// The moves of each mode. Each returns the direction to take, or noDir when
// it has none (the mode may have changed: Act then asks the next one).

// homeMove: on my territory with no band. Follow the plan's way to the
// start of its loop, or plan one, or wait on my territory.
func (h *heuristic) homeMove(s *paperio.State, x, y int, d paperio.Dir, safe *[4]bool) paperio.Dir {
	if !h.bd.mine(x, y) { // no territory under me: find some
		h.startRoute(x, y, d)
		return noDir
	}
	now := s.HalfSteps()
	forced := false
	for try := 0; try < 3; try++ {
		if !h.plan.valid {
			if h.seeking {
				// Crossing the territory to a far part of its edge.
				if nd, ok := h.seekMove(x, y, d, safe); ok {
					return nd
				}
				h.seeking, forced = false, true
			}
			if now < h.replanAt && !forced {
				break
			}
			if !h.planLoop(s, x, y, d) {
				if !forced && now >= h.seekAt && h.startSeek(x, y, d) {
					continue
				}
				if !forced && now >= h.seekAt {
					h.seekAt = now + 16 // no edge to go to: do not search again soon
				}
				h.fails = min(h.fails+1, 5)
				h.replanAt = now + 2<<h.fails
				break
			}
			h.fails = 0
		}
		next, nd, ok := h.plan.peek()
		if !ok || !safe[nd] || nd == d.Opposite() {
			h.plan.valid = false
			continue
		}
		nx, ny := paperio.StepFrom(x, y, nd)
		if next.leg == legTravel {
			if !h.bd.mine(nx, ny) {
				h.plan.valid = false
				continue
			}
			h.plan.at = next
			return nd
		}
		// Leaving the territory: is the loop still safe to start?
		w := h.plan.homeWay(next)
		if h.bd.mine(nx, ny) || !h.bd.mine(paperio.StepFrom(h.plan.x, h.plan.y, h.plan.side)) ||
			h.threat(nx, ny, &w) < w.steps()+1+h.margin || h.plan.dist(h.bd.ex, h.bd.ey) < h.need(h.plan.shape, 0) {
			h.plan.valid = false
			if try == 0 && now >= h.replanAt {
				continue
			}
			h.replanAt = now + 4
			break
		}
		h.plan.at = next
		h.mode = modeLoop
		return nd
	}
	return h.wait(x, y, d, safe)
}

// startSeek sets the way across my territory to the nearest cell of its
// edge that is well away from the enemy, when no loop can be planned from
// where I am.
func (h *heuristic) startSeek(x, y int, d paperio.Dir) bool {
	path := h.path.frontier(&h.bd, x, y, d, 2*h.margin+12, 3000)
	if len(path) < 2 {
		h.setRoute(nil)
		return false
	}
	h.setRoute(path[:len(path)-1]) // the last step leaves the territory: the planner's
	h.seeking = true
	return true
}

// seekMove is the next move of the way to the edge, while it stays on my
// territory.
func (h *heuristic) seekMove(x, y int, d paperio.Dir, safe *[4]bool) (paperio.Dir, bool) {
	nd, ok := h.routeDir()
	if !ok || !safe[nd] || nd == d.Opposite() || !h.bd.mine(paperio.StepFrom(x, y, nd)) {
		return noDir, false
	}
	h.routeAt.moves++
	return nd, true
}

// wait keeps to my territory: straight on if it stays there, else a turn
// that does.
func (h *heuristic) wait(x, y int, d paperio.Dir, safe *[4]bool) paperio.Dir {
	best, bestScore := noDir, -1
	for i, nd := range ahead(d) {
		if !safe[nd] {
			continue
		}
		nx, ny := paperio.StepFrom(x, y, nd)
		sc := 0
		if h.bd.mine(nx, ny) {
			sc = 4
			if h.bd.mine(paperio.StepFrom(nx, ny, nd)) {
				sc += 2
			}
		}
		if i == 0 {
			sc++
		}
		if sc > bestScore {
			best, bestScore = nd, sc
		}
	}
	return best
}

// loopMove: laying a planned loop's band. Go on while the way home from
// the next cell stays out of the enemy's reach; else turn for home now.
func (h *heuristic) loopMove(x, y int, d paperio.Dir, safe *[4]bool) paperio.Dir {
	p := &h.plan
	next, nd, ok := p.peek()
	if !ok {
		h.startRoute(x, y, d)
		return noDir
	}
	nx, ny := paperio.StepFrom(x, y, nd)
	w := p.homeWay(next)
	if lx, ly := w.end(nx, ny); !h.bd.mine(lx, ly) {
		// The territory the loop was to close on is gone: the shortest way.
		h.startRoute(x, y, d)
		return noDir
	}
	if p.at.leg >= legBack { // already on the way back
		p.at = next
		return nd
	}
	if safe[nd] && h.threat(nx, ny, &w) >= w.steps()+1+h.margin {
		p.at = next
		return nd
	}
	// Cut the loop short: the way home from here.
	w = p.homeWay(p.at)
	h.route = append(h.route[:0], w.legs[:w.n]...)
	h.routeAt = progress{}
	h.mode = modeRoute
	return noDir
}

// startRoute sets the shortest way home as the route.
func (h *heuristic) startRoute(x, y int, d paperio.Dir) {
	h.mode = modeRoute
	h.setRoute(h.path.home(&h.bd, x, y, d))
}

// setRoute makes the route the path of directions dirs, as legs.
func (h *heuristic) setRoute(dirs []uint8) {
	h.route = h.route[:0]
	h.routeAt = progress{}
	for _, nd := range dirs {
		if n := len(h.route); n > 0 && h.route[n-1].dir == paperio.Dir(nd) {
			h.route[n-1].n++
		} else {
			h.route = append(h.route, leg{paperio.Dir(nd), 1})
		}
	}
}

// routeDir is the direction of the route's next move; false when the route
// is used up.
func (h *heuristic) routeDir() (paperio.Dir, bool) {
	for h.routeAt.leg < len(h.route) && h.routeAt.moves >= h.route[h.routeAt.leg].n {
		h.routeAt = progress{h.routeAt.leg + 1, 0}
	}
	if h.routeAt.leg >= len(h.route) {
		return noDir, false
	}
	return h.route[h.routeAt.leg].dir, true
}

// routeMove follows the route home, searching a new one when it is used up
// or blocked.
func (h *heuristic) routeMove(x, y int, d paperio.Dir, safe *[4]bool) paperio.Dir {
	for try := 0; try < 2; try++ {
		if nd, ok := h.routeDir(); ok && safe[nd] && nd != d.Opposite() {
			h.routeAt.moves++
			return nd
		}
		if try == 0 {
			h.startRoute(x, y, d)
		}
	}
	return noDir
}
