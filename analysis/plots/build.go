package plots

import (
	"fmt"
	"sort"
	"strings"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/label"
)

// Kinds are the chart kinds of every game's datasets, in the order help
// lists them; games add their own (RegisterKind).
var Kinds = []string{"bars", "dots"}

// Facets are the ways to split a bars or dots chart into panels: none, one
// panel per group of a tournament, one per pair of players that met.
var Facets = []string{"none", "group", "pair"}

// TopBy are the orders of Request.Top.
var TopBy = []string{"winrate", "territory"}

// MaxPanels is the most panels a chart draws.
const MaxPanels = 64

// Qualified, given as the only highlight, highlights the players of a
// knockout's rounds after its groups.
const Qualified = "qualified"

// Request says which data a chart shows.
type Request struct {
	Options
	// Game is the game of the single-game charts; nil means the game with
	// the smallest id.
	Game *int64
	// Players limits bars and dots to these players (all when empty),
	// named by spec or by short label.
	Players []string
	// Top keeps the Top best players (0: all) by TopBy: "winrate"
	// (default; ties by mean territory) or "territory" (mean final
	// territory; ties by win rate).
	Top   int
	TopBy string
	// Facet is "group", "pair" or "none" (""): see Facets.
	Facet string
	// Group draws one group of a tournament alone.
	Group string
}

// Build reads from ds what the chart kind needs, and only that, and makes
// the chart. Problems with the data or the request are analysis data errors
// (analysis.IsDataError).
func Build(ds *analysis.Dataset, kind string, r Request) (*Figure, error) {
	r.Info = ds.Game.Info()
	if build, ok := gameKinds[ds.Game.Name()][kind]; ok {
		return build(ds, r)
	}
	switch kind {
	case "bars", "dots":
		panels, o, err := selectPanels(ds, r)
		if err != nil {
			return nil, err
		}
		if kind == "bars" {
			return Bars(panels, o)
		}
		return Dots(panels, o)
	}
	for _, g := range sortedKeys(gameKinds) {
		if _, ok := gameKinds[g][kind]; ok {
			return nil, dataErrorf("%s is a chart of %s games; %s holds %s games", kind, g, ds.Dir, ds.Game.Name())
		}
	}
	return nil, dataErrorf("unknown chart kind %q (kinds: %s)", kind, strings.Join(KindsOf(ds.Game.Name()), ", "))
}

func dataErrorf(format string, a ...any) error {
	return &analysis.Error{Msg: fmt.Sprintf(format, a...)}
}

// Kind makes a chart of one game's datasets (a score-per-move chart of
// eraser, say) from a dataset of that game.
type Kind func(ds *analysis.Dataset, r Request) (*Figure, error)

// gameKinds are the chart kinds games register, by game and kind.
var gameKinds = map[string]map[string]Kind{}
var gameKindOrder = map[string][]string{}

// RegisterKind adds a chart kind of game's datasets (from an init function
// of the package that draws it). The bars and dots charts serve every game.
func RegisterKind(game, kind string, build Kind) {
	if gameKinds[game] == nil {
		gameKinds[game] = map[string]Kind{}
	}
	if _, dup := gameKinds[game][kind]; dup {
		panic("plots: chart kind " + kind + " of " + game + " registered twice")
	}
	gameKinds[game][kind] = build
	gameKindOrder[game] = append(gameKindOrder[game], kind)
}

// KindsOf are the chart kinds of a game's datasets.
func KindsOf(game string) []string {
	return append(Kinds[:len(Kinds):len(Kinds)], gameKindOrder[game]...)
}

