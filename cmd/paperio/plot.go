package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	playerlist "github.com/paperio/paperio/players"
)

func init() {
	register("plot", "draw a chart of a dataset ("+strings.Join(plots.Kinds, ", ")+") as PNG or SVG", runPlot)
}

const plotUsage = `KIND --data DIR --out FILE.png|FILE.svg [flags]

Kinds:
  bars        per player: mean half-steps per game vs mean final territory, ±1 sd bars
  dots        every (game, player): half-steps vs final territory; --highlight some players
  territory   one game (--game): territory of both players per half-step
  ratio       one game: field ratio A/(A+B) per half-step
  dist-bands  one game: distance from each player's band to the other's head
  dist-heads  one game: Manhattan distance between the heads`

func runPlot(args []string) error {
	fs := newFlags("plot", plotUsage)
	data := fs.String("data", "", "dataset folder (games/ and turns/, as paperio selfplay writes it)")
	out := fs.String("out", "", "output file; the extension chooses the format: .png or .svg")
	game := fs.String("game", "", "game_id of the single-game charts (default: the smallest)")
	players := fs.String("players", "", "bars and dots: only the players `A,B,...` (specs, comma-separated)")
	highlight := fs.String("highlight", "", "dots: draw these players distinctly and mark their means, comma-separated")
	title := fs.String("title", "", "chart title instead of the default")

	// KIND may come first (paperio plot bars --data …) or after the flags.
	var kind string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		kind, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args, kind == ""); err != nil {
		return err
	}
	if kind == "" {
		if fs.NArg() != 1 {
			return usagef("want one chart kind (%s)", strings.Join(plots.Kinds, ", "))
		}
		kind = fs.Arg(0)
	}
	known := false
	for _, k := range plots.Kinds {
		known = known || k == kind
	}
	if !known {
		return usagef("unknown chart kind %q (kinds: %s)", kind, strings.Join(plots.Kinds, ", "))
	}
	if *data == "" || *out == "" {
		return usagef("--data DIR and --out FILE are required")
	}
	if ext := strings.ToLower(filepath.Ext(*out)); ext != ".png" && ext != ".svg" {
		return usagef("--out %s: the file name must end in .png or .svg", *out)
	}
	req := plots.Request{
		Options: plots.Options{Title: *title, Highlight: playerlist.SplitList(*highlight)},
		Players: playerlist.SplitList(*players),
	}
	if *game != "" {
		id, err := strconv.ParseInt(*game, 10, 64)
		if err != nil {
			return usagef("--game %q: want a game_id (an integer)", *game)
		}
		req.Game = &id
	}
	ds, err := analysis.Open(*data)
	if err != nil {
		return dataErr(err)
	}
	p, err := plots.Build(ds, kind, req)
	if err != nil {
		return dataErr(err)
	}
	if err := plots.Save(p, *out); err != nil {
		return fmt.Errorf("writing the chart: %v", err)
	}
	return nil
}

// dataErr makes a problem with the data a usage-class error (exit 2, one
// line); other errors stay as they are (exit 1).
func dataErr(err error) error {
	if analysis.IsDataError(err) {
		return usagef("%v", err)
	}
	return err
}
