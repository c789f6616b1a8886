// Package charts registers the charts of one paper.io game as chart kinds
// of `paperio plot` for paper.io folders: territory (both players'
// territory per half-step), ratio (the field ratio A/(A+B)), dist-bands
// (each band's distance to the other head) and dist-heads (the distance
// between the heads), drawn by package plots from the turns table. The bars
// and dots charts of every game draw paper.io's final territory. games/all
// imports this package.
package charts

import (
	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
)

// Kinds are the chart kinds of paper.io datasets this package adds to bars
// and dots, in the order help lists them.
var Kinds = []string{"territory", "ratio", "dist-bands", "dist-heads"}

func init() {
	plots.RegisterKind("paperio", "territory", plots.TimelineKind("territory", plots.Territory, analysis.TerritoryColumns))
	plots.RegisterKind("paperio", "ratio", plots.TimelineKind("ratio", plots.Ratio, analysis.RatioColumns))
	plots.RegisterKind("paperio", "dist-bands", plots.TimelineKind("dist-bands", plots.DistBands, analysis.DistBandsColumns))
	plots.RegisterKind("paperio", "dist-heads", plots.TimelineKind("dist-heads", plots.DistHeads, analysis.DistHeadsColumns))
}