// AllKinds are the chart kinds of every game.
func AllKinds() []string {
	out := append([]string(nil), Kinds...)
	for _, g := range sortedKeys(gameKindOrder) {
		for _, k := range gameKindOrder[g] {
			if !contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// selectPanels reads the entries of the bars and dots charts, keeps the
// players asked for, resolves the highlights and splits the entries into
// panels.
func selectPanels(ds *analysis.Dataset, r Request) ([]Panel, Options, error) {
	o := r.Options
	by := r.TopBy
	if by == "" {
		by = "winrate"
	}
	if !contains(TopBy, by) {
		return nil, o, dataErrorf("unknown order %q for top (want %s)", by, strings.Join(TopBy, " or "))
	}
	facet := r.Facet
	if facet == "" {
		facet = "none"
	}
	if !contains(Facets, facet) {
		return nil, o, dataErrorf("unknown facet %q (want %s)", facet, strings.Join(Facets, ", "))
	}
	if r.Group != "" && facet != "none" {
		return nil, o, dataErrorf("a single group and a facet do not go together: give one of them")
	}
	if r.Top < 0 {
		return nil, o, dataErrorf("top %d: want a positive number of players", r.Top)
	}
	// Game ids count the games of a panel.
	cols := append([]string{analysis.ColGameID}, analysis.BarsColumns...)
	if r.Top > 0 && by == "winrate" {
		cols = append(cols, analysis.ColWinner)
	}
	games, err := ds.Games(cols...)
	if err != nil {
		return nil, o, err
	}
	entries := analysis.Entries(games)
	all := analysis.Players(entries)
	if len(r.Players) > 0 {
		want, err := resolve(r.Players, all)
		if err != nil {
			return nil, o, err
		}
		if entries, err = analysis.OnlyPlayers(entries, want); err != nil {
			return nil, o, err
		}
	}
	if r.Top > 0 {
		entries = top(r.Info, entries, r.Top, by)
		o.Note = joinNote(o.Note, fmt.Sprintf("the %d best by %s", r.Top, map[string]string{"winrate": "win rate", "territory": "mean territory"}[by]))
	}
	var t *analysis.Tournament
	tournament := func() (*analysis.Tournament, error) {
		if t == nil {
			var err error
			t, err = ds.Tournament()
			return t, err
		}
		return t, nil
	}
	if len(o.Highlight) == 1 && o.Highlight[0] == Qualified && !contains(all, Qualified) {
		t, err := tournament()
		if err != nil {
			return nil, o, err
		}
		if len(t.Qualified) == 0 {
			return nil, o, dataErrorf("%s: no knockout round has been played, so no player has qualified", ds.Dir)
		}
		o.Highlight, o.HighlightName = t.Qualified, "qualified"
	} else if len(o.Highlight) > 0 {
		if o.Highlight, err = resolve(o.Highlight, all); err != nil {
			return nil, o, err
		}
	}
	panels, err := split(ds, r, facet, entries, tournament)
	if err != nil {
		return nil, o, err
	}
	// Highlights outside the panels have nothing to mark.
	shown := map[string]bool{}
	for _, pn := range panels {
		for _, p := range analysis.Players(pn.Entries) {
			shown[p] = true
		}
	}
	var hi []string
	for _, h := range o.Highlight {
		if shown[h] {
			hi = append(hi, h)
		}
	}
	o.Highlight = hi
	return panels, o, nil
}

// split splits the entries into the panels of r: one group, a panel per
// group or pair, or a single panel.
func split(ds *analysis.Dataset, r Request, facet string, entries []analysis.Entry, tournament func() (*analysis.Tournament, error)) ([]Panel, error) {
	switch {
	case r.Group != "":
		t, err := tournament()
		if err != nil {
			return nil, err
		}
		for _, g := range t.Groups {
			if strings.EqualFold(g.Name, r.Group) {
				return []Panel{groupPanel(g, entries)}, nil
			}
		}
		return nil, dataErrorf("%s: no group %q (groups: %s)", ds.Dir, r.Group, strings.Join(t.GroupNames(), ", "))
	case facet == "group":
		t, err := tournament()
		if err != nil {
			return nil, err
		}
		var panels []Panel
		for _, g := range t.Groups {
			if p := groupPanel(g, entries); len(p.Entries) > 0 {
				panels = append(panels, p)
			}
		}
		if len(panels) == 0 {
			return nil, dataErrorf("%s: no games within a group among the players shown", ds.Dir)
		}
		return panels, nil
	case facet == "pair":
		if len(r.Players) > 0 || r.Top > 0 {
			// The matchups among the players chosen.
			shown := map[string]bool{}
			for _, p := range analysis.Players(entries) {
				shown[p] = true
			}
			var among []analysis.Entry
			for _, e := range entries {
				if shown[e.Opponent] {
					among = append(among, e)
				}
			}
			entries = among
		}
		panels := pairPanels(entries, r.labelMode())
		if len(panels) == 0 {
			return nil, dataErrorf("the players chosen never met")
		}
		if len(panels) > MaxPanels {
			return nil, dataErrorf("%d pairs of players met: more than the %d panels a chart draws (choose players with players or top)", len(panels), MaxPanels)
		}
		return panels, nil
	}
	return []Panel{{Entries: entries}}, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// resolve maps names, each a spec or a short label of one of the players,
// to specs.
func resolve(names, players []string) ([]string, error) {
	short := label.Short(players)
	var out []string
	for _, n := range names {
		switch {
		case contains(players, n):
			out = append(out, n)
		case contains(short, n):
			for i, s := range short {
				if s == n {
					out = append(out, players[i])
				}
			}
		default:
			quoted := make([]string, len(players))
			for i, p := range players {
				quoted[i] = fmt.Sprintf("%q", p)
			}
			return nil, dataErrorf("no player %q in the data (players: %s)", n, strings.Join(quoted, ", "))
		}
	}
	return out, nil
}

// top keeps the entries of the n best players by win rate or mean
// territory.
func top(in *game.Info, entries []analysis.Entry, n int, by string) []analysis.Entry {
	stats := analysis.ByPlayer(in, entries)
	sort.SliceStable(stats, func(i, j int) bool {
		a, b := stats[i], stats[j]
		ka, kb := [2]float64{a.WinRate, a.Score.Mean}, [2]float64{b.WinRate, b.Score.Mean}
		if by == "territory" {
			ka, kb = [2]float64{a.Score.Mean, a.WinRate}, [2]float64{b.Score.Mean, b.WinRate}
		}
		if ka != kb {
			return ka[0] > kb[0] || ka[0] == kb[0] && ka[1] > kb[1]
		}
		return a.Player < b.Player
	})
	keep := map[string]bool{}
	for _, s := range stats[:min(n, len(stats))] {
		keep[s.Player] = true
	}
	var out []analysis.Entry
	for _, e := range entries {
		if keep[e.Player] {
			out = append(out, e)
		}
	}
	return out
}

// groupPanel is the entries of games within group g: those of its round
// robin (and play-offs), not its players' knockout games.
func groupPanel(g analysis.Group, entries []analysis.Entry) Panel {
	in := map[string]bool{}
	for _, p := range g.Players {
		in[p] = true
	}
	p := Panel{Title: "group " + g.Name}
	for _, e := range entries {
		if in[e.Player] && in[e.Opponent] {
			p.Entries = append(p.Entries, e)
		}
	}
	return p
}

// pairPanels has one panel per pair of players that met, in the order of
// their specs.
func pairPanels(entries []analysis.Entry, mode label.Mode) []Panel {
	type pair struct{ a, b string }
	by := map[pair][]analysis.Entry{}
	var order []pair
	for _, e := range entries {
		k := pair{min(e.Player, e.Opponent), max(e.Player, e.Opponent)}
		if _, ok := by[k]; !ok {
			order = append(order, k)
		}
		by[k] = append(by[k], e)
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].a != order[j].a {
			return order[i].a < order[j].a
		}
		return order[i].b < order[j].b
	})
	short := map[string]string{}
	players := analysis.Players(entries)
	names := players
	if mode != label.ModeSpec {
		names = label.Short(players)
	}
	for i, s := range names {
		short[players[i]] = s
	}
	out := make([]Panel, len(order))
	for i, k := range order {
		title := short[k.a] + " v " + short[k.b]
		if k.a == k.b {
			title = short[k.a] + " v itself"
		}
		out[i] = Panel{Title: title, Entries: by[k]}
	}
	return out
}
