package charts

import (
	"fmt"
	"math"
	"sort"

	"github.com/paperio/paperio/analysis"
)

// Columns of paper.io's turns table that the timeline reads (docs/DATASET.md;
// the tests check them against the table's schema).
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
	Game     analysis.Game
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

// ReadTimeline reads the turns of game g (from FindGame) for the named turn
// columns (Col… constants), through the dataset's per-move reader: row
// groups whose statistics rule the game out are skipped.
func ReadTimeline(ds *analysis.Dataset, g analysis.Game, cols ...string) (*Timeline, error) {
	if len(ds.TurnFiles) == 0 {
		return nil, dataErrorf("%s: no turns table (turns/**/*.parquet): the single-game charts need it", ds.Dir)
	}
	m, err := ds.Moves(&g.ID, append([]string{ColHalfStep}, cols...)...)
	if err != nil {
		return nil, err
	}
	if m.N == 0 {
		return nil, dataErrorf("%s: the turns table has no rows of game %d", ds.Dir, g.ID)
	}
	order := make([]int, m.N)
	for i := range order {
		order[i] = i
	}
	steps := m.Cols[ColHalfStep]
	sort.Slice(order, func(a, b int) bool { return steps[order[a]] < steps[order[b]] })
	s := &Timeline{Game: g, HalfStep: make([]int, m.N)}
	for i, r := range order {
		if math.IsNaN(steps[r]) {
			return nil, dataErrorf("%s: game %d has a turn without a half-step in the turns table", ds.Dir, g.ID)
		}
		s.HalfStep[i] = int(steps[r])
		if i > 0 && s.HalfStep[i] == s.HalfStep[i-1] {
			return nil, dataErrorf("%s: game %d has more than one row for half-step %d in the turns table", ds.Dir, g.ID, s.HalfStep[i])
		}
	}
	for _, c := range cols {
		src := m.Cols[c]
		dst := make([]float64, m.N)
		for i, r := range order {
			dst[i] = src[r]
		}
		*s.series(c) = dst
	}
	return s, nil
}

// series is the slice of s that holds column c.
func (s *Timeline) series(c string) *[]float64 {
	switch c {
	case ColTurnArea1:
		return &s.Area1
	case ColTurnArea2:
		return &s.Area2
	case ColRatio:
		return &s.Ratio
	case ColDistHeads:
		return &s.DistHeads
	case ColBand1ToHead2:
		return &s.Band1ToHead2
	case ColBand2ToHead1:
		return &s.Band2ToHead1
	}
	return new([]float64) // a column no chart draws
}

func dataErrorf(format string, a ...any) error {
	return &analysis.Error{Msg: fmt.Sprintf(format, a...)}
}
