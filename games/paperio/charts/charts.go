// Package charts registers the charts of one paper.io game as chart kinds
// of `paperio plot` for paper.io folders: territory (both players'
// territory per half-step), ratio (the field ratio A/(A+B)), dist-bands
// (each band's distance to the other head) and dist-heads (the distance
// between the heads), read from the turns table as a Timeline and drawn
// with package plots' panels. The bars and dots charts of every game draw
// paper.io's final territory. games/all imports this package.
package charts

import "github.com/paperio/paperio/analysis/plots"

// Kinds are the chart kinds of paper.io datasets this package adds to bars
// and dots, in the order help lists them.
var Kinds = []string{"territory", "ratio", "dist-bands", "dist-heads"}

func init() {
	plots.RegisterKind("paperio", "territory", timelineKind("territory", Territory, TerritoryColumns))
	plots.RegisterKind("paperio", "ratio", timelineKind("ratio", Ratio, RatioColumns))
	plots.RegisterKind("paperio", "dist-bands", timelineKind("dist-bands", DistBands, DistBandsColumns))
	plots.RegisterKind("paperio", "dist-heads", timelineKind("dist-heads", DistHeads, DistHeadsColumns))
}
