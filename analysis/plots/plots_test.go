package plots_test

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	_ "github.com/paperio/paperio/games/paperio"        // the games of the fixtures
	_ "github.com/paperio/paperio/games/paperio/charts" // and their chart kinds

	"gonum.org/v1/plot"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/games/paperio/analysistest"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/label"
)

func fixture(t *testing.T, n int) (*analysis.Dataset, []tables.Game, []tables.Turn) {
	t.Helper()
	dir := t.TempDir()
	games, turns := analysistest.Make(n, 3)
	analysistest.Write(t, dir, games, turns)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ds, games, turns
}

func build(t *testing.T, ds *analysis.Dataset, kind string, r plots.Request) *plots.Figure {
	t.Helper()
	f, err := plots.Build(ds, kind, r)
	if err != nil {
		t.Fatalf("%s: %v", kind, err)
	}
	return f
}

// panel is the only panel of a figure.
func panel(t *testing.T, f *plots.Figure) *plot.Plot {
	t.Helper()
	if len(f.Panels()) != 1 {
		t.Fatalf("%d panels, want 1", len(f.Panels()))
	}
	return f.Panels()[0]
}

func checkRange(t *testing.T, what string, gotMin, gotMax, wantMin, wantMax float64) {
	t.Helper()
	if math.Abs(gotMin-wantMin) > 1e-6 || math.Abs(gotMax-wantMax) > 1e-6 {
		t.Errorf("%s axis [%v, %v], want [%v, %v]", what, gotMin, gotMax, wantMin, wantMax)
	}
}

// The axes of the bars chart span exactly mean ± sd of the players, cut
// at each player's least and most value, recomputed here from the rows.
func TestBarsAxesSpanMeanPlusMinusSD(t *testing.T) {
	ds, games, _ := fixture(t, 120)
	steps := map[string][]float64{}
	area := map[string][]float64{}
	for _, g := range games {
		steps[g.P1] = append(steps[g.P1], float64(g.HalfSteps))
		steps[g.P2] = append(steps[g.P2], float64(g.HalfSteps))
		area[g.P1] = append(area[g.P1], float64(g.Area1))
		area[g.P2] = append(area[g.P2], float64(g.Area2))
	}
	bounds := func(m map[string][]float64, only map[string]bool) (lo, hi float64) {
		lo, hi = math.Inf(1), math.Inf(-1)
		for name, xs := range m {
			if only != nil && !only[name] {
				continue
			}
			var s, s2 float64
			least, most := math.Inf(1), math.Inf(-1)
			for _, x := range xs {
				s += x
				s2 += x * x
				least, most = min(least, x), max(most, x)
			}
			n := float64(len(xs))
			mean := s / n
			sd := math.Sqrt((s2 - n*mean*mean) / (n - 1))
			// the bars stop at the player's least and most
			lo, hi = min(lo, max(mean-sd, least)), max(hi, min(mean+sd, most))
		}
		return lo, hi
	}
	p := panel(t, build(t, ds, "bars", plots.Request{}))
	lo, hi := bounds(steps, nil)
	checkRange(t, "bars x", p.X.Min, p.X.Max, lo, hi)
	lo, hi = bounds(area, nil)
	checkRange(t, "bars y", p.Y.Min, p.Y.Max, lo, hi)

	only := map[string]bool{"random": true, "wanderer": true}
	p = panel(t, build(t, ds, "bars", plots.Request{Players: []string{"random", "wanderer"}}))
	lo, hi = bounds(steps, only)
	checkRange(t, "bars --players x", p.X.Min, p.X.Max, lo, hi)
}

