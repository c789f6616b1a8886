package bots

import (
	"math"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/play"
)

func init() {
	registerBuiltin(Info{
		Name: "heuristic",
		Summary: "plans rectangular loops out of its territory as large as the enemy's distance allows, cuts them short when the enemy comes near, " +
			"and goes for the enemy's band when it can reach it before the enemy gets home",
		Params: []ParamInfo{
			{Name: "maxband", Default: 150, Min: 4, Max: 400, Int: true,
				Doc: "longest band a planned loop may lay (its out, across and back legs)"},
			{Name: "depth", Default: 36, Min: 1, Max: 100, Int: true,
				Doc: "farthest a planned loop goes out from its territory"},
			{Name: "margin", Default: 1, Min: 0, Max: 20, Int: true,
				Doc: "spare steps: the enemy must need this many more steps to reach my band than I need to get home, or I turn for home"},
			{Name: "risk", Default: 1, Min: 0, Max: 1,
				Doc: "share of a loop's far part (across and back legs) that may be within the enemy's reach when planned (0: only loops the enemy cannot reach even heading straight for them); a loop is still cut short in time"},
			{Name: "attack", Default: 60, Min: 0, Max: 200, Int: true,
				Doc: "farthest enemy band cell, in steps, it goes for when it gets there before the enemy can get home (0: never attacks)"},
			{Name: "slack", Default: 0, Min: -10, Max: 10, Int: true,
				Doc: "steps the enemy must need beyond mine to get home before an attack starts (negative: gamble that it will not head straight home)"},
			{Name: "travel", Default: 20, Min: 0, Max: 200, Int: true,
				Doc: "most steps it crosses its own territory to reach the start of a loop"},
		},
	}, func(p map[string]float64) Bot {
		return &heuristic{
			maxBand: int(p["maxband"]), depth: int(p["depth"]), margin: int(p["margin"]), risk: p["risk"],
			attack: int(p["attack"]), slack: int(p["slack"]), travel: int(p["travel"]),
			exposed: int(math.Round((1 - p["risk"]) * 1024)),
		}
	})
}

// The heuristic player's modes.
const (
	modeHome   = iota // on its territory with no band: following a plan's way to its start, or waiting
	modeLoop          // laying the band of a planned loop
	modeRoute         // heading home along a fixed way
	modeAttack        // going for the enemy's band
)

// loopPlan is a loop out of the territory: travel t moves in direction d1
// across the territory to cell T = (tx, ty), then out a moves, across b
// moves to the side lat, back a moves to T's row and, when b is more than e
// (how many territory cells follow T towards lat), b-e moves along T's row
// back into the territory. The back leg lands on territory when b <= e.
type loopPlan struct {
	valid    bool
	tx, ty   int
	d1       engine.Dir
	t        int
	out, lat engine.Dir
	a, b, e  int
	phase, k int // current leg (0 travel, 1 out, 2 across, 3 back, 4 along) and moves made in it
}

func (p *loopPlan) legLen(ph int) int {
	switch ph {
	case 0:
		return p.t
	case 1, 3:
		return p.a
	case 2:
		return p.b
	case 4:
		return max(0, p.b-p.e)
	}
	return 0
}

func (p *loopPlan) legDir(ph int) engine.Dir {
	switch ph {
	case 0:
		return p.d1
	case 1:
		return p.out
	case 2:
		return p.lat
	case 3:
		return p.out.Opposite()
	}
	return p.lat.Opposite()
}

// peek returns the leg and count after the next move and its direction;
// ok is false when the plan has no moves left.
func (p *loopPlan) peek() (ph, k int, dir engine.Dir, ok bool) {
	ph, k = p.phase, p.k
	for ph <= 4 && k >= p.legLen(ph) {
		ph++
		k = 0
	}
	if ph > 4 {
		return 0, 0, 0, false
	}
	return ph, k + 1, p.legDir(ph), true
}

// way is a route of up to three legs.
type way struct {
	legs [3]leg
	n    int
}

