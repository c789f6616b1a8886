package training_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/training"
	"github.com/paperio/paperio/trainlog"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-4 }

// row is a matchups row of iteration it (a minute each) against opp.
func row(it int32, opp string, w, d, l int32) trainlog.Matchup {
	return trainlog.Matchup{Iteration: it, Seconds: float64(it) * 60, Player: "it0000", Opponent: opp, Wins: w, Draws: d, Losses: l}
}

// Scores pools consecutive iterations until a block holds the minimum of
// games; the games left after the last full block join it; a member with
// too few games in all has no point; past selves are pooled; each point
// carries its counts, its span of time and its Wilson interval.
func TestScores(t *testing.T) {
	var ms []trainlog.Matchup
	gr := [][3]int32{{3, 0, 2}, {2, 1, 2}, {1, 0, 4}, {5, 0, 0}, {6, 2, 4}, {0, 0, 3}} // 5, 5, 5, 5, 12, 3 games
	for k, c := range gr {
		it := int32(k + 1)
		ms = append(ms, row(it, "goround", c[0], c[1], c[2]))
		ms = append(ms, row(it, "heuristic", 0, 0, 1))
		if it >= 3 {
			// Two past selves in iteration 3 on, pooled; an opponent
			// that finished no game this iteration is no game.
			ms = append(ms, row(it, "policy:out/it0001.npz", 1, 0, 1), row(it, "policy:out/it0002.npz", 0, 1, 0))
			ms = append(ms, row(it, "wanderer", 0, 0, 0))
		}
	}
	members := training.Scores(ms, 10)
	if len(members) != 3 || members[0].Name != "goround" || members[1].Name != "heuristic" || members[2].Name != training.PastSelves {
		t.Fatalf("members %+v", members)
	}
	g := members[0]
	if g.Games != 35 || len(g.Points) != 3 {
		t.Fatalf("goround: %d games, points %+v", g.Games, g.Points)
	}
	want := []struct {
		first, last int32
		from, to    float64
		w, d, l     int
	}{{1, 2, 0, 2, 5, 1, 4}, {3, 4, 2, 4, 6, 0, 4}, {5, 6, 4, 6, 6, 2, 7}}
	for k, p := range g.Points {
		c := want[k]
		if p.First != c.first || p.Last != c.last || p.From != c.from || p.To != c.to || p.Wins != c.w || p.Draws != c.d || p.Losses != c.l {
			t.Errorf("goround point %d: %+v, want %+v", k, p, c)
		}
		if p.Games() < 10 {
			t.Errorf("goround point %d: %d games, fewer than the minimum", k, p.Games())
		}
		score := float64(c.w) + float64(c.d)/2
		lo, hi := analysis.WilsonScore(score, c.w+c.d+c.l, analysis.Z95)
		if !near(p.Score, score/float64(c.w+c.d+c.l)) || p.Low != lo || p.High != hi || p.Minutes() != (c.from+c.to)/2 {
			t.Errorf("goround point %d: score %v (%v–%v) at %v", k, p.Score, p.Low, p.High, p.Minutes())
		}
	}
	// 6 games against heuristic, fewer than 10: counted, not drawn.
	if h := members[1]; h.Games != 6 || len(h.Points) != 0 {
		t.Errorf("heuristic: %+v", h)
	}
	// Past selves: 3 games an iteration from iteration 3: 12 games, one
	// block of iterations 3 to 6.
	ps := members[2]
	if ps.Games != 12 || len(ps.Points) != 1 || ps.Points[0].First != 3 || ps.Points[0].From != 2 || ps.Points[0].Wins != 4 || ps.Points[0].Draws != 4 {
		t.Errorf("past selves: %+v", ps)
	}
	// A minimum of one: a point per iteration with games.
	if g := training.Scores(ms, 0)[0]; len(g.Points) != 6 || g.Points[5].Games() != 3 || g.Points[5].Score != 0 || g.Points[5].High <= 0.3 {
		t.Errorf("minimum 1: %+v", g.Points)
	}
}

