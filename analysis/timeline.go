package analysis

import (
	"math"
	"sort"
)

// Columns of paper.io's turns table that the timeline reads (DATASET.md;
// games/paperio/charts checks them against the table's schema).
const (
	ColHalfStep     = "half_step"
	ColTurnArea1    = "area1"
	ColTurnArea2    = "area2"
	ColRatio        = "ratio"
	ColDistHeads    = "dist_heads"
	ColBand1ToHead2 = "band1_to_head2"
	ColBand2ToHead1 = "band2_to_head1"
)

// Turn column sets of the single-game charts.
var (
	TerritoryColumns = []string{ColTurnArea1, ColTurnArea2}
	RatioColumns     = []string{ColRatio}
	DistBandsColumns = []string{ColBand1ToHead2, ColBand2ToHead1}
	DistHeadsColumns = []string{ColDistHeads}
)

// Timeline is one game's features per half-step, sorted by half-step. Only
// the slices of the columns asked for are filled; a null (a band-to-head
// distance while that band is empty) is NaN.
type Timeline struct {
	Game     Game
	HalfStep []int
	Area1    []float64 // territory of player 1 after the half-step
	Area2    []float64
	// Ratio is area1 / (area1 + area2), 0.5 when both are 0.
	Ratio     []float64
	DistHeads []float64 // Manhattan distance between the heads
	// Band1ToHead2 is the distance from player 1's nearest band cell to
	// player 2's head; NaN when player 1 has no band.
	Band1ToHead2 []float64
	Band2ToHead1 []float64
}

// Timeline reads the turns of game g (from FindGame) for the named turn
// columns (Col… constants of the turns table). Row groups whose statistics
// rule the game out are skipped.
func (d *Dataset) Timeline(g Game, cols ...string) (*Timeline, error) {
	if len(d.TurnFiles) == 0 {
		return nil, errorf("%s: no turns table (turns/**/*.parquet): the single-game charts need it", d.Dir)
	}
	specs := []colSpec{{ColHalfStep, intKind}}
	for _, c := range cols {
		specs = append(specs, colSpec{c, floatKind})
	}
	t, err := readTable(d, d.TurnFiles, specs, &eqFilter{ColGameID, g.ID})
	if err != nil {
		return nil, err
	}
	if t.n == 0 {
		return nil, errorf("%s: the turns table has no rows of game %d", d.Dir, g.ID)
	}
	order := make([]int, t.n)
	for i := range order {
		order[i] = i
	}
	steps := t.cols[ColHalfStep].ints
	sort.Slice(order, func(a, b int) bool { return steps[order[a]] < steps[order[b]] })
	s := &Timeline{Game: g, HalfStep: make([]int, t.n)}
	for i, r := range order {
		s.HalfStep[i] = int(steps[r])
		if i > 0 && s.HalfStep[i] == s.HalfStep[i-1] {
			return nil, errorf("%s: game %d has more than one row for half-step %d in the turns table", d.Dir, g.ID, s.HalfStep[i])
		}
	}
	for _, c := range cols {
		src := t.cols[c].flts
		dst := make([]float64, t.n)
		for i, r := range order {
			dst[i] = src[r]
		}
		switch c {
		case ColTurnArea1:
			s.Area1 = dst
		case ColTurnArea2:
			s.Area2 = dst
		case ColRatio:
			s.Ratio = dst
		case ColDistHeads:
			s.DistHeads = dst
		case ColBand1ToHead2:
			s.Band1ToHead2 = dst
		case ColBand2ToHead1:
			s.Band2ToHead1 = dst
		}
	}
	return s, nil
}

// Runs splits a series into the maximal runs of half-steps whose values are
// not NaN: the pieces a chart draws as lines, leaving gaps between them.
// Each run is a pair of indices [start, end).
func Runs(ys []float64) [][2]int {
	var out [][2]int
	start := -1
	for i, y := range ys {
		switch {
		case math.IsNaN(y) && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		case !math.IsNaN(y) && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(ys)})
	}
	return out
}