func (w *way) add(dir engine.Dir, n int) {
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
	for i := 0; i < w.n; i++ {
		x, y = x+w.legs[i].n*w.legs[i].dir.DX(), y+w.legs[i].n*w.legs[i].dir.DY()
	}
	return x, y
}

// dist is the Manhattan distance from (px, py) to the cells of the way
// when it starts at (x, y).
func (w *way) dist(px, py, x, y int) int {
	best := far
	for i := 0; i < w.n; i++ {
		l := w.legs[i]
		x0, y0 := engine.StepFrom(x, y, l.dir)
		x, y = x+l.n*l.dir.DX(), y+l.n*l.dir.DY()
		best = min(best, segDist(px, py, x0, y0, x, y))
	}
	return best
}

// homeWay is the shortest way back into the territory that keeps to the
// plan's rectangle, from the position the plan is at after leg ph, count k.
func (p *loopPlan) homeWay(ph, k int) way {
	var w way
	back, along := p.out.Opposite(), p.lat.Opposite()
	switch ph {
	case 1: // out k: step aside and come back alongside
		w.add(p.lat, 1)
		w.add(back, k)
	case 2: // across k: straight back to T's row, then along it
		w.add(back, p.a)
		w.add(along, k-p.e)
	case 3:
		w.add(back, p.a-k)
		w.add(along, p.b-p.e)
	case 4:
		w.add(along, p.b-p.e-k)
	}
	return w
}

// heuristic is the strong built-in player.
//
// At home (on its territory, no band) it plans a loop: it looks along the
// three directions it may take for places where a line across its
// territory passes the edge, and for each tries rectangles out of the
// territory (out a, across b, back, and along the territory's edge when the
// rectangle is wider than the stretch of territory it starts from). It takes
// the one that gains the most area per move, travel included, among those
// the enemy's head is far enough from: by Manhattan distance, which the enemy
// cannot beat, it must not reach the out leg before the loop could turn home
// (plus margin), nor, as far as risk allows, the rest.
//
// Laying the band, it looks one move ahead: if after that move the enemy
// could reach the band, or the way home from there, no later than it gets
// home (plus margin), it turns for home now by the shortest way the
// rectangle allows. So a loop is cut short rather than lost, and the planned
// size only decides how much it tries for.
//
// Every move it takes a win on the spot (stepping on the enemy's band, or on
// its head where that wins) and never a move that loses at once while
// another exists. When the enemy has a band and some cell of it is within
// attack steps, it goes for it if it gets there before the enemy can get
// home (Manhattan distance to the enemy's territory, plus slack) and before
// the enemy can reach its own band or path. When no loop can be planned from
// where it stands, it crosses its territory to the nearest part of the edge
// away from the enemy.
//
// Per move it keeps both bands as straight pieces, updated incrementally;
// plans are made once per loop (and, while waiting, at growing intervals),
// so a move costs a few hundred nanoseconds at most.
type heuristic struct {
	maxBand, depth, margin, attack, slack, travel int
	risk                                          float64
	exposed                                       int // (1 - risk) in 1024ths

	me, en int
	bd     board
	mine   track
	theirs track
	path   pather

	mode     int
	lp       loopPlan
	route    []leg // fixed way home
	ri, rk   int
	replanAt int // half-step before which a waiting player does not plan again
	fails    int // plans failed in a row: waits get longer
	seekAt   int // half-step before which no new way to the edge is searched
	seeking  bool

	// Cache of the enemy's distance home (Manhattan, to its territory).
	hVal, hAt int
	hCapped   bool // hVal is only a lower bound (the search stopped there)
	hAreas    [2]int
	hOK       bool

	// Scratch of the planner.
	best  loopPlan
	bestS float64
	turns int
}

func (h *heuristic) Reset(s *engine.State, me int, seed uint64, _ play.Clock) {
	h.me, h.en = me, 1-me
	h.mine.reset()
	h.theirs.reset()
	h.mode = modeHome
	h.lp.valid = false
	h.route = h.route[:0]
	h.replanAt, h.fails, h.seeking, h.seekAt = 0, 0, false, 0
	h.hOK = false
}

