package plots_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/games/paperio/analysistest"
	"github.com/paperio/paperio/label"
)

// field writes a made-up tournament of n players: four groups (one for
// fewer than eight players), each pair of a group playing twice, then a
// knockout game between each group's first two.
func field(t *testing.T, n int) (*analysis.Dataset, *analysistest.Field) {
	t.Helper()
	groups := 4
	if n < 8 {
		groups = 1
	}
	perPair := 2
	if n > 50 {
		perPair = 1
	}
	f := analysistest.MakeField(analysistest.FieldPlayers(n), groups, perPair, uint64(n))
	dir := t.TempDir()
	analysistest.WriteField(t, dir, f)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ds, f
}

// checkLayout draws the figure on the recording canvas and checks that
// every text lies on the image, that no two texts overlap, and that each
// of names appears as a whole text (or, with within, inside one).
func checkLayout(t *testing.T, what string, f *plots.Figure, names []string, within bool) []plots.TextBox {
	t.Helper()
	w, h := f.Size()
	boxes := plots.TextBoxes(f, w, h)
	image := vg.Rectangle{Max: vg.Point{X: w, Y: h}}
	for _, b := range boxes {
		if b.Rect.Min.X < image.Min.X || b.Rect.Min.Y < image.Min.Y || b.Rect.Max.X > image.Max.X || b.Rect.Max.Y > image.Max.Y {
			t.Errorf("%s: %q at %v lies off the %v image", what, b.Text, b.Rect, image.Max)
		}
	}
	pairs := plots.Overlapping(boxes)
	for i, p := range pairs {
		if i == 5 {
			t.Errorf("%s: %d overlapping pairs of texts in all", what, len(pairs))
			break
		}
		t.Errorf("%s: %q at %v overlaps %q at %v", what, p[0].Text, p[0].Rect, p[1].Text, p[1].Rect)
	}
	for _, n := range names {
		found := slices.ContainsFunc(boxes, func(b plots.TextBox) bool {
			return b.Text == n || within && strings.Contains(b.Text, n)
		})
		if !found {
			t.Errorf("%s: player %q is not named on the image", what, n)
		}
	}
	t.Logf("%s: %.0f×%.0f pixels, %d panels, %d texts, %d names", what, w.Dots(plots.DPI), h.Dots(plots.DPI), len(f.Panels()), len(boxes), len(names))
	return boxes
}

// The layout rules hold for every chart kind and any number of players:
// no text overlaps another or leaves the image, and every player shown is
// named. Bars and dots are drawn whole, one panel per group, and with
// initials; the single-game charts name their two players in the title.
func TestLayoutAtEveryFieldSize(t *testing.T) {
	charts, texts, named := 0, 0, 0
	defer func() { t.Logf("%d charts, %d texts, %d player names checked", charts, texts, named) }()
	check := func(what string, f *plots.Figure, names []string, within bool) {
		t.Helper()
		charts++
		texts += len(checkLayout(t, what, f, names, within))
		named += len(names)
	}
	for _, n := range []int{1, 3, 12, 42, 100} {
		ds, f := field(t, n)
		short := label.Short(f.Players)
		nameOf := map[string]string{}
		for i, p := range f.Players {
			nameOf[p] = short[i]
		}
		for _, kind := range plots.KindsOf("paperio") {
			what := fmt.Sprintf("%s, %d players", kind, n)
			fig, err := plots.Build(ds, kind, plots.Request{})
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if kind != "bars" && kind != "dots" {
				g := f.Games[0]
				check(what, fig, []string{nameOf[g.P1] + " (P1)", nameOf[g.P2] + " (P2)"}, true)
				continue
			}
			check(what, fig, short, false)
			type request struct {
				name string
				r    plots.Request
				want []string // names shown
			}
			chosen := f.Players[:min(n, 6)]
			requests := []request{
				{"by group", plots.Request{Facet: "group"}, short},
				{"initials", plots.Request{Options: plots.Options{Label: label.ModeInitial}}, short},
				{"pairs of 6 players", plots.Request{Facet: "pair", Players: chosen}, shortOf(met(f, chosen))},
				{"1800×1200 pixels", plots.Request{Options: plots.Options{Width: 12.5 * vg.Inch, Height: 25 * vg.Inch / 3}}, short},
			}
			if len(f.Qualified) > 0 {
				requests = append(requests, request{"by group, qualified in red",
					plots.Request{Facet: "group", Options: plots.Options{Highlight: []string{plots.Qualified}}}, short})
			}
			for _, rq := range requests {
				r := rq.r
				what := fmt.Sprintf("%s, %d players, %s", kind, n, rq.name)
				fig, err := plots.Build(ds, kind, r)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				check(what, fig, rq.want, false)
			}
		}
	}
}

// met returns the players of chosen that played one of the others chosen
// (or themselves).
func met(f *analysistest.Field, chosen []string) []string {
	in := map[string]bool{}
	for _, p := range chosen {
		in[p] = true
	}
	played := map[string]bool{}
	for _, g := range f.Games {
		if in[g.P1] && in[g.P2] {
			played[g.P1], played[g.P2] = true, true
		}
	}
	var out []string
	for _, p := range chosen {
		if played[p] {
			out = append(out, p)
		}
	}
	return out
}

// shortOf returns the short labels the players have in a chart of just them.
func shortOf(specs []string) []string { return label.Short(specs) }
