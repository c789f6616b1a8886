package plots

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Curve is one named line of a CurvePanel: Y over X, a NaN leaving a gap.
type Curve struct {
	Name string
	X, Y []float64
}

// CurvePanel is one panel of Curves: lines over a shared x axis.
type CurvePanel struct {
	Title          string
	XLabel, YLabel string
	YMin, YMax     float64 // NaN: from the data
	Curves         []Curve
}

// Curves draws panels of named lines, one above the other, in the colours
// of Palette (a curve keeps its colour in every panel where its name
// appears): learning curves, for one, of a training log.
func Curves(title string, panels []CurvePanel, o Options) (*Figure, error) {
	colour := map[string]int{}
	var ps []*plot.Plot
	for _, pn := range panels {
		p := newPlot(pn.Title)
		p.X.Label.Text, p.Y.Label.Text = pn.XLabel, pn.YLabel
		p.Add(plotter.NewGrid())
		var xs, ys []float64
		for _, c := range pn.Curves {
			k, ok := colour[c.Name]
			if !ok {
				k = len(colour)
				colour[c.Name] = k
			}
			style := plotter.DefaultLineStyle
			style.Color = Palette[k%len(Palette)]
			style.Width = vg.Points(1.5)
			if k >= len(Palette) {
				style.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5)}
			}
			key, err := Lines(p, c.X, c.Y, style)
			if err != nil {
				return nil, err
			}
			p.Legend.Add(c.Name, key)
			xs, ys = append(xs, c.X...), append(ys, c.Y...)
		}
		if !math.IsNaN(pn.YMin) {
			p.Y.Min = pn.YMin
		}
		if !math.IsNaN(pn.YMax) {
			p.Y.Max = pn.YMax
		}
		placeLegend(p, xs, ys)
		ps = append(ps, p)
	}
	if o.Title != "" {
		title = o.Title
	}
	f := &Figure{Title: title, cols: 1, panels: ps, fixedW: o.Width, fixedH: o.Height}
	f.panelW, f.panelH = Width-2*vg.Points(figMargin), Height-2*vg.Points(figMargin)-f.head()
	return f, f.checkSize()
}
