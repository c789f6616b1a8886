package plots

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/paperio/paperio/analysis/training"
)

// Training draws the learning curves of training runs (package
// analysis/training). One run: the learner's score against each league
// member over training time, a point per block of at least minGames games
// with its Wilson 95 % interval as a band, and the latest Elo ladder: the
// checkpoints with their 95 % intervals, each league member as a level
// with its interval, a member the learner never scored against (or always
// beat) as a bound, an arrow from the end of its interval. Several runs (the
// seeds of a recipe): a score panel per league member with a curve per
// run, and each run's checkpoints on the Elo panel. The legend gives each
// curve's games.
//
// A run of two stages (the best recipe: the clone, then the play-outs)
// is drawn on one time axis, the second stage after the clone's training
// time, with a dashed line where it begins. A log without a fit of the
// ladder has no Elo panel: a line under the title says why.
func Training(runs []*training.Run, minGames int, o Options) (*Figure, error) {
	if len(runs) == 0 {
		return nil, fmt.Errorf("no training run to draw")
	}
	minGames = max(minGames, 1)
	var heading, missing string
	var panels []*plot.Plot
	var err error
	staged := false
	if len(runs) == 1 {
		r := runs[0]
		heading = fmt.Sprintf("training of %s: %s", r.Name, stagesSpan(r))
		panels, missing, err = oneRun(r, minGames)
	} else {
		names := make([]string, len(runs))
		for i, r := range runs {
			names[i] = fmt.Sprintf("%s (%d it, %.0f min)", r.Name, r.IterationCount(), r.Minutes())
			staged = staged || r.Clone != nil
		}
		heading = fmt.Sprintf("%d training runs: %s", len(runs), strings.Join(names, ", "))
		panels, missing, err = compareRuns(runs, minGames)
	}
	if err != nil {
		return nil, err
	}
	if o.Title != "" {
		heading = o.Title
	}
	caption := fmt.Sprintf("score: wins + draws/2 per game, a point per run of iterations with %d games or more "+
		"(the last takes the rest); bands and bars: 95 %% intervals (Wilson; Elo)", minGames)
	if staged {
		caption = joinNote(caption, "dashed: where a run's clone stage ends and its play-outs begin")
	}
	if o.Note != "" {
		caption = joinNote(caption, o.Note)
	}
	if missing != "" {
		caption += "\n" + missing
	}
	f := &Figure{Title: heading, Caption: caption, cols: 1, panels: panels, fixedW: o.Width, fixedH: o.Height}
	f.panelW, f.panelH = Width-2*vg.Points(figMargin), Height-2*vg.Points(figMargin)-f.head()
	return f, f.checkSize()
}

// stagesSpan is a run's iterations and minutes, and each stage's.
func stagesSpan(r *training.Run) string {
	all := fmt.Sprintf("%d iterations, %.1f minutes", r.IterationCount(), r.Minutes())
	switch {
	case r.Clone != nil:
		var parts []string
		for _, s := range r.Stages() {
			parts = append(parts, fmt.Sprintf("%s %d it., %.1f min", s.Stage, len(s.Iterations), s.Minutes()-s.Start))
		}
		return fmt.Sprintf("%s (%s)", all, strings.Join(parts, ", then "))
	case r.Stage == training.CloneStage:
		return all + " of its clone stage (the play-outs have not begun)"
	}
	return all
}

// noLadder says why a run's chart has no Elo panel.
func noLadder(r *training.Run) string {
	its := fmt.Sprintf("%d iterations", len(r.Iterations))
	if r.Clone != nil {
		its = fmt.Sprintf("%s: %d iterations, %s: %d", r.Clone.Stage, len(r.Clone.Iterations), r.Stage, len(r.Iterations))
	}
	return "no Elo ladder: the trainer fits it at each snapshot (every --snapshot-every iterations, 10 by default), " +
		"and this log holds no fit yet (" + its + ")"
}

// trainingX is the time axis of every training panel.
const trainingX = "training time (minutes)"

// series is one curve of a score panel: a member's points, or a run's.
type series struct {
	name   string
	k      int // colour and glyph
	games  int
	points []training.Point
}

// cut is where a run's second stage begins on the time axis: a dashed
// vertical line, labelled with the stages on either side when before and
// after are set.
type cut struct {
	at            float64
	colour        color.Color
	before, after string
}

