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
	"github.com/paperio/paperio/rl/trainlog"
)

// plotTraining draws the learning curves of a training run's folder (the
// log of python3 -m paperio.train): the learner's win rate against each
// league member, and the Elo ladder of its checkpoints, over training time.
func plotTraining(data, out, title, size string) error {
	if data == "" {
		return usagef("--data OUT is required: the folder of a training run")
	}
	if out == "" {
		out = filepath.Join(data, "training.png")
	}
	if ext := strings.ToLower(filepath.Ext(out)); ext != ".png" && ext != ".svg" {
		return usagef("--out %s: the file name must end in .png or .svg", out)
	}
	dir := filepath.Join(data, "log")
	iters, err := trainlog.Read[trainlog.Iteration](filepath.Join(dir, trainlog.IterationsFile))
	if err != nil {
		return err
	}
	if len(iters) == 0 {
		if _, err := os.Stat(data); err != nil {
			return usagef("--data %s: %v", data, err)
		}
		return usagef("--data %s: no training log (log/%s): not the folder of a run of python3 -m paperio.train, or no iteration yet", data, trainlog.IterationsFile)
	}
	matchups, err := trainlog.Read[trainlog.Matchup](filepath.Join(dir, trainlog.MatchupsFile))
	if err != nil {
		return err
	}
	ratings, err := trainlog.Read[trainlog.Rating](filepath.Join(dir, trainlog.RatingsFile))
	if err != nil {
		return err
	}
	o := plots.Options{Title: title}
	if size != "" {
		w, h, err := parseImageSize(size)
		if err != nil {
			return usagef("--size %q: %v", size, err)
		}
		o.Width, o.Height = w, h
	}
	panels := []plots.CurvePanel{winRates(matchups), eloLadder(iters, ratings)}
	f, err := plots.Curves(fmt.Sprintf("training of %s: %d iterations, %.1f minutes", filepath.Base(filepath.Clean(data)),
		len(iters), iters[len(iters)-1].Seconds/60), panels, o)
	if err != nil {
		return err
	}
	if err := plots.Save(f, out); err != nil {
		return fmt.Errorf("writing the chart: %v", err)
	}
	return nil
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
