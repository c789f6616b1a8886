package plots

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis"
)

// Figure is a chart ready to draw: a title, a caption line saying what the
// marks mean, one panel or a grid of panels with shared axes, and for
// charts with many players a key beside the panels. Unless the options fix
// it, its size follows from its content: panels grow with their players,
// the grid with its panels, the width with the title and the key, so that
// text keeps its size.
type Figure struct {
	Title   string
	Caption string // a line, or lines parted by newlines
	panels  []*plot.Plot
	cols    int
	key     *key
	// Axis labels of a grid, drawn once for all its panels.
	xLabel, yLabel string
	// The players of a bars or dots chart and the labels of each panel
	// (nil for a single-game chart).
	cast  *cast
	marks []*markSet
	// Size of one panel, and of the whole figure when fixed (else zero).
	panelW, panelH vg.Length
	fixedW, fixedH vg.Length
}

// Panels returns the figure's panels, in rows from the top left.
func (f *Figure) Panels() []*plot.Plot { return f.panels }

// axisStyle is the style of a grid's axis labels.
func axisStyle() line { return newLine(vg.Points(11), color.Black) }

// axisRoom is the room a grid's axis labels take below and left of it.
func (f *Figure) axisRoom() vg.Length {
	if f.xLabel == "" && f.yLabel == "" {
		return 0
	}
	return axisStyle().height() + vg.Points(4)
}

// Figure layout, in points.
const (
	figMargin = 8  // around everything
	figGap    = 10 // between title, grid and key
	padX      = 14 // between panel columns
	padY      = 10 // between panel rows
	keyMaxH   = 9 * 72
)

func titleStyle() line   { return newLine(vg.Points(13), color.Black) }
func captionStyle() line { return newLine(vg.Points(10), color.Gray{Y: 60}) }

// caption is the caption as drawn: Caption (a line, or lines parted by
// newlines), and for keyed marks what they are.
func (f *Figure) caption() string {
	if f.cast == nil || !f.cast.hasKey() {
		return f.Caption
	}
	what := "numbers"
	if f.cast.initial {
		what = "initials"
	}
	return joinNote(f.Caption, what+" at the points name the players listed on the right")
}

// rows is the number of panel rows.
func (f *Figure) rows() int { return (len(f.panels) + f.cols - 1) / f.cols }

// head is the height of the title and caption lines.
func (f *Figure) head() vg.Length {
	h := vg.Length(len(titleLines(f.Title))) * titleStyle().height()
	h += vg.Length(len(titleLines(f.caption()))) * (captionStyle().height() + vg.Points(2))
	if h > 0 {
		h += vg.Points(figGap / 2)
	}
	return h
}

func titleLines(t string) []string {
	if t == "" {
		return nil
	}
	return strings.Split(t, "\n")
}

// headWidth is the width the title and caption need.
func (f *Figure) headWidth() vg.Length {
	var w vg.Length
	for _, l := range titleLines(f.Title) {
		w = max(w, titleStyle().width(l))
	}
	for _, l := range titleLines(f.caption()) {
		w = max(w, captionStyle().width(l))
	}
	return w
}

// autoSize is the size the figure takes when the options leave it free.
func (f *Figure) autoSize() (vg.Length, vg.Length) {
	gridW := vg.Length(f.cols)*f.panelW + vg.Length(f.cols-1)*vg.Points(padX) + f.axisRoom()
	gridH := vg.Length(f.rows())*f.panelH + vg.Length(f.rows()-1)*vg.Points(padY) + f.axisRoom()
	var keyW vg.Length
	if f.key != nil {
		// A taller grid before more key columns, up to keyMaxH.
		gridH = max(gridH, min(f.key.height(), vg.Points(keyMaxH)))
		keyW, _ = f.key.size(gridH)
		keyW += vg.Points(figGap)
	}
	w := max(gridW+keyW, f.headWidth()) + 2*vg.Points(figMargin)
	h := f.head() + gridH + 2*vg.Points(figMargin)
	return w, h
}

// Size is the size of the image (implements the sizer of Save and Encode).
func (f *Figure) Size() (vg.Length, vg.Length) {
	if f.fixedW > 0 && f.fixedH > 0 {
		return f.fixedW, f.fixedH
	}
	w, h := f.autoSize()
	if f.settle(w, h) {
		return f.autoSize()
	}
	return w, h
}

// settle falls back to keyed marks when, in an image of w × h, some
// player's name finds no free place in its panel; it reports whether it
// did.
func (f *Figure) settle(w, h vg.Length) bool {
	if f.cast == nil || f.cast.keyed {
		return false
	}
	c := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: w, Y: h}}}
	canvases, _, _, _ := f.layout(c)
	for i, p := range f.panels {
		if !f.marks[i].fits(p.DataCanvas(canvases[i]), p) {
			f.cast.setKeyed()
			f.key = &key{cast: f.cast}
			return true
		}
	}
	return false
}

// panelTitleWidth is the width the widest panel title needs, with a
// little room on both sides.
func (f *Figure) panelTitleWidth() vg.Length {
	var w vg.Length
	for _, p := range f.panels {
		if p.Title.Text != "" {
			w = max(w, p.Title.TextStyle.Width(p.Title.Text)+vg.Points(8))
		}
	}
	return w
}

// Smallest panel a fixed size may leave, in points.
const (
	minPanelW = 2.8 * 72
	minPanelH = 2.1 * 72
)

