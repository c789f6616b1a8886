package bots

import (
	"time"

	"github.com/paperio/paperio/engine/paperio"
)

// The search is negamax alpha-beta over half-steps: the players alternate,
// three actions each, and every node is one paperio.Do, taken back with
// Undo, so the rules searched are the engine's own. Iterative deepening
// orders each iteration's moves by the previous one's principal variation,
// and a move that works in one branch is tried first in its siblings
// (killer moves). Moves that lose at once by the mover's own doing (the wall,
// its own band) are scored without playing them.
//
// Budgets: the search stops after its node budget or at its deadline,
// whichever comes first, and plays the best move of the deepest iteration
// (or of the unfinished one, when it already proved a move better). The
// node count alone decides when there is no deadline, so a node budget
// gives the same move on every machine.

// Scores are in units of an eighth of a cell of territory.
const (
	unit     = 8
	winScore = int32(1 << 28) // a won game, less the plies to the win
	infinity = winScore + 1
)

// limits are one move's budgets.
type limits struct {
	nodes    int64 // 0: none
	deadline time.Time
	timed    bool
}

// tree is the search's working memory, reused from move to move.
type tree struct {
	st      *paperio.State
	ev      *evaluator
	p       *searchParams
	lim     limits
	nodes   int64 // Do calls in this move's search
	stopped bool
	undo    []paperio.Undo // one per ply
	pv      [][]paperio.Action
	pvLen   []int
	prevPV  []paperio.Action // the previous iteration's principal variation
	killer  []paperio.Action
	// first is the move tried first at the root (0: none): its score is
	// then exact, the others' bounds. rootScore holds each root move's
	// score in the deepest finished iteration.
	first     paperio.Action
	rootScore [3]int32
	rootDone  [3]bool
	iterScore [3]int32 // this iteration's
	iterDone  [3]bool
	check     int64 // node count at which the clock is looked at next
	// Searched counts every Do of every move, for the benchmark.
	searched int64
	// prior, when set, orders the moves at the plies below PriorPlies
	// (search_prior.go); its scores are kept for the move's search by the
	// path from the root (path), as each iteration asks again.
	prior     Prior
	path      [PriorPlies]paperio.Action
	priorMemo [priorPaths][3]float32
	priorHave [priorPaths]bool
}

// checkEvery is how many nodes pass between looks at the clock.
const checkEvery = 256

// best searches s (a copy the search may change and restore) and returns
// the move to play.
func (t *tree) best(s *paperio.State, ev *evaluator, p *searchParams, lim limits) paperio.Action {
	t.st, t.ev, t.p, t.lim = s, ev, p, lim
	t.nodes, t.stopped, t.check = 0, false, 0
	t.rootDone = [3]bool{}
	t.priorHave = [priorPaths]bool{}
	t.grow(p.depth + 1)
	t.prevPV = t.prevPV[:0]
	for i := range t.killer {
		t.killer[i] = 0
	}
	// A move that does not lose at once; if it is the only one, no search.
	var open [3]paperio.Action
	n := 0
	for _, a := range acts {
		if !t.losesAtOnce(a) {
			open[n] = a
			n++
		}
	}
	if n == 0 {
		return t.leastBad()
	}
	if n == 1 {
		return open[0]
	}
	move := open[0]
	for depth := 1; depth <= p.depth; depth++ {
		t.iterDone = [3]bool{}
		score := t.negamax(depth, 0, -infinity, infinity, true)
		if !t.stopped || depth == 1 {
			t.rootScore, t.rootDone = t.iterScore, t.iterDone
		}
		if t.pvLen[0] > 0 {
			move = t.pv[0][0]
		}
		if t.stopped || score >= winScore-int32(depth) || score <= -winScore+int32(depth) {
			break // out of budget, or the game's end is within reach and known
		}
		t.prevPV = append(t.prevPV[:0], t.pv[0][:t.pvLen[0]]...)
	}
	t.searched += t.nodes
	return move
}

// grow sizes the per-ply buffers for n plies.
func (t *tree) grow(n int) {
	for len(t.undo) < n {
		t.undo = append(t.undo, paperio.Undo{})
		t.pv = append(t.pv, make([]paperio.Action, n))
		t.pvLen = append(t.pvLen, 0)
		t.killer = append(t.killer, 0)
	}
	for i := range t.pv {
		if len(t.pv[i]) < n {
			t.pv[i] = make([]paperio.Action, n)
		}
	}
}

// losesAtOnce reports whether action a takes the player to move off the
// board or onto its own band.
func (t *tree) losesAtOnce(a paperio.Action) bool {
	s := t.st
	me := s.ToMove()
	x, y, d := s.Head(me)
	nx, ny := paperio.StepFrom(x, y, a.Turn(d))
	return !s.Inside(nx, ny) || s.BandAt(nx, ny) == me+1
}

// leastBad is the move when every move loses at once: straight on.
func (t *tree) leastBad() paperio.Action { return paperio.Straight }

