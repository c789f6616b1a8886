package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
)

// fixedPrior scores the moves the same in every state.
type fixedPrior [3]float32

func (fixedPrior) Reset(*paperio.State)              {}
func (p fixedPrior) Prior(*paperio.State) [3]float32 { return p }

// TestPriorOrder: near the root a prior's moves come after the root's
// first move and the principal variation's, highest score first (ties in
// the fixed order), each move once, instead of the killer; from
// PriorPlies on the order is the search's without a prior.
func TestPriorOrder(t *testing.T) {
	const L, S, R = paperio.Left, paperio.Straight, paperio.Right
	for _, c := range []struct {
		prior fixedPrior // Left, Straight, Right
		ply   int
		first paperio.Action
		pv    paperio.Action // on the principal variation at ply
		want  [5]paperio.Action
	}{
		{fixedPrior{3, 1, 2}, 1, 0, 0, [5]paperio.Action{L, R, S}},
		{fixedPrior{1, 2, 3}, 1, 0, 0, [5]paperio.Action{R, S, L}},
		{fixedPrior{0, 0, 0}, 1, 0, 0, [5]paperio.Action{S, L, R}},
		{fixedPrior{5, 0, 5}, 1, 0, 0, [5]paperio.Action{L, R, S}},
		{fixedPrior{3, 1, 2}, 1, 0, S, [5]paperio.Action{S, L, R}},
		{fixedPrior{3, 1, 2}, 0, R, S, [5]paperio.Action{R, S, L}},
		{fixedPrior{3, 1, 2}, 0, R, R, [5]paperio.Action{R, L, S}},
		{fixedPrior{3, 1, 2}, PriorPlies - 1, 0, 0, [5]paperio.Action{L, R, S}},
		// From PriorPlies on: the killer (Right), then the fixed order.
		{fixedPrior{3, 1, 2}, PriorPlies, 0, 0, [5]paperio.Action{R, S, L}},
	} {
		tr := &tree{prior: c.prior, first: c.first, killer: make([]paperio.Action, PriorPlies+1), prevPV: make([]paperio.Action, PriorPlies+1)}
		tr.killer[c.ply] = R
		tr.prevPV[c.ply] = c.pv
		if got := tr.order(c.ply, c.pv != 0); got != c.want {
			t.Errorf("prior %v, ply %d, first %q, pv %q: order %q, want %q", c.prior, c.ply, c.first, c.pv, got, c.want)
		}
	}
}
