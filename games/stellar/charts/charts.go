// Package charts draws the single-game charts of stellar datasets, each a
// chart kind of `paperio plot` (plots.RegisterKind): force (each player's
// total force after every turn), nodes (nodes owned) and front (how close
// each player's front is to the enemy's base). Importing it registers them.
package charts

import (
	"fmt"
	"math"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/label"
)

// Kinds are the chart kinds of stellar datasets this package adds to bars
// and dots.
var Kinds = []string{"force", "nodes", "front"}

func init() {
	plots.RegisterKind("stellar", "force", func(ds *analysis.Dataset, r plots.Request) (*plots.Figure, error) {
		return perTurn(ds, r, "force", "total force", "total force (troops)", "force", 0)
	})
	plots.RegisterKind("stellar", "nodes", func(ds *analysis.Dataset, r plots.Request) (*plots.Figure, error) {
		return perTurn(ds, r, "nodes", "nodes owned", "nodes owned", "nodes", 0)
	})
	plots.RegisterKind("stellar", "front", func(ds *analysis.Dataset, r plots.Request) (*plots.Figure, error) {
		return perTurn(ds, r, "front", "front to the enemy's base", "steps from the enemy's base to the player's nearest node", "front_to_enemy_base", 0)
	})
}

// perTurn draws one column of the turns table for both players of one game
// (the request's, or the first), per turn.
func perTurn(ds *analysis.Dataset, r plots.Request, kind, what, ylabel, col string, ymin float64) (*plots.Figure, error) {
	if len(r.Players) > 0 || r.Top > 0 || (r.Facet != "" && r.Facet != "none") || r.Group != "" || len(r.Highlight) > 0 {
		return nil, &analysis.Error{Msg: kind + " shows one game: players, top, facet, group and highlight are for bars and dots"}
	}
	games, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		return nil, err
	}
	g, err := ds.FindGame(games, r.Game)
	if err != nil {
		return nil, err
	}
	mv, err := ds.Moves(&g.ID, "turn", "player", col)
	if err != nil {
		return nil, err
	}
	xs, ys, err := sides(mv, col)
	if err != nil {
		return nil, &analysis.Error{Msg: fmt.Sprintf("%s: game %d: %v", ds.Dir, g.ID, err)}
	}
	p := plots.NewPanel()
	p.X.Label.Text = "turn"
	p.Y.Label.Text = ylabel
	p.Add(plotter.NewGrid())
	names := names(r.Options, []string{g.P1, g.P2})
	var px, py []float64
	for i := range ys {
		style := plotter.DefaultLineStyle
		style.Color = plots.SideColour(i)
		style.Width = vg.Points(1.5)
		if i == 1 { // dashed too, so that the sides stay apart in grey print
			style.Dashes = []vg.Length{vg.Points(5), vg.Points(2.5)}
		}
		key, err := plots.Lines(p, xs, ys[i], style)
		if err != nil {
			return nil, err
		}
		p.Legend.Add(fmt.Sprintf("P%d %s", i+1, names[i]), key)
		for k, y := range ys[i] {
			if !math.IsNaN(y) {
				px, py = append(px, xs[k]), append(py, y)
			}
		}
	}
	p.X.Min, p.X.Max, p.Y.Min = 0, xs[len(xs)-1], ymin
	plots.Headroom(p)
	plots.PlaceLegend(p, px, py)
	return plots.PanelFigure(plots.GameTitle(what, g, r.Options), p, r.Options)
}

// names are the players' names in a chart: their specs, or short labels.
func names(o plots.Options, specs []string) []string {
	if o.Label == label.ModeSpec {
		return label.Spec(specs)
	}
	return label.Short(specs)
}

// sides splits the rows of one game into the turns and each player's
// values (NaN where a player has no row for a turn, or a null).
func sides(mv *analysis.Moves, col string) (xs []float64, ys [2][]float64, err error) {
	last := 0.0
	for _, t := range mv.Cols["turn"] {
		last = math.Max(last, t)
	}
	if mv.N == 0 {
		return nil, ys, fmt.Errorf("no turns (the game ended before its first turn)")
	}
	n := int(last)
	xs = make([]float64, n)
	for i := range xs {
		xs[i] = float64(i + 1)
	}
	for p := range ys {
		ys[p] = make([]float64, n)
		for i := range ys[p] {
			ys[p][i] = math.NaN()
		}
	}
	for i := range mv.N {
		t, p := int(mv.Cols["turn"][i]), int(mv.Cols["player"][i])
		if t < 1 || t > n || (p != 1 && p != 2) {
			return nil, ys, fmt.Errorf("a row of turn %v, player %v", mv.Cols["turn"][i], mv.Cols["player"][i])
		}
		ys[p-1][t-1] = mv.Cols[col][i]
	}
	return xs, ys, nil
}
