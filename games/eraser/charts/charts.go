// Package charts draws the charts that fit eraser datasets, registered as
// chart kinds of `paperio plot` for eraser folders: score (one game's
// scores against the move), points (how many points each player's moves
// score) and depth (how deep each player's cascades go). The bars and dots
// charts of every game draw eraser's final score as they draw paper.io's
// territory. cmd/paperio imports this package.
package charts

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/label"
)

func init() {
	plots.RegisterKind("eraser", "score", Score)
	plots.RegisterKind("eraser", "points", Points)
	plots.RegisterKind("eraser", "depth", Depth)
}

// Columns of the moves table the charts read (docs/ERASER.md).
const (
	colMove   = "move"
	colPlayer = "player"
	colPoints = "points"
	colSteps  = "steps"
	colScore1 = "score1"
	colScore2 = "score2"
)

func dataErrorf(format string, a ...any) error {
	return &analysis.Error{Msg: fmt.Sprintf(format, a...)}
}

// Score draws both players' scores after every move of one game
// (r.Game, the smallest id by default), from 0 before the first move.
func Score(ds *analysis.Dataset, r plots.Request) (*plots.Figure, error) {
	if len(r.Players) > 0 || r.Top > 0 || (r.Facet != "" && r.Facet != "none") || r.Group != "" || len(r.Highlight) > 0 {
		return nil, dataErrorf("score shows one game: players, top, facet, group and highlight are for the charts of many games")
	}
	games, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		return nil, err
	}
	g, err := ds.FindGame(games, r.Game)
	if err != nil {
		return nil, err
	}
	m, err := ds.Moves(&g.ID, colMove, colScore1, colScore2)
	if err != nil {
		return nil, err
	}
	order := make([]int, m.N)
	for i := range order {
		order[i] = i
	}
	moves := m.Cols[colMove]
	sort.Slice(order, func(a, b int) bool { return moves[order[a]] < moves[order[b]] })
	p := plots.NewPanel()
	p.X.Label.Text = "move"
	p.Y.Label.Text = "score (points)"
	p.Add(plotter.NewGrid())
	names := names(r.Options, []string{g.P1, g.P2})
	var xs, ys []float64
	for i, col := range []string{colScore1, colScore2} {
		pts := plotter.XYs{{X: 0, Y: 0}}
		for _, k := range order {
			pts = append(pts, plotter.XY{X: moves[k], Y: m.Cols[col][k]})
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color = plots.SideColour(i)
		l.LineStyle.Width = vg.Points(1.5)
		if i == 1 {
			l.LineStyle.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5)}
		}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("P%d %s", i+1, names[i]), l)
		for _, pt := range pts {
			xs, ys = append(xs, pt.X), append(ys, pt.Y)
		}
	}
	p.X.Min, p.Y.Min = 0, 0
	plots.Headroom(p)
	plots.PlaceLegend(p, xs, ys)
	return plots.PanelFigure(plots.GameTitle("score", g, r.Options), p, r.Options)
}

// Points draws, per player, the share of its moves by the points they
// scored, in buckets (0, 1, 2–4, …): how often a player scores, and how big.
func Points(ds *analysis.Dataset, r plots.Request) (*plots.Figure, error) {
	buckets := []string{"0", "1", "2–4", "5–9", "10–24", "25–49", "50–99", "≥ 100"}
	edges := []float64{0, 1, 2, 5, 10, 25, 50, 100}
	return shares(ds, r, colPoints, "Points per move", "points scored by the move", buckets, func(v float64) int {
		return sort.Search(len(edges), func(i int) bool { return edges[i] > v }) - 1
	})
}

// Depth draws, per player, the share of its moves by the depth of their
// cascades: the scoring steps of a move (0 for a move that scored nothing).
func Depth(ds *analysis.Dataset, r plots.Request) (*plots.Figure, error) {
	const most = 8
	buckets := make([]string, most+1)
	for i := range buckets {
		buckets[i] = fmt.Sprint(i)
	}
	buckets[most] = fmt.Sprintf("≥ %d", most)
	return shares(ds, r, colSteps, "Cascade depth", "scoring steps of the move", buckets, func(v float64) int {
		return int(math.Min(v, most))
	})
}

// maxPlayers bounds the players of a chart of shares: beyond it the bars
// of a bucket are too thin to tell apart.
const maxPlayers = 12