// Outcomes of a move.
const (
	moveLoses = iota
	moveOK
	moveWins
)

// outcome says whether stepping onto (nx, ny) in direction nd ends the
// game at once, and how.
func (h *heuristic) outcome(s *engine.State, nx, ny int, nd engine.Dir) int {
	bd := &h.bd
	if !bd.inside(nx, ny) {
		return moveLoses
	}
	c := nx*bd.h + ny
	if nx == bd.ex && ny == bd.ey {
		switch {
		case bd.field[c] == bd.own:
			return moveWins
		case bd.field[c] == bd.opp:
			return moveLoses
		case nd.Horizontal() != bd.ed.Horizontal():
			return moveWins
		case s.Area(h.me) > s.Area(h.en):
			return moveWins
		}
		return moveLoses
	}
	switch bd.bands[c] {
	case bd.own:
		return moveLoses
	case bd.opp:
		return moveWins
	}
	return moveOK
}

func (h *heuristic) Act(s *engine.State, _ play.Clock) engine.Action {
	bd := &h.bd
	bd.load(s, h.me)
	h.mine.update(s, h.me)
	h.theirs.update(s, h.en)
	x, y, d := s.Head(h.me)
	band := s.BandLen(h.me)
	if band == 0 && h.mode != modeHome {
		h.mode = modeHome
		h.lp.valid = false
		h.seeking = false
	}

	// Moves that end the game: take a win, never a loss while there is a
	// choice.
	var safe [4]bool
	nsafe := 0
	for _, a := range acts {
		nd := a.Turn(d)
		nx, ny := engine.StepFrom(x, y, nd)
		switch h.outcome(s, nx, ny, nd) {
		case moveWins:
			return a
		case moveOK:
			safe[nd] = true
			nsafe++
		}
	}
	if nsafe == 0 { // every move loses: at least not by my own doing
		for _, a := range acts {
			nd := a.Turn(d)
			if bd.notStupid(engine.StepFrom(x, y, nd)) {
				return a
			}
		}
		return engine.Straight
	}

	if nd, ok := h.attackMove(s, x, y, d, band, &safe); ok {
		h.mode = modeAttack
		h.seeking = false
		return actionTo(d, nd)
	}
	if h.mode == modeAttack { // the attack is off
		if band > 0 {
			h.startRoute(x, y, d)
		} else {
			h.mode = modeHome
			h.lp.valid = false
		}
	}

	nd := noDir
	switch h.mode {
	case modeHome:
		nd = h.homeMove(s, x, y, d, &safe)
	case modeLoop:
		nd = h.loopMove(x, y, d, &safe)
	}
	if h.mode == modeRoute {
		nd = h.routeMove(x, y, d, &safe)
	}
	if nd == noDir || !safe[nd] {
		nd = h.fallback(x, y, d, &safe)
		if band > 0 {
			h.mode = modeRoute
			h.route = h.route[:0]
		} else {
			h.lp.valid = false
		}
	}
	return actionTo(d, nd)
}

// fallback is the safe move with the most room after it, preferring my
// territory.
func (h *heuristic) fallback(x, y int, d engine.Dir, safe *[4]bool) engine.Dir {
	best, bestScore := noDir, -1
	for _, nd := range ahead(d) {
		if !safe[nd] {
			continue
		}
		nx, ny := engine.StepFrom(x, y, nd)
		sc := h.bd.exits(nx, ny, nd)
		if h.bd.mine(nx, ny) {
			sc += 4
		}
		if sc > bestScore {
			best, bestScore = nd, sc
		}
	}
	return best
}

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

