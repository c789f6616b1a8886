package paperio

import (
	"fmt"

	"github.com/paperio/paperio/outcome"
)

// Dir is a direction of travel, numbered as the course numbered them.
type Dir int

// The four directions. The y axis points south, so a right (clockwise) turn
// takes East to South.
const (
	East  Dir = 0 // x+1
	South Dir = 1 // y+1
	West  Dir = 2 // x-1
	North Dir = 3 // y-1
)

// dx and dy give the step of each direction.
var (
	dx = [4]int{1, 0, -1, 0}
	dy = [4]int{0, 1, 0, -1}
)

// Valid reports whether d is one of the four directions. The methods below
// expect a valid direction.
func (d Dir) Valid() bool { return d >= East && d <= North }

// Right is the direction after a right turn.
func (d Dir) Right() Dir { return (d + 1) & 3 }

// Left is the direction after a left turn.
func (d Dir) Left() Dir { return (d + 3) & 3 }

// Opposite is the direction straight back.
func (d Dir) Opposite() Dir { return (d + 2) & 3 }

// Horizontal reports whether d runs along the x axis (East or West). Two
// directions are parallel when both or neither are horizontal.
func (d Dir) Horizontal() bool { return d&1 == 0 }

// DX and DY are the change of x and of y in one step in direction d.
// (The mask spares the bounds check in the bots' inner loops.)
func (d Dir) DX() int { return dx[d&3] }
func (d Dir) DY() int { return dy[d&3] }

// StepFrom returns the cell one step from (x, y) in direction d.
func StepFrom(x, y int, d Dir) (int, int) { return x + d.DX(), y + d.DY() }

// Action is what a player does in a half-step: turn left, turn right or go
// straight.
type Action byte

const (
	Straight Action = 'S'
	Left     Action = 'L'
	Right    Action = 'R'
)

// Turn returns the direction after taking action a while facing d.
func (a Action) Turn(d Dir) Dir {
	switch a {
	case Left:
		return d.Left()
	case Right:
		return d.Right()
	}
	return d
}

// Reason says why a game ended; the values are the course's result codes.
type Reason int8

const (
	WAL Reason = 0  // the mover stepped off the board
	TAP Reason = 1  // a band was hit; its owner lost
	SID Reason = 2  // the mover hit the enemy head from the side
	FAC Reason = 3  // head-on (parallel) collision: decided on territory
	CIT Reason = 4  // heads met on one player's territory
	ERR Reason = -1 // an AI raised an error
	OVT Reason = -2 // an AI ran out of time
	END Reason = -3 // all rounds played: decided on territory
)

var reasonNames = map[Reason]string{
	WAL: "WAL", TAP: "TAP", SID: "SID", FAC: "FAC", CIT: "CIT", ERR: "ERR", OVT: "OVT", END: "END",
}

var reasonWords = map[Reason]string{
	WAL: "ran into the wall",
	TAP: "band was hit",
	SID: "was hit from the side",
	FAC: "head-on collision, decided on territory",
	CIT: "heads met on territory",
	ERR: "AI raised an error",
	OVT: "AI ran out of time",
	END: "all rounds played, decided on territory",
}

// String returns the course's three-letter name of the reason.
func (r Reason) String() string {
	if s, ok := reasonNames[r]; ok {
		return s
	}
	return fmt.Sprintf("Reason(%d)", int8(r))
}

// Words describes the reason for people.
func (r Reason) Words() string {
	if s, ok := reasonWords[r]; ok {
		return s
	}
	return r.String()
}

// Winner is who won a game: a player index or Draw (package outcome holds
// the one encoding of every game).
type Winner = outcome.Winner

// Draw is the Winner of a drawn game.
const Draw = outcome.Draw

// Result is how a game ended.
type Result struct {
	Winner Winner // player index 0 or 1, or Draw
	Reason Reason // the course's reason code
	// Extra is the course's third element: for TAP the index of the player
	// who moved; for CIT 1 when the mover enclosed (True) and 0 when it lost
	// (False); -1 otherwise.
	Extra  int
	Scores [2]int // territory of both players for FAC and END
}

// Start is a player's start: head position and direction.
type Start struct {
	X, Y int
	Dir  Dir
}
