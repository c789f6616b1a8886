package bots

import (
	"math"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// The search player's model of the enemy: a copy of the default heuristic
// that is shown every state the enemy was shown and asked for its move.
// While every move it predicts is the move the enemy made, the enemy is
// taken to be that heuristic, and the rest of the game can be played out
// exactly: at home with no band out, now and then, the player plays the
// game to its end once for each of a few variants of its guide's
// parameters against the model, and follows the variant that ends best
// (a win first, then the widest lead). Keeping the variant it follows is
// always among the choices, so each choice ends, as far as the model sees
// and while the search does not overrule the guide, no worse than the one
// before. When a prediction fails the model is dropped for the rest of the
// game and the guide goes back to its own parameters.

// rolloutVariants are the guide parameters tried in the play-outs, each
// over the guide's own (the first is the guide unchanged).
var rolloutVariants = []string{
	"",
	"maxband=100",
	"maxband=300",
	"pace=1",
	"pace=2.5",
	"steal=0",
	"margin=2",
	"depth=15",
}

// enemyModel follows the enemy with a shadow heuristic and plays out
// variants against it.
type enemyModel struct {
	shadow    heuristic     // the default heuristic, fed what the enemy saw
	view      paperio.State // the state the enemy is shown next
	pending   bool          // view holds a state the shadow has not been asked about
	exact     bool          // every move predicted so far was the enemy's
	next      int           // half-step from which the next choice is made
	every     int           // my moves between choices
	probation int           // half-step of the first choice (modelProbation)
	variants  []heuristicParams
	// The play-outs' state and players.
	roll         paperio.State
	mine, theirs heuristic
}

// newEnemyModel makes a model whose variants are the guide's parameters
// changed as rolloutVariants says; choices every so many of my moves.
func newEnemyModel(guide string, every int) *enemyModel {
	m := &enemyModel{every: every, probation: modelProbation}
	b, err := Make("heuristic")
	if err != nil {
		panic(err) // the catalog always has it
	}
	m.shadow = *b.(*heuristic)
	for _, v := range rolloutVariants {
		m.variants = append(m.variants, variantParams(guide, v))
	}
	return m
}

// reset starts a game with the guide's own parameters: the enemy has seen
// nothing yet, or, when it moves first, is about to see s.
func (m *enemyModel) reset(s *paperio.State, me int, seed uint64, c play.Clock, guide *heuristic) {
	guide.heuristicParams = m.variants[0]
	m.shadow.Reset(s, 1-me, seed, c)
	m.exact, m.pending, m.next = true, false, 0
	if me == 1 {
		m.view.CopyFrom(s)
		m.pending = true
	}
}

// observe checks the model's prediction of the enemy's last move against
// the move it made, which led to s. When it fails, the guide goes back to
// its own parameters.
func (m *enemyModel) observe(s *paperio.State, me int, guide *heuristic) {
	if !m.exact || !m.pending {
		return
	}
	m.pending = false
	a := m.shadow.Act(&m.view, play.Clock{})
	_, _, d0 := m.view.Head(1 - me)
	_, _, d1 := s.Head(1 - me)
	if a.Turn(d0) != d1 {
		m.exact = false
		guide.heuristicParams = m.variants[0]
	}
}

// played records my move a in s: the enemy is shown the result next.
func (m *enemyModel) played(s *paperio.State, a paperio.Action) {
	if !m.exact || s.Over() {
		return
	}
	m.view.CopyFrom(s)
	m.view.Step(a)
	m.pending = !m.view.Over()
}

// choose sets the guide's parameters to the variant whose play-out ends
// best, when the model holds and a choice is due. Under a limited clock
// the play-outs (a few milliseconds each on the course board) stop once
// half the think time is spent.
func (m *enemyModel) choose(s *paperio.State, me int, guide *heuristic, c play.Clock) {
	if !m.exact || s.HalfSteps() < max(m.next, m.probation) || s.BandLen(me) > 0 || (c.Limited() && c.Left[me] < c.Budget/2) {
		return
	}
	m.next = s.HalfSteps() + 2*m.every
	best, pick := 0, -1
	for i := range m.variants {
		if v := m.playOut(s, me, guide, &m.variants[i]); pick < 0 || v > best {
			best, pick = v, i
		}
	}
	guide.heuristicParams = m.variants[pick]
}

// modelProbation is the half-step before which no choice is made: the
// model must first have been right for a while. A heuristic with other
// parameters plays like the default one at first and is mostly found out
// within 450 half-steps; choices made on a wrong model cost games.
const modelProbation = 600

// Worth of a won play-out over any lead in cells.
const rolloutWin = 1 << 20

// playOut plays the game from s to its end, me with the guide as it is
// but with parameters p, the enemy as the model, and returns its worth:
// the lead at the end, plus or minus rolloutWin for a win or a loss.
func (m *enemyModel) playOut(s *paperio.State, me int, guide *heuristic, p *heuristicParams) int {
	m.roll.CopyFrom(s)
	m.mine.copyFrom(guide)
	m.mine.heuristicParams = *p
	m.theirs.copyFrom(&m.shadow)
	return rollOut(&m.roll, me, &m.mine, &m.theirs, math.MaxInt, math.MaxInt)
}

// rollOut plays r on, me with mine and the enemy with theirs, until the
// game ends or reaches half-step end and, past end, no band is out or it
// reaches half-step last; it returns the lead at that point, plus or minus
// rolloutWin when the game ended in a win or a loss.
func rollOut(r *paperio.State, me int, mine Bot, theirs *heuristic, end, last int) int {
	for !r.Over() && r.HalfSteps() < last && (r.HalfSteps() < end || r.BandLen(0) > 0 || r.BandLen(1) > 0) {
		var a paperio.Action
		if r.ToMove() == me {
			a = mine.Act(r, play.Clock{})
		} else {
			a = theirs.Act(r, play.Clock{})
		}
		r.Step(a)
	}
	v := r.Area(me) - r.Area(1-me)
	if r.Over() {
		switch r.Result().Winner {
		case paperio.Winner(me):
			v += rolloutWin
		case paperio.Winner(1 - me):
			v -= rolloutWin
		}
	}
	return v
}

// copyFrom makes h a copy of o that plays on from where o is, keeping h's
// own buffers.
func (h *heuristic) copyFrom(o *heuristic) {
	mine, theirs, route := h.mine.segs[:0], h.theirs.segs[:0], h.route[:0]
	path, counts := h.path, h.counts
	*h = *o
	h.mine.segs = append(mine, o.mine.segs...)
	h.theirs.segs = append(theirs, o.theirs.segs...)
	h.route = append(route, o.route...)
	h.path, h.counts = path, counts
}

// variantParams are the parameters of the heuristic spec guide with those
// of over (k=v,...) set over its own.
func variantParams(guide, over string) heuristicParams {
	b, err := Make(overSpec(guide, over))
	if err != nil {
		panic(err) // the guide and the variants are constants
	}
	return b.(*heuristic).heuristicParams
}

// overSpec is the heuristic spec guide with the parameters of over
// (k=v,...) set over its own.
func overSpec(guide, over string) string {
	s, err := Parse(guide)
	if err != nil {
		panic(err) // the guide and over are constants
	}
	if over == "" {
		return s.String()
	}
	o, err := Parse("heuristic:" + over)
	if err != nil {
		panic(err)
	}
	if s.Params == nil {
		s.Params = map[string]float64{}
	}
	for k, v := range o.Params {
		s.Params[k] = v
	}
	return s.String()
}