// shares draws, for each player, the share of its moves whose column col
// falls in each bucket (bucket(v) is its index), as groups of bars.
func shares(ds *analysis.Dataset, r plots.Request, col, title, xlabel string, buckets []string, bucket func(float64) int) (*plots.Figure, error) {
	if r.Game != nil || r.Top > 0 || (r.Facet != "" && r.Facet != "none") || r.Group != "" || len(r.Highlight) > 0 {
		return nil, dataErrorf("%s shows every game: only players is for it", col)
	}
	games, err := ds.Games(analysis.ColGameID, analysis.ColP1, analysis.ColP2)
	if err != nil {
		return nil, err
	}
	specs := map[int64][2]string{}
	for _, g := range games {
		specs[g.ID] = [2]string{g.P1, g.P2}
	}
	m, err := ds.Moves(nil, analysis.ColGameID, colPlayer, col)
	if err != nil {
		return nil, err
	}
	counts := map[string][]float64{}
	inGames := map[int64]bool{}
	for i := 0; i < m.N; i++ {
		pl, ok := specs[int64(m.Cols[analysis.ColGameID][i])]
		p := int(m.Cols[colPlayer][i]) - 1
		v := m.Cols[col][i]
		if !ok || p < 0 || p > 1 || math.IsNaN(v) {
			return nil, dataErrorf("%s: a move row of game %v has no game or player", ds.Dir, m.Cols[analysis.ColGameID][i])
		}
		c := counts[pl[p]]
		if c == nil {
			c = make([]float64, len(buckets))
			counts[pl[p]] = c
		}
		c[min(max(bucket(v), 0), len(buckets)-1)]++
		inGames[int64(m.Cols[analysis.ColGameID][i])] = true
	}
	players, err := choose(counts, r)
	if err != nil {
		return nil, err
	}
	p := plots.NewPanel()
	p.X.Label.Text = xlabel
	p.Y.Label.Text = "share of the player's moves"
	p.Add(plotter.NewGrid())
	p.NominalX(buckets...)
	w := vg.Points(math.Max(2, math.Min(14, 64/float64(len(players)))))
	labels := names(r.Options, players)
	top := 0.0
	for i, pl := range players {
		total := 0.0
		for _, c := range counts[pl] {
			total += c
		}
		vals := make(plotter.Values, len(buckets))
		for k, c := range counts[pl] {
			vals[k] = c / total
			top = math.Max(top, vals[k])
		}
		bars, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return nil, err
		}
		bars.Color = plots.Palette[i%len(plots.Palette)]
		bars.LineStyle.Width = 0
		bars.Offset = w * vg.Length(float64(i)-float64(len(players)-1)/2)
		p.Add(bars)
		p.Legend.Add(fmt.Sprintf("%s (%d moves)", labels[i], int(total)), bars)
	}
	// The legend goes top right, above the bars: a row of it is about 4 %
	// of the panel's height.
	p.Y.Min, p.Y.Max = 0, top/math.Max(0.3, 0.95-0.045*float64(len(players)))
	p.Legend.Top = true
	return plots.PanelFigure(fmt.Sprintf("%s by player (%d moves of %d games)", title, m.N, len(inGames)), p, r.Options)
}

// choose returns the players to show, sorted: those of r.Players (by spec
// or short label), or all.
func choose(counts map[string][]float64, r plots.Request) ([]string, error) {
	var all []string
	for pl := range counts {
		all = append(all, pl)
	}
	sort.Strings(all)
	if len(all) == 0 {
		return nil, dataErrorf("no moves to draw")
	}
	out := all
	if len(r.Players) > 0 {
		short := label.Short(all)
		out = nil
		for _, want := range r.Players {
			found := false
			for i, pl := range all {
				if want == pl || want == short[i] {
					out = append(out, pl)
					found = true
				}
			}
			if !found {
				return nil, dataErrorf("no player %q in the data (players: %v)", want, short)
			}
		}
	}
	if len(out) > maxPlayers {
		return nil, dataErrorf("%d players: at most %d fit this chart (choose with players)", len(out), maxPlayers)
	}
	return out, nil
}

// names labels players as the options say (initials say nothing without a
// key: they get their short labels).
func names(o plots.Options, specs []string) []string {
	if o.Label == label.ModeSpec {
		return label.Spec(specs)
	}
	return label.Short(specs)
}
