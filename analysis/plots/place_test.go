package plots

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/plot/vg"
)

// Labels of points in a tight cluster and of lone points: every label is
// placed inside the bounds, clear of the other labels, of every glyph and
// of the other labels' leader lines; a lone point's label sits right next
// to it, and the cluster needs leader lines.
func TestPlaceLabelsKeepsClear(t *testing.T) {
	bounds := vg.Rectangle{Max: vg.Point{X: 500, Y: 300}}
	r := rand.New(rand.NewPCG(1, 2))
	var items []placeItem
	for range 12 { // a cluster 30 points wide
		items = append(items, placeItem{at: vg.Point{X: 250 + vg.Length(r.Float64()*30), Y: 150 + vg.Length(r.Float64()*30)}, r: 4, w: 70, h: 11})
	}
	lone := len(items)
	items = append(items, placeItem{at: vg.Point{X: 60, Y: 40}, r: 4, w: 50, h: 11})
	var glyphs []vg.Rectangle
	for _, it := range items {
		glyphs = append(glyphs, grow(vg.Rectangle{Min: it.at, Max: it.at}, it.r))
	}
	placed := placeLabels(items, glyphs, bounds, 1000)
	leaders := 0
	for i, p := range placed {
		if !p.ok {
			t.Fatalf("label %d found no place", i)
		}
		if !inside(p.box, bounds) {
			t.Errorf("label %d at %v leaves the bounds", i, p.box)
		}
		if w, h := p.box.Size().X, p.box.Size().Y; math.Abs(float64(w-items[i].w)) > 1e-9 || math.Abs(float64(h-items[i].h)) > 1e-9 {
			t.Errorf("label %d is %v × %v, want %v × %v", i, w, h, items[i].w, items[i].h)
		}
		for j, q := range placed {
			if j != i && overlaps(p.box, q.box) {
				t.Errorf("labels %d and %d overlap", i, j)
			}
			if j != i && q.leader {
				l := leaderLine(items[j], q.box)
				if segmentHits(l[0], l[1], p.box) {
					t.Errorf("the leader line of label %d crosses label %d", j, i)
				}
			}
		}
		for j, g := range glyphs {
			if overlaps(p.box, g) {
				t.Errorf("label %d covers the glyph of point %d", i, j)
			}
		}
		if p.leader {
			leaders++
		}
	}
	if placed[lone].leader || dist(placed[lone].box.Min, items[lone].at) > 20 {
		t.Errorf("the lone point's label went to %v", placed[lone].box)
	}
	if leaders == 0 {
		t.Error("twelve labels around a cluster 30 points wide, and no leader line")
	}
}

// With no room at all a label reports that it found no place, so that a
// chart can mark the point otherwise.
func TestPlaceLabelsReportsNoRoom(t *testing.T) {
	bounds := vg.Rectangle{Max: vg.Point{X: 40, Y: 20}}
	placed := placeLabels([]placeItem{{at: vg.Point{X: 20, Y: 10}, r: 3, w: 80, h: 11}}, nil, bounds, 100)
	if placed[0].ok {
		t.Errorf("an 80-point label fitted a 40-point box: %v", placed[0].box)
	}
}

func TestSegmentHits(t *testing.T) {
	r := vg.Rectangle{Min: vg.Point{X: 10, Y: 10}, Max: vg.Point{X: 20, Y: 20}}
	for _, c := range []struct {
		a, b vg.Point
		want bool
	}{
		{vg.Point{X: 0, Y: 0}, vg.Point{X: 30, Y: 30}, true},  // through
		{vg.Point{X: 0, Y: 0}, vg.Point{X: 5, Y: 30}, false},  // beside
		{vg.Point{X: 15, Y: 15}, vg.Point{X: 50, Y: 0}, true}, // from inside
		{vg.Point{X: 0, Y: 25}, vg.Point{X: 30, Y: 25}, false},
		{vg.Point{X: 0, Y: 15}, vg.Point{X: 9, Y: 15}, false}, // stops short
	} {
		if got := segmentHits(c.a, c.b, r); got != c.want {
			t.Errorf("segment %v–%v: %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
