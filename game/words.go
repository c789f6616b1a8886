package game

import (
	"fmt"
	"math"
	"strconv"
)

// ScoresText writes two final scores for people, "a : b", rounded to one
// decimal (whole scores stay whole). Scores that round alike but differ
// were decided by a hair: the text says so and by how much, since the
// game's own rule still compares the exact values.
func ScoresText(a, b float64) string {
	ta, tb := roundText(a), roundText(b)
	s := ta + " : " + tb
	if ta == tb && a != b {
		s += fmt.Sprintf(" (decided by a hair: %.2g apart)", math.Abs(a-b))
	}
	return s
}

// roundText is v rounded to one decimal, without a trailing ".0".
func roundText(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}
