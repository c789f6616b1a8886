package charts

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
)

// timelineKind is the chart kind called kind of one game drawn from its
// Timeline (the timeline columns cols): r.Game, the smallest id by default.
func timelineKind(kind string, chart func(*Timeline, plots.Options) (*plots.Figure, error), cols []string) plots.Kind {
	return func(ds *analysis.Dataset, r plots.Request) (*plots.Figure, error) {
		if len(r.Players) > 0 || r.Top > 0 || (r.Facet != "" && r.Facet != "none") || r.Group != "" || len(r.Highlight) > 0 {
			return nil, dataErrorf("%s shows one game: players, top, facet, group and highlight are for bars and dots", kind)
		}
		games, err := ds.Games(analysis.GameColumns...)
		if err != nil {
			return nil, err
		}
		g, err := ds.FindGame(games, r.Game)
		if err != nil {
			return nil, err
		}
		s, err := ReadTimeline(ds, g, cols...)
		if err != nil {
			return nil, err
		}
		return chart(s, r.Options)
	}
}

// seriesLine is one named series of a single-game chart.
type seriesLine struct {
	name   string
	colour color.Color
	dashed bool
	ys     []float64 // per half-step; NaN leaves a gap
}

// sideLines gives player 1's and player 2's series their colours; player
// 2's line is dashed as well, so that the sides stay apart in grey print.
func sideLines(name1, name2 string, ys1, ys2 []float64) []seriesLine {
	return []seriesLine{
		{name1, plots.SideColour(0), false, ys1},
		{name2, plots.SideColour(1), true, ys2},
	}
}

// auto leaves an end of the y axis to the data.
var auto = math.NaN()

// timelinePlot draws lines over the half-steps of s, leaving gaps at NaN, on a
// y axis from ymin to ymax (auto: from the data), in a figure of one panel.
func timelinePlot(s *Timeline, title, ylabel string, lines []seriesLine, ymin, ymax float64, o plots.Options) (*plots.Figure, error) {
	p := plots.NewPanel()
	p.X.Label.Text = "half-step"
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	var xs, ys []float64
	for _, ln := range lines {
		style := plotter.DefaultLineStyle
		style.Color = ln.colour
		style.Width = vg.Points(1.5)
		if ln.dashed {
			style.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5)}
		}
		lx := make([]float64, len(ln.ys))
		for i, y := range ln.ys {
			lx[i] = float64(s.HalfStep[i])
			if !math.IsNaN(y) {
				xs, ys = append(xs, lx[i]), append(ys, y)
			}
		}
		key, err := plots.Lines(p, lx, ln.ys, style)
		if err != nil {
			return nil, err
		}
		p.Legend.Add(ln.name, key)
	}
	if len(s.HalfStep) > 0 {
		p.X.Min, p.X.Max = 0, float64(s.HalfStep[len(s.HalfStep)-1])
	}
	if !math.IsNaN(ymin) {
		p.Y.Min = ymin
	}
	if !math.IsNaN(ymax) {
		p.Y.Max = ymax
	}
	plots.Headroom(p)
	plots.PlaceLegend(p, xs, ys)
	return plots.PanelFigure(title, p, o)
}

// Territory draws the territory of both players after every half-step of
// one game. s needs TerritoryColumns.
func Territory(s *Timeline, o plots.Options) (*plots.Figure, error) {
	g := s.Game
	n1, n2 := plots.GameNames(g, o)
	return timelinePlot(s, plots.GameTitle("territory", g, o), "territory (cells)",
		sideLines("P1 "+n1, "P2 "+n2, s.Area1, s.Area2), 0, auto, o)
}

// Ratio draws the field ratio A/(A+B) of one game per half-step, A being
// player 1's territory, on a y axis from 0 to 1 with the even line at 0.5.
// s needs RatioColumns.
func Ratio(s *Timeline, o plots.Options) (*plots.Figure, error) {
	g := s.Game
	n1, _ := plots.GameNames(g, o)
	even := make([]float64, len(s.HalfStep))
	for i := range even {
		even[i] = 0.5
	}
	return timelinePlot(s, plots.GameTitle("field ratio", g, o), "field ratio A / (A + B)", []seriesLine{
		{fmt.Sprintf("A / (A + B), A = P1 %s", n1), plots.SideColour(0), false, s.Ratio},
		{"even (0.5)", color.Gray{Y: 110}, true, even},
	}, 0, 1, o)
}

// DistBands draws, per half-step of one game, the Manhattan distance from
// each player's nearest band cell to the other player's head; a player
// without a band leaves a gap. s needs DistBandsColumns.
func DistBands(s *Timeline, o plots.Options) (*plots.Figure, error) {
	g := s.Game
	n1, n2 := plots.GameNames(g, o)
	return timelinePlot(s, plots.GameTitle("band-to-head distance", g, o), "distance from band to enemy head (cells)",
		sideLines("P1's band to P2's head ("+n1+")", "P2's band to P1's head ("+n2+")", s.Band1ToHead2, s.Band2ToHead1),
		0, auto, o)
}

// DistHeads draws the Manhattan distance between the two heads per
// half-step of one game. s needs DistHeadsColumns.
func DistHeads(s *Timeline, o plots.Options) (*plots.Figure, error) {
	g := s.Game
	return timelinePlot(s, plots.GameTitle("distance between the heads", g, o), "|dx| + |dy| between the heads (cells)",
		[]seriesLine{{"head distance", color.NRGBA{60, 60, 60, 255}, false, s.DistHeads}}, 0, auto, o)
}
