package plots

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image/color"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/internal/durable"
)

// palette is a set of colours that stay apart from each other and from the
// grey of players that are not highlighted.
var palette = []color.NRGBA{
	{31, 119, 180, 255},  // blue
	{255, 127, 14, 255},  // orange
	{44, 160, 44, 255},   // green
	{214, 39, 40, 255},   // red
	{148, 103, 189, 255}, // purple
	{140, 86, 75, 255},   // brown
	{227, 119, 194, 255}, // pink
	{188, 189, 34, 255},  // olive
	{23, 190, 207, 255},  // cyan
	{0, 0, 128, 255},     // navy
	{128, 0, 0, 255},     // maroon
	{0, 128, 128, 255},   // teal
}

// Colour returns the colour of a player: the same name always gets the
// same colour, in every chart and every run. The built-in bots' names get
// different colours.
func Colour(name string) color.NRGBA {
	h := fnv.New32a()
	h.Write([]byte(name))
	return palette[h.Sum32()%uint32(len(palette))]
}

// withAlpha returns c with opacity a (0–255).
func withAlpha(c color.NRGBA, a uint8) color.NRGBA {
	c.A = a
	return c
}

// grey draws the players that are not highlighted.
var grey = color.NRGBA{160, 160, 160, 140}

// Options are what a user may change in any chart.
type Options struct {
	// Title replaces the chart's own title when not empty.
	Title string
	// Highlight names the players the dots chart draws distinctly, with
	// their means marked; the others are drawn in grey. Empty: every
	// player in colour.
	Highlight []string
}

func newPlot(title string, o Options) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	if o.Title != "" {
		p.Title.Text = o.Title
	}
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.Padding = vg.Points(8)
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.ThumbnailWidth = vg.Points(24)
	p.X.Tick.Marker = niceTicks{7}
	p.Y.Tick.Marker = niceTicks{6}
	return p
}

// placeLegend puts the legend in the corner of the data area that covers
// the fewest of the points (xs[i], ys[i]); NaN points are ignored. It uses
// the axis ranges, so call it after adding the plotters.
func placeLegend(p *plot.Plot, xs, ys []float64) {
	best, bestN := 0, math.MaxInt
	for corner := range 4 {
		top, left := corner&1 == 1, corner&2 == 2
		n := 0
		for i := range xs {
			if math.IsNaN(xs[i]) || math.IsNaN(ys[i]) {
				continue
			}
			fx := (xs[i] - p.X.Min) / (p.X.Max - p.X.Min)
			fy := (ys[i] - p.Y.Min) / (p.Y.Max - p.Y.Min)
			inX := (left && fx < 0.4) || (!left && fx > 0.6)
			inY := (top && fy > 0.7) || (!top && fy < 0.3)
			if inX && inY {
				n++
			}
		}
		// Prefer the top right when corners tie.
		if n < bestN || (n == bestN && corner == 1) {
			best, bestN = corner, n
		}
	}
	p.Legend.Top, p.Legend.Left = best&1 == 1, best&2 == 2
	p.Legend.XOffs, p.Legend.YOffs = -vg.Points(6), -vg.Points(6)
	if p.Legend.Left {
		p.Legend.XOffs = vg.Points(6)
	}
	if !p.Legend.Top {
		p.Legend.YOffs = vg.Points(6)
	}
}

// Width and Height are the size of saved charts.
var (
	Width  = 8 * vg.Inch
	Height = 5 * vg.Inch
)

// DPI is the resolution of PNG files.
const DPI = 144

// Save writes p to path as PNG or SVG, chosen by the extension (.png,
// .svg), at Width × Height.
func Save(p *plot.Plot, path string) error {
	b, err := Encode(p, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."))
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return durable.WriteFile(path, b)
}

// Encode renders p as "png" or "svg" at Width × Height: what a notebook
// shows inline.
func Encode(p *plot.Plot, format string) ([]byte, error) {
	var canvas vg.CanvasWriterTo
	switch format {
	case "png":
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(Width, Height), vgimg.UseDPI(DPI))}
	case "svg":
		canvas = vgsvg.New(Width, Height)
	default:
		return nil, fmt.Errorf("unknown image format %q (want png or svg)", format)
	}
	p.Draw(draw.New(canvas))
	var buf bytes.Buffer
	if _, err := canvas.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// resultWords describes how a game ended, e.g. "player 1 won (wall) after
// 642 half-steps".
func resultWords(g analysis.Game) string {
	reason := analysis.EndName(g.Reason)
	who := "draw"
	if g.Winner != engine.Draw {
		who = fmt.Sprintf("P%d won", g.Winner+1)
	}
	return fmt.Sprintf("%s (%s) after %d half-steps, final territory %d : %d", who, reason, g.HalfSteps, g.Area1, g.Area2)
}

// niceTicks labels about n round values (1, 2 or 5 times a power of ten)
// across an axis, with an unlabelled tick half-way between them.
type niceTicks struct{ n int }

// Ticks implements plot.Ticker.
func (t niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) {
		return nil
	}
	step := niceStep((hi - lo) / float64(t.n))
	decimals := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	var ticks []plot.Tick
	for i := math.Ceil(lo/step*2 - 1e-9); i/2*step <= hi+step*1e-9; i++ {
		v := i / 2 * step
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		label := ""
		if math.Mod(i, 2) == 0 {
			label = strconv.FormatFloat(v, 'f', decimals, 64)
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: label})
	}
	return ticks
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}