func TestDotsAxesSpanTheRows(t *testing.T) {
	ds, games, _ := fixture(t, 80)
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, g := range games {
		x := float64(g.HalfSteps)
		xlo, xhi = min(xlo, x), max(xhi, x)
		for _, a := range []int32{g.Area1, g.Area2} {
			ylo, yhi = min(ylo, float64(a)), max(yhi, float64(a))
		}
	}
	p := panel(t, build(t, ds, "dots", plots.Request{Options: plots.Options{Highlight: []string{"goround"}}}))
	checkRange(t, "dots x", p.X.Min, p.X.Max, xlo, xhi)
	checkRange(t, "dots y", p.Y.Min, p.Y.Max, ylo, yhi)

	_, err := plots.Build(ds, "dots", plots.Request{Options: plots.Options{Highlight: []string{"nobody"}}})
	if err == nil || !analysis.IsDataError(err) || !strings.Contains(err.Error(), `no player "nobody"`) {
		t.Errorf("unknown highlight: %v", err)
	}
}

// The single-game charts span the game's half-steps and the largest value
// of their series, recomputed from the turn rows.
func TestSingleGameAxes(t *testing.T) {
	ds, _, turns := fixture(t, 25)
	id := int64(11)
	var last, maxArea, maxHeads, maxBand float64
	for _, tr := range turns {
		if tr.GameID != id {
			continue
		}
		last = max(last, float64(tr.HalfStep))
		maxArea = max(maxArea, float64(tr.Area1), float64(tr.Area2))
		maxHeads = max(maxHeads, float64(tr.DistHeads))
		for _, b := range []*int32{tr.Band1ToHead2, tr.Band2ToHead1} {
			if b != nil {
				maxBand = max(maxBand, float64(*b))
			}
		}
	}
	r := plots.Request{Game: &id}
	for _, c := range []struct {
		kind string
		ymax float64
	}{{"territory", maxArea}, {"ratio", 1}, {"dist-bands", maxBand}, {"dist-heads", maxHeads}} {
		f := build(t, ds, c.kind, r)
		p := panel(t, f)
		checkRange(t, c.kind+" x", p.X.Min, p.X.Max, 0, last)
		// a twentieth above the top, so that no line runs along the frame
		checkRange(t, c.kind+" y", p.Y.Min, p.Y.Max, 0, c.ymax*1.05)
		if !strings.HasPrefix(f.Title, "Game 11,") {
			t.Errorf("%s: title %q", c.kind, f.Title)
		}
	}
	f := build(t, ds, "ratio", plots.Request{Options: plots.Options{Title: "mine"}})
	if f.Title != "mine" {
		t.Errorf("title %q", f.Title)
	}
}

func TestSavePNGAndSVG(t *testing.T) {
	ds, _, _ := fixture(t, 20)
	dir := t.TempDir()
	for _, kind := range plots.KindsOf("paperio") {
		p := build(t, ds, kind, plots.Request{})
		for _, ext := range []string{".png", ".svg"} {
			path := filepath.Join(dir, kind+ext)
			if err := plots.Save(p, path); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if ext == ".svg" {
				if !bytes.Contains(b, []byte("<svg")) || !bytes.Contains(b, []byte("half-step")) {
					t.Errorf("%s: not an SVG chart", path)
				}
				continue
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if sz := img.Bounds().Size(); sz.X != 8*plots.DPI || sz.Y != 5*plots.DPI {
				t.Errorf("%s: %v pixels", path, sz)
			}
			colours := map[uint32]bool{}
			for y := 0; y < img.Bounds().Dy(); y += 7 {
				for x := 0; x < img.Bounds().Dx(); x += 7 {
					r, g, b, _ := img.At(x, y).RGBA()
					colours[r>>8<<16|g>>8<<8|b>>8] = true
				}
			}
			if len(colours) < 5 {
				t.Errorf("%s: only %d colours: an empty chart?", path, len(colours))
			}
		}
	}
	if err := plots.Save(build(t, ds, "bars", plots.Request{}), filepath.Join(dir, "x.gif")); err == nil {
		t.Error("saved a .gif")
	}
}

func TestColoursAreStableAndTellTheBotsApart(t *testing.T) {
	seen := map[any]string{}
	for _, name := range []string{"random", "goround", "wanderer", "heuristic"} {
		c := plots.Colour(name)
		if c != plots.Colour(name) {
			t.Errorf("%s: colour changes", name)
		}
		if other, ok := seen[c]; ok {
			t.Errorf("%s and %s share a colour", name, other)
		}
		seen[c] = name
	}
}

func TestUnknownKind(t *testing.T) {
	ds, _, _ := fixture(t, 3)
	_, err := plots.Build(ds, "pie", plots.Request{})
	if err == nil || !analysis.IsDataError(err) || !strings.Contains(err.Error(), "unknown chart kind") {
		t.Errorf("error %v", err)
	}
}

func TestEmptyGamesTable(t *testing.T) {
	dir := t.TempDir()
	analysistest.WriteFile(t, filepath.Join(dir, "games", "g.parquet"), []tables.Game{})
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"bars", "dots"} {
		for _, mode := range label.Modes {
			p := build(t, ds, kind, plots.Request{Options: plots.Options{Label: mode}})
			if _, err := plots.Encode(p, "png"); err != nil {
				t.Errorf("%s, %s: %v", kind, mode, err)
			}
		}
	}
	_, err = plots.Build(ds, "territory", plots.Request{})
	if err == nil || !analysis.IsDataError(err) || !strings.Contains(err.Error(), "no rows") {
		t.Errorf("territory of no games: %v", err)
	}
}