// cutsOf are the stage boundaries of a run of several stages (none for
// one).
func cutsOf(r *training.Run, colour color.Color, labelled bool) []cut {
	var out []cut
	for _, s := range r.Stages() {
		if s.Clone == nil {
			continue
		}
		c := cut{at: s.Start, colour: colour}
		if labelled {
			c.before, c.after = s.Clone.Stage, s.Stage
		}
		out = append(out, c)
	}
	return out
}

// drawCuts draws the cuts across a panel whose axes are set, their labels
// at the top of the data area; it returns the room the labels take below
// the top (0 without labels), which a legend in a top corner leaves them
// (legendBelow).
func drawCuts(p *plot.Plot, cuts []cut) (vg.Length, error) {
	var room vg.Length
	for _, c := range cuts {
		line, err := plotter.NewLine(plotter.XYs{{X: c.at, Y: p.Y.Min}, {X: c.at, Y: p.Y.Max}})
		if err != nil {
			return 0, err
		}
		line.LineStyle = draw.LineStyle{Color: c.colour, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(6), vg.Points(3)}}
		p.Add(line)
		if c.before == "" && c.after == "" {
			continue
		}
		for _, side := range []struct {
			text  string
			align text.XAlignment
			dx    vg.Length
		}{{c.before, draw.XRight, -vg.Points(4)}, {c.after, draw.XLeft, vg.Points(4)}} {
			labels, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: c.at, Y: p.Y.Max}}, Labels: []string{side.text}})
			if err != nil {
				return 0, err
			}
			sty := p.Legend.TextStyle
			sty.Color, sty.XAlign, sty.YAlign = c.colour, side.align, draw.YTop
			labels.TextStyle[0], labels.Offset = sty, vg.Point{X: side.dx, Y: -vg.Points(3)}
			p.Add(labels)
			room = max(room, vg.Points(3)+sty.Height(side.text))
		}
	}
	return room, nil
}

// legendBelow places the legend (placeLegend) and, in a top corner, lowers
// it by room.
func legendBelow(p *plot.Plot, xs, ys []float64, room vg.Length) {
	placeLegend(p, xs, ys)
	if p.Legend.Top {
		p.Legend.YOffs -= room
	}
}

// stageGrey is the colour of a single run's stage boundary and of its
// clone's checkpoints.
var stageGrey = color.Gray{Y: 90}

// hasLadder reports whether a fit of the ladder has players.
func hasLadder(l training.Ladder) bool { return len(l.Checkpoints)+len(l.Members) > 0 }

// oneRun is a run's score panel and Elo panel, or its score panel alone
// and a line saying why it has no ladder. The Elo panel of a run of two
// stages is the last stage's ladder with the clone's checkpoints (on the
// clone's own ladder), or the clone's ladder when only the clone has one.
func oneRun(r *training.Run, minGames int) ([]*plot.Plot, string, error) {
	colours := map[string]int{}
	var ss []series
	for _, m := range training.RunScores(r, minGames) {
		ss = append(ss, series{m.Name, colourOf(colours, m.Name), m.Games, m.Points})
	}
	cuts := cutsOf(r, stageGrey, true)
	score, err := scorePanel("score against each league member", ss, r.Minutes(), minGames, cuts)
	if err != nil {
		return nil, "", err
	}
	l, stage := training.Latest(r), r.Stage
	var earlier []training.Rated
	if r.Clone != nil {
		cl := training.Latest(r.Clone)
		if hasLadder(l) {
			earlier = cl.Checkpoints
		} else {
			l, stage = cl, r.Clone.Stage
		}
	}
	panels := []*plot.Plot{score}
	lines, anchor, err := training.Strength(r)
	if err != nil {
		return nil, "", err
	}
	if len(lines) > 0 {
		p, err := strengthPanel(lines, anchor, r.Minutes(), cuts)
		if err != nil {
			return nil, "", err
		}
		panels = append(panels, p)
	}
	if ss := curveSeries([]*training.Run{r}); len(ss) > 0 {
		p, err := scorePanel(curveTitle, ss, r.Minutes(), 1, cuts)
		if err != nil {
			return nil, "", err
		}
		panels = append(panels, p)
	}
	if !hasLadder(l) {
		if len(lines) > 0 {
			return panels, "", nil // the search loop's strength stands for the ladder
		}
		return panels, noLadder(r), nil
	}
	elo, err := ladderPanel(l, stage, earlier, r.Minutes(), colours, cuts)
	if err != nil {
		return nil, "", err
	}
	return append(panels, elo), "", nil
}

