package plots

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// anchor is a player's marked point in a panel: its mean in bars and dots.
type anchor struct {
	x, y float64
	p    *player
}

// markSet is a plot.Plotter that draws the players' marked points and
// names each with a label placed where it collides with nothing (see
// placeLabels): the player's name when the chart is not keyed, else its
// number or initial.
type markSet struct {
	cast    *cast
	anchors []anchor
	radius  vg.Length // of the glyphs
	halo    bool      // a white disc under each glyph, to lift it off a cloud of dots
}

// Label styles: names next to points, and the shorter marks of keyed charts.
func nameStyle() line { return newLine(vg.Points(10), color.Black) }
func markStyle() line { return newLine(vg.Points(9), color.Black) }

// textStyle is the style of p's label.
func (m *markSet) textStyle(p *player) line {
	st := nameStyle()
	if m.cast.keyed || m.cast.initial {
		st = markStyle()
	}
	switch {
	case p.hi:
		st = st.bold().withColour(red)
	case m.cast.anyHi:
		st = st.withColour(color.Gray{Y: 90})
	}
	return st
}

// place computes where the labels go in the data canvas c: the points,
// the items placed and their placements.
func (m *markSet) place(c draw.Canvas, plt *plot.Plot) ([]vg.Point, []placeItem, []placement) {
	trX, trY := plt.Transforms(&c)
	pts := make([]vg.Point, len(m.anchors))
	items := make([]placeItem, len(m.anchors))
	obstacles := make([]vg.Rectangle, len(m.anchors))
	for i, a := range m.anchors {
		pts[i] = vg.Point{X: trX(a.x), Y: trY(a.y)}
		st := m.textStyle(a.p)
		items[i] = placeItem{at: pts[i], r: m.radius, w: st.width(a.p.mark), h: st.height()}
		obstacles[i] = grow(vg.Rectangle{Min: pts[i], Max: pts[i]}, m.radius)
	}
	if len(items) == 0 {
		return nil, nil, nil
	}
	// Numbers far from their points help nobody; names may travel.
	maxDist := dist(c.Min, c.Max)
	if m.cast.keyed {
		maxDist = 8 * items[0].h
	}
	return pts, items, placeLabels(items, obstacles, c.Rectangle, maxDist)
}

// fits reports whether every label finds a place in the data canvas c.
func (m *markSet) fits(c draw.Canvas, plt *plot.Plot) bool {
	_, _, placed := m.place(c, plt)
	for _, pl := range placed {
		if !pl.ok {
			return false
		}
	}
	return true
}

// Plot implements plot.Plotter.
func (m *markSet) Plot(c draw.Canvas, plt *plot.Plot) {
	pts, items, placed := m.place(c, plt)
	// Grey glyphs first, so that highlighted ones are on top.
	for _, dim := range []bool{true, false} {
		for i, a := range m.anchors {
			if m.cast.dim(a.p) != dim {
				continue
			}
			if m.halo {
				c.DrawGlyph(draw.GlyphStyle{Color: color.White, Radius: m.radius + vg.Points(1.5), Shape: draw.CircleGlyph{}}, pts[i])
			}
			c.DrawGlyph(a.p.glyph(m.radius, dim), pts[i])
		}
	}
	leader := draw.LineStyle{Color: color.Gray{Y: 80}, Width: vg.Points(0.7)}
	for i, a := range m.anchors {
		pl := placed[i]
		if !pl.ok {
			// Only a keyed chart leaves a point without a label (the
			// figure falls back to keyed marks when a name finds no
			// place); its glyph and the key name it.
			continue
		}
		if pl.leader {
			l := leaderLine(items[i], pl.box)
			c.StrokeLine2(leader, l[0].X, l[0].Y, l[1].X, l[1].Y)
		}
		// A light backing keeps the text legible over error bars and dots.
		c.SetColor(color.NRGBA{255, 255, 255, 200})
		c.Fill(grow(pl.box, vg.Points(0.8)).Path())
		m.textStyle(a.p).fillBox(c, pl.box.Min, a.p.mark)
	}
}

// GlyphBoxes implements plot.GlyphBoxer, so that the plot leaves room for
// the glyphs at the edges of its data area.
func (m *markSet) GlyphBoxes(plt *plot.Plot) []plot.GlyphBox {
	out := make([]plot.GlyphBox, len(m.anchors))
	for i, a := range m.anchors {
		out[i] = plot.GlyphBox{X: plt.X.Norm(a.x), Y: plt.Y.Norm(a.y), Rectangle: grow(vg.Rectangle{}, m.radius+vg.Points(1.5))}
	}
	return out
}
