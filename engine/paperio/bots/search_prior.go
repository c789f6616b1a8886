package bots

import (
	"github.com/paperio/paperio/engine/paperio"
)

// Prior scores the moves of the player to move, so that the search tries
// the likeliest first and its cut-offs come sooner: a learned policy's
// logits (games/paperio/rl's network-guided search). It must be
// deterministic for the search to be.
type Prior interface {
	// Reset prepares the prior for a game on s's board.
	Reset(s *paperio.State)
	// Prior is a score per move of the player to move in s, for Left,
	// Straight and Right: the higher, the sooner the search tries it. s
	// must be as it was after the call.
	Prior(s *paperio.State) [3]float32
}

// PriorPlies is how deep (in half-steps from the root) a search with a
// Prior asks it to order the moves; deeper, the cost of asking outweighs
// the cut-offs it brings, and the search orders them as without one.
const PriorPlies = 4

// priorPaths is the number of paths from the root shorter than PriorPlies,
// by their keys (priorOrder).
const priorPaths = 1 << (2 * (PriorPlies - 1))

// priorOrder writes the moves of acts not yet in o[:n] into o by the
// prior's scores for the player to move, highest first (ties in acts'
// order), and returns the new length.
func (t *tree) priorOrder(o *[5]paperio.Action, n int, ply int) int {
	key := 0 // the path from the root, a digit of 1 to 3 a ply
	for _, a := range t.path[:ply] {
		key = 4*key + actIndex(a) + 1
	}
	if !t.priorHave[key] {
		t.priorMemo[key], t.priorHave[key] = t.prior.Prior(t.st), true
	}
	p := t.priorMemo[key]
	score := func(a paperio.Action) float32 {
		switch a {
		case paperio.Left:
			return p[0]
		case paperio.Straight:
			return p[1]
		}
		return p[2]
	}
	rest := make([]paperio.Action, 0, 3)
	for _, a := range acts {
		seen := false
		for _, b := range o[:n] {
			seen = seen || a == b
		}
		if !seen {
			rest = append(rest, a)
		}
	}
	// Three at most: insertion sort, stable.
	for i := 1; i < len(rest); i++ {
		for j := i; j > 0 && score(rest[j]) > score(rest[j-1]); j-- {
			rest[j], rest[j-1] = rest[j-1], rest[j]
		}
	}
	for _, a := range rest {
		o[n] = a
		n++
	}
	return n
}