// --top keeps the players with the best win rate or mean territory,
// recomputed here from the rows; players may be named by short label.
func TestTopAndShortNames(t *testing.T) {
	ds, games, _ := fixture(t, 200)
	area := map[string][]float64{}
	wins := map[string][2]int{}
	for _, g := range games {
		for side, p := range []string{g.P1, g.P2} {
			a := []int32{g.Area1, g.Area2}[side]
			area[p] = append(area[p], float64(a))
			w := wins[p]
			w[1]++
			if int(g.Winner) == side+1 {
				w[0]++
			}
			wins[p] = w
		}
	}
	best := func(score func(p string) float64) []string {
		var ps []string
		for p := range area {
			ps = append(ps, p)
		}
		sort.Slice(ps, func(i, j int) bool { return score(ps[i]) > score(ps[j]) })
		top := label.Short(ps[:2])
		sort.Strings(top)
		return top
	}
	mean := func(p string) float64 {
		s := 0.0
		for _, a := range area[p] {
			s += a
		}
		return s / float64(len(area[p]))
	}
	rate := func(p string) float64 { return float64(wins[p][0]) / float64(wins[p][1]) }
	for by, score := range map[string]func(string) float64{"territory": mean, "winrate": rate} {
		f := build(t, ds, "bars", plots.Request{Top: 2, TopBy: by})
		if got, want := shown(t, f), best(score); !slices.Equal(got, want) {
			t.Errorf("top 2 by %s: %q, want %q", by, got, want)
		}
	}
	f := build(t, ds, "dots", plots.Request{Players: []string{"heuristic depth=2", "random"}})
	if got := shown(t, f); !slices.Equal(got, []string{"heuristic depth=2", "random"}) {
		t.Errorf("players by short name: %q", got)
	}
}

// shown lists the names a one-panel figure draws in its data area, sorted.
func shown(t *testing.T, f *plots.Figure) []string {
	t.Helper()
	w, h := f.Size()
	var out []string
	for _, b := range plots.TextBoxes(f, w, h) {
		for _, n := range []string{"random", "goround", "wanderer", "heuristic depth=2"} {
			if b.Text == n {
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestRuns(t *testing.T) {
	n := math.NaN()
	got := plots.Runs([]float64{n, 1, 2, n, n, 3, n, 4, 5})
	want := [][2]int{{1, 3}, {5, 6}, {7, 9}}
	if len(got) != len(want) {
		t.Fatalf("runs %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("runs %v, want %v", got, want)
		}
	}
	if r := plots.Runs([]float64{n, n}); len(r) != 0 {
		t.Errorf("all NaN: runs %v", r)
	}
}
