package plots

import (
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// TextBox is one line of text as a chart draws it: the string and the
// rectangle it covers on the image, in points from the lower left corner,
// from the font's ascent to its descent.
type TextBox struct {
	Text string
	Rect vg.Rectangle
}

// TextBoxes draws d on a canvas of w × h that draws nothing but records
// every line of text, measured with the font face and size the drawing
// uses, through any rotation and translation in force. It is how the tests
// check a chart's layout: what they see is what a PNG or SVG would show.
func TextBoxes(d Drawer, w, h vg.Length) []TextBox {
	r := &recorder{w: w, h: h, m: identity}
	d.Draw(draw.New(r))
	return r.boxes
}

// Overlapping returns the pairs of boxes that share more than an edge.
func Overlapping(boxes []TextBox) [][2]TextBox {
	var out [][2]TextBox
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if overlaps(a.Rect, b.Rect) {
				out = append(out, [2]TextBox{a, b})
			}
		}
	}
	return out
}

// affine is the 2×3 matrix [a b c; d e f] mapping (x, y) to
// (a·x + b·y + c, d·x + e·y + f).
type affine [6]float64

var identity = affine{1, 0, 0, 0, 1, 0}

func (m affine) mul(n affine) affine {
	return affine{
		m[0]*n[0] + m[1]*n[3], m[0]*n[1] + m[1]*n[4], m[0]*n[2] + m[1]*n[5] + m[2],
		m[3]*n[0] + m[4]*n[3], m[3]*n[1] + m[4]*n[4], m[3]*n[2] + m[4]*n[5] + m[5],
	}
}

func (m affine) apply(p vg.Point) vg.Point {
	x, y := float64(p.X), float64(p.Y)
	return vg.Point{X: vg.Length(m[0]*x + m[1]*y + m[2]), Y: vg.Length(m[3]*x + m[4]*y + m[5])}
}

// recorder is a vg.Canvas that keeps the transform and records text.
type recorder struct {
	w, h  vg.Length
	m     affine
	stack []affine
	boxes []TextBox
}

func (r *recorder) Size() (vg.Length, vg.Length)        { return r.w, r.h }
func (r *recorder) SetLineWidth(vg.Length)              {}
func (r *recorder) SetLineDash([]vg.Length, vg.Length)  {}
func (r *recorder) SetColor(color.Color)                {}
func (r *recorder) Stroke(vg.Path)                      {}
func (r *recorder) Fill(vg.Path)                        {}
func (r *recorder) DrawImage(vg.Rectangle, image.Image) {}
func (r *recorder) Push()                               { r.stack = append(r.stack, r.m) }
func (r *recorder) Pop() {
	r.m = r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
}
func (r *recorder) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	r.m = r.m.mul(affine{c, -s, 0, s, c, 0})
}
func (r *recorder) Translate(p vg.Point) {
	r.m = r.m.mul(affine{1, 0, float64(p.X), 0, 1, float64(p.Y)})
}
func (r *recorder) Scale(x, y float64) { r.m = r.m.mul(affine{x, 0, 0, 0, y, 0}) }

func (r *recorder) FillString(f font.Face, pt vg.Point, text string) {
	if f.Font.Size == 0 || text == "" {
		return
	}
	e := f.Extents()
	w := f.Width(text)
	corners := [4]vg.Point{
		r.m.apply(vg.Point{X: pt.X, Y: pt.Y - e.Descent}),
		r.m.apply(vg.Point{X: pt.X + w, Y: pt.Y - e.Descent}),
		r.m.apply(vg.Point{X: pt.X, Y: pt.Y + e.Ascent}),
		r.m.apply(vg.Point{X: pt.X + w, Y: pt.Y + e.Ascent}),
	}
	box := vg.Rectangle{Min: corners[0], Max: corners[0]}
	for _, c := range corners[1:] {
		box.Min.X, box.Min.Y = min(box.Min.X, c.X), min(box.Min.Y, c.Y)
		box.Max.X, box.Max.Y = max(box.Max.X, c.X), max(box.Max.Y, c.Y)
	}
	r.boxes = append(r.boxes, TextBox{Text: text, Rect: box})
}

// line is a text style for single lines that a chart places itself,
// measured with the face that draws it.
type line struct {
	draw.TextStyle
}

func newLine(size vg.Length, c color.Color) line {
	sty := draw.TextStyle{Color: c, Font: font.From(defaultFont(), size), Handler: textHandler()}
	return line{sty}
}

func (l line) face() font.Face {
	return l.Handler.Cache().Lookup(l.Font, l.Font.Size)
}

// width is the advance of s.
func (l line) width(s string) vg.Length {
	f := l.face()
	return f.Width(s)
}

// ascent and descent of the font, descent positive.
func (l line) ascent() vg.Length {
	f := l.face()
	return f.Extents().Ascent
}

func (l line) descent() vg.Length {
	f := l.face()
	return f.Extents().Descent
}

// height is the box of a line: ascent plus descent.
func (l line) height() vg.Length { return l.ascent() + l.descent() }

// bold returns the style in the bold face.
func (l line) bold() line {
	l.Font.Weight = boldWeight
	return l
}

// withColour returns the style in colour c.
func (l line) withColour(c color.Color) line {
	l.Color = c
	return l
}

// fill draws s with its baseline starting at pt.
func (l line) fill(c vg.Canvas, pt vg.Point, s string) {
	c.SetColor(l.Color)
	c.FillString(l.face(), pt, s)
}

// fillBox draws s so that its box (ascent to descent) has its lower left
// corner at min.
func (l line) fillBox(c vg.Canvas, min vg.Point, s string) {
	l.fill(c, vg.Point{X: min.X, Y: min.Y + l.descent()}, s)
}
