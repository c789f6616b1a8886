package plots

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/paperio/paperio/analysis"
)

// What the chart kinds that games register (RegisterKind) draw with: the
// charts' panel style, the players' colours, and a figure of one panel. A
// game's chart builds its panel with gonum/plot and wraps it.

// NewPanel is an empty panel in the charts' style (fonts, ticks, legend).
func NewPanel() *plot.Plot { return newPlot("") }

// SideColour is the colour of player i (0: player 1) in single-game charts.
func SideColour(i int) color.Color {
	if i == 0 {
		return side1
	}
	return side2
}

// PlaceLegend puts p's legend in the corner of the data area that covers
// the fewest of the points (xs[i], ys[i]); call it after adding the data.
func PlaceLegend(p *plot.Plot, xs, ys []float64) { placeLegend(p, xs, ys) }

// GameTitle is the title of a chart of one game g showing what: the game,
// its players and its result.
func GameTitle(what string, g analysis.Game, o Options) string { return gameTitle(what, g, o) }

// GameNames name the two players of a game as its title does.
func GameNames(g analysis.Game, o Options) (string, string) { return gameNames(g, o) }

// PanelFigure is a figure of the one panel p, titled title unless o.Title
// replaces it, of the single-game charts' size unless o fixes one.
func PanelFigure(title string, p *plot.Plot, o Options) (*Figure, error) {
	if o.Title != "" {
		title = o.Title
	}
	f := &Figure{Title: title, cols: 1, panels: []*plot.Plot{p}, fixedW: o.Width, fixedH: o.Height}
	f.panelW, f.panelH = Width-2*vg.Points(figMargin), Height-2*vg.Points(figMargin)-f.head()
	return f, f.checkSize()
}