// homeMove: on my territory with no band. Follow the plan's way to the
// start of its loop, or plan one, or wait on my territory.
func (h *heuristic) homeMove(s *engine.State, x, y int, d engine.Dir, safe *[4]bool) engine.Dir {
	if !h.bd.mine(x, y) { // no territory under me: find some
		h.startRoute(x, y, d)
		return noDir
	}
	now := s.HalfSteps()
	forced := false
	for try := 0; try < 3; try++ {
		if !h.lp.valid {
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
			if !h.plan(s, x, y, d) {
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
		ph, k, nd, ok := h.lp.peek()
		if !ok || !safe[nd] || nd == d.Opposite() {
			h.lp.valid = false
			continue
		}
		nx, ny := engine.StepFrom(x, y, nd)
		if ph == 0 {
			if !h.bd.mine(nx, ny) {
				h.lp.valid = false
				continue
			}
			h.lp.phase, h.lp.k = ph, k
			return nd
		}
		// Leaving the territory: is the loop still safe to start?
		w := h.lp.homeWay(ph, k)
		if h.bd.mine(nx, ny) || !h.bd.mine(engine.StepFrom(h.lp.tx, h.lp.ty, h.lp.lat)) ||
			h.threat(nx, ny, &w) < w.steps()+1+h.margin || h.planThreat(&h.lp) < h.need(&h.lp, 0) {
			h.lp.valid = false
			if try == 0 && now >= h.replanAt {
				continue
			}
			h.replanAt = now + 4
			break
		}
		h.lp.phase, h.lp.k = ph, k
		h.mode = modeLoop
		return nd
	}
	return h.wait(x, y, d, safe)
}

// startSeek sets the way across my territory to the nearest cell of its
// edge that is well away from the enemy, when no loop can be planned from
// where I am.
func (h *heuristic) startSeek(x, y int, d engine.Dir) bool {
	h.route = h.route[:0]
	h.ri, h.rk = 0, 0
	path := h.path.frontier(&h.bd, x, y, d, 2*h.margin+12, 3000)
	if len(path) < 2 {
		return false
	}
	for _, nd := range path[:len(path)-1] { // the last step leaves the territory: the planner's
		if n := len(h.route); n > 0 && h.route[n-1].dir == engine.Dir(nd) {
			h.route[n-1].n++
		} else {
			h.route = append(h.route, leg{engine.Dir(nd), 1})
		}
	}
	h.seeking = true
	return true
}

// seekMove is the next move of the way to the edge, while it stays on my
// territory.
func (h *heuristic) seekMove(x, y int, d engine.Dir, safe *[4]bool) (engine.Dir, bool) {
	for h.ri < len(h.route) && h.rk >= h.route[h.ri].n {
		h.ri++
		h.rk = 0
	}
	if h.ri >= len(h.route) {
		return noDir, false
	}
	nd := h.route[h.ri].dir
	if !safe[nd] || nd == d.Opposite() || !h.bd.mine(engine.StepFrom(x, y, nd)) {
		return noDir, false
	}
	h.rk++
	return nd, true
}

// wait keeps to my territory: straight on if it stays there, else a turn
// that does.
func (h *heuristic) wait(x, y int, d engine.Dir, safe *[4]bool) engine.Dir {
	best, bestScore := noDir, -1
	for i, nd := range ahead(d) {
		if !safe[nd] {
			continue
		}
		nx, ny := engine.StepFrom(x, y, nd)
		sc := 0
		if h.bd.mine(nx, ny) {
			sc = 4
			if h.bd.mine(engine.StepFrom(nx, ny, nd)) {
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
func (h *heuristic) loopMove(x, y int, d engine.Dir, safe *[4]bool) engine.Dir {
	p := &h.lp
	ph, k, nd, ok := p.peek()
	if !ok {
		h.startRoute(x, y, d)
		return noDir
	}
	w := p.homeWay(ph, k)
	if lx, ly := w.end(engine.StepFrom(x, y, nd)); !h.bd.mine(lx, ly) {
		// The territory the loop was to close on is gone: the shortest way.
		h.startRoute(x, y, d)
		return noDir
	}
	if p.phase >= 3 { // already on the way back
		p.phase, p.k = ph, k
		return nd
	}
	nx, ny := engine.StepFrom(x, y, nd)
	if safe[nd] && h.threat(nx, ny, &w) >= w.steps()+1+h.margin {
		p.phase, p.k = ph, k
		return nd
	}
	// Cut the loop short: the way home from here.
	w = p.homeWay(p.phase, p.k)
	h.route = h.route[:0]
	for i := 0; i < w.n; i++ {
		h.route = append(h.route, w.legs[i])
	}
	h.ri, h.rk = 0, 0
	h.mode = modeRoute
	return noDir
}

// startRoute sets the shortest way home as the route.
func (h *heuristic) startRoute(x, y int, d engine.Dir) {
	h.mode = modeRoute
	h.route = h.route[:0]
	h.ri, h.rk = 0, 0
	for _, nd := range h.path.home(&h.bd, x, y, d) {
		if n := len(h.route); n > 0 && h.route[n-1].dir == engine.Dir(nd) {
			h.route[n-1].n++
		} else {
			h.route = append(h.route, leg{engine.Dir(nd), 1})
		}
	}
}

// routeMove follows the route home, searching a new one when it is used up
// or blocked.
func (h *heuristic) routeMove(x, y int, d engine.Dir, safe *[4]bool) engine.Dir {
	for try := 0; try < 2; try++ {
		for h.ri < len(h.route) && h.rk >= h.route[h.ri].n {
			h.ri++
			h.rk = 0
		}
		if h.ri < len(h.route) {
			nd := h.route[h.ri].dir
			if safe[nd] && nd != d.Opposite() {
				h.rk++
				return nd
			}
		}
		if try == 0 {
			h.startRoute(x, y, d)
		}
	}
	return noDir
}

// enemySurelyHome reports, from what enemyHome found before, whether the
// enemy can certainly get home in fewer than need steps (no search).
func (h *heuristic) enemySurelyHome(s *engine.State, need int) bool {
	if !h.hOK || h.hCapped || h.hAreas != [2]int{s.Area(0), s.Area(1)} {
		return false
	}
	return h.hVal+(s.HalfSteps()-h.hAt+1)/2 < need
}

// enemyHome reports whether the enemy needs at least need steps to get
// back to its territory (by Manhattan distance, which it cannot beat).
func (h *heuristic) enemyHome(s *engine.State, need int) bool {
	if need <= 0 {
		return true
	}
	now := s.HalfSteps()
	areas := [2]int{s.Area(0), s.Area(1)}
	if h.hOK && areas == h.hAreas {
		k := (now - h.hAt + 1) / 2 // enemy moves since
		if h.hVal-k >= need {
			return true
		}
		if !h.hCapped && h.hVal+k < need {
			return false
		}
	}
	r := ringSearch(&h.bd, h.bd.ex, h.bd.ey, h.bd.opp, need-1)
	h.hOK, h.hAt, h.hAreas = true, now, areas
	h.hVal, h.hCapped = r, r >= need
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

// stepsTo is how many moves a player at (x, y) facing d needs to reach
// (tx, ty) on an open board: the Manhattan distance, plus two when the cell
// is straight behind.
func stepsTo(x, y int, d engine.Dir, tx, ty int) int {
	m := absInt(tx-x) + absInt(ty-y)
	if m == 0 {
		return 0
	}
	f := (tx-x)*d.DX() + (ty-y)*d.DY()
	l := (tx-x)*d.Right().DX() + (ty-y)*d.Right().DY()
	if l == 0 && f < 0 {
		return m + 2
	}
	return m
}

// attackMove decides whether to go for the enemy's band and returns the
// move. It attacks when its nearest band cell is within reach, I get there
// before the enemy can get home, and the enemy cannot reach my band first.
func (h *heuristic) attackMove(s *engine.State, x, y int, d engine.Dir, band int, safe *[4]bool) (engine.Dir, bool) {
	lb := h.theirs.boxDist(x, y) // no band cell is nearer
	if h.attack <= 0 || lb > h.attack || h.enemySurelyHome(s, lb+h.slack) {
		return noDir, false
	}
	// The nearest enemy band cell.
	bestA, tx, ty := far, 0, 0
	for i := range h.theirs.segs {
		g := &h.theirs.segs[i]
		if segDist(x, y, g.ax, g.ay, g.bx, g.by) >= bestA {
			continue
		}
		cx := min(max(x, min(g.ax, g.bx)), max(g.ax, g.bx))
		cy := min(max(y, min(g.ay, g.by)), max(g.ay, g.by))
		a := stepsTo(x, y, d, cx, cy)
		if a > absInt(cx-x)+absInt(cy-y) && (d.Horizontal() && g.ay != g.by || !d.Horizontal() && g.ax != g.bx) {
			a-- // the piece crosses my line behind me: a cell beside it is nearer
		}
		if a < bestA {
			bestA, tx, ty = a, cx, cy
		}
	}
	if bestA > h.attack {
		return noDir, false
	}
	// The enemy must not reach my band, or the way there, first.
	ex, ey := h.bd.ex, h.bd.ey
	e := min(segDist(ex, ey, x, y, tx, y), segDist(ex, ey, tx, y, tx, ty))
	if band > 0 {
		e = min(e, h.mine.dist(ex, ey))
		if h.blocked(x, y, tx, ty) {
			return noDir, false
		}
	}
	if e < bestA || !h.enemyHome(s, bestA+h.slack) {
		return noDir, false
	}
	// Step towards the target.
	best, bestD := noDir, far
	for _, nd := range ahead(d) {
		if !safe[nd] {
			continue
		}
		nx, ny := engine.StepFrom(x, y, nd)
		if dd := stepsTo(nx, ny, nd, tx, ty); dd < bestD {
			best, bestD = nd, dd
		}
	}
	if best == noDir || bestD >= bestA {
		return noDir, false
	}
	return best, true
}

// blocked reports whether my band (other than my head) crosses the box
// between (x, y) and (tx, ty).
func (h *heuristic) blocked(x, y, tx, ty int) bool {
	x0, x1 := min(x, tx), max(x, tx)
	y0, y1 := min(y, ty), max(y, ty)
	for i := range h.mine.segs {
		g := h.mine.segs[i]
		if g.bx == x && g.by == y { // the piece ending at my head: leave the head out
			if g.ax == g.bx && g.ay == g.by {
				continue
			}
			for k := engine.East; k <= engine.North; k++ {
				if (g.ax-g.bx)*k.DX()+(g.ay-g.by)*k.DY() > 0 && ((g.ax-g.bx)*k.Right().DX()+(g.ay-g.by)*k.Right().DY()) == 0 {
					g.bx, g.by = engine.StepFrom(g.bx, g.by, k)
					break
				}
			}
		}
		if min(g.ax, g.bx) <= x1 && max(g.ax, g.bx) >= x0 && min(g.ay, g.by) <= y1 && max(g.ay, g.by) >= y0 {
			return true
		}
	}
	return false
}

// need is how far the enemy must be from the loop of plan p (travel t
// moves still to go) for it to be planned: its out leg and a U-turn home
// always, the rest as much as risk allows, plus the margin.
func (h *heuristic) need(p *loopPlan, t int) int {
	l := 2*p.a + p.b + max(0, p.b-p.e)
	core := 2*p.a + 1
	return h.margin + t + core + (max(0, l-core)*h.exposed+1023)>>10
}

// planThreat is the enemy's Manhattan distance to the band plan p will
// lay (its loop from T).
func (h *heuristic) planThreat(p *loopPlan) int {
	return loopDist(h.bd.ex, h.bd.ey, p.tx, p.ty, p.out, p.lat, p.a, p.b, p.e)
}

// loopDist is the Manhattan distance from (px, py) to the band of the loop
// from T = (tx, ty) going out a, across b to lat, back and along T's row.
func loopDist(px, py, tx, ty int, out, lat engine.Dir, a, b, e int) int {
	ox, oy, lx, ly := out.DX(), out.DY(), lat.DX(), lat.DY()
	d := segDist(px, py, tx+ox, ty+oy, tx+a*ox, ty+a*oy)
	d = min(d, segDist(px, py, tx+a*ox+lx, ty+a*oy+ly, tx+a*ox+b*lx, ty+a*oy+b*ly))
	low := 1
	if b > e {
		low = 0
	}
	if a-1 >= low {
		d = min(d, segDist(px, py, tx+b*lx+(a-1)*ox, ty+b*ly+(a-1)*oy, tx+b*lx+low*ox, ty+b*ly+low*oy))
	}
	if b-1 >= e+1 {
		d = min(d, segDist(px, py, tx+(b-1)*lx, ty+(b-1)*ly, tx+(e+1)*lx, ty+(e+1)*ly))
	}
	return d
}

// extent counts my territory cells from (x, y) (not counted) in direction
// dir, up to limit.
func (h *heuristic) extent(x, y int, dir engine.Dir, limit int) int {
	n := 0
	for n < limit && h.bd.mine(x+(n+1)*dir.DX(), y+(n+1)*dir.DY()) {
		n++
	}
	return n
}

// plan looks for the best loop from my position: straight out of the
// territory, or across it along a line and out where the line passes the
// territory's edge. The best loop gains the most area per move.
func (h *heuristic) plan(s *engine.State, x, y int, d engine.Dir) bool {
	bd := &h.bd
	h.bestS = 0
	h.turns = s.TurnsLeft(h.me)
	capExt := h.maxBand/2 + 2 // wider stretches of territory do not make better loops
	for _, d1 := range ahead(d) {
		nx, ny := engine.StepFrom(x, y, d1)
		if !bd.inside(nx, ny) || bd.bands[nx*bd.h+ny] == bd.own {
			continue
		}
		if !bd.mine(nx, ny) {
			h.tryExit(x, y, 0, d1, d1, capExt)
			continue
		}
		// Travel along d1 across the territory.
		run := h.extent(x, y, d1, h.travel+capExt)
		behind := h.extent(x, y, d1.Opposite(), capExt)
		var wasExit [2]bool
		for k := 1; k <= min(run, h.travel); k++ {
			if h.bound(k) <= h.bestS {
				break
			}
			cx, cy := x+k*d1.DX(), y+k*d1.DY()
			for side, p := range [2]engine.Dir{d1.Right(), d1.Left()} {
				qx, qy := engine.StepFrom(cx, cy, p)
				isExit := bd.inside(qx, qy) && bd.field[qx*bd.h+qy] != bd.own
				if isExit && !wasExit[side] {
					h.tryLoop(cx, cy, k, d1, p, d1, min(run-k, capExt))
					h.tryLoop(cx, cy, k, d1, p, d1.Opposite(), min(k+behind, capExt))
				}
				wasExit[side] = isExit
			}
		}
		if run <= h.travel && h.bound(run) > h.bestS {
			ex, ey := x+(run+1)*d1.DX(), y+(run+1)*d1.DY()
			if bd.inside(ex, ey) {
				h.tryExit(x+run*d1.DX(), y+run*d1.DY(), run, d1, d1, capExt)
			}
		}
	}
	if h.bestS <= 0 {
		return false
	}
	h.lp = h.best
	h.lp.valid = true
	h.lp.phase, h.lp.k = 0, 0
	return true
}

// bound is an upper bound of the score of any loop reached after t moves
// of travel.
func (h *heuristic) bound(t int) float64 {
	m := float64(h.maxBand + 1)
	return ((m+1)*(m+1)/8 + m) / (float64(t) + m + 2)
}

// tryExit tries loops leaving the territory at (tx, ty) in direction out,
// to either side.
func (h *heuristic) tryExit(tx, ty, t int, d1, out engine.Dir, capExt int) {
	for _, lat := range [2]engine.Dir{out.Right(), out.Left()} {
		h.tryLoop(tx, ty, t, d1, out, lat, h.extent(tx, ty, lat, capExt))
	}
}

// tryLoop tries the loops from T = (tx, ty) out in direction out and across
// to lat, with e territory cells after T towards lat, keeping the best.
func (h *heuristic) tryLoop(tx, ty, t int, d1, out, lat engine.Dir, e int) {
	if e < 1 {
		return
	}
	bd := &h.bd
	if fx, fy := engine.StepFrom(tx, ty, out); !bd.inside(fx, fy) || bd.field[fx*bd.h+fy] == bd.own {
		return
	}
	amax := min(h.depth, bd.wallDist(tx, ty, out))
	bFit := bd.wallDist(tx, ty, lat)
	budget := h.turns - 2 - t // moves left for the loop itself
	ex, ey := bd.ex, bd.ey
	p := loopPlan{tx: tx, ty: ty, d1: d1, t: t, out: out, lat: lat, e: e}
	limit := min(h.maxBand+1, budget) // b + max(0, b-e) may not exceed limit - 2a
	// First the best loop from here if the enemy were no matter: when it
	// does not beat the best found so far, nothing from here does; when the
	// enemy cannot reach it in time, it is the one.
	topA, topB, topN, topD := 0, 0, 0, 1 // score topN/topD
	try := func(a int) {
		room := limit - 2*a
		if a < 1 || a > amax || room < 1 {
			return
		}
		b2 := min(widest(room, e), bFit)
		for _, b := range [2]int{b2, min(e, b2)} {
			if b < 1 {
				continue
			}
			over := max(0, b-e)
			if n, dn := a*(b+1)+over, t+2*a+b+over+2; n*topD > topN*dn {
				topA, topB, topN, topD = a, b, n, dn
			}
		}
	}
	// The score changes slowly with the depth: every third depth, then the
	// neighbours of the best.
	for a := 1; a <= amax; a += 3 {
		try(a)
	}
	try(amax)
	if c := topA; c > 0 {
		try(c - 2)
		try(c - 1)
		try(c + 1)
		try(c + 2)
	}
	if topA == 0 || float64(topN)/float64(topD) <= h.bestS {
		return
	}
	p.a, p.b = topA, topB
	if loopDist(ex, ey, tx, ty, out, lat, topA, topB, e) >= h.need(&p, t) {
		h.best, h.bestS = p, float64(topN)/float64(topD)
		return
	}
	// The enemy is near: at each depth, the widest loop it cannot reach in
	// time.
	ox, oy := out.DX(), out.DY()
	for a := 1; a <= amax; a += 1 + a/8 { // finer where loops are small
		room := limit - 2*a
		if room < 1 {
			break
		}
		if segDist(ex, ey, tx+ox, ty+oy, tx+a*ox, ty+a*oy) < h.margin+t+2*a+1 {
			break // the out leg alone is within reach, and deeper ones more so
		}
		b2 := min(widest(room, e), bFit)
		if loopScore(a, b2, e, t) <= h.bestS && loopScore(a, min(e, b2), e, t) <= h.bestS {
			continue
		}
		lo, hi := 0, b2
		for lo < hi {
			p.a, p.b = a, (lo+hi+1)/2
			if loopDist(ex, ey, tx, ty, out, lat, a, p.b, e) >= h.need(&p, t) {
				lo = p.b
			} else {
				hi = p.b - 1
			}
		}
		for i, b := range [2]int{lo, min(e, lo)} {
			if b < 1 || (i == 1 && b == lo) {
				continue
			}
			p.a, p.b = a, b
			if sc := loopScore(a, b, e, t); sc > h.bestS &&
				(i == 0 || loopDist(ex, ey, tx, ty, out, lat, a, b, e) >= h.need(&p, t)) {
				h.best, h.bestS = p, sc
			}
		}
	}
}

// widest is the longest across leg b with b + max(0, b-e) <= room.
func widest(room, e int) int {
	if room > e {
		return (room + e) / 2
	}
	return room
}

// loopScore is the area a loop of depth a and width b gains (e territory
// cells along its start row) per move, counting t moves of travel and two
// for getting going again.
func loopScore(a, b, e, t int) float64 {
	over := max(0, b-e)
	return float64(a*(b+1)+over) / float64(t+2*a+b+over+2)
}
