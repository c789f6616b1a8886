package tourney

import (
	"time"

	"github.com/paperio/paperio/game"
)

// PairSetup is how the two games of a pair are played.
type PairSetup struct {
	Config  game.Config
	Budget  time.Duration // think time per timed player per game; 0 = unlimited
	Pairing string        // how the paired game reuses the start (paper.io: same or mirror)
	Stop    <-chan struct{}
}

// PlayPair plays the paired games of seed: A (seats[0]) moves first from
// the course's start of seed, then B moves first in the paired game (the
// same start, sides swapped as the pairing says). Both games seed the
// players with seed. It is the one paired-game runner of SPRT runs and
// tuning.
func PlayPair(w game.Worker, seats [2]*game.Seat, seed int64, o PairSetup) ([2]*game.Record, error) {
	var out [2]*game.Record
	for k := range 2 {
		order := seats
		if k == 1 {
			order = [2]*seat{seats[1], seats[0]}
		}
		r, err := w.Play(order, game.Setup{Config: o.Config, Seed: seed, Paired: k == 1, Pairing: o.Pairing, Budget: o.Budget, Stop: o.Stop})
		if err != nil {
			return out, err
		}
		out[k] = r
	}
	return out, nil
}
