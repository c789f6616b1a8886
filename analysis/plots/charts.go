// Package plots draws the course's charts with gonum/plot. Each chart kind
// is one function from data (read and aggregated by package analysis) to a
// *plot.Plot; the paperio command and the notebooks share them. Build reads
// a dataset and makes any kind by name; Save writes PNG or SVG.
package plots

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis"
)

// maxLegend is the most players a legend lists; beyond it the labels at the
// points name them.
const maxLegend = 12

// meanSD is one player's point in the bars chart: (mean, mean) with ±1 sd
// on both axes.
type meanSD struct {
	plotter.XYs
	xsd, ysd []float64
}

func (m meanSD) XError(i int) (float64, float64) { return m.xsd[i], m.xsd[i] }
func (m meanSD) YError(i int) (float64, float64) { return m.ysd[i], m.ysd[i] }

// Bars is the course's "bars" chart: per player, the mean number of
// half-steps per game (x) against the mean final territory (y), with ±1
// standard deviation bars on both axes and the player's name at its point.
func Bars(stats []analysis.PlayerStats, o Options) (*plot.Plot, error) {
	games := 0
	for _, s := range stats {
		games += s.Games
	}
	p := newPlot(fmt.Sprintf("Game length vs final territory per player (mean ± 1 sd, %d player-games)", games), o)
	p.X.Label.Text = "half-steps per game"
	p.Y.Label.Text = "final territory (cells)"
	p.Add(plotter.NewGrid())
	var xs, ys []float64
	labels := plotter.XYLabels{}
	for _, s := range stats {
		col := Colour(s.Player)
		d := meanSD{plotter.XYs{{X: s.HalfSteps.Mean, Y: s.Area.Mean}}, []float64{s.HalfSteps.SD}, []float64{s.Area.SD}}
		xe, err := plotter.NewXErrorBars(d)
		if err != nil {
			return nil, fmt.Errorf("bars: %s: %v", s.Player, err)
		}
		ye, err := plotter.NewYErrorBars(d)
		if err != nil {
			return nil, fmt.Errorf("bars: %s: %v", s.Player, err)
		}
		xe.LineStyle.Color, ye.LineStyle.Color = col, col
		xe.LineStyle.Width, ye.LineStyle.Width = vg.Points(1.2), vg.Points(1.2)
		xe.CapWidth, ye.CapWidth = vg.Points(6), vg.Points(6)
		pt, err := plotter.NewScatter(d.XYs)
		if err != nil {
			return nil, err
		}
		pt.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(4), Shape: draw.CircleGlyph{}}
		p.Add(xe, ye, pt)
		if len(stats) <= maxLegend {
			p.Legend.Add(fmt.Sprintf("%s (%d games)", s.Player, s.Games), pt)
		}
		labels.XYs = append(labels.XYs, d.XYs[0])
		labels.Labels = append(labels.Labels, s.Player)
		xs = append(xs, s.HalfSteps.Mean-s.HalfSteps.SD, s.HalfSteps.Mean+s.HalfSteps.SD, s.HalfSteps.Mean)
		ys = append(ys, s.Area.Mean, s.Area.Mean, s.Area.Mean+s.Area.SD)
	}
	if len(stats) > 0 {
		l, err := plotter.NewLabels(labels)
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].Font.Size = vg.Points(10)
		}
		l.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(4)}
		p.Add(l)
	}
	placeLegend(p, xs, ys)
	return p, nil
}

