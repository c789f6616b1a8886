package tune

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/store"
)

// Curve is the convergence of a run: per iteration the mean score of its
// candidates, its moving average and the best moving average so far.
type Curve struct {
	Score, Smooth, Best []float64
}

// Convergence computes the curve of rows with a moving average over window
// iterations.
func Convergence(rows []Row, window int) Curve {
	var c Curve
	for i := 0; i < len(rows); {
		j, sum := i, 0.0
		for j < len(rows) && rows[j].Iteration == rows[i].Iteration {
			sum += rows[j].Score
			j++
		}
		c.Score = append(c.Score, sum/float64(j-i))
		i = j
	}
	best := math.Inf(-1)
	for k := range c.Score {
		lo := max(0, k-window+1)
		s := 0.0
		for _, v := range c.Score[lo : k+1] {
			s += v
		}
		m := s / float64(k+1-lo)
		c.Smooth = append(c.Smooth, m)
		best = math.Max(best, m)
		c.Best = append(c.Best, best)
	}
	return c
}

// SavePlot draws the convergence chart of rows as PNG to key in b.
func SavePlot(rows []Row, b *store.Bucket, key string) error {
	c := Convergence(rows, 10)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Tuning %s (%s): score against the pool per iteration", botName(rows[0].Spec), rows[0].Method)
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = "iteration"
	p.Y.Label.Text = "score (points / games)"
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	xy := func(ys []float64) plotter.XYs {
		pts := make(plotter.XYs, len(ys))
		for i, y := range ys {
			pts[i] = plotter.XY{X: float64(i), Y: y}
		}
		return pts
	}
	sc, err := plotter.NewScatter(xy(c.Score))
	if err != nil {
		return err
	}
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	sc.GlyphStyle.Radius = vg.Points(2)
	sc.GlyphStyle.Color = color.NRGBA{160, 160, 160, 200}
	sm, err := plotter.NewLine(xy(c.Smooth))
	if err != nil {
		return err
	}
	sm.Color = plots.Colour("moving average")
	sm.Width = vg.Points(1.5)
	bl, err := plotter.NewLine(xy(c.Best))
	if err != nil {
		return err
	}
	bl.Color = color.NRGBA{214, 39, 40, 255}
	bl.Width = vg.Points(1.5)
	bl.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	p.Add(sc, sm, bl)
	p.Legend.Add("iteration score", sc)
	p.Legend.Add("moving average (10)", sm)
	p.Legend.Add("best so far", bl)
	png, err := plots.Encode(p, "png")
	if err != nil {
		return err
	}
	return b.WriteFile(key, png)
}

func botName(spec string) string {
	for i, r := range spec {
		if r == ':' {
			return spec[:i]
		}
	}
	return spec
}
