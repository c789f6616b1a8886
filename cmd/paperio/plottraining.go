package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/games/paperio/rl/trainlog"
)

// plotTraining draws the learning curves of a training run's folder (the
// log of python3 -m paperio.train): the learner's win rate against each
// league member, and the Elo ladder of its checkpoints, over training time.
// Several folders (data is a comma-separated list: the seeds of one
// recipe, say) are drawn side by side instead: a panel per league member
// with a curve per run, and each run's checkpoints on the Elo ladder.
func plotTraining(data, out, title, size string) error {
	if data == "" {
		return usagef("--data OUT is required: the folder of a training run (or OUT1,OUT2,... to compare runs)")
	}
	dirs := strings.Split(data, ",")
	if out == "" {
		if len(dirs) > 1 {
			return usagef("--out FILE is required with more than one run")
		}
		out = filepath.Join(data, "training.png")
	}
	if ext := strings.ToLower(filepath.Ext(out)); ext != ".png" && ext != ".svg" {
		return usagef("--out %s: the file name must end in .png or .svg", out)
	}
	runs := make([]trainingRun, len(dirs))
	for i, d := range dirs {
		var err error
		if runs[i], err = readTraining(d); err != nil {
			return err
		}
	}
	nameRuns(runs)
	o := plots.Options{Title: title}
	if size != "" {
		w, h, err := parseImageSize(size)
		if err != nil {
			return usagef("--size %q: %v", size, err)
		}
		o.Width, o.Height = w, h
	}
	var heading string
	var panels []plots.CurvePanel
	if len(runs) == 1 {
		r := runs[0]
		heading = fmt.Sprintf("training of %s: %d iterations, %.1f minutes", r.name, len(r.iters), r.minutes())
		panels = []plots.CurvePanel{winRates(r.matchups), eloLadder(r.iters, r.ratings)}
	} else {
		names := make([]string, len(runs))
		for i, r := range runs {
			names[i] = fmt.Sprintf("%s (%d it, %.0f min)", r.name, len(r.iters), r.minutes())
		}
		heading = fmt.Sprintf("%d training runs: %s", len(runs), strings.Join(names, ", "))
		panels = compareRuns(runs)
	}
	f, err := plots.Curves(heading, panels, o)
	if err != nil {
		return err
	}
	if err := plots.Save(f, out); err != nil {
		return fmt.Errorf("writing the chart: %v", err)
	}
	return nil
}

// trainingRun is the log of one run's folder.
type trainingRun struct {
	dir, name string
	iters     []trainlog.Iteration
	matchups  []trainlog.Matchup
	ratings   []trainlog.Rating
}

func (r trainingRun) minutes() float64 { return r.iters[len(r.iters)-1].Seconds / 60 }

// readTraining reads the log of the run in folder data.
func readTraining(data string) (trainingRun, error) {
	r := trainingRun{dir: data}
	dir := filepath.Join(data, "log")
	var err error
	if r.iters, err = trainlog.Read[trainlog.Iteration](filepath.Join(dir, trainlog.IterationsFile)); err != nil {
		return r, err
	}
	if len(r.iters) == 0 {
		if _, err := os.Stat(data); err != nil {
			return r, usagef("--data %s: %v", data, err)
		}
		return r, usagef("--data %s: no training log (log/%s): not the folder of a run of python3 -m paperio.train, or no iteration yet", data, trainlog.IterationsFile)
	}
	if r.matchups, err = trainlog.Read[trainlog.Matchup](filepath.Join(dir, trainlog.MatchupsFile)); err != nil {
		return r, err
	}
	if r.ratings, err = trainlog.Read[trainlog.Rating](filepath.Join(dir, trainlog.RatingsFile)); err != nil {
		return r, err
	}
	return r, nil
}

// nameRuns names each run by its folder's last element, or by the folder
// as given when two runs would share a name (seed1/run, seed2/run).
func nameRuns(runs []trainingRun) {
	seen := map[string]bool{}
	dup := false
	for i := range runs {
		runs[i].name = filepath.Base(filepath.Clean(runs[i].dir))
		dup = dup || seen[runs[i].name]
		seen[runs[i].name] = true
	}
	if dup {
		for i := range runs {
			runs[i].name = filepath.Clean(runs[i].dir)
		}
	}
}

