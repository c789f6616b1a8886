package tune

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/rating"
)

// Curve is the convergence of a run: per iteration the pool score of the
// current point with the half-width of its 95 % interval, and a moving
// average. The score of an iteration is that of all its candidates'
// games: SPSA's two candidates straddle the current point (θ ± c_kΔ) on
// the same games, so their mean score estimates the current point's to
// first order; CMA-ES's generation is drawn around its mean.
type Curve struct {
	Score, Err, Smooth []float64
}

// Convergence computes the curve of rows with a moving average over window
// iterations.
func Convergence(rows []Row, window int) Curve {
	var c Curve
	for i := 0; i < len(rows); {
		j := i
		var w, d, l int
		for j < len(rows) && rows[j].Iteration == rows[i].Iteration {
			w, d, l = w+int(rows[j].Wins), d+int(rows[j].Draws), l+int(rows[j].Losses)
			j++
		}
		e := rating.EstimateGames(w, d, l)
		c.Score = append(c.Score, e.Score)
		c.Err = append(c.Err, 1.959963984540054*e.Sigma/math.Sqrt(math.Max(1, float64(e.N))))
		i = j
	}
	for k := range c.Score {
		lo := max(0, k-window+1)
		s := 0.0
		for _, v := range c.Score[lo : k+1] {
			s += v
		}
		c.Smooth = append(c.Smooth, s/float64(k+1-lo))
	}
	return c
}

// SavePlot draws the convergence chart of rows to path (.png or .svg):
// the pool score of the current point per iteration with its 95 %
// interval, its moving average, and, when the pool verification has run,
// the verified pool scores of the tuned point and of the defaults.
func SavePlot(rows []Row, path string, pool *PoolReport) error {
	f, err := convergencePlot(rows, pool)
	if err != nil {
		return err
	}
	return plots.Save(f, path)
}

// convergencePlot is SavePlot's chart, in a figure with margins round
// it and its title.
func convergencePlot(rows []Row, pool *PoolReport) (*plots.Figure, error) {
	c := Convergence(rows, 10)
	p := plots.NewPanel()
	title := fmt.Sprintf("Tuning %s (%s): pool score of the current point per iteration", botName(rows[0].Spec), rows[0].Method)
	p.X.Label.Text = "iteration"
	p.Y.Label.Text = "score against the pool (points / games)"
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Add(plotter.NewGrid())
	xy := func(ys []float64) plotter.XYs {
		pts := make(plotter.XYs, len(ys))
		for i, y := range ys {
			pts[i] = plotter.XY{X: float64(i), Y: y}
		}
		return pts
	}
	grey := color.NRGBA{160, 160, 160, 200}
	sc, err := plotter.NewScatter(xy(c.Score))
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	sc.GlyphStyle.Radius = vg.Points(2)
	sc.GlyphStyle.Color = grey
	errs := make(plotter.YErrors, len(c.Err))
	for i, e := range c.Err { // a score lies in [0, 1]
		errs[i].Low, errs[i].High = math.Min(e, c.Score[i]), math.Min(e, 1-c.Score[i])
	}
	bars, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{xy(c.Score), errs})
	if err != nil {
		return nil, err
	}
	bars.LineStyle.Color = color.NRGBA{200, 200, 200, 255}
	bars.LineStyle.Width = vg.Points(0.5)
	sm, err := plotter.NewLine(xy(c.Smooth))
	if err != nil {
		return nil, err
	}
	sm.Color = plots.Colour("moving average")
	sm.Width = vg.Points(1.5)
	p.Add(bars, sc, sm)
	p.Legend.Add("current point (95 % interval)", sc)
	p.Legend.Add("moving average (10)", sm)
	if pool != nil && pool.Pool.N > 0 {
		last := math.Max(1, float64(len(c.Score)-1))
		level := func(y float64, col color.NRGBA, dashed bool) (*plotter.Line, error) {
			l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: y}, {X: last, Y: y}})
			if err != nil {
				return nil, err
			}
			l.Color, l.Width = col, vg.Points(1.5)
			if dashed {
				l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			}
			return l, nil
		}
		tl, err := level(pool.Pool.A, color.NRGBA{214, 39, 40, 255}, false)
		if err != nil {
			return nil, err
		}
		dl, err := level(pool.Pool.B, color.NRGBA{60, 60, 60, 255}, true)
		if err != nil {
			return nil, err
		}
		p.Add(tl, dl)
		p.Legend.Add(fmt.Sprintf("tuned, verified: %.3f (%s)", pool.Pool.A, DiffText(pool.Pool)), tl)
		p.Legend.Add(fmt.Sprintf("default, verified: %.3f", pool.Pool.B), dl)
	}
	// Half an iteration of room at both ends, so that the first and last
	// points and their bars are whole.
	p.X.Min, p.X.Max = -0.5, float64(len(c.Score))-0.5
	// Room above the data for the legend, in the corner with fewest points.
	lines := 2.0
	if pool != nil && pool.Pool.N > 0 {
		lines += 2
	}
	p.Y.Max += (p.Y.Max - p.Y.Min) * 0.1 * lines
	var xs, ys []float64
	for i := range c.Score {
		xs, ys = append(xs, float64(i), float64(i), float64(i)), append(ys, c.Score[i], c.Score[i]+c.Err[i], c.Smooth[i])
	}
	plots.PlaceLegend(p, xs, ys)
	// The room is at the top: a top corner that no point reaches is best.
	for _, left := range []bool{true, false} {
		if !p.Legend.Top && !reaches(xs, ys, p.X.Min, p.X.Max, p.Y.Min, p.Y.Max, left) {
			p.Legend.Top, p.Legend.Left = true, left
			p.Legend.XOffs, p.Legend.YOffs = vg.Points(6), -vg.Points(6)
			if !left {
				p.Legend.XOffs = -vg.Points(6)
			}
		}
	}
	return plots.PanelFigure(title, p, plots.Options{})
}

// reaches says whether a point lies in the top left (or right) corner of
// the axes where the legend would be: the outer 40 % across, the top 30 %.
func reaches(xs, ys []float64, x0, x1, y0, y1 float64, left bool) bool {
	for i := range xs {
		fx, fy := (xs[i]-x0)/(x1-x0), (ys[i]-y0)/(y1-y0)
		if fy > 0.7 && (left && fx < 0.4 || !left && fx > 0.6) {
			return true
		}
	}
	return false
}

func botName(spec string) string {
	for i, r := range spec {
		if r == ':' {
			return spec[:i]
		}
	}
	return spec
}
