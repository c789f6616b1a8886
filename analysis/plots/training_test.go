package plots_test

import (
	"fmt"
	"image/png"
	"math"
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

// stagedRun is a run of two stages, each the log of trainingRun (8
// iterations, 4 minutes): the clone's in dir/clone, then the play-outs',
// 4 minutes later; each stage's ladder is dropped unless asked for.
func stagedRun(t *testing.T, dir string, cloneLadder, playLadder bool) *training.Run {
	t.Helper()
	clone := trainingRun(t, filepath.Join(dir, training.CloneFolder))
	r := trainingRun(t, dir)
	if !cloneLadder {
		clone.Ratings = nil
	}
	if !playLadder {
		r.Ratings = nil
	}
	clone.Stage, r.Stage = training.CloneStage, training.PlayoutStage
	r.Clone, r.Start = clone, clone.Minutes()
	return r
}

// chartTexts are the texts a figure draws.
func chartTexts(f *plots.Figure) []plots.TextBox {
	w, h := f.Size()
	return plots.TextBoxes(f, w, h)
}

// A run of two stages is drawn on one time axis: the title counts both
// stages' iterations and minutes, the play-outs' points lie after the
// clone's 4 minutes, a labelled line marks the boundary on both panels
// (where 4 minutes lies on the axis), and the Elo panel is the play-outs'
// ladder with the clone's checkpoints; no two texts overlap.
func TestTrainingChartStages(t *testing.T) {
	run := stagedRun(t, filepath.Join(t.TempDir(), "run"), true, true)
	f, err := plots.Training([]*training.Run{run}, 20, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	boxes := chartTexts(f)
	var texts []string
	for _, b := range boxes {
		texts = append(texts, b.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{
		"training of run: 16 iterations, 8.0 minutes (clone 8 it., 4.0 min, then play-outs 8 it., 4.0 min)",
		"random: 88 games, 4 points; last ",
		"Elo ladder of the play-outs stage (Bradley–Terry over its games; random = 0), fitted after its iteration 8",
		"learner's checkpoints (2)",
		"the clone stage's checkpoints (2), on its own ladder",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the chart does not say %q; it says:\n%s", want, all)
		}
	}
	if strings.Contains(all, "no Elo ladder") {
		t.Errorf("a run with a ladder says it has none:\n%s", all)
	}
	if len(f.Panels()) != 2 || f.Panels()[0].X.Max != 8 || f.Panels()[1].X.Max != 8 {
		t.Fatalf("%d panels, time axis to %v", len(f.Panels()), f.Panels()[0].X.Max)
	}
	ms := training.RunScores(run, 20)
	if ms[0].Name != "random" || ms[0].Points[2].Stage != 1 || ms[0].Points[2].Minutes() <= 4 {
		t.Errorf("the play-outs' points: %+v", ms[0].Points)
	}
	// The labels of the boundary: "clone" left of it, "play-outs" right,
	// on each panel, the gap between them where 4 minutes lies: between
	// the tick labels 2 and 6 of the panel's time axis (the nearest below
	// the labels: y grows upwards).
	var clone, play, two, six []plots.TextBox
	for _, b := range boxes {
		switch b.Text {
		case "clone":
			clone = append(clone, b)
		case "play-outs":
			play = append(play, b)
		case "2":
			two = append(two, b)
		case "6":
			six = append(six, b)
		}
	}
	if len(clone) != 2 || len(play) != 2 || len(two) == 0 || len(six) == 0 {
		t.Fatalf("boundary labels %d and %d, tick labels %d and %d", len(clone), len(play), len(two), len(six))
	}
	tick := func(bs []plots.TextBox, below plots.TextBox) float64 {
		var best *plots.TextBox
		for k, b := range bs {
			if b.Rect.Max.Y < below.Rect.Min.Y && (best == nil || b.Rect.Min.Y > best.Rect.Min.Y) {
				best = &bs[k]
			}
		}
		if best == nil {
			t.Fatalf("no tick label below %+v", below)
		}
		return float64(best.Rect.Min.X+best.Rect.Max.X) / 2
	}
	for k := range clone {
		at4 := (tick(two, clone[k]) + tick(six, clone[k])) / 2
		gap := float64(clone[k].Rect.Max.X+play[k].Rect.Min.X) / 2
		if clone[k].Rect.Max.X >= play[k].Rect.Min.X || math.Abs(gap-at4) > 3 {
			t.Errorf("boundary labels %v and %v: the gap at %.1f, 4 minutes at %.1f", clone[k].Rect, play[k].Rect, gap, at4)
		}
	}
	if o := plots.Overlapping(boxes); len(o) > 0 {
		t.Errorf("overlapping texts: %+v", o)
	}
}

// A log without a fit of the ladder has no Elo panel, and a line under the
// title says why; a run whose clone alone has a ladder draws the clone's.
func TestTrainingChartNoLadder(t *testing.T) {
	dir := t.TempDir()
	single := trainingRun(t, filepath.Join(dir, "single"))
	single.Ratings = nil
	a, b := trainingRun(t, filepath.Join(dir, "a")), trainingRun(t, filepath.Join(dir, "b"))
	a.Ratings, b.Ratings = nil, nil
	for _, c := range []struct {
		name   string
		runs   []*training.Run
		panels int
		why    string
	}{
		{"one stage", []*training.Run{single}, 1, "this log holds no fit yet (8 iterations)"},
		{"two stages", []*training.Run{stagedRun(t, filepath.Join(dir, "two"), false, false)}, 1,
			"this log holds no fit yet (clone: 8 iterations, play-outs: 8)"},
		{"two runs", []*training.Run{a, b}, 4, "no run's log holds a fit yet"},
		{"the clone's ladder", []*training.Run{stagedRun(t, filepath.Join(dir, "cl"), true, false)}, 2, ""},
	} {
		f, err := plots.Training(c.runs, 20, plots.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var titles []string
		for _, p := range f.Panels() {
			titles = append(titles, p.Title.Text)
		}
		if len(f.Panels()) != c.panels {
			t.Errorf("%s: panels %q, want %d", c.name, titles, c.panels)
		}
		lines := strings.Split(f.Caption, "\n")
		if c.why == "" {
			if len(lines) != 1 || !strings.HasPrefix(titles[1], "Elo ladder of the clone stage (") {
				t.Errorf("%s: caption %q, panels %q", c.name, f.Caption, titles)
			}
			continue
		}
		if len(lines) != 2 || !strings.HasPrefix(lines[1], "no Elo ladder: the trainer fits it at each snapshot") ||
			!strings.HasSuffix(lines[1], c.why) {
			t.Errorf("%s: caption %q, want a line saying why: %q", c.name, f.Caption, c.why)
		}
		for _, p := range titles {
			if strings.Contains(p, "Elo") {
				t.Errorf("%s: an Elo panel %q without a ladder", c.name, p)
			}
		}
		var drawn []string
		for _, bx := range chartTexts(f) {
			drawn = append(drawn, bx.Text)
		}
		if !strings.Contains(strings.Join(drawn, "\n"), lines[1]) {
			t.Errorf("%s: the line %q is not drawn", c.name, lines[1])
		}
	}
}

// A run of the search loop: the chart adds the panel of the Elo of the
// network alone and inside the search, a line each, and needs no ladder.
func TestTrainingChartStrength(t *testing.T) {
	run := trainingRun(t, filepath.Join(t.TempDir(), "run"))
	run.Ratings = nil
	for it := int32(2); it <= 8; it += 2 {
		for _, e := range []trainlog.Eval{
			{Line: "policy", Opponent: "heuristic", Wins: 1, Losses: 3},
			{Line: "netsearch", Opponent: "heuristic", Wins: 3, Losses: 1},
			{Line: "netsearch", Opponent: "search", Wins: 1, Losses: 3},
			{Line: "policy", Opponent: "search", Losses: 4},
		} {
			e.Iteration, e.Seconds, e.Player = it, float64(it)*30, "g0002"
			run.Evals = append(run.Evals, e)
		}
	}
	f, err := plots.Training([]*training.Run{run}, 20, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.Panels()); n != 2 {
		t.Fatalf("%d panels, want the scores and the strength", n)
	}
	w, h := f.Size()
	var texts []string
	for _, b := range plots.TextBoxes(f, w, h) {
		texts = append(texts, b.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"inside the search (netsearch:); heuristic = 0", "policy: 4 measures, 32 games",
		"netsearch: 4 measures, 32 games"} {
		if !strings.Contains(all, want) {
			t.Errorf("the chart does not say %q; it says:\n%s", want, all)
		}
	}
	if strings.Contains(all, "no Elo ladder") {
		t.Errorf("the strength stands for the ladder:\n%s", all)
	}
}

// The curve tables of three runs (python3 -m paperio.train.curve) are one
// panel, a curve per run and line named by the run; a run alone draws its
// own with the line's name only.
func TestTrainingChartCurve(t *testing.T) {
	var runs []*training.Run
	for k, name := range []string{"s1", "s2", "s3"} {
		r := trainingRun(t, filepath.Join(t.TempDir(), name))
		r.Ratings = nil
		for it := int32(0); it <= 8; it += 4 {
			r.Curve = append(r.Curve, trainlog.Eval{Iteration: it, Seconds: float64(it) * 30, Line: "netsearch",
				Player: fmt.Sprintf("g%04d", it), Opponent: "search", Wins: int32(40 + 5*k + int(it)), Losses: int32(60 - 5*k - int(it))})
		}
		runs = append(runs, r)
	}
	f, err := plots.Training(runs, 20, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	last := f.Panels()[len(f.Panels())-1]
	if !strings.HasPrefix(last.Title.Text, "score of the best network as training went on") {
		t.Fatalf("last panel %q", last.Title.Text)
	}
	var texts []string
	for _, b := range chartTexts(f) {
		texts = append(texts, b.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{"s1: netsearch against search: 300 games, 3 points; last 0.48 (0.38–0.58) of 100",
		"s3: netsearch against search: 300 games, 3 points; last 0.58"} {
		if !strings.Contains(all, want) {
			t.Errorf("the chart does not say %q; it says:\n%s", want, all)
		}
	}
	one, err := plots.Training(runs[:1], 20, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	texts = texts[:0]
	for _, b := range chartTexts(one) {
		texts = append(texts, b.Text)
	}
	if all := strings.Join(texts, "\n"); !strings.Contains(all, "\nnetsearch against search: 300 games, 3 points") {
		t.Errorf("one run's curve:\n%s", all)
	}
}
