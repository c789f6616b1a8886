package eraser

import "fmt"

// Colour is what a cell holds: one of the five colours, in the course's
// order R B G Y P (index 0..4, the digits of the course's replay files), or
// Empty (the engine's 'nan').
type Colour uint8

const (
	Red Colour = iota
	Blue
	Green
	Yellow
	Purple
	Empty // the engine's 'nan'; equal to itself in §5, never part of a run in §6

	NumColours = 5 // colours, Empty excluded
)

// Letters are the colours' letters, Empty written '.' as in the corpus.
const Letters = "RBGYP."

// Letter is the colour's letter ('.' for Empty).
func (c Colour) Letter() byte { return Letters[c] }

func (c Colour) String() string {
	if c > Empty {
		return fmt.Sprintf("Colour(%d)", uint8(c))
	}
	return string(Letters[c])
}

// ParseColour reads a letter of Letters.
func ParseColour(b byte) (Colour, bool) {
	for i := 0; i < len(Letters); i++ {
		if Letters[i] == b {
			return Colour(i), true
		}
	}
	return 0, false
}