// Latest marks a league member the learner never scored against as a lower
// bound at the low end of its interval, one it always beat as an upper
// bound, leaves the others and the anchor fitted, and places the
// checkpoints at their training time.
func TestLatestBounds(t *testing.T) {
	var ms []trainlog.Matchup
	for it := int32(1); it <= 4; it++ {
		player := "it0000"
		if it > 2 {
			player = "it0002"
		}
		for _, m := range []trainlog.Matchup{row(it, "random", 5, 0, 0), row(it, "goround", 2, 1, 2),
			row(it, "heuristic", 0, 0, 5), row(it, "wanderer", 4, 0, 0)} {
			m.Player = player
			ms = append(ms, m)
		}
	}
	ratings, err := trainlog.Ladder(ms)
	if err != nil {
		t.Fatal(err)
	}
	for k := range ratings {
		ratings[k].Iteration, ratings[k].Seconds = 4, 240
	}
	run := &training.Run{Matchups: ms, Ratings: ratings,
		Iterations: []trainlog.Iteration{{Iteration: 1, Seconds: 60}, {Iteration: 2, Seconds: 120}, {Iteration: 3, Seconds: 180}, {Iteration: 4, Seconds: 240}}}
	l := training.Latest(run)
	if l.Iteration != 4 || l.Minutes != 4 || l.Anchor != "random" {
		t.Errorf("ladder of iteration %d at %v minutes, anchor %q", l.Iteration, l.Minutes, l.Anchor)
	}
	if len(l.Checkpoints) != 2 || l.Checkpoints[0].Player != "it0000" || l.Checkpoints[0].Minutes != 0 ||
		l.Checkpoints[1].Player != "it0002" || l.Checkpoints[1].Minutes != 2 {
		t.Errorf("checkpoints %+v", l.Checkpoints)
	}
	got := map[string]training.Rated{}
	for _, m := range l.Members {
		got[m.Player] = m
	}
	h := got["heuristic"]
	if h.Bound != training.AtLeast || h.Limit != h.Elo-h.CI95 || h.Wins+h.Draws != 0 || h.Losses != 20 || h.CI95 <= 0 {
		t.Errorf("heuristic, never beaten: %+v", h)
	}
	if w := got["wanderer"]; w.Bound != training.AtMost || w.Limit != w.Elo+w.CI95 || w.Wins != 16 {
		t.Errorf("wanderer, always beaten: %+v", w)
	}
	if g := got["goround"]; g.Bound != training.Fitted || g.Limit != g.Elo || g.Wins != 8 || g.Draws != 4 || g.Losses != 8 {
		t.Errorf("goround: %+v", g)
	}
	if r := got["random"]; r.Bound != training.Fitted || r.Elo != 0 {
		t.Errorf("random, the anchor: %+v", r)
	}
	if l.Members[0].Player != "heuristic" {
		t.Errorf("members not by Elo: %+v", l.Members)
	}
	if e := training.Latest(&training.Run{}); e.Iteration != 0 || len(e.Members)+len(e.Checkpoints) != 0 {
		t.Errorf("no ratings: %+v", e)
	}
}

// Read reads a run's folder; a folder without a log is ErrNoLog, a
// missing one the file system's error; runs are named by their folders,
// by their paths when two share a name.
func TestReadAndNames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if err := trainlog.Append(filepath.Join(dir, "log", trainlog.IterationsFile), []trainlog.Iteration{{Iteration: 1, Seconds: 90}}); err != nil {
		t.Fatal(err)
	}
	r, err := training.Read(dir)
	if err != nil || r.Name != "run" || r.Minutes() != 1.5 || len(r.Matchups) != 0 {
		t.Fatalf("%+v, %v", r, err)
	}
	if _, err := training.Read(t.TempDir()); !errors.Is(err, training.ErrNoLog) {
		t.Errorf("a folder without a log: %v", err)
	}
	if _, err := training.Read(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing folder: %v", err)
	}
	a, b, c := &training.Run{Dir: "s1/run"}, &training.Run{Dir: "s2/run/"}, &training.Run{Dir: "other"}
	training.NameRuns([]*training.Run{a, c})
	if a.Name != "run" || c.Name != "other" {
		t.Errorf("names %q, %q", a.Name, c.Name)
	}
	training.NameRuns([]*training.Run{a, b, c})
	if a.Name != "s1/run" || b.Name != "s2/run" || c.Name != "other" {
		t.Errorf("names of two runs called run: %q, %q, %q", a.Name, b.Name, c.Name)
	}
}

// writeLog writes a log of n iterations of half a minute into dir/log,
// each with 10 games against random won by checkpoint it0000, and the
// ladder fitted after the last one when ladder is set.
func writeLog(t *testing.T, dir string, n int32, ladder bool) {
	t.Helper()
	var its []trainlog.Iteration
	var ms []trainlog.Matchup
	for it := int32(1); it <= n; it++ {
		its = append(its, trainlog.Iteration{Iteration: it, Seconds: float64(it) * 30})
		ms = append(ms, trainlog.Matchup{Iteration: it, Seconds: float64(it) * 30, Player: "it0000", Opponent: "random", Wins: 8, Losses: 2})
	}
	log := filepath.Join(dir, "log")
	if err := trainlog.Append(filepath.Join(log, trainlog.IterationsFile), its); err != nil {
		t.Fatal(err)
	}
	if err := trainlog.Append(filepath.Join(log, trainlog.MatchupsFile), ms); err != nil {
		t.Fatal(err)
	}
	if ladder {
		if _, err := trainlog.AppendLadder(log, n, float64(n)*30); err != nil {
			t.Fatal(err)
		}
	}
}

