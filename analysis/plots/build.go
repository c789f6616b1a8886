package plots

import (
	"fmt"
	"strings"

	"gonum.org/v1/plot"

	"github.com/paperio/paperio/analysis"
)

// Kinds are the chart kinds Build makes, in the order help lists them.
var Kinds = []string{"bars", "dots", "territory", "ratio", "dist-bands", "dist-heads"}

// Request says which data a chart shows.
type Request struct {
	Options
	// Game is the game of the single-game charts; nil means the game with
	// the smallest id.
	Game *int64
	// Players limits bars and dots to these players (all when empty).
	Players []string
}

// Build reads from ds what the chart kind needs, and only that, and makes
// the chart. Problems with the data or the request are analysis data errors
// (analysis.IsDataError).
func Build(ds *analysis.Dataset, kind string, r Request) (*plot.Plot, error) {
	switch kind {
	case "bars", "dots":
		games, err := ds.Games(analysis.BarsColumns...)
		if err != nil {
			return nil, err
		}
		entries, err := analysis.OnlyPlayers(analysis.Entries(games), r.Players)
		if err != nil {
			return nil, err
		}
		if kind == "bars" {
			return Bars(analysis.ByPlayer(entries), r.Options)
		}
		return Dots(entries, r.Options)
	}
	chart, cols := singleGame(kind)
	if chart == nil {
		return nil, &analysis.Error{Msg: fmt.Sprintf("unknown chart kind %q (kinds: %s)", kind, strings.Join(Kinds, ", "))}
	}
	games, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		return nil, err
	}
	g, err := ds.FindGame(games, r.Game)
	if err != nil {
		return nil, err
	}
	s, err := ds.Timeline(g, cols...)
	if err != nil {
		return nil, err
	}
	return chart(s, r.Options)
}

// singleGame returns the chart function of a single-game kind and the turn
// columns it needs (nil for other kinds).
func singleGame(kind string) (func(*analysis.Timeline, Options) (*plot.Plot, error), []string) {
	switch kind {
	case "territory":
		return Territory, analysis.TerritoryColumns
	case "ratio":
		return Ratio, analysis.RatioColumns
	case "dist-bands":
		return DistBands, analysis.DistBandsColumns
	case "dist-heads":
		return DistHeads, analysis.DistHeadsColumns
	}
	return nil, nil
}
