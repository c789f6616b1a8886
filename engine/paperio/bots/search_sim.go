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
// (see rolloutVariants), the first models of them being used (the models
// parameter): one that plans loops as the player itself does, a careful one,
// one that scores a loop by its rectangle rather than by what it takes, and
// a bold one. A variant is worth the sum of its leads against them: one
// model's play-out is a single deterministic game, whose lead depends on the
// chance timing of a few loops, and the best of eight such games is often
// the luckiest rather than the best plan. (With three models the search won
// 93.0 % of 1000 games against the heuristic, against 87.8 % with one.)
var simModels = []string{"", "maxband=100,margin=2", "pace=1,steal=0", "maxband=300,margin=1"}

// simChooser picks the guide's parameters by play-outs.
type simChooser struct {
	every    int           // my moves between choices
	horizon  int           // rounds each play-out plays
	settle   int           // rounds it may go on past them while a band is out
	next     int           // half-step from which the next choice is made
	cost     time.Duration // what the last choice took, under a limited clock
	variants []heuristicParams
	models   []heuristicParams
	// net, when set, is played out as one more plan (the network's own
	// moves, netsearch's simnet); netPlan says the last choice was it.
	net     Net
	netPlan bool
	// The play-outs' state and players.
	roll         paperio.State
	mine, theirs heuristic
}

// newSimChooser makes a chooser of the guide's variants, choices every so
// many of my moves with play-outs of horizon rounds (and up to settle more
// while a band is out) against the first models of simModels.
func newSimChooser(guide string, every, horizon, settle, models int) *simChooser {
	m := &simChooser{every: every, horizon: horizon, settle: settle}
	for _, v := range rolloutVariants {
		m.variants = append(m.variants, variantParams(guide, v))
	}
	for _, v := range simModels[:models] {
		m.models = append(m.models, variantParams(guide, v))
	}
	return m
}

// reset starts a game on the guide's own parameters.
func (m *simChooser) reset(guide *heuristic) {
	guide.heuristicParams = m.variants[0]
	m.next, m.cost, m.netPlan = 0, 0, false
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
	if m.net != nil {
		v := 0
		for j := range m.models {
			v += m.playOutNet(s, me, &m.models[j])
		}
		m.netPlan = v > best
	}
	if c.Limited() {
		m.cost = time.Since(start)
	}
}

// playOut plays on from s for the horizon, me with the guide as it is but
// with parameters p, the enemy a heuristic with parameters e that starts
// afresh, and returns the lead at the end, plus or minus rolloutWin when
// the game ended in a win or a loss. The end waits, up to settle rounds,
// until neither band is out: a loop half-laid at the horizon would count
// for nothing, and the enemy's for nothing against me, so a plan whose loop
// closes just past the horizon would lose to one whose loop closed just
// before. (Waiting so lifted the search from 87.8 % to 92.3 % of 1000 games
// against the heuristic.)
func (m *simChooser) playOut(s *paperio.State, me int, guide *heuristic, p, e *heuristicParams) int {
	m.roll.CopyFrom(s)
	m.mine.copyFrom(guide)
	m.mine.heuristicParams = *p
	m.theirs.heuristicParams = *e
	r := &m.roll
	m.theirs.Reset(r, 1-me, 0, play.Clock{})
	end := s.HalfSteps() + 2*m.horizon
	return rollOut(r, me, &m.mine, &m.theirs, end, end+2*m.settle)
}

// playOutNet is playOut with the network's own moves for mine.
func (m *simChooser) playOutNet(s *paperio.State, me int, e *heuristicParams) int {
	m.roll.CopyFrom(s)
	m.theirs.heuristicParams = *e
	r := &m.roll
	m.theirs.Reset(r, 1-me, 0, play.Clock{})
	end := s.HalfSteps() + 2*m.horizon
	return rollOut(r, me, netGuide{m.net}, &m.theirs, end, end+2*m.settle)
}