// strengthPanel draws the Elo of each line of the search loop's measures
// (the network alone, the network inside the search) over training time,
// each point with its 95 % interval, relative to the anchor.
func strengthPanel(lines []training.Line, anchor string, end float64, cuts []cut) (*plot.Plot, error) {
	p := newPlot(fmt.Sprintf("Elo of the best network alone (policy:) and inside the search (netsearch:); %s = 0", anchor))
	p.X.Label.Text, p.Y.Label.Text = trainingX, "Elo"
	p.Add(plotter.NewGrid())
	var xs, ys []float64
	for k, l := range lines {
		cs := make([]training.Rated, len(l.Points))
		n := 0
		for i, q := range l.Points {
			cs[i] = training.Rated{Minutes: q.Minutes, Elo: q.Elo, CI95: q.CI95}
			xs, ys = append(xs, q.Minutes, q.Minutes), append(ys, q.Elo-q.CI95, q.Elo+q.CI95)
			n += q.Games
		}
		key, err := checkpoints(p, cs, Palette[k%len(Palette)], Shapes[k%len(Shapes)])
		if err != nil {
			return nil, err
		}
		last := l.Points[len(l.Points)-1]
		p.Legend.Add(fmt.Sprintf("%s: %d measures, %s; last %+.0f ± %.0f", l.Name, len(l.Points), games(n),
			last.Elo, last.CI95), key...)
	}
	if err := eloAxis(p, xs, ys, end, cuts); err != nil {
		return nil, err
	}
	return p, nil
}

// curveTitle heads the panel of the runs' curve tables.
const curveTitle = "score of the best network as training went on (python3 -m paperio.train.curve: the same starts at every point)"

// curveSeries are the series of the runs' curve tables: one per run, line
// and bot, named by the run when there are several.
func curveSeries(runs []*training.Run) []series {
	var ss []series
	for _, r := range runs {
		for _, m := range training.Curve(r) {
			name := m.Name
			if len(runs) > 1 {
				name = r.Name + ": " + name
			}
			ss = append(ss, series{name, len(ss), m.Games, m.Points})
		}
	}
	return ss
}

// compareRuns is a score panel per league member (in the order they first
// appear), each with a curve per run that played it, and one Elo panel of
// every run's checkpoints (both stages' of a run of two), or no Elo panel
// and a line saying why when no run's log holds a fit of the ladder.
func compareRuns(runs []*training.Run, minGames int) ([]*plot.Plot, string, error) {
	var members []string
	byMember := map[string][]series{}
	end := 0.0
	var cuts []cut
	for k, r := range runs {
		end = max(end, r.Minutes())
		cuts = append(cuts, cutsOf(r, Palette[k%len(Palette)], false)...)
		for _, m := range training.RunScores(r, minGames) {
			if _, ok := byMember[m.Name]; !ok {
				members = append(members, m.Name)
			}
			byMember[m.Name] = append(byMember[m.Name], series{r.Name, k, m.Games, m.Points})
		}
	}
	var out []*plot.Plot
	for _, name := range members {
		p, err := scorePanel("score against "+name, byMember[name], end, minGames, cuts)
		if err != nil {
			return nil, "", err
		}
		out = append(out, p)
	}
	p := newPlot("Elo of each run's checkpoints (each run's own ladder; random = 0)")
	p.X.Label.Text, p.Y.Label.Text = trainingX, "Elo"
	p.Add(plotter.NewGrid())
	var xs, ys []float64
	fitted := 0
	for k, r := range runs {
		n := 0
		var key []plot.Thumbnailer
		for _, s := range r.Stages() {
			l := training.Latest(s)
			th, err := checkpoints(p, l.Checkpoints, Palette[k%len(Palette)], Shapes[k%len(Shapes)])
			if err != nil {
				return nil, "", err
			}
			if th != nil {
				key = th
			}
			n += len(l.Checkpoints)
			for _, c := range l.Checkpoints {
				xs, ys = append(xs, c.Minutes, c.Minutes), append(ys, c.Elo-c.CI95, c.Elo+c.CI95)
			}
		}
		if key != nil {
			fitted++
			p.Legend.Add(fmt.Sprintf("%s (%d checkpoints)", r.Name, n), key...)
		} else {
			p.Legend.Add(fmt.Sprintf("%s: no fit of the ladder yet", r.Name))
		}
	}
	if ss := curveSeries(runs); len(ss) > 0 {
		c, err := scorePanel(curveTitle, ss, end, 1, cuts)
		if err != nil {
			return nil, "", err
		}
		out = append(out, c)
	}
	if fitted == 0 {
		return out, "no Elo ladder: the trainer fits it at each snapshot (every --snapshot-every iterations, " +
			"10 by default), and no run's log holds a fit yet", nil
	}
	if err := eloAxis(p, xs, ys, end, cuts); err != nil {
		return nil, "", err
	}
	return append(out, p), "", nil
}

