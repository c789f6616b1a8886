package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
)

func init() {
	register("stats", "per-player results of a dataset: W/D/L, win rate ± 95 % Wilson, lengths, territory, end reasons; pair matrix", runStats)
}

// statsOut is where stats prints its report.
var statsOut io.Writer = os.Stdout

func runStats(args []string) error {
	fs := newFlags("stats", "--data DIR [--by player|pair] [--format table|csv|json]")
	data := fs.String("data", "", "dataset folder or bucket URL (games/, as paperio selfplay writes it), or replay files: a file or a folder of *.jsonl[.gz]")
	by := fs.String("by", "player", "player: one row per player; pair: win rates of every pair (a matrix in table format); a player's games against itself count once, as its first mover's")
	fs.Usage = statsUsage(fs)
	format := fs.String("format", "table", "table, csv or json")
	wantGame := fs.String("game", "", "check that the folder holds this game (the folder says which it holds)")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *data == "" {
		return usagef("--data DIR is required")
	}
	if *by != "player" && *by != "pair" {
		return usagef("--by %q: want player or pair", *by)
	}
	if !slices.Contains(analysis.StatsFormats, *format) {
		return usagef("--format %q: want table, csv or json", *format)
	}
	ds, err := openData(*data, *wantGame)
	if err != nil {
		return err
	}
	games, err := ds.Games(analysis.StatsColumns...)
	if err != nil {
		return dataErr(err)
	}
	entries := analysis.MirrorsOnce(analysis.Entries(games)) // a game against itself is one game of the player
	w := statsOut
	if *by == "player" {
		return analysis.WritePlayerStats(w, ds.Game.Info(), *format, len(games), analysis.ByPlayer(ds.Game.Info(), entries))
	}
	return analysis.WritePairStats(w, *format, len(games), analysis.Players(entries), analysis.ByPair(entries))
}

// statsUsage adds the column names to stats' --help.
func statsUsage(fs *flag.FlagSet) func() {
	usage := fs.Usage
	return func() {
		usage()
		fmt.Fprintln(fs.Output(), "\nColumns of --by player (no spaces, none alike): player, games, W/D/L (wins, draws, losses in csv and json), win% and 95%CI (win_rate, win_lo, win_hi),\nthe game's length and score columns (paper.io: half_steps, area; csv: _mean and _sd), and end_REASON per end reason (end_wall, end_territory, …; json: ends.REASON).")
	}
}

// openData opens a dataset or tournament folder; with want, it must hold
// that game.
func openData(dir, want string) (*analysis.Dataset, error) {
	ds, err := analysis.Open(dir)
	if err != nil {
		return nil, dataErr(err)
	}
	if want != "" {
		g, err := game.Lookup(want)
		if err != nil {
			return nil, usagef("--game: %v", err)
		}
		if g.Name() != ds.Game.Name() {
			return nil, usagef("%s holds %s games, not %s", dir, ds.Game.Name(), g.Name())
		}
	}
	return ds, nil
}