// Dots draws every (game, player) entry as a point: the game's half-steps
// (x) against the player's final territory (y). Highlighted players are
// drawn in colour over the others in grey, and their means are marked by a
// square; without highlights every player is in colour and every mean is
// marked (up to twelve players).
func Dots(entries []analysis.Entry, o Options) (*plot.Plot, error) {
	players := analysis.Players(entries)
	marked := map[string]bool{}
	if err := analysis.CheckPlayers(entries, o.Highlight); err != nil {
		return nil, err
	}
	for _, h := range o.Highlight {
		marked[h] = true
	}
	if len(o.Highlight) == 0 && len(players) <= maxLegend {
		for _, n := range players {
			marked[n] = true
		}
	}
	p := newPlot(fmt.Sprintf("Every game: length vs final territory (%d player-games)", len(entries)), o)
	p.X.Label.Text = "half-steps of the game"
	p.Y.Label.Text = "final territory of the player (cells)"
	p.Add(plotter.NewGrid())

	byPlayer := map[string]plotter.XYs{}
	for _, e := range entries {
		byPlayer[e.Player] = append(byPlayer[e.Player], plotter.XY{X: float64(e.HalfSteps), Y: float64(e.Area)})
	}
	var xs, ys []float64
	for _, e := range entries {
		xs, ys = append(xs, float64(e.HalfSteps)), append(ys, float64(e.Area))
	}
	highlight := len(o.Highlight) > 0
	// Grey players first, so the highlighted ones are drawn on top.
	var others *plotter.Scatter
	for _, pass := range []bool{false, true} {
		for _, name := range players {
			inColour := !highlight || marked[name]
			if inColour != pass {
				continue
			}
			s, err := plotter.NewScatter(byPlayer[name])
			if err != nil {
				return nil, fmt.Errorf("dots: %s: %v", name, err)
			}
			if inColour {
				s.GlyphStyle = draw.GlyphStyle{Color: withAlpha(Colour(name), 150), Radius: vg.Points(2.2), Shape: draw.CircleGlyph{}}
				if len(players) <= maxLegend || highlight {
					p.Legend.Add(fmt.Sprintf("%s (%d)", name, len(byPlayer[name])), s)
				}
			} else {
				s.GlyphStyle = draw.GlyphStyle{Color: grey, Radius: vg.Points(1.6), Shape: draw.CircleGlyph{}}
				others = s
			}
			p.Add(s)
		}
	}
	if others != nil {
		p.Legend.Add("other players", others)
	}
	// Means of the marked players: a coloured square with a black rim.
	var means plotter.XYLabels
	var meanKey *plotter.Scatter
	for _, name := range players {
		if !marked[name] {
			continue
		}
		var sx, sy float64
		for _, xy := range byPlayer[name] {
			sx += xy.X
			sy += xy.Y
		}
		n := float64(len(byPlayer[name]))
		m := plotter.XYs{{X: sx / n, Y: sy / n}}
		rim, _ := plotter.NewScatter(m)
		rim.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(6.5), Shape: draw.BoxGlyph{}}
		fill, _ := plotter.NewScatter(m)
		fill.GlyphStyle = draw.GlyphStyle{Color: Colour(name), Radius: vg.Points(4.5), Shape: draw.BoxGlyph{}}
		p.Add(rim, fill)
		meanKey = rim
		means.XYs = append(means.XYs, m[0])
		means.Labels = append(means.Labels, "mean "+name)
	}
	if meanKey != nil {
		key, _ := plotter.NewScatter(plotter.XYs{{}})
		key.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(4.5), Shape: draw.BoxGlyph{}}
		p.Legend.Add("mean of a player", key)
		l, err := plotter.NewLabels(means)
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].Font.Size = vg.Points(10)
		}
		l.Offset = vg.Point{X: vg.Points(8), Y: vg.Points(2)}
		p.Add(l)
	}
	placeLegend(p, xs, ys)
	return p, nil
}

// gameTitle is the default title of a single-game chart.
func gameTitle(what string, g analysis.Game) string {
	return fmt.Sprintf("Game %d, %s: %s (P1) vs %s (P2)\n%s", g.ID, what, g.P1, g.P2, resultWords(g))
}

// line is one named series of a single-game chart.
type line struct {
	name   string
	colour color.Color
	dashed bool
	ys     []float64 // per half-step; NaN leaves a gap
}

// sideLines gives player 1's and player 2's series their colours; player
// 2's line is dashed so that a player against itself stays readable.
func sideLines(g analysis.Game, name1, name2 string, ys1, ys2 []float64) []line {
	c1, c2 := Colour(g.P1), Colour(g.P2)
	if c1 == c2 {
		c2 = color.NRGBA{c2.R / 2, c2.G / 2, c2.B / 2, 255}
	}
	return []line{
		{name1, c1, false, ys1},
		{name2, c2, true, ys2},
	}
}