// colourOf is the colour index of a name, the next one when new.
func colourOf(m map[string]int, name string) int {
	k, ok := m[name]
	if !ok {
		k = len(m)
		m[name] = k
	}
	return k
}

// scorePanel draws each series' points with its glyph, joined by a line,
// over a band of their Wilson intervals. The series are set apart by a
// small shift in time (at most ±1 % of the axis), so that a curve at 0 or
// 1 shows beside the others instead of under them; the y axis reaches a
// little past 0 and 1 for the same reason.
//
// The cuts are drawn across it, their labels above the score of 1.
func scorePanel(title string, ss []series, end float64, minGames int, cuts []cut) (*plot.Plot, error) {
	p := newPlot(title)
	p.X.Label.Text, p.Y.Label.Text = trainingX, "score (wins + draws/2) per game"
	p.Add(plotter.NewGrid())
	span := max(end, 1e-9)
	step := span * 0.02 / float64(max(len(ss)-1, 1))
	if len(ss) > 1 {
		step = min(step, span*0.006)
	}
	var xs, ys []float64
	for i, s := range ss {
		colour := Palette[s.k%len(Palette)]
		shift := (float64(i) - float64(len(ss)-1)/2) * step
		if len(ss) == 1 {
			shift = 0
		}
		if len(s.points) == 0 {
			p.Legend.Add(fmt.Sprintf("%s: %s, fewer than %d: not drawn", s.name, games(s.games), minGames))
			continue
		}
		pts := make(plotter.XYs, len(s.points))
		band := make(plotter.XYs, 0, 2*len(s.points))
		for j, q := range s.points {
			pts[j] = plotter.XY{X: q.Minutes() + shift, Y: q.Score}
			band = append(band, plotter.XY{X: q.Minutes() + shift, Y: q.Low})
			xs, ys = append(xs, q.Minutes(), q.Minutes()), append(ys, q.Low, q.High)
		}
		for j := len(s.points) - 1; j >= 0; j-- {
			band = append(band, plotter.XY{X: s.points[j].Minutes() + shift, Y: s.points[j].High})
		}
		if len(s.points) > 1 {
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return nil, err
			}
			poly.Color = withAlpha(colour, 40)
			poly.LineStyle.Width = 0
			p.Add(poly)
		} else {
			q := s.points[0]
			bar, err := plotter.NewYErrorBars(errorBars{{pts[0].X, q.Score, q.Score - q.Low, q.High - q.Score}})
			if err != nil {
				return nil, err
			}
			bar.LineStyle.Color, bar.LineStyle.Width = colour, vg.Points(1)
			p.Add(bar)
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		line.LineStyle = draw.LineStyle{Color: colour, Width: vg.Points(1.5)}
		dots, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: colour, Radius: vg.Points(2.5), Shape: Shapes[s.k%len(Shapes)]}
		p.Add(line, dots)
		n := fmt.Sprintf("%d points", len(s.points))
		if len(s.points) == 1 {
			n = "1 point"
		}
		last := s.points[len(s.points)-1]
		p.Legend.Add(fmt.Sprintf("%s: %s, %s; last %.2f (%.2f–%.2f) of %d", s.name, games(s.games), n,
			last.Score, last.Low, last.High, last.Games()), line, dots)
	}
	p.X.Min, p.X.Max = 0, span
	p.Y.Min, p.Y.Max = -0.05, 1.05
	for _, c := range cuts {
		if c.before != "" || c.after != "" {
			p.Y.Max = 1.15 // room for the labels above the curves at 1
		}
	}
	room, err := drawCuts(p, cuts)
	if err != nil {
		return nil, err
	}
	legendBelow(p, xs, ys, room)
	return p, nil
}

