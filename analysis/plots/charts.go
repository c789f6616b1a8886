// Package plots draws the course's charts with gonum/plot. Each chart kind
// is one function from data (read and aggregated by package analysis) to a
// Figure; the paperio command and the notebooks share them. Build reads a
// dataset and makes any kind by name, choosing players and panels; Save
// writes PNG or SVG.
//
// A Figure stays readable for any number of players: up to MaxDirect
// players a panel are named by labels next to their points, placed so that
// no text overlaps another (moved aside with a leader line when needed);
// more, or names that find no free place, are marked by numbers keyed to a
// list beside the panels. Players get a colour of Palette and a glyph of
// Shapes, no two the same pair; the image grows with players, names and
// panels so that text keeps its size. TextBoxes gives every text a Figure
// draws, which is how the tests check the layout.
package plots

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/label"
)

// Panel is the data of one panel of a bars or dots chart.
type Panel struct {
	// Title names the panel in a grid ("group E"); empty for a chart of
	// one panel.
	Title   string
	Entries []analysis.Entry
}

// meanSD is one player's point in the bars chart: (mean, mean) with ±1 sd
// on both axes, each side cut at the player's lowest and highest value, so
// that no bar claims what no game reached (negative territory, games
// longer than the turns allow).
type meanSD struct {
	plotter.XYs
	xlo, xhi, ylo, yhi []float64 // the bars' lengths below and above
}

func (m meanSD) XError(i int) (float64, float64) { return m.xlo[i], m.xhi[i] }
func (m meanSD) YError(i int) (float64, float64) { return m.ylo[i], m.yhi[i] }

// clampedSD is how far a ±sd bar reaches below and above mean within
// [lo, hi].
func clampedSD(mean, sd, lo, hi float64) (below, above float64) {
	return max(0, min(sd, mean-lo)), max(0, min(sd, hi-mean))
}

// ranges are each player's lowest and highest length and score.
func ranges(es []analysis.Entry) map[string][4]float64 {
	out := map[string][4]float64{}
	for _, e := range es {
		r, ok := out[e.Player]
		l := float64(e.Length)
		if !ok {
			r = [4]float64{l, l, e.Score, e.Score}
		}
		out[e.Player] = [4]float64{min(r[0], l), max(r[1], l), min(r[2], e.Score), max(r[3], e.Score)}
	}
	return out
}

// chart is what Bars and Dots share: the panels' players, their cast and
// the figure being built.
type chart struct {
	fig     *Figure
	cast    *cast
	players [][]string // per panel, sorted
}

// newChart names and styles the players of the panels and sizes the
// figure: a panel per entry of panels, in a grid of about as many columns
// as rows.
func newChart(panels []Panel, o Options, title string) (*chart, error) {
	if len(panels) == 0 {
		return nil, dataErrorf("a chart needs at least one panel")
	}
	all := []analysis.Entry{}
	players := make([][]string, len(panels))
	most := 0
	for i, pn := range panels {
		all = append(all, pn.Entries...)
		players[i] = analysis.Players(pn.Entries)
		most = max(most, len(players[i]))
	}
	if err := analysis.CheckPlayers(all, o.Highlight); err != nil {
		return nil, err
	}
	c := &chart{cast: newCast(keyOrder(players, o), o, most > MaxDirect), players: players}
	if o.Title != "" {
		title = o.Title
	}
	f := &Figure{Title: title, cols: max(1, int(math.Ceil(math.Sqrt(float64(len(panels))))))}
	if c.cast.hasKey() {
		f.key = &key{cast: c.cast}
	}
	f.fixedW, f.fixedH = o.Width, o.Height
	f.cast = c.cast
	c.fig = f
	return c, nil
}

