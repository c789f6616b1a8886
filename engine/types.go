package engine

import "fmt"

// Directions, as the course numbered them.
const (
	East  = 0 // x+1
	South = 1 // y+1
	West  = 2 // x-1
	North = 3 // y-1
)

// dx and dy give the step of each direction.
var (
	dx = [4]int{1, 0, -1, 0}
	dy = [4]int{0, 1, 0, -1}
)

// Step returns the cell one step from (x, y) in direction d.
func StepFrom(x, y, d int) (int, int) { return x + dx[d], y + dy[d] }

// Action is what a player does in a half-step: turn left, turn right or go
// straight.
type Action byte

const (
	Straight Action = 'S'
	Left     Action = 'L'
	Right    Action = 'R'
)

// ParseAction reads an action the way the course engine read an AI's answer:
// a string whose first character, upper-cased, is L or R turns; anything else
// (an empty string, "S", "x") goes straight. There is no invalid action.
func ParseAction(s string) Action {
	if s == "" {
		return Straight
	}
	switch s[0] {
	case 'L', 'l':
		return Left
	case 'R', 'r':
		return Right
	}
	return Straight
}

// Turn returns the direction after taking action a while facing d.
func (a Action) Turn(d int) int {
	switch a {
	case Left:
		return (d + 3) & 3
	case Right:
		return (d + 1) & 3
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

// Winner is who won a game: the index of the winning player (0, who moves
// first, or 1), or Draw. It is the one encoding of a winner in the
// toolkit; files keep their own (the games table writes 1, 2 or 0, replay
// files 0, 1 or null) and convert where they are read and written.
type Winner int

// Draw is the Winner of a drawn game.
const Draw Winner = -1

// Score is player i's points from the game: 1 for a win, ½ for a draw, 0
// for a loss.
func (w Winner) Score(i int) float64 {
	switch w {
	case Draw:
		return 0.5
	case Winner(i):
		return 1
	}
	return 0
}

// Outcome is the game's result for player i: 1 won, 0 draw, -1 lost.
func (w Winner) Outcome(i int) int {
	switch w {
	case Draw:
		return 0
	case Winner(i):
		return 1
	}
	return -1
}

// Loser is the index of the player who lost; w must not be Draw.
func (w Winner) Loser() int { return 1 - int(w) }

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
	X, Y, Dir int
}
