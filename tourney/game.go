package tourney

import (
	"github.com/paperio/paperio/game"
)

// Entrant is one player of a series or tournament, of any game.
type Entrant = game.Entrant

// seat is one side of a series: the instance in use.
type seat = game.Seat

func newSeats(a, b *Entrant) [2]*seat {
	return [2]*seat{game.NewSeat(a, true), game.NewSeat(b, true)}
}
