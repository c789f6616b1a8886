package stellar

import (
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/play"
)

// View is what a player is given at each call: the game (read only) and the
// time limit of a call of a course AI.
type View struct {
	*stellar.State
	CallTime time.Duration
}

// Player is a stellar player for the play loop.
type Player = play.Player[View, stellar.Answer]

// match adapts a game in progress to the play loop (play.Game): both
// players answer on the same view, and the turn is played once both
// answers, or failures, are in. It also hears every turn (the moves
// record, the dataset rows).
type match struct {
	s    *stellar.State
	view View
	snap *stellar.Snapshot // the turn's phases, when someone reads them

	ans  [2]stellar.Answer
	have [2]bool
	// fault is each player's failure of the turn: its answer counts as [].
	fault [2]play.Fault
	// loadFailed says which AIs failed to load; the game ends before its
	// first turn once both loads were tried (RULES §8).
	loadFailed [2]bool

	// onTurn, if not nil, hears every turn after it is played, with the
	// answers and failures it was played from.
	onTurn func(ans [2]stellar.Answer, fault [2]play.Fault)
}

func (m *match) Over() bool { return m.s.Over() }

// Movers is 3, both players: they answer on the same view. Before the
// first turn it ends the game instead when an AI failed to load (the loop
// has tried both loads by then).
func (m *match) Movers() uint8 {
	if m.s.Turn() == 0 && (m.loadFailed[0] || m.loadFailed[1]) {
		m.s.LoadFailed(m.loadFailed) // cannot fail before the first turn
		return 0
	}
	return 3
}

func (m *match) View() View { return m.view }

// Snapshot copies the game for a call that may outlive the loop's wait.
func (m *match) Snapshot(into View) View {
	if into.State == nil {
		into.State = &stellar.State{}
	}
	into.State.CopyFrom(m.s)
	into.CallTime = m.view.CallTime
	return into
}

// Apply takes player me's answer; the turn is played when both are in.
func (m *match) Apply(me int, a stellar.Answer) {
	m.ans[me], m.have[me] = a, true
	m.maybeStep()
}

// Fault applies stellar's rule for a failed call (RULES §8): a failed load
// loses (decided before the first turn, see Movers); a failed turn is [].
func (m *match) Fault(me int, f play.Fault, loading bool) {
	if loading {
		m.loadFailed[me] = true
		return
	}
	m.ans[me], m.have[me], m.fault[me] = stellar.Answer{}, true, f
	m.maybeStep()
}

func (m *match) maybeStep() {
	if !m.have[0] || !m.have[1] {
		return
	}
	m.s.StepAnswers(m.ans[0], m.ans[1], m.snap)
	if m.onTurn != nil {
		m.onTurn(m.ans, m.fault)
	}
	m.ans, m.have, m.fault = [2]stellar.Answer{}, [2]bool{}, [2]play.Fault{}
}
