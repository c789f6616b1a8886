package paperio

import (
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
)

// Pairing is how the second half of a series reuses the starts of the first.
//
// A start is a pair of heads: player 1's in the west half of the board
// (x near k//2) and player 2's in the east half (x near k + k//2), W = 2k.
// First-half game j is played from the course's start drawn with seed S+j:
// A is player 1 (moves first) from the west head, B player 2 from the east
// head. Second-half game j (B now moves first) uses the same draw:
//
//   - PairSame (the default): the same two heads. B, now player 1, starts
//     from the west head A had; A, now player 2, from the east head B had.
//     So both players play each start from both sides, and the luck of a
//     start (a head facing the wall, a head facing the enemy) falls on each
//     player once: the pairing that cancels it, as paired openings with
//     colours reversed do in chess testing.
//   - PairMirror: each player keeps its own head, mirrored into its new half
//     across the vertical centre line: (x, y, d) → (W−1−x, y, d') with east
//     and west swapped (0 ↔ 2; south and north stay). Player 1 of
//     second-half game j (B) starts at Mirror(B's east head of first-half
//     game j) and player 2 (A) at Mirror(A's west head). The board is then
//     the mirror image of first-half game j with only the move order
//     changed; a start's luck stays with the same player. For odd k the
//     mirror of a course start is again a start the course could draw (x =
//     k//2 + r maps to k + k//2 − r); for even k it lies one column further
//     west than the course's range.
type Pairing int

const (
	PairSame Pairing = iota
	PairMirror
)

func (p Pairing) String() string {
	if p == PairMirror {
		return "mirror"
	}
	return "same"
}

// ParsePairing reads "same" or "mirror".
func ParsePairing(s string) (Pairing, error) {
	switch s {
	case "same", "":
		return PairSame, nil
	case "mirror":
		return PairMirror, nil
	}
	return 0, fmt.Errorf("pairing %q: want same or mirror", s)
}

// Mirror reflects a head across the board's vertical centre line.
func Mirror(c paperio.Config, s paperio.Start) paperio.Start {
	d := s.Dir
	switch d {
	case paperio.East:
		d = paperio.West
	case paperio.West:
		d = paperio.East
	}
	return paperio.Start{X: c.Width - 1 - s.X, Y: s.Y, Dir: d}
}

// SecondHalfStarts are the starts of the second-half game paired with a
// first-half game played from first (player 1's head, player 2's head).
func SecondHalfStarts(c paperio.Config, first [2]paperio.Start, p Pairing) [2]paperio.Start {
	if p == PairMirror {
		return [2]paperio.Start{Mirror(c, first[1]), Mirror(c, first[0])}
	}
	return first
}
