package stellar

import (
	"fmt"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// faults are the turn's failures as the play loop reports them.
func (t turnAnswers) faults() [2]play.Fault {
	var f [2]play.Fault
	for p := range 2 {
		f[p].Kind = t.fault[p].kind
	}
	return f
}

// replay replays a record: its map from its start, every turn's answers
// from its moves, and a failed load as the result says. snap, if not nil,
// records the phases of each turn (turn 0 included); onStart, if not nil,
// hears the state after turn 0, and onTurn after every AI turn. It checks
// that the replay ends as the record says and returns the final state and
// the map.
func replay(r *game.Record, snap *stellar.Snapshot, onStart func(*stellar.State), onTurn func(*stellar.State, turnAnswers)) (*stellar.State, stellar.MapSpec, error) {
	c := configOf(r.Config)
	sp, err := StartOf(c, r.Seed, r.Start)
	if err != nil {
		return nil, sp, err
	}
	m, _, err := sp.Build()
	if err != nil {
		return nil, sp, err
	}
	s, err := stellar.NewStateRecord(m, snap)
	if err != nil {
		return nil, sp, err
	}
	if err := s.SetTurnLimit(c.Turns); err != nil {
		return nil, sp, err
	}
	if onStart != nil {
		onStart(s)
	}
	turns, err := decodeMoves(r.Moves)
	if err != nil {
		return nil, sp, err
	}
	if stellar.Reason(r.Reason) == stellar.InitError {
		failed := [2]bool{true, true}
		if r.Winner != game.Draw {
			failed[r.Winner] = false
		}
		s.LoadFailed(failed)
	}
	for k, t := range turns {
		if s.Over() {
			return nil, sp, fmt.Errorf("replay: the game ended after %d turns, the record has %d", k, len(turns))
		}
		s.StepAnswers(t.ans[0], t.ans[1], snap)
		if onTurn != nil {
			onTurn(s, t)
		}
	}
	got := s.Result()
	if !s.Over() || winnerOf(got) != r.Winner || int(got.Reason) != r.Reason || got.Turns != r.Length {
		return nil, sp, fmt.Errorf("replay: the game ends %v, the record says winner %d, reason %d after %d turns", got, r.Winner, r.Reason, r.Length)
	}
	return s, sp, nil
}
