package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/analysis/training"
	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/label"
)

func init() {
	register("plot", "draw a chart of a dataset ("+strings.Join(plots.AllKinds(), ", ")+") as PNG or SVG", runPlot)
}

const plotUsage = `KIND --data DIR --out FILE.png|FILE.svg [flags]

Kinds:
  bars        per player: mean half-steps per game vs mean final territory, ±1 sd bars cut at the player's min and max
  dots        every (game, player): half-steps vs final territory, and each player's mean
  territory   one game (--id): territory of both players per half-step
  ratio       one game: field ratio A/(A+B) per half-step
  dist-bands  one game: distance from each player's band to the other's head
  dist-heads  one game: Manhattan distance between the heads

Kind of a training run's folder (python3 -m paperio.train OUT):
  training    the learner's score against each league member over training
              time, a point per block of consecutive iterations holding at
              least --min-games games with its Wilson 95 % band, and the
              Elo ladder of the checkpoints with 95 % intervals, a member
              never beaten drawn as a bound (OUT/log; a run of the best
              recipe: its clone, OUT/clone/log, then its play-outs on one
              time axis); --out defaults to OUT/training.png. --data
              OUT1,OUT2,... (the seeds of a recipe) draws the runs side by
              side: a panel per league member with a curve per run (--out
              required). A run of the search recipe adds the Elo of its
              network alone and inside the search, and once measured
              (python3 -m paperio.train.curve OUT...) the score of its
              best networks over training time against one bot, every
              run's in one panel

Kinds of eraser folders (besides bars and dots, which draw the final score):
  score       one game (--id): both players' scores after every move
  points      per player: share of its moves by the points they scored
  depth       per player: share of its moves by cascade depth (scoring steps)

Kinds of stellar folders (besides bars and dots: turns against final total force):
  force       one game (--id): each player's total force per turn
  nodes       one game: nodes each player owns per turn
  front       one game: steps from the enemy's base to each player's nearest node

bars and dots name up to 12 players per panel by labels next to their points,
more by numbers keyed to a list beside the chart; the image grows with the
players and panels unless --size fixes it.`

func runPlot(args []string) error {
	fs := newFlags("plot", plotUsage)
	data := fs.String("data", "", "dataset folder or bucket URL (games/ and turns/, as paperio selfplay or tournament writes it), or replay files: a file or a folder of *.jsonl[.gz]")
	out := fs.String("out", "", "output file or object URL; the extension chooses the format: .png or .svg")
	gameName := fs.String("game", "", "the game's `name` (as paperio bots lists them): checks that the data holds games of it (default: whichever game the data holds)")
	gameID := fs.Int64("id", -1, "game_id `N` of the single-game charts (default: the smallest)")
	players := fs.String("players", "", "bars and dots: only the players `A,B,...` (specs or short labels, comma-separated)")
	top := fs.Int("top", 0, "bars and dots: only the `N` best players (see --top-by)")
	topBy := fs.String("top-by", "winrate", "order of --top: winrate (ties by mean territory) or territory (mean final territory)")
	highlight := fs.String("highlight", "", "bars and dots: mark these players `A,B,...` in red, the others in grey; 'qualified': the players of a knockout's rounds after the groups")
	facet := fs.String("facet", "none", "bars and dots: one panel per tournament group (group), per pair of players that met (pair), or one panel (none)")
	group := fs.String("group", "", "bars and dots: one group `G` of a tournament alone (E, W, S, N, ...)")
	labels := fs.String("label", "short", "how players are named: spec, short (a py: AI's file stem, a bot with its parameters) or initial (one or two letters, with a key)")
	size := fs.String("size", "", "image size `WxH` in pixels (144 per inch); default: grows with players and panels")
	title := fs.String("title", "", "chart title instead of the default")
	minGames := fs.Int("min-games", training.DefaultMinGames, "training: the fewest games behind a point of a score curve (consecutive iterations are pooled until they hold as many)")

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
			return usagef("want one chart kind (%s)", strings.Join(plots.AllKinds(), ", "))
		}
		kind = fs.Arg(0)
	}
	if kind == "training" {
		return plotTraining(*data, *out, *title, *size, *minGames)
	}
	if !contains(plots.AllKinds(), kind) {
		return usagef("unknown chart kind %q (kinds: %s)", kind, strings.Join(plots.AllKinds(), ", "))
	}
	if *data == "" || *out == "" {
		return usagef("--data DIR and --out FILE are required")
	}
	if ext := strings.ToLower(filepath.Ext(*out)); ext != ".png" && ext != ".svg" {
		return usagef("--out %s: the file name must end in .png or .svg", *out)
	}
	mode, err := label.ParseMode(*labels)
	if err != nil {
		return usagef("--label: %v", err)
	}
	if !contains(plots.Facets, *facet) {
		return usagef("--facet %q: want %s", *facet, strings.Join(plots.Facets, ", "))
	}
	if !contains(plots.TopBy, *topBy) {
		return usagef("--top-by %q: want %s", *topBy, strings.Join(plots.TopBy, " or "))
	}
	if *top < 0 {
		return usagef("--top %d: want a positive number of players", *top)
	}
	if *group != "" && *facet != "none" {
		return usagef("--group draws one group alone; leave out --facet")
	}
	if (kind == "bars" || kind == "dots") && *gameID >= 0 {
		return usagef("--id names the game of a single-game chart; %s shows every game", kind)
	}
	if kind != "bars" && kind != "dots" && (*players != "" || *top > 0 || *highlight != "" || *facet != "none" || *group != "") {
		return usagef("%s shows one game: --players, --top, --highlight, --facet and --group are for bars and dots", kind)
	}
	req := plots.Request{
		Options: plots.Options{Title: *title, Highlight: botspec.SplitList(*highlight), Label: mode},
		Players: botspec.SplitList(*players),
		Top:     *top, TopBy: *topBy, Facet: *facet, Group: *group,
	}
	if *size != "" {
		w, h, err := parseImageSize(*size)
		if err != nil {
			return usagef("--size %q: %v", *size, err)
		}
		req.Width, req.Height = w, h
	}
	if *gameID >= 0 {
		req.Game = gameID
	}
	ds, err := openData(*data, *gameName)
	if err != nil {
		return err
	}
	f, err := plots.Build(ds, kind, req)
	if err != nil {
		return dataErr(err)
	}
	if err := plots.Save(f, *out); err != nil {
		return fmt.Errorf("writing the chart: %v", err)
	}
	return nil
}

// parseImageSize reads WxH in pixels of the PNG (plots.DPI per inch).
func parseImageSize(s string) (w, h vg.Length, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	pw, err1 := strconv.Atoi(a)
	ph, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || pw <= 0 || ph <= 0 {
		return 0, 0, fmt.Errorf("want WxH in pixels, e.g. 1600x1000")
	}
	per := vg.Inch / plots.DPI
	return vg.Length(pw) * per, vg.Length(ph) * per, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// dataErr makes a problem with the data a usage-class error (exit 2, one
// line); other errors stay as they are (exit 1).
func dataErr(err error) error {
	if analysis.IsDataError(err) {
		return usagef("%v", err)
	}
	return err
}