// auto leaves an end of the y axis to the data.
var auto = math.NaN()

// timelinePlot draws lines over the half-steps of s, leaving gaps at NaN, on a
// y axis from ymin to ymax (auto: from the data).
func timelinePlot(s *analysis.Timeline, title, ylabel string, lines []line, ymin, ymax float64, o Options) (*plot.Plot, error) {
	p := newPlot(title, o)
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
		var key plot.Thumbnailer
		for _, run := range analysis.Runs(ln.ys) {
			pts := make(plotter.XYs, 0, run[1]-run[0])
			for i := run[0]; i < run[1]; i++ {
				pts = append(pts, plotter.XY{X: float64(s.HalfStep[i]), Y: ln.ys[i]})
				xs, ys = append(xs, float64(s.HalfStep[i])), append(ys, ln.ys[i])
			}
			if len(pts) == 1 {
				// A lone value between two gaps: a dot, as a line of
				// one point draws nothing.
				dot, err := plotter.NewScatter(pts)
				if err != nil {
					return nil, err
				}
				dot.GlyphStyle = draw.GlyphStyle{Color: ln.colour, Radius: vg.Points(1.5), Shape: draw.CircleGlyph{}}
				p.Add(dot)
				continue
			}
			l, err := plotter.NewLine(pts)
			if err != nil {
				return nil, err
			}
			l.LineStyle = style
			p.Add(l)
			key = l
		}
		if key == nil {
			// No run long enough to draw: still say what the colour means.
			l, _ := plotter.NewLine(plotter.XYs{{}, {}})
			l.LineStyle = style
			key = l
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
	placeLegend(p, xs, ys)
	return p, nil
}

// Territory draws the territory of both players after every half-step of
// one game. s needs analysis.TerritoryColumns.
func Territory(s *analysis.Timeline, o Options) (*plot.Plot, error) {
	g := s.Game
	return timelinePlot(s, gameTitle("territory", g), "territory (cells)",
		sideLines(g, "P1 "+g.P1, "P2 "+g.P2, s.Area1, s.Area2), 0, auto, o)
}

// Ratio draws the field ratio A/(A+B) of one game per half-step, A being
// player 1's territory, on a y axis from 0 to 1 with the even line at 0.5.
// s needs analysis.RatioColumns.
func Ratio(s *analysis.Timeline, o Options) (*plot.Plot, error) {
	g := s.Game
	even := make([]float64, len(s.HalfStep))
	for i := range even {
		even[i] = 0.5
	}
	return timelinePlot(s, gameTitle("field ratio", g), "field ratio A / (A + B)", []line{
		{fmt.Sprintf("A / (A + B), A = P1 %s", g.P1), Colour(g.P1), false, s.Ratio},
		{"even (0.5)", color.Gray{Y: 110}, true, even},
	}, 0, 1, o)
}

// DistBands draws, per half-step of one game, the Manhattan distance from
// each player's nearest band cell to the other player's head; a player
// without a band leaves a gap. s needs analysis.DistBandsColumns.
func DistBands(s *analysis.Timeline, o Options) (*plot.Plot, error) {
	g := s.Game
	return timelinePlot(s, gameTitle("band-to-head distance", g), "distance from band to enemy head (cells)",
		sideLines(g, "P1's band to P2's head ("+g.P1+")", "P2's band to P1's head ("+g.P2+")", s.Band1ToHead2, s.Band2ToHead1),
		0, auto, o)
}

// DistHeads draws the Manhattan distance between the two heads per
// half-step of one game. s needs analysis.DistHeadsColumns.
func DistHeads(s *analysis.Timeline, o Options) (*plot.Plot, error) {
	g := s.Game
	return timelinePlot(s, gameTitle("distance between the heads", g), "|dx| + |dy| between the heads (cells)",
		[]line{{"head distance", color.NRGBA{60, 60, 60, 255}, false, s.DistHeads}}, 0, auto, o)
}