// A run of the best recipe: Read reads the clone's log (OUT/clone/log)
// with the play-outs' (OUT/log) and puts the play-outs after the clone's
// training time: their scores, their ladder's fit and checkpoints (it0000,
// the clone's policy, at the boundary); a run whose play-outs have not
// begun is its clone stage alone.
func TestReadStages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "best")
	writeLog(t, filepath.Join(dir, training.CloneFolder), 4, false) // 2 minutes
	writeLog(t, dir, 6, true)                                       // 3 minutes
	r, err := training.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Clone == nil || r.Clone.Stage != training.CloneStage || r.Stage != training.PlayoutStage || r.Name != "best" {
		t.Fatalf("stages: %+v", r)
	}
	if r.Start != 2 || r.Minutes() != 5 || r.Clone.Minutes() != 2 || r.IterationCount() != 10 || len(r.Stages()) != 2 {
		t.Errorf("start %v, minutes %v (clone %v), %d iterations", r.Start, r.Minutes(), r.Clone.Minutes(), r.IterationCount())
	}
	// 10 games an iteration, 20 a point: the clone's 2 points, then the
	// play-outs' 3, from 2 minutes on.
	ms := training.RunScores(r, 20)
	if len(ms) != 1 || ms[0].Games != 100 || len(ms[0].Points) != 5 {
		t.Fatalf("scores %+v", ms)
	}
	ps := ms[0].Points
	if ps[1].Stage != 0 || ps[1].To != 2 || ps[2].Stage != 1 || ps[2].From != 2 || ps[2].To != 3 || ps[2].First != 1 || ps[4].To != 5 {
		t.Errorf("points %+v", ps)
	}
	l := training.Latest(r)
	if l.Minutes != 5 || len(l.Checkpoints) != 1 || l.Checkpoints[0].Minutes != 2 {
		t.Errorf("the play-outs' ladder: %+v", l)
	}
	if c := training.Latest(r.Clone); c.Iteration != 0 {
		t.Errorf("the clone has no ladder: %+v", c)
	}
	// One stage: as before.
	one := filepath.Join(t.TempDir(), "one")
	writeLog(t, one, 3, false)
	if r, err := training.Read(one); err != nil || r.Clone != nil || r.Stage != "" || r.Start != 0 || r.Minutes() != 1.5 || len(r.Stages()) != 1 {
		t.Errorf("one stage: %+v, %v", r, err)
	}
	// The clone still training: the clone stage alone, named by the run.
	early := filepath.Join(t.TempDir(), "early")
	writeLog(t, filepath.Join(early, training.CloneFolder), 2, false)
	if r, err := training.Read(early); err != nil || r.Clone != nil || r.Stage != training.CloneStage || r.Name != "early" ||
		r.Dir != early || r.Minutes() != 1 {
		t.Errorf("the clone alone: %+v, %v", r, err)
	}
}

// writeEvals writes the search loop's measures into dir/log: after each
// of n generations of half a minute, policy scores 1 of 4 games against
// heuristic and netsearch 3 of 4, both 0 of 4 against search.
func writeEvals(t *testing.T, dir string, n int32) {
	t.Helper()
	var es []trainlog.Eval
	for it := int32(1); it <= n; it++ {
		for _, e := range []trainlog.Eval{
			{Line: "policy", Opponent: "heuristic", Wins: 1, Losses: 3},
			{Line: "policy", Opponent: "search", Losses: 4},
			{Line: "netsearch", Opponent: "heuristic", Wins: 3, Losses: 1},
			{Line: "netsearch", Opponent: "search", Draws: 1, Losses: 3},
		} {
			e.Iteration, e.Seconds, e.Player = it, float64(it)*30, "g0001"
			es = append(es, e)
		}
	}
	if err := trainlog.Append(filepath.Join(dir, "log", trainlog.EvalsFile), es); err != nil {
		t.Fatal(err)
	}
}

