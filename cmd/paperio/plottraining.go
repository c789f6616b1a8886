package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/analysis/training"
)

// plotTraining draws the learning curves of a training run's folder (the
// log of python3 -m paperio.train) with plots.Training: the learner's score
// against each league member and the Elo ladder of its checkpoints over
// training time (a run of the best recipe: its clone stage, then its
// play-outs, on one time axis). Several folders (data is a comma-separated list: the seeds
// of one recipe, say) are drawn side by side instead.
func plotTraining(data, out, title, size string, minGames int) error {
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
	if minGames < 1 {
		return usagef("--min-games %d: want 1 or more", minGames)
	}
	o := plots.Options{Title: title}
	if size != "" {
		w, h, err := parseImageSize(size)
		if err != nil {
			return usagef("--size %q: %v", size, err)
		}
		o.Width, o.Height = w, h
	}
	runs := make([]*training.Run, len(dirs))
	for i, d := range dirs {
		r, err := training.Read(d)
		if errors.Is(err, training.ErrNoLog) || errors.Is(err, fs.ErrNotExist) {
			return usagef("--data %v", err)
		}
		if err != nil {
			return err
		}
		runs[i] = r
	}
	training.NameRuns(runs)
	f, err := plots.Training(runs, minGames, o)
	if err != nil {
		return err
	}
	if err := plots.Save(f, out); err != nil {
		return fmt.Errorf("writing the chart: %v", err)
	}
	return nil
}