// games is "1 game" or "1,234 games".
func games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return thousands(n) + " games"
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// errorBars are points with an interval below and above each.
type errorBars [][4]float64 // x, y, below, above

func (e errorBars) Len() int                        { return len(e) }
func (e errorBars) XY(i int) (float64, float64)     { return e[i][0], e[i][1] }
func (e errorBars) YError(i int) (float64, float64) { return e[i][2], e[i][3] }

// checkpoints draws the learner's checkpoints: a line through their Elo,
// a glyph at each and its 95 % interval as a bar; it returns the legend's
// thumbnails (nil without checkpoints).
func checkpoints(p *plot.Plot, cs []training.Rated, colour color.Color, shape draw.GlyphDrawer) ([]plot.Thumbnailer, error) {
	if len(cs) == 0 {
		return nil, nil
	}
	pts := make(plotter.XYs, len(cs))
	bars := make(errorBars, len(cs))
	for i, c := range cs {
		pts[i] = plotter.XY{X: c.Minutes, Y: c.Elo}
		bars[i] = [4]float64{c.Minutes, c.Elo, c.CI95, c.CI95}
	}
	eb, err := plotter.NewYErrorBars(bars)
	if err != nil {
		return nil, err
	}
	eb.LineStyle.Color, eb.LineStyle.Width = colour, vg.Points(1)
	line, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	line.LineStyle = draw.LineStyle{Color: colour, Width: vg.Points(1.5)}
	dots, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	dots.GlyphStyle = draw.GlyphStyle{Color: colour, Radius: vg.Points(2.5), Shape: shape}
	p.Add(eb, line, dots)
	return []plot.Thumbnailer{line, dots}, nil
}

// ladderPanel draws the latest fit of the Elo ladder: the checkpoints at
// the training time each was taken, each league member as a level line
// over a band of its 95 % interval, a bound as a dashed line at the end of
// its interval with arrows pointing where the rating lies. stage names the
// stage whose ladder it is ("" for a run of one stage); earlier are the
// checkpoints of the stage before, on that stage's own ladder, drawn in
// grey; the cuts are drawn across the panel.
func ladderPanel(l training.Ladder, stage string, earlier []training.Rated, end float64, colours map[string]int,
	cuts []cut) (*plot.Plot, error) {
	title := "Elo ladder (Bradley–Terry over every game"
	its := ""
	if stage != "" {
		title, its = "Elo ladder of the "+stage+" stage (Bradley–Terry over its games", "its "
	}
	if l.Anchor != "" {
		title += "; " + l.Anchor + " = 0)"
	} else {
		title += "; mean = 0)"
	}
	if l.Iteration > 0 {
		title = fmt.Sprintf("%s, fitted after %siteration %d", title, its, l.Iteration)
	}
	p := newPlot(title)
	p.X.Label.Text, p.Y.Label.Text = trainingX, "Elo"
	p.Add(plotter.NewGrid())
	span := max(end, 1e-9)
	var xs, ys []float64
	levelAt := func(y float64) {
		for _, f := range []float64{0, 0.25, 0.5, 0.75, 1} {
			xs, ys = append(xs, f*span), append(ys, y)
		}
	}
	key, err := checkpoints(p, l.Checkpoints, color.Black, draw.CircleGlyph{})
	if err != nil {
		return nil, err
	}
	if key != nil {
		p.Legend.Add(fmt.Sprintf("learner's checkpoints (%d)", len(l.Checkpoints)), key...)
	}
	for _, c := range l.Checkpoints {
		xs, ys = append(xs, c.Minutes, c.Minutes), append(ys, c.Elo-c.CI95, c.Elo+c.CI95)
	}
	key, err = checkpoints(p, earlier, stageGrey, draw.RingGlyph{})
	if err != nil {
		return nil, err
	}
	if key != nil {
		p.Legend.Add(fmt.Sprintf("the %s stage's checkpoints (%d), on its own ladder", training.CloneStage, len(earlier)), key...)
	}
	for _, c := range earlier {
		xs, ys = append(xs, c.Minutes, c.Minutes), append(ys, c.Elo-c.CI95, c.Elo+c.CI95)
	}
	for _, m := range l.Members {
		colour := Palette[colourOf(colours, m.Player)%len(Palette)]
		level := plotter.XYs{{X: 0, Y: m.Limit}, {X: span, Y: m.Limit}}
		line, err := plotter.NewLine(level)
		if err != nil {
			return nil, err
		}
		line.LineStyle = draw.LineStyle{Color: colour, Width: vg.Points(1.5)}
		if m.Bound == training.Fitted {
			band, err := plotter.NewPolygon(plotter.XYs{{X: 0, Y: m.Elo - m.CI95}, {X: span, Y: m.Elo - m.CI95},
				{X: span, Y: m.Elo + m.CI95}, {X: 0, Y: m.Elo + m.CI95}})
			if err != nil {
				return nil, err
			}
			band.Color, band.LineStyle.Width = withAlpha(colour, 30), 0
			p.Add(band, line)
			levelAt(m.Elo - m.CI95)
			levelAt(m.Elo + m.CI95)
			what := fmt.Sprintf("%s %+.0f ± %.0f (%s)", m.Player, m.Elo, m.CI95, games(m.Games))
			if m.Player == l.Anchor {
				what = fmt.Sprintf("%s 0, the anchor (%s)", m.Player, games(m.Games))
			}
			p.Legend.Add(what, line)
			continue
		}
		line.LineStyle.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		arrows := make(plotter.XYs, 0, 3)
		for _, f := range []float64{1.0 / 6, 0.5, 5.0 / 6} {
			arrows = append(arrows, plotter.XY{X: f * span, Y: m.Limit})
		}
		heads, err := plotter.NewScatter(arrows)
		if err != nil {
			return nil, err
		}
		heads.GlyphStyle = draw.GlyphStyle{Color: colour, Radius: vg.Points(3), Shape: boundGlyph{down: m.Bound == training.AtMost}}
		p.Add(line, heads)
		levelAt(m.Limit)
		what := fmt.Sprintf("%s ≥ %+.0f: never beaten in %s (its 95 %% interval's lower end)", m.Player, m.Limit, games(m.Games))
		if m.Bound == training.AtMost {
			what = fmt.Sprintf("%s ≤ %+.0f: beaten in all %s (its 95 %% interval's upper end)", m.Player, m.Limit, games(m.Games))
		}
		p.Legend.Add(what, line, heads)
	}
	if err := eloAxis(p, xs, ys, span, cuts); err != nil {
		return nil, err
	}
	return p, nil
}

