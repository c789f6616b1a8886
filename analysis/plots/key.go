package plots

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// key lists the players beside the panels: per row the mark that names the
// player's point (a number or an initial), its glyph and its name, in
// columns of as many rows as the height allows.
type key struct {
	cast *cast
}

// Key layout, in points.
const (
	keyGlyph  = 4   // glyph radius
	keyGap    = 4   // between mark, glyph and name
	keyColGap = 12  // between columns
	keyRowGap = 2.5 // between rows
)

func (k *key) header() string  { return "Players" }
func (k *key) headStyle() line { return newLine(vg.Points(10), color.Black).bold() }
func (k *key) rowHeight() vg.Length {
	return max(nameStyle().height(), 2*vg.Points(keyGlyph)) + vg.Points(keyRowGap)
}

// nameStyle of a player's name in the key.
func (k *key) nameStyle(p *player) line {
	st := newLine(vg.Points(9.5), color.Black)
	if p.hi {
		st = st.bold().withColour(red)
	}
	return st
}

// columns returns the widths of the mark column and of a whole column.
func (k *key) columns() (markW, colW vg.Length) {
	ms := markStyle()
	var nameW vg.Length
	for _, p := range k.cast.list {
		markW = max(markW, ms.width(p.mark))
		nameW = max(nameW, k.nameStyle(p).width(p.name))
	}
	return markW, markW + vg.Points(2*keyGap+2*keyGlyph) + nameW
}

// rowsPerColumn is how many entries fit in a column of height h.
func (k *key) rowsPerColumn(h vg.Length) int {
	room := h - k.headStyle().height() - vg.Points(4)
	return max(1, int(math.Floor(float64(room/k.rowHeight()))))
}

// size is the key's width and height when it may be h high.
func (k *key) size(h vg.Length) (vg.Length, vg.Length) {
	n := len(k.cast.list)
	rows := max(1, min(n, k.rowsPerColumn(h)))
	cols := (n + rows - 1) / rows
	_, colW := k.columns()
	w := vg.Length(cols)*colW + vg.Length(cols-1)*vg.Points(keyColGap)
	w = max(w, k.headStyle().width(k.header()))
	return w, k.headStyle().height() + vg.Points(4) + vg.Length(rows)*k.rowHeight()
}

// height is the height the key needs in one column.
func (k *key) height() vg.Length {
	return k.headStyle().height() + vg.Points(4) + vg.Length(len(k.cast.list))*k.rowHeight()
}

// draw draws the key in c, from its top left corner.
func (k *key) draw(c draw.Canvas) {
	hs := k.headStyle()
	top := c.Max.Y
	hs.fillBox(c, vg.Point{X: c.Min.X, Y: top - hs.height()}, k.header())
	top -= hs.height() + vg.Points(4)
	rows := k.rowsPerColumn(c.Max.Y - c.Min.Y)
	markW, colW := k.columns()
	ms := markStyle()
	rh := k.rowHeight()
	for i, p := range k.cast.list {
		col, row := i/rows, i%rows
		x := c.Min.X + vg.Length(col)*(colW+vg.Points(keyColGap))
		yMid := top - vg.Length(row)*rh - rh/2
		// Marks right-aligned, so that numbers line up.
		ms.fillBox(c, vg.Point{X: x + markW - ms.width(p.mark), Y: yMid - ms.height()/2}, p.mark)
		gx := x + markW + vg.Points(keyGap+keyGlyph)
		c.DrawGlyph(p.glyph(vg.Points(keyGlyph), k.cast.dim(p)), vg.Point{X: gx, Y: yMid})
		ns := k.nameStyle(p)
		ns.fillBox(c, vg.Point{X: gx + vg.Points(keyGlyph+keyGap), Y: yMid - ns.height()/2}, p.name)
	}
}
