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
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/label"
	"github.com/paperio/paperio/store"
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

// Palette gives the players of a bars or dots chart their colours, in
// order: Kelly's colours of maximum contrast (K. L. Kelly, "Twenty-two
// colors of maximum contrast", Color Engineering 3(6), 1965) without white,
// black and grey, which the charts use for other things, plus a teal; the
// two yellows, palest on white, come last. Past 20 players the colours
// repeat with the next glyph shape (Shapes), so that up to 160 players no
// two share both.
var Palette = []color.NRGBA{
	{0x87, 0x56, 0x92, 255}, // purple
	{0xF3, 0x84, 0x00, 255}, // orange
	{0x00, 0x67, 0xA5, 255}, // blue
	{0xBE, 0x00, 0x32, 255}, // red
	{0x00, 0x88, 0x56, 255}, // green
	{0x88, 0x2D, 0x17, 255}, // reddish brown
	{0xE6, 0x8F, 0xAC, 255}, // purplish pink
	{0x60, 0x4E, 0x97, 255}, // violet
	{0x8D, 0xB6, 0x00, 255}, // yellow green
	{0xB3, 0x44, 0x6C, 255}, // purplish red
	{0x00, 0xA0, 0xA0, 255}, // teal
	{0xF6, 0xA6, 0x00, 255}, // orange yellow
	{0x65, 0x45, 0x22, 255}, // yellowish brown
	{0xA1, 0xCA, 0xF1, 255}, // light blue
	{0xE2, 0x58, 0x22, 255}, // reddish orange
	{0x2B, 0x3D, 0x26, 255}, // olive green
	{0xF9, 0x93, 0x79, 255}, // yellowish pink
	{0xC2, 0xB2, 0x80, 255}, // buff
	{0xF3, 0xC3, 0x00, 255}, // yellow
	{0xDC, 0xD3, 0x00, 255}, // greenish yellow
}

// Shapes are the glyph shapes of the players of a bars or dots chart, the
// filled ones first: with Palette, 100 players get a filled glyph each.
var Shapes = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, diamondGlyph{}, downGlyph{},
	outlineGlyph{draw.CircleGlyph{}}, outlineGlyph{draw.BoxGlyph{}}, outlineGlyph{draw.PyramidGlyph{}},
}

// diamondGlyph is a filled square standing on a corner.
type diamondGlyph struct{}

func (diamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius * 1.15
	c.FillPolygon(sty.Color, []vg.Point{{X: pt.X, Y: pt.Y + r}, {X: pt.X + r, Y: pt.Y}, {X: pt.X, Y: pt.Y - r}, {X: pt.X - r, Y: pt.Y}})
}

// downGlyph is a filled triangle pointing down.
type downGlyph struct{}

func (downGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	c.FillPolygon(sty.Color, []vg.Point{{X: pt.X - r*0.87, Y: pt.Y + r*0.5}, {X: pt.X + r*0.87, Y: pt.Y + r*0.5}, {X: pt.X, Y: pt.Y - r}})
}

// outlineGlyph draws a filled shape in white inside the same shape in
// colour: an outline that stays visible at small sizes, unlike gonum's
// hairline outlines.
type outlineGlyph struct{ shape draw.GlyphDrawer }