// eloAxis sets an Elo panel's axes: time from 0 to end, Elo over the
// values drawn (xs[i], ys[i]) with an eighth of their span (at least 20)
// to spare above and below, so that no level lies on the frame and a
// bound's arrows show; it draws the cuts across the panel, and the legend
// goes where it covers fewest of the values, clear of the cuts' labels.
func eloAxis(p *plot.Plot, xs, ys []float64, end float64, cuts []cut) error {
	p.X.Min, p.X.Max = 0, max(end, 1e-9)
	if len(ys) == 0 {
		p.Y.Min, p.Y.Max = -100, 100
	} else {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, y := range ys {
			lo, hi = min(lo, y), max(hi, y)
		}
		pad := max((hi-lo)/8, 20)
		p.Y.Min, p.Y.Max = lo-pad, hi+pad
	}
	room, err := drawCuts(p, cuts)
	if err != nil {
		return err
	}
	legendBelow(p, xs, ys, room)
	return nil
}

// boundGlyph marks a value known only as a bound: an open circle at it and
// an arrow toward where the value lies (up: at least, down: at most).
type boundGlyph struct{ down bool }

func (g boundGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	dir := vg.Length(1)
	if g.down {
		dir = -1
	}
	ls := draw.LineStyle{Color: sty.Color, Width: vg.Points(1.2)}
	draw.RingGlyph{}.DrawGlyph(c, draw.GlyphStyle{Color: sty.Color, Radius: r * 0.8}, pt)
	base := vg.Point{X: pt.X, Y: pt.Y + dir*r*0.8}
	tip := vg.Point{X: pt.X, Y: pt.Y + dir*r*3}
	c.StrokeLine2(ls, base.X, base.Y, tip.X, tip.Y)
	c.StrokeLines(ls, []vg.Point{{X: tip.X - r*0.8, Y: tip.Y - dir*r}, tip, {X: tip.X + r*0.8, Y: tip.Y - dir*r}})
}
