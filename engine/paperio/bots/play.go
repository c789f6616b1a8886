package bots

import (
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// Game adapts a paper.io game to the play loop: players move one at a
// time, and a player that fails a call loses (ERR for an error, OVT for a
// time-out), as the course's runner judged it.
type Game struct{ S *paperio.State }

func (g Game) Over() bool                    { return g.S.Over() }
func (g Game) Movers() uint8                 { return 1 << g.S.ToMove() }
func (g Game) View() *paperio.State          { return g.S }
func (g Game) Apply(_ int, a paperio.Action) { g.S.Step(a) }

// Snapshot copies the game into into, reusing its buffers.
func (g Game) Snapshot(into *paperio.State) *paperio.State {
	if into == nil {
		return g.S.Clone()
	}
	into.CopyFrom(g.S)
	return into
}

// Fault forfeits the game of the player that failed.
func (g Game) Fault(me int, f play.Fault, _ bool) {
	g.S.Forfeit(me, FaultReason(f.Kind))
}

// FaultReason is the course's result code for a failure: OVT for a
// time-out, ERR otherwise.
func FaultReason(k play.FaultKind) paperio.Reason {
	if k == play.Timeout {
		return paperio.OVT
	}
	return paperio.ERR
}

// Play plays one whole game between two built players from the given start
// through the play loop, without a time budget, and returns the finished
// state (a player that panics loses by ERR). If onStep is not nil it is
// called after every half-step with the action played.
func Play(c paperio.Config, starts [2]paperio.Start, players [2]Bot, seed uint64, onStep func(*paperio.State, paperio.Action)) (*paperio.State, error) {
	s, err := paperio.NewGame(c, starts)
	if err != nil {
		return nil, err
	}
	seats := [2]*play.Seat[*paperio.State, paperio.Action]{play.SeatOf("player 1", players[0]), play.SeatOf("player 2", players[1])}
	o := play.Options[paperio.Action]{Seed: seed}
	if onStep != nil {
		o.OnMove = func(_ int, a paperio.Action) { onStep(s, a) }
	}
	_, err = play.Run[*paperio.State, paperio.Action](Game{s}, seats, o)
	return s, err
}