// compareRuns is a panel per league member (in the order they first
// appear), each with a curve per run that played it, and the Elo ladder's
// checkpoints of every run in one more.
func compareRuns(runs []trainingRun) []plots.CurvePanel {
	var panels []plots.CurvePanel
	at := map[string]int{}
	elo := plots.CurvePanel{Title: "Elo of each run's checkpoints (each run's own ladder; random = 0)",
		XLabel: "training time (minutes)", YLabel: "Elo", YMin: math.NaN(), YMax: math.NaN()}
	for _, r := range runs {
		for _, c := range winRates(r.matchups).Curves {
			k, ok := at[c.Name]
			if !ok {
				k = len(panels)
				at[c.Name] = k
				panels = append(panels, plots.CurvePanel{Title: "win rate against " + c.Name + " (latest games)",
					XLabel: "training time (minutes)", YLabel: "score", YMin: 0, YMax: 1})
			}
			c.Name = r.name
			panels[k].Curves = append(panels[k].Curves, c)
		}
		if l := eloLadder(r.iters, r.ratings); len(l.Curves) > 0 {
			c := l.Curves[0]
			c.Name = r.name
			elo.Curves = append(elo.Curves, c)
		}
	}
	return append(panels, elo)
}

// winRates is one curve per league member over training minutes; the
// learner's past selves (policy: opponents) are one curve, their mean.
func winRates(rows []trainlog.Matchup) plots.CurvePanel {
	type key struct {
		name string
		it   int32
	}
	sum, n := map[key]float64{}, map[key]int{}
	minutes := map[int32]float64{}
	var names []string
	for _, m := range rows {
		if m.Window == 0 {
			continue
		}
		name := m.Opponent
		if _, ckpt := trainlog.CheckpointOf(m.Opponent); ckpt {
			name = "past selves"
		}
		k := key{name, m.Iteration}
		if n[k] == 0 && !contains(names, name) {
			names = append(names, name)
		}
		sum[k] += float64(m.WinRate)
		n[k]++
		minutes[m.Iteration] = m.Seconds / 60
	}
	its := make([]int32, 0, len(minutes))
	for it := range minutes {
		its = append(its, it)
	}
	sort.Slice(its, func(a, b int) bool { return its[a] < its[b] })
	p := plots.CurvePanel{Title: "win rate against each league member (latest games)", XLabel: "training time (minutes)",
		YLabel: "score (wins + draws / 2)", YMin: 0, YMax: 1}
	for _, name := range names {
		c := plots.Curve{Name: name}
		for _, it := range its {
			y := math.NaN()
			if k := (key{name, it}); n[k] > 0 {
				y = sum[k] / float64(n[k])
			}
			c.X, c.Y = append(c.X, minutes[it]), append(c.Y, y)
		}
		p.Curves = append(p.Curves, c)
	}
	return p
}

// eloLadder draws the latest fit of the ladder: each checkpoint's Elo at
// the training time it was taken, and each bot's as a level line.
func eloLadder(iters []trainlog.Iteration, ratings []trainlog.Rating) plots.CurvePanel {
	p := plots.CurvePanel{Title: "Elo ladder (Bradley–Terry over every game; random = 0)", XLabel: "training time (minutes)",
		YLabel: "Elo", YMin: math.NaN(), YMax: math.NaN()}
	if len(ratings) == 0 {
		return p
	}
	last := ratings[len(ratings)-1].Iteration
	minutes := map[int64]float64{}
	for _, it := range iters {
		minutes[int64(it.Iteration)] = it.Seconds / 60
	}
	end := iters[len(iters)-1].Seconds / 60
	learner := plots.Curve{Name: "learner's checkpoints"}
	type point struct{ x, y float64 }
	var pts []point
	var bots []plots.Curve
	for _, r := range ratings {
		if r.Iteration != last {
			continue
		}
		if !r.Checkpoint {
			bots = append(bots, plots.Curve{Name: r.Player, X: []float64{0, end}, Y: []float64{float64(r.Elo), float64(r.Elo)}})
			continue
		}
		it, err := strconv.ParseInt(strings.TrimPrefix(r.Player, "it"), 10, 64)
		if x, ok := minutes[it]; err == nil && (ok || it == 0) {
			pts = append(pts, point{x, float64(r.Elo)})
		}
	}
	sort.Slice(pts, func(a, b int) bool { return pts[a].x < pts[b].x })
	for _, q := range pts {
		learner.X, learner.Y = append(learner.X, q.x), append(learner.Y, q.y)
	}
	p.Curves = append([]plots.Curve{learner}, bots...)
	return p
}