// finish sizes the panels, once the title and caption are known: a chart
// of one panel fills Width × Height, a grid has smaller panels; both grow
// with players beyond what direct labels serve, so that the marks keep
// their room, and with the length of the names labelled directly.
func (c *chart) finish() (*Figure, error) {
	f := c.fig
	most := 0
	for _, ps := range c.players {
		most = max(most, len(ps))
	}
	extra := vg.Length(max(0, most-MaxDirect))
	if len(f.panels) == 1 {
		f.panelW = Width - 2*vg.Points(figMargin) + extra*vg.Inch/25
		f.panelH = Height - 2*vg.Points(figMargin) - f.head() + extra*vg.Inch/30
	} else {
		f.panelW = 3.2*vg.Inch + vg.Length(min(most, 8))*vg.Inch/5 + extra*vg.Inch/25
		f.panelH = f.panelW * 0.72
	}
	if !c.cast.keyed {
		f.panelW, f.panelH = roomForNames(f.panelW, f.panelH, c.cast, c.players)
	}
	f.panelW = max(f.panelW, f.panelTitleWidth())
	c.shareAxes()
	f.Size() // settles on names or numbers for the size, before checking it
	return f, f.checkSize()
}

// roomForNames grows a panel of w × h, by up to 1.6 times, until its
// data area is about six times the area of the labels of its most
// crowded panel: room for the labels to sit near their points. Beyond
// that, the labels that find no place make the chart keyed (see
// Figure.settle).
func roomForNames(w, h vg.Length, c *cast, players [][]string) (vg.Length, vg.Length) {
	var most vg.Length
	for _, ps := range players {
		var area vg.Length
		for _, s := range ps {
			p := c.by[s]
			st := nameStyle()
			area += (st.width(p.mark) + 6) * (st.height() + 6)
		}
		most = max(most, area)
	}
	// The data area leaves out about 60 points for the y axis and 50 for
	// the x axis and the panel title.
	data := (w - 60) * (h - 50)
	f := math.Sqrt(float64(6 * most / data))
	f = max(1, min(1.6, f))
	return w * vg.Length(f), h * vg.Length(f)
}

// caption says what the marks mean beyond the title.
func (c *chart) caption(o Options, parts ...string) {
	if o.Note != "" {
		parts = append([]string{o.Note}, parts...)
	}
	if c.cast.anyHi {
		n := 0
		for _, p := range c.cast.list {
			if p.hi {
				n++
			}
		}
		parts = append(parts, fmt.Sprintf("names in red: %s (%d of %d), the others in grey", c.cast.hiName, n, len(c.cast.list)))
	}
	c.fig.Caption = strings.Join(parts, "; ")
}

// panel adds panel i of k to the figure.
func (c *chart) panel(i, k int, title, xlabel, ylabel string) *plot.Plot {
	p := newPlot(title)
	if k == 1 {
		p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	} else {
		// A grid says it once, along its bottom and left side.
		c.fig.xLabel, c.fig.yLabel = xlabel, ylabel
	}
	p.Add(plotter.NewGrid())
	c.fig.panels = append(c.fig.panels, p)
	return p
}

// shareAxes gives every panel the union of their axis ranges, so they
// compare.
func (c *chart) shareAxes() {
	ps := c.fig.panels
	x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for i, p := range ps {
		if len(c.players[i]) == 0 {
			continue
		}
		x0, x1 = math.Min(x0, p.X.Min), math.Max(x1, p.X.Max)
		y0, y1 = math.Min(y0, p.Y.Min), math.Max(y1, p.Y.Max)
	}
	if math.IsInf(x0, 0) {
		return
	}
	for _, p := range ps {
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = x0, x1, y0, y1
	}
}

