package plots_test

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/analysis/training"
	"github.com/paperio/paperio/trainlog"
)

// trainingRun is a small log: 8 iterations of half a minute; the learner
// meets random (winning most games), goround (about even), heuristic
// (never scoring) and a past self (a game an iteration: too few to draw).
func trainingRun(t *testing.T, dir string) *training.Run {
	t.Helper()
	r := &training.Run{Dir: dir, Name: filepath.Base(dir)}
	for it := int32(1); it <= 8; it++ {
		sec := float64(it) * 30
		r.Iterations = append(r.Iterations, trainlog.Iteration{Iteration: it, Seconds: sec})
		player := "it0000"
		if it > 4 {
			player = "it0004"
		}
		for _, m := range []trainlog.Matchup{
			{Opponent: "random", Wins: 4 + it%2, Losses: 1},
			{Opponent: "goround", Wins: 2, Draws: it % 2, Losses: 3},
			{Opponent: "heuristic", Losses: 3},
			{Opponent: "policy:" + filepath.Join(dir, "it0004.npz"), Wins: 1},
		} {
			m.Iteration, m.Seconds, m.Player = it, sec, player
			r.Matchups = append(r.Matchups, m)
		}
	}
	ratings, err := trainlog.Ladder(r.Matchups)
	if err != nil {
		t.Fatal(err)
	}
	for k := range ratings {
		ratings[k].Iteration, ratings[k].Seconds = 8, 240
	}
	r.Ratings = ratings
	return r
}

// The training chart of one run: a score panel whose legend gives each
// member's games and points (and says which member has too few to draw),
// and an Elo panel where heuristic, never beaten, is a bound clear of the
// frame; it renders to a PNG.
func TestTrainingChart(t *testing.T) {
	run := trainingRun(t, filepath.Join(t.TempDir(), "run"))
	f, err := plots.Training([]*training.Run{run}, 20, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, h := f.Size()
	var texts []string
	for _, b := range plots.TextBoxes(f, w, h) {
		texts = append(texts, b.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{
		"training of run: 8 iterations, 4.0 minutes",
		"a point per run of iterations with 20 games or more",
		"random: 44 games, 2 points; last ",
		"goround: 44 games, 2 points; last ",
		"heuristic: 24 games, 1 point; last 0.00 (0.00–0.14) of 24",
		"past selves: 8 games, fewer than 20: not drawn",
		"learner's checkpoints (2)",
		"random 0, the anchor (44 games)",
		"never beaten in 24 games",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the chart does not say %q; it says:\n%s", want, all)
		}
	}
	l := training.Latest(run)
	var bound training.Rated
	for _, m := range l.Members {
		if m.Player == "heuristic" {
			bound = m
		}
	}
	if bound.Bound != training.AtLeast {
		t.Fatalf("heuristic: %+v", bound)
	}
	elo := f.Panels()[1]
	if !strings.Contains(all, "heuristic ≥ "+fmt.Sprintf("%+.0f", bound.Limit)+": never beaten") {
		t.Errorf("the bound's legend: want heuristic ≥ %s in\n%s", fmt.Sprintf("%+.0f", bound.Limit), all)
	}
	if room := (elo.Y.Max - elo.Y.Min) / 20; bound.Limit > elo.Y.Max-room || bound.Limit < elo.Y.Min+room {
		t.Errorf("the bound %v lies on the frame of %v to %v", bound.Limit, elo.Y.Min, elo.Y.Max)
	}
	if s := f.Panels()[0]; s.Y.Min >= 0 || s.Y.Max <= 1 {
		t.Errorf("score axis %v to %v: a curve at 0 or 1 would lie on the frame", s.Y.Min, s.Y.Max)
	}
	out := filepath.Join(t.TempDir(), "training.png")
	if err := plots.Save(f, out); err != nil {
		t.Fatal(err)
	}
	file, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	img, err := png.Decode(file)
	if err != nil || img.Bounds().Dx() < 500 || img.Bounds().Dy() < 500 {
		t.Errorf("the PNG: %v, %v", img.Bounds(), err)
	}
}

// Two runs: a score panel per league member with a curve per run, and
// the Elo panel of both runs' checkpoints.
func TestTrainingChartCompare(t *testing.T) {
	a := trainingRun(t, filepath.Join(t.TempDir(), "a"))
	b := trainingRun(t, filepath.Join(t.TempDir(), "b"))
	f, err := plots.Training([]*training.Run{a, b}, 20, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, p := range f.Panels() {
		titles = append(titles, p.Title.Text)
	}
	want := []string{"score against random", "score against goround", "score against heuristic", "score against past selves",
		"Elo of each run's checkpoints (each run's own ladder; random = 0)"}
	if strings.Join(titles, "|") != strings.Join(want, "|") {
		t.Errorf("panels %q, want %q", titles, want)
	}
	w, h := f.Size()
	var all []string
	for _, bx := range plots.TextBoxes(f, w, h) {
		all = append(all, bx.Text)
	}
	if s := strings.Join(all, "\n"); !strings.Contains(s, "a (2 checkpoints)") || !strings.Contains(s, "b (2 checkpoints)") ||
		!strings.HasPrefix(f.Title, "2 training runs: a (8 it, 4 min), b (8 it, 4 min)") {
		t.Errorf("title %q, texts:\n%s", f.Title, s)
	}
}
