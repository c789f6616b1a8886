package rl

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
)

// TestFullBoardMatchesDefinition: the full board kept up to date half-step
// by half-step equals Observe after every half-step, for a view that stays
// with one player and for one that flips to the mover after every
// half-step (self-play), over games that follow one another on planes that
// are never cleared by hand.
func TestFullBoardMatchesDefinition(t *testing.T) {
	var sc [NumScalars]float32
	for _, flipping := range []bool{false, true} {
		// One set of planes per board size, reused game after game.
		planes := map[[2]int][]uint8{}
		boards := map[[2]int]*fullBoard{}
		var n int
		states(t, 60, func(s *paperio.State) {
			key := [2]int{s.Width(), s.Height()}
			if planes[key] == nil {
				planes[key] = bytes.Repeat([]byte{9}, Full.Size(paperio.Config{Width: s.Width(), Height: s.Height()}))
				boards[key] = &fullBoard{}
			}
			p, b := planes[key], boards[key]
			switch {
			case s.HalfSteps() == 0:
				b.start(s, 1, p)
			default:
				b.update(s, p)
				if flipping && b.own != s.ToMove() {
					b.flip(s.Width(), s.Height(), p)
				}
			}
			want := make([]uint8, len(p))
			Observe(Full, s, b.own, want, sc[:])
			if !bytes.Equal(p, want) {
				t.Fatalf("flipping %v, %dx%d, half-step %d, view of player %d: %s", flipping, s.Width(), s.Height(), s.HalfSteps(), b.own+1, fullDiff(s, p, want))
			}
			n++
		})
		if n < 1500 {
			t.Fatalf("only %d states compared", n)
		}
	}
}

// fullDiff names the first cell where two full-board observations differ.
func fullDiff(s *paperio.State, got, want []uint8) string {
	w, h := s.Width(), s.Height()
	for i := range got {
		if got[i] != want[i] {
			p, rest := i/(w*h), i%(w*h)
			return fmt.Sprintf("plane %d at x %d y %d: %d, want %d", p, rest%w, rest/w, got[i], want[i])
		}
	}
	return "no difference"
}
