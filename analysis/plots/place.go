package plots

import (
	"math"
	"sort"

	"gonum.org/v1/plot/vg"
)

// A label to place: a box of size (w, h) that names the point at, whose
// glyph has radius r.
type placeItem struct {
	at   vg.Point
	r    vg.Length
	w, h vg.Length
}

// A placed label: its box, and whether it sits away from its point (then
// a leader line joins them). ok is false when no free place was found.
type placement struct {
	box    vg.Rectangle
	leader bool
	ok     bool
}

// Placement parameters, in points.
const (
	labelGap  = 2   // between a glyph and a label next to it
	labelPad  = 1.5 // free space kept around a label's box
	ringStep  = 7   // distance between the rings of candidate places
	ringAngle = 24  // directions tried on each ring
)

// placeLabels places each item's box inside bounds so that no two boxes,
// no box and glyph (obstacles: the glyphs of every point) and no box and
// leader line of another label overlap. Each label takes the first free
// candidate: next to its point (right, left, above, below, then the
// diagonals), then on rings of growing distance, up to maxDist from the
// point, joined to it by a leader line. Items are placed most crowded
// first, so that points in a cluster get the places next to them before
// the lone points, which have room further out.
func placeLabels(items []placeItem, obstacles []vg.Rectangle, bounds vg.Rectangle, maxDist vg.Length) []placement {
	out := make([]placement, len(items))
	order := make([]int, len(items))
	crowd := make([]int, len(items))
	for i := range items {
		order[i] = i
		for j := range items {
			if i != j && dist(items[i].at, items[j].at) < 4*(items[i].h+items[j].h) {
				crowd[i]++
			}
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return crowd[order[a]] > crowd[order[b]] })
	var placed []vg.Rectangle
	var leaders [][2]vg.Point
	free := func(box vg.Rectangle, leader *[2]vg.Point) bool {
		if !inside(box, bounds) {
			return false
		}
		grown := grow(box, labelPad)
		for _, p := range placed {
			if overlaps(grown, p) {
				return false
			}
		}
		for _, o := range obstacles {
			if overlaps(box, o) {
				return false
			}
		}
		for _, l := range leaders {
			if segmentHits(l[0], l[1], box) {
				return false
			}
		}
		if leader != nil {
			for _, p := range placed {
				if segmentHits(leader[0], leader[1], p) {
					return false
				}
			}
		}
		return true
	}
	for _, i := range order {
		it := items[i]
		for _, box := range nextTo(it) {
			if free(box, nil) {
				out[i] = placement{box: box, ok: true}
				break
			}
		}
		for d := it.r + labelGap + ringStep; !out[i].ok && d <= maxDist; d += ringStep {
			for k := range ringAngle {
				// Start each ring at a different angle so that labels
				// of one cluster fan out rather than queue on a line.
				a := 2 * math.Pi * (float64(k) + 0.5*float64(int(d/ringStep)%2)) / ringAngle
				u := vg.Point{X: vg.Length(math.Cos(a)), Y: vg.Length(math.Sin(a))}
				c := vg.Point{X: it.at.X + u.X*(d+it.w/2), Y: it.at.Y + u.Y*(d+it.h/2)}
				lo := vg.Point{X: c.X - it.w/2, Y: c.Y - it.h/2}
				box := vg.Rectangle{Min: lo, Max: vg.Point{X: lo.X + it.w, Y: lo.Y + it.h}}
				l := leaderLine(it, box)
				if free(box, &l) {
					out[i] = placement{box: box, leader: true, ok: true}
					leaders = append(leaders, l)
					break
				}
			}
		}
		if out[i].ok {
			placed = append(placed, out[i].box)
		}
	}
	return out
}

// nextTo are the boxes right next to the item's glyph.
func nextTo(it placeItem) []vg.Rectangle {
	g := it.r + labelGap
	d := g // diagonal: the box's corner clear of the glyph's box
	at := it.at
	corners := []vg.Point{
		{X: at.X + g, Y: at.Y - it.h/2},          // right
		{X: at.X - g - it.w, Y: at.Y - it.h/2},   // left
		{X: at.X - it.w/2, Y: at.Y + g},          // above
		{X: at.X - it.w/2, Y: at.Y - g - it.h},   // below
		{X: at.X + d, Y: at.Y + d},               // above right
		{X: at.X - d - it.w, Y: at.Y + d},        // above left
		{X: at.X + d, Y: at.Y - d - it.h},        // below right
		{X: at.X - d - it.w, Y: at.Y - d - it.h}, // below left
	}
	out := make([]vg.Rectangle, len(corners))
	for i, c := range corners {
		out[i] = vg.Rectangle{Min: c, Max: vg.Point{X: c.X + it.w, Y: c.Y + it.h}}
	}
	return out
}

// leaderLine runs from the rim of the item's glyph to the nearest point of
// its box.
func leaderLine(it placeItem, box vg.Rectangle) [2]vg.Point {
	end := vg.Point{X: clamp(it.at.X, box.Min.X, box.Max.X), Y: clamp(it.at.Y, box.Min.Y, box.Max.Y)}
	d := dist(it.at, end)
	start := it.at
	if d > 0 {
		f := (it.r + 1) / d
		start = vg.Point{X: it.at.X + (end.X-it.at.X)*f, Y: it.at.Y + (end.Y-it.at.Y)*f}
	}
	return [2]vg.Point{start, end}
}

func clamp(v, lo, hi vg.Length) vg.Length { return max(lo, min(hi, v)) }

func dist(a, b vg.Point) vg.Length {
	return vg.Length(math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)))
}

// overlaps reports whether two rectangles share more than an edge.
func overlaps(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// inside reports whether a lies within b.
func inside(a, b vg.Rectangle) bool {
	return a.Min.X >= b.Min.X && a.Max.X <= b.Max.X && a.Min.Y >= b.Min.Y && a.Max.Y <= b.Max.Y
}

func grow(r vg.Rectangle, d vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: r.Min.X - d, Y: r.Min.Y - d}, Max: vg.Point{X: r.Max.X + d, Y: r.Max.Y + d}}
}

// segmentHits reports whether the segment from a to b passes through r
// (Liang–Barsky clipping).
func segmentHits(a, b vg.Point, r vg.Rectangle) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	for _, e := range [4][2]float64{
		{-dx, float64(a.X - r.Min.X)},
		{dx, float64(r.Max.X - a.X)},
		{-dy, float64(a.Y - r.Min.Y)},
		{dy, float64(r.Max.Y - a.Y)},
	} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}
