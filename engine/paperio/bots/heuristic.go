package bots

import (
	"math"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// The heuristic player lives in several files:
//
//	heuristic.go         parameters, state and the choice of each move
//	heuristic_loop.go    the shape of a loop: its legs, way home, distance and score
//	heuristic_plan.go    the search for the best loop from where it stands
//	heuristic_moves.go   the moves of each mode: at home, on a loop, on a route
//	heuristic_attack.go  going for the enemy's band
//	heuristic_reach.go   how near the enemy is to my band and to its home

func init() {
	registerBuiltin(botspec.Info{
		Name: "heuristic",
		Summary: "plans rectangular loops out of its territory as large as the enemy's distance allows, cuts them short when the enemy comes near, " +
			"and goes for the enemy's band when it can reach it before the enemy gets home",
		Params: []botspec.Param{
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
			{Name: "steal", Default: 0, Min: 0, Max: 4,
				Doc: "0: a loop's gain is its rectangle's area; above 0: the cells it really takes, an enemy cell worth 1+steal (taking it also takes it from the enemy), my own nothing"},
			{Name: "pace", Default: 1, Min: 1, Max: 3,
				Doc: "with steal, a loop scores its gain over its moves to this power: above 1 favours quick loops"},
			{Name: "travel", Default: 20, Min: 0, Max: 200, Int: true,
				Doc: "most steps it crosses its own territory to reach the start of a loop"},
			{Name: "raid", Default: 0, Min: 0, Max: 1, Int: true,
				Doc: "1: with no band out, it goes for an enemy band it can reach across its own territory even when the enemy's head is nearer that way than it is (such a way lays no band to cut); 0: only when the enemy's head is no nearer"},
		},
	}, func(p map[string]float64) Bot {
		return &heuristic{heuristicParams: heuristicParams{
			maxBand: int(p["maxband"]), depth: int(p["depth"]), margin: int(p["margin"]),
			exposed: int(math.Round((1 - p["risk"]) * 1024)),
			attack:  int(p["attack"]), slack: int(p["slack"]), travel: int(p["travel"]),
			steal: p["steal"], pace: p["pace"], raid: p["raid"] > 0,
		}}
	})
}

// heuristicParams are the heuristic's parameters, as its Info documents
// them.
type heuristicParams struct {
	maxBand, depth int     // largest loop planned
	margin         int     // spare steps against the enemy
	exposed        int     // (1 - risk) in 1024ths: the share of a loop's far part the enemy must not reach
	attack, slack  int     // attacks on the enemy's band
	travel         int     // most steps across my territory to a loop's start
	steal          float64 // > 0: loops score the cells they take (see countGain)
	pace           float64 // with steal, the power of a loop's moves in its score
	raid           bool    // attack across my territory however near the enemy's head
}

// The heuristic player's modes.
const (
	modeHome   = iota // on its territory with no band: following a plan's way to its start, or waiting
	modeLoop          // laying the band of a planned loop
	modeRoute         // heading home along a fixed way
	modeAttack        // going for the enemy's band
)

// heuristic is the strong built-in player.
//
// At home (on its territory, no band) it plans a loop: it looks along the
// three directions it may take for places where a line across its
// territory passes the edge, and for each tries rectangles out of the
// territory (out, across, back, and along the territory's edge when the
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
	heuristicParams

	me, en int
	bd     board
	mine   track // my band
	theirs track // the enemy's band
	path   pather

	mode     int
	plan     loopPlan // the loop under way, or to be started (when valid)
	route    []leg    // a fixed way: home, or across my territory to its edge
	routeAt  progress // how far along the route I am
	replanAt int      // half-step before which a waiting player does not plan again
	fails    int      // plans failed in a row: waits get longer
	seekAt   int      // half-step before which no new way to the edge is searched
	seeking  bool     // following the route to the edge

	enemyHome homeDistance // what is known of the enemy's distance home

	// The planner's search: the best loop found so far, its score, and my
	// rounds left, which bound a loop's length.
	best      loopPlan
	bestScore float64
	turnsLeft int
	// With steal, prefix sums of my cells and the enemy's, made when a
	// plan is searched (countGain).
	counts [2][]int32
}

func (h *heuristic) Reset(s *paperio.State, me int, seed uint64, _ play.Clock) {
	h.me, h.en = me, 1-me
	h.mine.reset()
	h.theirs.reset()
	h.mode = modeHome
	h.plan.valid = false
	h.route = h.route[:0]
	h.replanAt, h.fails, h.seeking, h.seekAt = 0, 0, false, 0
	h.enemyHome.known = false
}

func (h *heuristic) Act(s *paperio.State, _ play.Clock) paperio.Action {
	bd := &h.bd
	bd.load(s, h.me)
	h.mine.update(s, h.me)
	h.theirs.update(s, h.en)
	x, y, d := s.Head(h.me)
	band := s.BandLen(h.me)
	if band == 0 && h.mode != modeHome {
		h.mode = modeHome
		h.plan.valid = false
		h.seeking = false
	}

	// Moves that end the game: take a win, never a loss while there is a
	// choice.
	var safe [4]bool
	nsafe := 0
	for _, a := range acts {
		nd := a.Turn(d)
		nx, ny := paperio.StepFrom(x, y, nd)
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
			if bd.notStupid(paperio.StepFrom(x, y, a.Turn(d))) {
				return a
			}
		}
		return paperio.Straight
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
			h.plan.valid = false
		}
	}

	nd := noDir
	switch h.mode {
	case modeHome:
		nd = h.homeMove(s, x, y, d, &safe)
	case modeLoop:
		nd = h.loopMove(x, y, d, &safe)
	}
	if h.mode == modeRoute { // also when the moves above gave up their plan
		nd = h.routeMove(x, y, d, &safe)
	}
	if nd == noDir || !safe[nd] {
		nd = h.fallback(x, y, d, &safe)
		if band > 0 {
			h.mode = modeRoute
			h.route = h.route[:0]
		} else {
			h.plan.valid = false
		}
	}
	return actionTo(d, nd)
}

// Outcomes of a move.
const (
	moveLoses = iota
	moveOK
	moveWins
)

// outcome says whether stepping onto (nx, ny) in direction nd ends the
// game at once, and how.
func (h *heuristic) outcome(s *paperio.State, nx, ny int, nd paperio.Dir) int {
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
		case nd.Horizontal() != bd.ed.Horizontal(): // from the side
			return moveWins
		case s.Area(h.me) > s.Area(h.en): // head on: decided on territory
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

// fallback is the safe move with the most room after it, preferring my
// territory.
func (h *heuristic) fallback(x, y int, d paperio.Dir, safe *[4]bool) paperio.Dir {
	best, bestScore := noDir, -1
	for _, nd := range ahead(d) {
		if !safe[nd] {
			continue
		}
		nx, ny := paperio.StepFrom(x, y, nd)
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
