// Package outcome holds the one encoding of a game's winner, shared by every
// game's rules and by the shared parts of the toolkit. Standard library
// only, so that rules packages may use it.
package outcome

// Winner is who won a game: the index of the winning player (0, who moves
// first, or 1), or Draw. Files keep their own encodings (games tables and
// the results store write 1, 2 or 0: Code; paper.io's replay files 0, 1
// or null) and convert where they are read and written.
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

// Code is the winner as games tables and the results store write it: 1 or
// 2 for the player, 0 for a draw. OfCode reads it back.
func (w Winner) Code() int8 {
	if w == Draw {
		return 0
	}
	return int8(w + 1)
}

// OfCode is the Winner of a table's winner code.
func OfCode(code int8) Winner {
	if code == 1 || code == 2 {
		return Winner(code - 1)
	}
	return Draw
}