// checkSize fails, saying the smallest size that would do, when a fixed
// size leaves too little room for the title, the key or the panels.
func (f *Figure) checkSize() error {
	if f.fixedW == 0 && f.fixedH == 0 {
		return nil
	}
	w, h := f.fixedW, f.fixedH
	gridW, gridH := f.gridArea(w, h)
	minW := max(vg.Points(minPanelW), f.panelTitleWidth())
	ok := gridW >= vg.Length(f.cols)*(minW+vg.Points(padX)) && gridH >= vg.Length(f.rows())*(vg.Points(minPanelH)+vg.Points(padY)) &&
		f.headWidth()+2*vg.Points(figMargin) <= w
	if ok {
		return nil
	}
	// The smallest size: the auto size with the smallest panels.
	save := [2]vg.Length{f.panelW, f.panelH}
	f.panelW, f.panelH = minW, vg.Points(minPanelH)
	needW, needH := f.autoSize()
	f.panelW, f.panelH = save[0], save[1]
	return &analysis.Error{Msg: fmt.Sprintf("an image of %.0fx%.0f pixels is too small for this chart; it needs at least %.0fx%.0f",
		pixels(w), pixels(h), math.Ceil(pixels(needW)), math.Ceil(pixels(needH)))}
}

// pixels converts a length to PNG pixels.
func pixels(l vg.Length) float64 { return float64(l.Dots(DPI)) }

// gridArea is the room the panels get in an image of w × h (as layout
// shares it out).
func (f *Figure) gridArea(w, h vg.Length) (vg.Length, vg.Length) {
	gw := w - 2*vg.Points(figMargin)
	gh := h - 2*vg.Points(figMargin) - f.head()
	if f.key != nil {
		kw, _ := f.key.size(gh)
		gw -= kw + vg.Points(figGap)
	}
	return gw - f.axisRoom(), gh - f.axisRoom()
}

// Draw implements Drawer: the title and caption centred at the top, the
// key at the right, the panels aligned in a grid.
func (f *Figure) Draw(c draw.Canvas) {
	f.settle(c.Max.X-c.Min.X, c.Max.Y-c.Min.Y)
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	canvases, keyC, top, grid := f.layout(c)
	mid := (c.Min.X + c.Max.X) / 2
	y := top
	ts := titleStyle()
	for _, l := range titleLines(f.Title) {
		y -= ts.height()
		ts.fillBox(c, vg.Point{X: mid - ts.width(l)/2, Y: y}, l)
	}
	cs := captionStyle()
	for _, l := range titleLines(f.caption()) {
		y -= cs.height() + vg.Points(2)
		cs.fillBox(c, vg.Point{X: mid - cs.width(l)/2, Y: y}, l)
	}
	if f.key != nil {
		f.key.draw(keyC)
	}
	for i, p := range f.panels {
		p.Draw(canvases[i])
	}
	as := axisStyle()
	if f.xLabel != "" {
		mx := (grid.Min.X + grid.Max.X) / 2
		as.fillBox(c, vg.Point{X: mx - as.width(f.xLabel)/2, Y: grid.Min.Y - f.axisRoom()}, f.xLabel)
	}
	if f.yLabel != "" {
		// Rotated a quarter turn: the text runs up the left side.
		sty := as.TextStyle
		sty.Rotation = math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		c.FillText(sty, vg.Point{X: grid.Min.X - f.axisRoom(), Y: (grid.Min.Y + grid.Max.Y) / 2}, f.yLabel)
	}
}

// layout returns the canvas of each panel and of the key within c, and
// the top of the title; it sets the panels' tick density for their size.
func (f *Figure) layout(c draw.Canvas) (panels []draw.Canvas, key draw.Canvas, top vg.Length, grid vg.Rectangle) {
	r := c.Rectangle
	r.Min.X += vg.Points(figMargin)
	r.Min.Y += vg.Points(figMargin)
	r.Max.X -= vg.Points(figMargin)
	r.Max.Y -= vg.Points(figMargin)
	top = r.Max.Y
	r.Max.Y -= f.head()
	if f.key != nil {
		kw, kh := f.key.size(r.Max.Y - r.Min.Y)
		key = c
		key.Rectangle = vg.Rectangle{Min: vg.Point{X: r.Max.X - kw, Y: r.Max.Y - kh}, Max: r.Max}
		r.Max.X -= kw + vg.Points(figGap)
	}
	if room := f.axisRoom(); room > 0 {
		r.Min.X += room
		r.Min.Y += room
	}
	// Plain tiles: the panels share their axes and their decorations,
	// so their data areas line up without plot.Align.
	tiles := draw.Tiles{Rows: f.rows(), Cols: f.cols, PadX: vg.Points(padX), PadY: vg.Points(padY)}
	gc := c
	gc.Rectangle = r
	tileW := (r.Max.X - r.Min.X) / vg.Length(f.cols)
	tileH := (r.Max.Y - r.Min.Y) / vg.Length(f.rows())
	for i, p := range f.panels {
		setTicks(p, tileW, tileH)
		panels = append(panels, tiles.At(gc, i%f.cols, i/f.cols))
	}
	grid = r
	return panels, key, top, grid
}

// setTicks labels about one tick per inch of the panel (an axis with ticks
// of its own, such as named categories, keeps them).
func setTicks(p *plot.Plot, w, h vg.Length) {
	if _, ok := p.X.Tick.Marker.(niceTicks); ok {
		p.X.Tick.Marker = niceTicks{min(7, max(3, int(w/vg.Inch)))}
	}
	if _, ok := p.Y.Tick.Marker.(niceTicks); ok {
		p.Y.Tick.Marker = niceTicks{min(6, max(3, int(h/(0.6*vg.Inch))))}
	}
}