// panelTitle names a panel of a grid with its players and games.
func panelTitle(pn Panel, players int) string {
	if pn.Title == "" {
		return ""
	}
	games := map[int64]bool{}
	for _, e := range pn.Entries {
		games[e.Game] = true
	}
	if players == 2 && strings.Contains(pn.Title, " v ") {
		return fmt.Sprintf("%s: %s", pn.Title, count(len(games), "game"))
	}
	return fmt.Sprintf("%s: %s, %s", pn.Title, count(players, "player"), count(len(games), "game"))
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// Bars is the course's "bars" chart: per player, the mean number of
// half-steps per game (x) against the mean final territory (y), with ±1
// standard deviation bars on both axes, in one panel per Panel. Up to
// MaxDirect players a panel, each point is named by a label next to it
// (moved aside with a leader line where it would collide); with more, by a
// number keyed to the list beside the panels.
func Bars(panels []Panel, o Options) (*Figure, error) {
	games := 0
	for _, pn := range panels {
		games += len(pn.Entries)
	}
	title := fmt.Sprintf("Game length vs final %s per player (mean ± 1 sd, %d player-games)", o.info().ScoreWords, games)
	c, err := newChart(panels, o, title)
	if err != nil {
		return nil, err
	}
	c.caption(o, "bars: ±1 sd, cut at the player's least and most value")
	// In a crowded panel the bars get thinner and paler, so that the
	// points stand out; a highlighted player's stay bold.
	most := 0
	for _, ps := range c.players {
		most = max(most, len(ps))
	}
	thin, capThin, pale := vg.Points(1.2), vg.Points(6), uint8(255)
	if most > MaxDirect {
		thin, capThin, pale = vg.Points(0.8), vg.Points(4), uint8(max(70, 130-(most-MaxDirect)))
	}
	for i, pn := range panels {
		p := c.panel(i, len(panels), panelTitle(pn, len(c.players[i])), o.info().LengthWords+" per game", o.scoreAxis(""))
		marks := &markSet{cast: c.cast, radius: vg.Points(4)}
		span := ranges(pn.Entries)
		for _, s := range analysis.ByPlayer(o.info(), pn.Entries) {
			pl := c.cast.by[s.Player]
			width, capW, col := thin, capThin, withAlpha(pl.colour, pale)
			switch {
			case pl.hi:
				width, capW, col = vg.Points(1.2), vg.Points(6), pl.colour
			case c.cast.dim(pl):
				col = grey
			}
			r := span[s.Player]
			xlo, xhi := clampedSD(s.Length.Mean, s.Length.SD, r[0], r[1])
			ylo, yhi := clampedSD(s.Score.Mean, s.Score.SD, r[2], r[3])
			d := meanSD{plotter.XYs{{X: s.Length.Mean, Y: s.Score.Mean}}, []float64{xlo}, []float64{xhi}, []float64{ylo}, []float64{yhi}}
			xe, err := plotter.NewXErrorBars(d)
			if err != nil {
				return nil, fmt.Errorf("bars: %s: %v", s.Player, err)
			}
			ye, err := plotter.NewYErrorBars(d)
			if err != nil {
				return nil, fmt.Errorf("bars: %s: %v", s.Player, err)
			}
			xe.LineStyle.Color, ye.LineStyle.Color = col, col
			xe.LineStyle.Width, ye.LineStyle.Width = width, width
			xe.CapWidth, ye.CapWidth = capW, capW
			p.Add(xe, ye)
			marks.anchors = append(marks.anchors, anchor{s.Length.Mean, s.Score.Mean, pl})
		}
		p.Add(marks)
		c.fig.marks = append(c.fig.marks, marks)
	}
	return c.finish()
}

// Dots draws every (game, player) entry as a small glyph: the game's
// half-steps (x) against the player's final territory (y), and each
// player's mean as a large glyph named like the points of Bars, in one
// panel per Panel. With highlights, the other players are grey.
func Dots(panels []Panel, o Options) (*Figure, error) {
	games := 0
	for _, pn := range panels {
		games += len(pn.Entries)
	}
	c, err := newChart(panels, o, fmt.Sprintf("Every game: length vs final %s (%d player-games)", o.info().ScoreWords, games))
	if err != nil {
		return nil, err
	}
	c.caption(o, "small glyphs: one game of a player; large glyphs: the player's mean")
	small := vg.Points(2.2)
	if c.cast.keyed {
		small = vg.Points(1.8)
	}
	for i, pn := range panels {
		p := c.panel(i, len(panels), panelTitle(pn, len(c.players[i])), o.info().LengthWords+" of the game", o.scoreAxis(" of the player"))
		byPlayer := map[string]plotter.XYs{}
		for _, e := range pn.Entries {
			byPlayer[e.Player] = append(byPlayer[e.Player], plotter.XY{X: float64(e.Length), Y: e.Score})
		}
		marks := &markSet{cast: c.cast, radius: vg.Points(5), halo: true}
		// Grey players first, so the highlighted ones are drawn on top.
		for _, pass := range []bool{true, false} {
			for _, name := range c.players[i] {
				pl := c.cast.by[name]
				if c.cast.dim(pl) != pass {
					continue
				}
				s, err := plotter.NewScatter(byPlayer[name])
				if err != nil {
					return nil, fmt.Errorf("dots: %s: %v", name, err)
				}
				s.GlyphStyle = pl.glyph(small, pass)
				if !pass {
					s.GlyphStyle.Color = withAlpha(pl.colour, 150)
				}
				p.Add(s)
			}
		}
		for _, name := range c.players[i] {
			var sx, sy float64
			for _, xy := range byPlayer[name] {
				sx += xy.X
				sy += xy.Y
			}
			n := float64(len(byPlayer[name]))
			marks.anchors = append(marks.anchors, anchor{sx / n, sy / n, c.cast.by[name]})
		}
		p.Add(marks)
		c.fig.marks = append(c.fig.marks, marks)
	}
	return c.finish()
}

// gameTitle is the default title of a single-game chart.
func gameTitle(what string, g analysis.Game, o Options) string {
	n1, n2 := gameNames(g, o)
	return fmt.Sprintf("Game %d, %s: %s (P1) vs %s (P2)\n%s", g.ID, what, n1, n2, resultWords(g, o.info()))
}

// gameNames names the two players of a game: initials would say nothing
// without a key, so they get their short labels.
func gameNames(g analysis.Game, o Options) (string, string) {
	if o.labelMode() == label.ModeSpec {
		return g.P1, g.P2
	}
	n := label.Short([]string{g.P1, g.P2})
	return n[0], n[1]
}

// Side colours of the single-game charts: the first two of Palette, whoever
// plays.
var side1, side2 = Palette[2], Palette[1]

// Headroom raises p's y axis by a twentieth of its span, so that the top
// of a line does not run along the frame; call it once the axis is set.
func Headroom(p *plot.Plot) { p.Y.Max += (p.Y.Max - p.Y.Min) / 20 }

// Lines draws values over xs as lines between the gaps a NaN leaves, a lone
// value between two gaps as a dot (a line of one point draws nothing), and
// returns the line a legend shows, drawn even when no run is long enough.
func Lines(p *plot.Plot, xs, ys []float64, style draw.LineStyle) (plot.Thumbnailer, error) {
	key, err := plotter.NewLine(plotter.XYs{{}, {}})
	if err != nil {
		return nil, err
	}
	key.LineStyle = style
	for _, run := range Runs(ys) {
		pts := make(plotter.XYs, 0, run[1]-run[0])
		for k := run[0]; k < run[1]; k++ {
			pts = append(pts, plotter.XY{X: xs[k], Y: ys[k]})
		}
		if len(pts) == 1 {
			dot, err := plotter.NewScatter(pts)
			if err != nil {
				return nil, err
			}
			dot.GlyphStyle = draw.GlyphStyle{Color: style.Color, Radius: vg.Points(1.5), Shape: draw.CircleGlyph{}}
			p.Add(dot)
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle = style
		p.Add(l)
	}
	return key, nil
}

// Runs splits a series into the maximal runs of its values that are not
// NaN: the pieces Lines draws, leaving gaps between them. Each run is a
// pair of indices [start, end).
func Runs(ys []float64) [][2]int {
	var out [][2]int
	start := -1
	for i, y := range ys {
		switch {
		case math.IsNaN(y) && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		case !math.IsNaN(y) && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(ys)})
	}
	return out
}