func (g outlineGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	g.shape.DrawGlyph(c, sty, pt)
	inner := sty
	inner.Color = color.White
	inner.Radius = sty.Radius * 0.5
	g.shape.DrawGlyph(c, inner, pt)
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

// red marks highlighted players' names, as the course marked the teams
// that qualified.
var red = color.NRGBA{204, 0, 0, 255}

// boldWeight is golang.org/x/image/font's WeightBold (Liberation has a
// bold face).
const boldWeight = 3

func defaultFont() font.Font    { return plot.DefaultFont }
func textHandler() text.Handler { return plot.DefaultTextHandler }

// Options are what a user may change in any chart.
type Options struct {
	// Title replaces the chart's own title when not empty.
	Title string
	// Highlight names the players the bars and dots charts mark, in red
	// as the course marked its qualified teams; the others are drawn in
	// grey. Empty: every player in colour.
	Highlight []string
	// HighlightName says in the caption what the highlighted players are
	// ("qualified"); empty: "highlighted".
	HighlightName string
	// Note is added to the caption (what was selected, say).
	Note string
	// Label is how players are named (default label.ModeShort).
	Label label.Mode
	// Width and Height fix the size of the image; zero: it grows with the
	// players and panels.
	Width, Height vg.Length
	// Info says what the games' length and score are (Build takes it from
	// the dataset); nil: paper.io's.
	Info *game.Info
}

// info is the game the chart shows.
func (o Options) info() *game.Info {
	if o.Info != nil {
		return o.Info
	}
	if g, err := game.Lookup(game.Default()); err == nil {
		return g.Info()
	}
	return &game.Info{LengthWords: "moves", ScoreWords: "score"}
}

// scoreAxis is the words of the score axis: "final territory (cells)".
func (o Options) scoreAxis(of string) string {
	in := o.info()
	s := "final " + in.ScoreWords + of
	if in.ScoreUnit != "" {
		s += " (" + in.ScoreUnit + ")"
	}
	return s
}

func (o Options) labelMode() label.Mode {
	if o.Label == "" {
		return label.ModeShort
	}
	return o.Label
}

// newPlot is a panel with the charts' text sizes; its title, if any, names
// the panel in a grid (the figure has the chart's title).
func newPlot(title string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Title.Padding = vg.Points(4)
	p.X.Label.TextStyle.Font.Size = vg.Points(11)
	p.Y.Label.TextStyle.Font.Size = vg.Points(11)
	// A font's box (ascent to descent) reaches higher than gonum/plot
	// reckons when it stacks text: keep axis labels clear of tick labels
	// and legend entries clear of each other.
	p.X.Label.Padding += vg.Points(2)
	p.Y.Label.Padding += vg.Points(2)
	p.Legend.Padding = vg.Points(4)
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

// Width and Height are the size of a saved *plot.Plot, and of a
// one-panel chart with a few players.
var (
	Width  = 8 * vg.Inch
	Height = 5 * vg.Inch
)

// DPI is the resolution of PNG files.
const DPI = 144

// Drawer is what Save and Encode draw: a *Figure, which knows its size, or
// a *plot.Plot, drawn at Width × Height.
type Drawer interface {
	Draw(draw.Canvas)
}

// size is the size d is drawn at.
func size(d Drawer) (vg.Length, vg.Length) {
	if s, ok := d.(interface{ Size() (vg.Length, vg.Length) }); ok {
		return s.Size()
	}
	return Width, Height
}

// Save writes d to path (a file, or an object's URL: package store) as PNG
// or SVG, chosen by the extension (.png, .svg).
func Save(d Drawer, path string) error {
	dir, key, err := store.OpenFile(path)
	if err != nil {
		return err
	}
	defer dir.Close()
	b, err := Encode(d, strings.TrimPrefix(strings.ToLower(filepath.Ext(key)), "."))
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return dir.WriteFile(key, b)
}

// Encode renders d as "png" or "svg": what a notebook shows inline.
func Encode(d Drawer, format string) ([]byte, error) {
	w, h := size(d)
	var canvas vg.CanvasWriterTo
	switch format {
	case "png":
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))}
	case "svg":
		canvas = vgsvg.New(w, h)
	default:
		return nil, fmt.Errorf("unknown image format %q (want png or svg)", format)
	}
	d.Draw(draw.New(canvas))
	var buf bytes.Buffer
	if _, err := canvas.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// resultWords describes how a game ended, e.g. "player 1 won (wall) after
// 642 half-steps".
func resultWords(g analysis.Game, in *game.Info) string {
	reason := analysis.EndName(in, g.Reason)
	who := "draw"
	if g.Winner != game.Draw {
		who = fmt.Sprintf("P%d won", g.Winner+1)
	}
	return fmt.Sprintf("%s (%s) after %d %s, final %s %s", who, reason, g.Length, in.LengthWords, in.ScoreWords, game.ScoresText(g.Score1, g.Score2))
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
