package tourney

import (
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/play"
)

// Entrant is one player of a series or tournament.
type Entrant = play.Entrant[*engine.State, engine.Action]

// seat is one side of a series: the instance in use.
type seat = play.Seat[*engine.State, engine.Action]

func newSeats(a, b *Entrant) [2]*seat {
	return [2]*seat{play.NewSeat(a, true), play.NewSeat(b, true)}
}

// gameSetup is what a game needs besides its players.
type gameSetup struct {
	config engine.Config
	starts [2]engine.Start
	seed   int64         // the players' seeds are play.SideSeed(seed, side)
	budget time.Duration // think time per timed player per game; 0 = unlimited
	stop   <-chan struct{}
}

// playGame plays one game between the seats (seats[0] moves first) through
// the play loop. It returns play.ErrStopped if the stop channel closed
// first.
func playGame(seats [2]*seat, g gameSetup) (*Played, error) {
	s, err := engine.NewGame(g.config, g.starts)
	if err != nil {
		return nil, err
	}
	res, err := play.Run(bots.Game{S: s}, seats, play.Options[engine.Action]{
		Seed: uint64(g.seed), Budget: g.budget, Stop: g.stop,
		Moves: make([]engine.Action, 0, 64),
	})
	if err != nil {
		return nil, err
	}
	return &Played{State: s, Run: res}, nil
}

// actions is the game's moves as the replay string (L, R or S each).
func (p *Played) actions() string {
	b := make([]byte, len(p.Run.Moves))
	for i, a := range p.Run.Moves {
		b[i] = byte(a)
	}
	return string(b)
}
