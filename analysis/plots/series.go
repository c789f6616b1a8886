package plots

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis"
)

// Series is one named line of a single-game chart: a value per x (NaN
// leaves a gap). Side 1 or 2 gives it that player's colour (player 2's
// line dashed, as in every single-game chart); 0 draws it dark grey.
type Series struct {
	Name string
	Side int
	Ys   []float64
}

// GameLines is the single-game chart of any game: lines over the game's
// moves xs (turns, half-steps…; xlabel names them), the title saying what
// they show, the players and the result of game g, on a y axis from ymin to
// ymax (NaN: from the data). Games register such charts with RegisterKind;
// PlayerNames gives the names the title uses.
func GameLines(g analysis.Game, what, xlabel, ylabel string, xs []float64, lines []Series, ymin, ymax float64, o Options) (*Figure, error) {
	ls := make([]seriesLine, len(lines))
	for i, s := range lines {
		ls[i] = seriesLine{name: s.Name, colour: color.NRGBA{60, 60, 60, 255}, ys: s.Ys}
		switch s.Side {
		case 1:
			ls[i].colour = side1
		case 2:
			ls[i].colour, ls[i].dashed = side2, true
		}
	}
	return linesPlot(xs, xlabel, gameTitle(what, g, o), ylabel, ls, ymin, ymax, o)
}

// PlayerNames are the names of game g's players in a single-game chart.
func PlayerNames(g analysis.Game, o Options) (string, string) { return gameNames(g, o) }

// linesPlot draws lines over xs, leaving gaps at NaN, on a y axis from ymin
// to ymax (auto: from the data), in a figure of one panel.
func linesPlot(xs []float64, xlabel, title, ylabel string, lines []seriesLine, ymin, ymax float64, o Options) (*Figure, error) {
	p := newPlot("")
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	var px, py []float64
	for _, ln := range lines {
		style := plotter.DefaultLineStyle
		style.Color = ln.colour
		style.Width = vg.Points(1.5)
		if ln.dashed {
			style.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5)}
		}
		var key plot.Thumbnailer
		for _, run := range analysis.Runs(ln.ys) {
			pts := make(plotter.XYs, 0, run[1]-run[0])
			for i := run[0]; i < run[1]; i++ {
				pts = append(pts, plotter.XY{X: xs[i], Y: ln.ys[i]})
				px, py = append(px, xs[i]), append(py, ln.ys[i])
			}
			if len(pts) == 1 {
				// A lone value between two gaps: a dot, as a line of
				// one point draws nothing.
				dot, err := plotter.NewScatter(pts)
				if err != nil {
					return nil, err
				}
				dot.GlyphStyle = draw.GlyphStyle{Color: ln.colour, Radius: vg.Points(1.5), Shape: draw.CircleGlyph{}}
				p.Add(dot)
				continue
			}
			l, err := plotter.NewLine(pts)
			if err != nil {
				return nil, err
			}
			l.LineStyle = style
			p.Add(l)
			key = l
		}
		if key == nil {
			// No run long enough to draw: still say what the colour means.
			l, _ := plotter.NewLine(plotter.XYs{{}, {}})
			l.LineStyle = style
			key = l
		}
		p.Legend.Add(ln.name, key)
	}
	if len(xs) > 0 {
		p.X.Min, p.X.Max = 0, xs[len(xs)-1]
	}
	if !math.IsNaN(ymin) {
		p.Y.Min = ymin
	}
	if !math.IsNaN(ymax) {
		p.Y.Max = ymax
	}
	placeLegend(p, px, py)
	if o.Title != "" {
		title = o.Title
	}
	f := &Figure{Title: title, cols: 1, panels: []*plot.Plot{p}, fixedW: o.Width, fixedH: o.Height}
	f.panelW, f.panelH = Width-2*vg.Points(figMargin), Height-2*vg.Points(figMargin)-f.head()
	return f, f.checkSize()
}
