package bots

import (
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// The search player's choice of plans by simulation, against no enemy in
// particular. Now and then, at home with no band out, it plays the game on
// for a while from where it stands once for each of a few variants of its
// guide's parameters and each of a few generic enemies (heuristics with
// fixed parameters, started afresh from the state: they are never compared
// with the real enemy, which may play quite otherwise), and follows the
// variant whose play-outs end with the widest lead in sum. The play-outs
// use no randomness, so the choice is deterministic.

// simModels are the enemies the play-outs assume, as variants of the guide
// (see rolloutVariants): the enemy is taken to plan loops as the player
// itself does. (A second, careful one, maxband=100,margin=2, doubled the
// cost and won no more: 85.5 % of 200 games against the heuristic with it,
// 88.5 % without.)
var simModels = []string{""}

// simChooser picks the guide's parameters by play-outs.
type simChooser struct {
	every    int           // my moves between choices
	horizon  int           // rounds each play-out plays
	next     int           // half-step from which the next choice is made
	cost     time.Duration // what the last choice took, under a limited clock
	variants []heuristicParams
	models   []heuristicParams
	// The play-outs' state and players.
	roll         paperio.State
	mine, theirs heuristic
}

// newSimChooser makes a chooser of the guide's variants, choices every so
// many of my moves with play-outs of horizon rounds.
func newSimChooser(guide string, every, horizon int) *simChooser {
	m := &simChooser{every: every, horizon: horizon}
	for _, v := range rolloutVariants {
		m.variants = append(m.variants, variantParams(guide, v))
	}
	for _, v := range simModels {
		m.models = append(m.models, variantParams(guide, v))
	}
	return m
}

// reset starts a game on the guide's own parameters.
func (m *simChooser) reset(guide *heuristic) {
	guide.heuristicParams = m.variants[0]
	m.next, m.cost = 0, 0
}

// choose sets the guide's parameters to the variant whose play-outs end
// best, when a choice is due. Under a limited clock it stops when twice
// what the last choice took would leave less than half the think time.
func (m *simChooser) choose(s *paperio.State, me int, guide *heuristic, c play.Clock) {
	if s.HalfSteps() < m.next || s.BandLen(me) > 0 || (c.Limited() && c.Left[me]-2*m.cost < c.Budget/2) {
		return
	}
	start := time.Now()
	m.next = s.HalfSteps() + 2*m.every
	best, pick := 0, -1
	for i := range m.variants {
		v := 0
		for j := range m.models {
			v += m.playOut(s, me, guide, &m.variants[i], &m.models[j])
		}
		if pick < 0 || v > best {
			best, pick = v, i
		}
	}
	guide.heuristicParams = m.variants[pick]
	if c.Limited() {
		m.cost = time.Since(start)
	}
}

// playOut plays on from s for the horizon, me with the guide as it is but
// with parameters p, the enemy a heuristic with parameters e that starts
// afresh, and returns the lead at the end, plus or minus rolloutWin when
// the game ended in a win or a loss.
func (m *simChooser) playOut(s *paperio.State, me int, guide *heuristic, p, e *heuristicParams) int {
	m.roll.CopyFrom(s)
	m.mine.copyFrom(guide)
	m.mine.heuristicParams = *p
	m.theirs.heuristicParams = *e
	r := &m.roll
	m.theirs.Reset(r, 1-me, 0, play.Clock{})
	return rollOut(r, me, &m.mine, &m.theirs, s.HalfSteps()+2*m.horizon)
}