// out reports whether the budget is spent, looking at the clock now and
// then.
func (t *tree) out() bool {
	if t.stopped {
		return true
	}
	if t.lim.nodes > 0 && t.nodes >= t.lim.nodes {
		t.stopped = true
	} else if t.lim.timed && t.nodes >= t.check {
		t.check = t.nodes + checkEvery
		t.stopped = !time.Now().Before(t.lim.deadline)
	}
	return t.stopped
}

// negamax returns the score of the state for the player to move, searched
// depth half-steps deep, within (alpha, beta). ply is the distance from the
// root; onPV says the path from the root is the previous iteration's
// principal variation.
func (t *tree) negamax(depth, ply int, alpha, beta int32, onPV bool) int32 {
	s := t.st
	t.pvLen[ply] = 0
	if s.Over() {
		return t.final(ply)
	}
	if depth == 0 {
		return t.ev.score(s)
	}
	order := t.order(ply, onPV)
	best := -infinity
	for _, a := range order {
		if a == 0 {
			continue
		}
		var v int32
		if t.losesAtOnce(a) {
			v = -winScore + int32(ply+1)
			t.pvLen[ply+1] = 0
		} else {
			if ply > 0 && t.out() {
				break
			}
			t.nodes++
			if ply < PriorPlies {
				t.path[ply] = a
			}
			me := s.ToMove()
			had := s.BandLen(me)
			s.Do(a, &t.undo[ply])
			closed := had > 0 && s.BandLen(me) == 0
			if closed {
				t.ev.closed[me]++
			}
			v = -t.negamax(depth-1, ply+1, -beta, -alpha, onPV && ply < len(t.prevPV) && a == t.prevPV[ply])
			s.Undo(&t.undo[ply])
			if closed {
				t.ev.closed[me]--
			}
			if t.stopped { // the child's score is unfinished
				if ply > 0 {
					return best
				}
				break // at the root, keep the moves searched in full
			}
		}
		if ply == 0 {
			t.iterScore[actIndex(a)], t.iterDone[actIndex(a)] = v, true
		}
		if v > best {
			best = v
			t.pv[ply][0] = a
			copy(t.pv[ply][1:], t.pv[ply+1][:t.pvLen[ply+1]])
			t.pvLen[ply] = 1 + t.pvLen[ply+1]
			if v > alpha {
				alpha = v
			}
			if alpha >= beta {
				t.killer[ply] = a
				break
			}
		}
	}
	return best
}

// order lists the actions in the order to try them at ply: the previous
// iteration's move on its principal variation, the killer, then straight,
// left, right; with a prior, near the root, the prior's order instead of
// the killer's and the fixed one. Repeats are zero.
func (t *tree) order(ply int, onPV bool) [5]paperio.Action {
	var o [5]paperio.Action
	n := 0
	seen := func(a paperio.Action) bool {
		for _, b := range o[:n] {
			if a == b {
				return true
			}
		}
		return false
	}
	if ply == 0 && t.first != 0 {
		o[n] = t.first
		n++
	}
	if onPV && ply < len(t.prevPV) && !seen(t.prevPV[ply]) {
		o[n] = t.prevPV[ply]
		n++
	}
	if t.prior != nil && ply < PriorPlies {
		t.priorOrder(&o, n, ply)
		return o
	}
	if k := t.killer[ply]; k != 0 && !seen(k) {
		o[n] = k
		n++
	}
	for _, a := range acts {
		if !seen(a) {
			o[n] = a
			n++
		}
	}
	return o
}

// final scores a finished game for the player to move: a win sooner is
// better, a loss later; a draw is even.
func (t *tree) final(ply int) int32 {
	r := t.st.Result()
	switch r.Winner {
	case paperio.Draw:
		return 0
	case paperio.Winner(t.st.ToMove()):
		return winScore - int32(ply)
	}
	return -winScore + int32(ply)
}

// actIndex is a's place in acts.
func actIndex(a paperio.Action) int {
	switch a {
	case paperio.Left:
		return 1
	case paperio.Right:
		return 2
	}
	return 0
}

// trusts reports whether move a scored, in the deepest finished iteration,
// within margin of the best root move.
func (t *tree) trusts(a paperio.Action, margin int32) bool {
	i := actIndex(a)
	if !t.rootDone[i] {
		return false
	}
	top := -infinity
	for j, done := range t.rootDone {
		if done {
			top = max(top, t.rootScore[j])
		}
	}
	return top-t.rootScore[i] <= margin
}

// top is the best root move of the deepest finished iteration (0: none),
// the first in acts' order among equals.
func (t *tree) top() paperio.Action {
	var best paperio.Action
	score := -infinity
	for i, done := range t.rootDone {
		if done && (best == 0 || t.rootScore[i] > score) {
			best, score = acts[i], t.rootScore[i]
		}
	}
	return best
}