// A run of the search recipe: the clone (OUT/clone/log), the play-outs
// (OUT/exit/log) and the search loop (OUT/log) on one time axis, each
// stage after the one before; Strength fits a line per way of playing from
// the evals, the network inside the search above the network alone, with
// heuristic at 0 between them.
func TestReadSearchStages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "search")
	writeLog(t, filepath.Join(dir, training.CloneFolder), 2, false) // 1 minute
	writeLog(t, filepath.Join(dir, training.ExitFolder), 4, false)  // 2 minutes
	writeLog(t, dir, 6, false)                                      // 3 minutes
	writeEvals(t, dir, 6)
	r, err := training.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	st := r.Stages()
	if len(st) != 3 || st[0].Stage != training.CloneStage || st[1].Stage != training.PlayoutStage ||
		st[2].Stage != training.SearchStage || st[2] != r {
		t.Fatalf("stages %+v", st)
	}
	if st[1].Start != 1 || r.Start != 3 || r.Minutes() != 6 || r.IterationCount() != 12 {
		t.Errorf("starts %v, %v; minutes %v; %d iterations", st[1].Start, r.Start, r.Minutes(), r.IterationCount())
	}
	lines, anchor, err := training.Strength(r)
	if err != nil {
		t.Fatal(err)
	}
	if anchor != "heuristic" || len(lines) != 2 || lines[0].Name != "policy" || lines[1].Name != "netsearch" {
		t.Fatalf("lines %+v, anchor %q", lines, anchor)
	}
	for k, l := range lines {
		if len(l.Points) != 6 || l.Points[0].Minutes != 3.5 || l.Points[5].Minutes != 6 || l.Points[0].Games != 8 {
			t.Errorf("%s: %+v", l.Name, l.Points)
		}
		p := l.Points[2]
		if k == 0 && !(p.Elo < 0 && near(p.Score, 1.0/8)) || k == 1 && !(p.Elo > 0 && near(p.Score, 3.5/8)) {
			t.Errorf("%s: %+v", l.Name, p)
		}
		if p.CI95 <= 0 {
			t.Errorf("%s: no interval %+v", l.Name, p)
		}
	}
	// A log without evals has no lines; the best recipe's two stages stay two.
	best := filepath.Join(t.TempDir(), "best")
	writeLog(t, filepath.Join(best, training.CloneFolder), 2, false)
	writeLog(t, best, 2, false)
	b, err := training.Read(best)
	if err != nil || b.Stage != training.PlayoutStage || len(b.Stages()) != 2 {
		t.Fatalf("best: %+v, %v", b, err)
	}
	if lines, _, err := training.Strength(b); err != nil || lines != nil {
		t.Errorf("best: lines %+v, %v", lines, err)
	}
}

// The curve table of a search run: each network's games against a bot at
// the minute of its checkpoint, rows of one network pooled (two networks
// of one iteration number apart), the points in time order whatever the
// rows' order, one member per line and bot.
func TestCurve(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "search")
	writeLog(t, filepath.Join(dir, training.ExitFolder), 4, false) // 2 minutes
	writeLog(t, dir, 6, false)
	rows := []trainlog.Eval{
		{Iteration: 4, Seconds: 240, Line: "netsearch", Player: "g0004", Opponent: "search", Wins: 6, Losses: 4},
		{Iteration: 4, Seconds: 60, Line: "netsearch", Player: "exit/it0004", Opponent: "search", Wins: 3, Losses: 7},
		{Iteration: 4, Seconds: 240, Line: "netsearch", Player: "g0004", Opponent: "search", Wins: 1, Draws: 2, Losses: 7},
		{Iteration: 4, Seconds: 60, Line: "policy", Player: "exit/it0004", Opponent: "search", Losses: 10},
	}
	if err := trainlog.Append(filepath.Join(dir, "log", trainlog.CurveFile), rows); err != nil {
		t.Fatal(err)
	}
	r, err := training.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	ms := training.Curve(r)
	if len(ms) != 2 || ms[0].Name != "netsearch against search" || ms[1].Name != "policy against search" ||
		ms[0].Games != 30 || len(ms[0].Points) != 2 || len(ms[1].Points) != 1 {
		t.Fatalf("curve %+v", ms)
	}
	p0, p1 := ms[0].Points[0], ms[0].Points[1]
	if p0.From != 1 || p0.To != 1 || p0.Games() != 10 || !near(p0.Score, 0.3) {
		t.Errorf("exit/it0004 %+v", p0)
	}
	if p1.From != 4 || p1.First != 4 || p1.Games() != 20 || !near(p1.Score, 8.0/20) || !(p1.Low < p1.Score && p1.Score < p1.High) {
		t.Errorf("g0004 %+v", p1)
	}
	if ms[1].Points[0].Score != 0 {
		t.Errorf("policy %+v", ms[1].Points[0])
	}
	if c := training.Curve(&training.Run{}); len(c) != 0 {
		t.Errorf("no table: %+v", c)
	}
}
