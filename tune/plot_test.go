package tune

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/rating"
)

// The convergence chart: its title in the figure's head (not on the frame),
// the first and last iterations whole inside the x axis, and its legend in
// a corner no point reaches (the room above the data).
func TestConvergencePlot(t *testing.T) {
	var rows []Row
	for i := range 30 {
		w := int64(10 + i%7 + i/3) // rising, to the top of the axis at the end
		rows = append(rows, Row{Iteration: int64(i), Spec: "heuristic:margin=2", Method: "spsa", Wins: w, Losses: 40 - w})
	}
	pool := &PoolReport{Pool: rating.DiffEstimate{N: 100, A: 0.62, B: 0.5, Diff: 0.12, Lo: 0.05, Hi: 0.19}}
	f, err := convergencePlot(rows, pool)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(f.Title, "Tuning heuristic (spsa)") {
		t.Errorf("figure title %q", f.Title)
	}
	p := f.Panels()[0]
	if p.Title.Text != "" || p.X.Min >= 0 || p.X.Max <= 29 {
		t.Errorf("panel title %q, x axis %v..%v for iterations 0..29", p.Title.Text, p.X.Min, p.X.Max)
	}
	c := Convergence(rows, 10)
	for i := range c.Score {
		for _, y := range []float64{c.Score[i] + c.Err[i], c.Smooth[i]} {
			fx, fy := (float64(i)-p.X.Min)/(p.X.Max-p.X.Min), (y-p.Y.Min)/(p.Y.Max-p.Y.Min)
			inX := (p.Legend.Left && fx < 0.4) || (!p.Legend.Left && fx > 0.6)
			inY := (p.Legend.Top && fy > 0.7) || (!p.Legend.Top && fy < 0.3)
			if inX && inY {
				t.Fatalf("iteration %d (%.3f) lies under the legend", i, y)
			}
		}
	}
	out := filepath.Join(t.TempDir(), "convergence.png")
	if d := os.Getenv("PAPERIO_CHARTS"); d != "" {
		out = filepath.Join(d, "convergence.png")
	}
	if err := plots.Save(f, out); err != nil {
		t.Fatal(err)
	}
}
