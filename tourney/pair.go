package tourney

import (
	"time"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/play"
)

// Played is a finished game: the final state and what the play loop knows
// of it (moves, think times, failures).
type Played struct {
	State *engine.State
	Run   *play.Result[engine.Action]
}

// Score of player index i: 1, ½ or 0.
func (p *Played) Score(i int) float64 { return p.State.Result().Winner.Score(i) }

// PairSetup is how the two games of a pair are played.
type PairSetup struct {
	Config  engine.Config
	Budget  time.Duration // think time per timed player per game; 0 = unlimited
	Pairing Pairing
	Stop    <-chan struct{}
}

// PlayPair plays the paired games of seed: A (seats[0]) moves first from
// the course's start of seed, then B moves first from the paired start
// (SecondHalfStarts). Both games seed the players with seed. It is the one
// paired-game runner of SPRT runs and tuning.
func PlayPair(seats [2]*play.Seat[*engine.State, engine.Action], seed int64, o PairSetup) ([2]*Played, error) {
	var out [2]*Played
	first, err := engine.RandomStarts(o.Config, seed)
	if err != nil {
		return out, err
	}
	for k := range 2 {
		order, starts := seats, first
		if k == 1 {
			order = [2]*seat{seats[1], seats[0]}
			starts = SecondHalfStarts(o.Config, first, o.Pairing)
		}
		if out[k], err = playGame(order, gameSetup{config: o.Config, starts: starts, seed: seed, budget: o.Budget, stop: o.Stop}); err != nil {
			return out, err
		}
	}
	return out, nil
}
