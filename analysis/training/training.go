// Package training reads the log of a training run (python3 -m
// paperio.train OUT: the tables of package trainlog in OUT/log) and
// condenses it into what a chart can show without misleading its reader:
//
//   - Scores: the learner's score against each league member over blocks of
//     consecutive iterations that hold at least a minimum of games, each
//     block with its games and its Wilson 95 % interval. The log's own
//     win_rate is over a sliding window of the latest games, so that
//     neighbouring rows share most of their games, and early on a window
//     holds one game (a curve jumping between 0 and 1); the blocks are
//     built from the games each row counts since the previous one (wins,
//     draws, losses), which no two blocks share.
//   - Latest: the last fit of the Elo ladder, each player with its 95 %
//     interval, and an opponent the learner never scored against (or never
//     dropped a point to) marked as a bound: its games say only that it is
//     stronger (weaker) than the learner's checkpoints, by how much they
//     cannot tell.
//
// A run of the best recipe has two stages, each with its own log: the
// clone of heuristic in OUT/clone/log, then expert iteration (play-outs)
// from the clone in OUT/log. Read reads both, and the run's time axis puts
// the second stage after the clone's training time.
//
// `paperio plot training` draws them (analysis/plots.Training).
package training

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/trainlog"
)

// Run is the log of one run's folder: of its last stage, and of the
// stage before when the run has two (Clone).
type Run struct {
	Dir  string
	Name string // how charts name the run (NameRuns)
	// The log's tables, as the trainer wrote them.
	Iterations []trainlog.Iteration
	Matchups   []trainlog.Matchup
	Ratings    []trainlog.Rating
	// Evals are the measures of the search in the loop (its last stage):
	// the network alone and inside the search against fixed anchors.
	Evals []trainlog.Eval
	// Curve are the measures of the run's networks after training
	// (python3 -m paperio.train.curve), in the last stage's log.
	Curve []trainlog.Eval
	// Stage names the stage this log is of: "" for a run of one stage,
	// CloneStage, PlayoutStage or SearchStage for a stage of a recipe.
	Stage string
	// Clone is the stage before this one (the best recipe's clone of
	// heuristic, its log in OUT/clone/log; the search recipe's play-outs
	// in OUT/exit/log, whose own Clone is the clone), nil without one.
	Clone *Run
	// Start is where this log's training time begins on the run's time
	// axis, in minutes: the training time of the stages before (0 for the
	// first stage).
	Start  float64
	search bool // the log is the search loop's (generations or evals)
}

// The stages of the recipes, and the folders of the stages before the
// last (the last stage's log is OUT/log).
const (
	CloneStage   = "clone"
	PlayoutStage = "play-outs"
	SearchStage  = "search"
	CloneFolder  = "clone"
	ExitFolder   = "exit"
)

// ErrNoLog says a folder holds no training log (or no iteration yet).
var ErrNoLog = errors.New("no training log")

// Read reads the log of the run in folder dir, and with it the logs of
// the stages before when dir/clone/log (the clone) and dir/exit/log (the
// play-outs of the search recipe) hold some: each stage's time then
// starts where the one before ends. The last stage is the search loop
// when its log has evals or generations, else the play-outs. A run whose
// last stage has no iteration yet is its stages so far. A folder that
// does not exist, or holds no iteration, is an error wrapping ErrNoLog or
// the file system's error.
func Read(dir string) (*Run, error) {
	r, err := readLog(dir)
	if err != nil {
		return nil, err
	}
	var before []*Run
	for _, st := range []struct{ folder, stage string }{{CloneFolder, CloneStage}, {ExitFolder, PlayoutStage}} {
		s, err := readLog(filepath.Join(dir, st.folder))
		if err != nil {
			return nil, err
		}
		if len(s.Iterations) > 0 {
			s.Stage = st.stage
			before = append(before, s)
		}
	}
	if len(before) > 0 {
		switch {
		case len(r.Iterations) == 0:
			last := before[len(before)-1]
			last.Dir, last.Name = r.Dir, r.Name
			r, before = last, before[:len(before)-1]
		case r.search || len(before) > 1 || before[0].Stage == PlayoutStage:
			r.Stage = SearchStage
		default:
			r.Stage = PlayoutStage
		}
		for k, s := range append(before, r) {
			if k > 0 {
				s.Clone = before[k-1]
				s.Start = s.Clone.Minutes()
			}
		}
	}
	if len(r.Iterations) == 0 {
		if _, err := os.Stat(dir); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w (log/%s): not the folder of a run of python3 -m paperio.train, or no iteration yet",
			dir, ErrNoLog, trainlog.IterationsFile)
	}
	return r, nil
}

// readLog reads the tables of dir/log (none when it holds no iterations).
func readLog(dir string) (*Run, error) {
	r := &Run{Dir: dir, Name: filepath.Base(filepath.Clean(dir))}
	log := filepath.Join(dir, "log")
	var err error
	if r.Iterations, err = trainlog.Read[trainlog.Iteration](filepath.Join(log, trainlog.IterationsFile)); err != nil {
		return nil, err
	}
	if len(r.Iterations) == 0 {
		return r, nil
	}
	if r.Matchups, err = trainlog.Read[trainlog.Matchup](filepath.Join(log, trainlog.MatchupsFile)); err != nil {
		return nil, err
	}
	if r.Ratings, err = trainlog.Read[trainlog.Rating](filepath.Join(log, trainlog.RatingsFile)); err != nil {
		return nil, err
	}
	if r.Evals, err = trainlog.Read[trainlog.Eval](filepath.Join(log, trainlog.EvalsFile)); err != nil {
		return nil, err
	}
	if r.Curve, err = trainlog.Read[trainlog.Eval](filepath.Join(log, trainlog.CurveFile)); err != nil {
		return nil, err
	}
	_, err = os.Stat(filepath.Join(log, trainlog.GenerationsFile))
	r.search = err == nil || len(r.Evals) > 0
	return r, nil
}

// Minutes is where the run ends on its time axis: its training time, the
// stages before this log's included.
func (r *Run) Minutes() float64 {
	if len(r.Iterations) == 0 {
		return r.Start
	}
	return r.Start + r.Iterations[len(r.Iterations)-1].Seconds/60
}

// Stages are the logs of the run's stages in order: the clone (and the
// play-outs), then this log; this log alone for a run of one stage.
func (r *Run) Stages() []*Run {
	if r.Clone == nil {
		return []*Run{r}
	}
	return append(r.Clone.Stages(), r)
}

// IterationCount is the number of iterations of every stage.
func (r *Run) IterationCount() int {
	n := 0
	for _, s := range r.Stages() {
		n += len(s.Iterations)
	}
	return n
}

// NameRuns names each run by its folder's last element, or by the folder
// as given when two runs would share a name (seed1/run, seed2/run).
func NameRuns(runs []*Run) {
	seen := map[string]bool{}
	dup := false
	for _, r := range runs {
		r.Name = filepath.Base(filepath.Clean(r.Dir))
		dup = dup || seen[r.Name]
		seen[r.Name] = true
	}
	if dup {
		for _, r := range runs {
			r.Name = filepath.Clean(r.Dir)
		}
	}
}

// PastSelves names the learner's past checkpoints met as opponents
// (policy:FILE members of the league, netsearch:FILE past bests of the
// search in the loop), whose games Scores pools.
const PastSelves = "past selves"

// DefaultMinGames is the fewest games behind a point of Scores unless the
// caller asks for another minimum: its Wilson interval is then at most
// ±0.22 wide (at a score of 1/2).
const DefaultMinGames = 20

// Point is the learner's games against one league member over a block of
// consecutive iterations.
type Point struct {
	Stage       int     // the index of the block's stage in Run.Stages (Scores: 0)
	First, Last int32   // the block's first and last iteration with games (of its stage)
	From, To    float64 // training minutes: the end of the iteration before First (0 at the start), the end of Last
	Wins        int
	Draws       int
	Losses      int
	Score       float64 // (Wins + Draws/2) / Games
	Low, High   float64 // the Wilson 95 % interval of Score
}

// Games is the number of games behind the point.
func (p Point) Games() int { return p.Wins + p.Draws + p.Losses }

// Minutes is where the point stands on a time axis: the middle of the
// block's span.
func (p Point) Minutes() float64 { return (p.From + p.To) / 2 }

// RunScores is Scores of each of the run's stages, on the run's time
// axis: a member's points of the clone stage first (Point.Stage 0), then
// those of the second (Point.Stage 1), its games summed. A block never
// spans two stages: each stage's learner and iterations are its own, so
// that a member with fewer than minGames games in a stage has no point in
// it (its games still count in Member.Games).
func RunScores(r *Run, minGames int) []Member {
	var out []Member
	index := map[string]int{}
	for k, s := range r.Stages() {
		for _, m := range Scores(s.Matchups, minGames) {
			for j := range m.Points {
				p := &m.Points[j]
				p.Stage, p.From, p.To = k, p.From+s.Start, p.To+s.Start
			}
			i, ok := index[m.Name]
			if !ok {
				index[m.Name] = len(out)
				out = append(out, Member{Name: m.Name})
				i = len(out) - 1
			}
			out[i].Games += m.Games
			out[i].Points = append(out[i].Points, m.Points...)
		}
	}
	return out
}

// Member is the learner's record against one league member.
type Member struct {
	Name   string // the member's spec, or PastSelves
	Games  int    // every game against it in the log
	Points []Point
}

// Scores is the learner's record against each league member (in the order
// they first finished a game; the past selves pooled as PastSelves), in
// blocks of consecutive iterations: a block closes at the first iteration
// that brings it to minGames games, and the games after the last block
// closed, too few for a block of their own, join it. A member with fewer
// than minGames games in all has no point. minGames below 1 counts as 1.
func Scores(matchups []trainlog.Matchup, minGames int) []Member {
	minGames = max(minGames, 1)
	// The end of each iteration, and of the one before it.
	end := map[int32]float64{}
	for _, m := range matchups {
		end[m.Iteration] = m.Seconds / 60
	}
	its := make([]int32, 0, len(end))
	for it := range end {
		its = append(its, it)
	}
	sort.Slice(its, func(a, b int) bool { return its[a] < its[b] })
	before := map[int32]float64{}
	for k, it := range its {
		if k > 0 {
			before[it] = end[its[k-1]]
		}
	}
	type count struct{ w, d, l int }
	counts := map[string]map[int32]count{}
	var names []string
	for _, m := range matchups {
		if m.Wins+m.Draws+m.Losses <= 0 {
			continue
		}
		name := m.Opponent
		if _, ckpt := trainlog.CheckpointOf(m.Opponent); ckpt {
			name = PastSelves
		}
		if counts[name] == nil {
			counts[name] = map[int32]count{}
			names = append(names, name)
		}
		c := counts[name][m.Iteration]
		c.w, c.d, c.l = c.w+int(m.Wins), c.d+int(m.Draws), c.l+int(m.Losses)
		counts[name][m.Iteration] = c
	}
	out := make([]Member, 0, len(names))
	for _, name := range names {
		mb := Member{Name: name}
		var cur Point
		open := false
		for _, it := range its {
			c, ok := counts[name][it]
			if !ok {
				continue
			}
			if !open {
				cur, open = Point{First: it, From: before[it]}, true
			}
			cur.Last, cur.To = it, end[it]
			cur.Wins, cur.Draws, cur.Losses = cur.Wins+c.w, cur.Draws+c.d, cur.Losses+c.l
			mb.Games += c.w + c.d + c.l
			if cur.Games() >= minGames {
				mb.Points = append(mb.Points, finish(cur))
				open = false
			}
		}
		if open && len(mb.Points) > 0 {
			last := &mb.Points[len(mb.Points)-1]
			last.Last, last.To = cur.Last, cur.To
			last.Wins, last.Draws, last.Losses = last.Wins+cur.Wins, last.Draws+cur.Draws, last.Losses+cur.Losses
			*last = finish(*last)
		}
		out = append(out, mb)
	}
	return out
}

// finish sets a point's score and interval from its games.
func finish(p Point) Point {
	n := p.Games()
	p.Score = (float64(p.Wins) + float64(p.Draws)/2) / float64(n)
	p.Low, p.High = analysis.WilsonScore(float64(p.Wins)+float64(p.Draws)/2, n, analysis.Z95)
	return p
}

// Bound says what a rating's games tell of it.
type Bound int

const (
	// Fitted: the learner both scored and dropped points against the
	// player (or it is a checkpoint): its Elo and interval stand.
	Fitted Bound = iota
	// AtLeast: the learner never scored against it (no win, no draw): it
	// is stronger than the checkpoints that met it by an amount its games
	// cannot tell, and the fitted Elo is the prior's guess. Its Elo is at
	// least Limit.
	AtLeast
	// AtMost: the learner won every game against it: its Elo is at most
	// Limit.
	AtMost
)

// Rated is one player of a fit of the Elo ladder.
type Rated struct {
	Player     string // a checkpoint ("it0040") or a league member's spec
	Checkpoint bool
	Minutes    float64 // a checkpoint's training time
	Elo, CI95  float64 // relative to the anchor (random when it played); CI95: the 95 % interval's half-width
	Games      int
	// Wins, Draws and Losses are the learner's against a league member,
	// over the games of the fit.
	Wins, Draws, Losses int
	Bound               Bound
	// Limit is the value a bound is drawn at: the end of the 95 %
	// interval nearer the checkpoints (Elo - CI95 for AtLeast, Elo + CI95
	// for AtMost); Elo when Fitted.
	Limit float64
}

// Ladder is one fit of the Elo ladder.
type Ladder struct {
	Iteration int32
	Minutes   float64 // training time of the fit
	// Checkpoints are the learner's, by training time (those of the
	// iterations in the log, and it0000, the start); Members the
	// league's other players (bots, programs) by Elo, highest first.
	Checkpoints []Rated
	Members     []Rated
	Anchor      string // the player at Elo 0 ("random"), or "" (the mean is 0)
}

// Latest is the last fit of the Elo ladder of the run's log (its last
// stage's; Iteration 0 and no players when the log holds none), its
// checkpoints and time placed on the run's time axis (after Start). A
// league member the learner never
// scored against in the games the fit saw is AtLeast, one it won every
// game against AtMost, unless it is the anchor (its Elo is 0 by
// definition).
func Latest(r *Run) Ladder {
	if len(r.Ratings) == 0 {
		return Ladder{}
	}
	l := Ladder{Iteration: r.Ratings[len(r.Ratings)-1].Iteration}
	l.Minutes = r.Start + r.Ratings[len(r.Ratings)-1].Seconds/60
	minutes := map[int64]float64{0: r.Start}
	for _, it := range r.Iterations {
		minutes[int64(it.Iteration)] = r.Start + it.Seconds/60
	}
	type wdl struct{ w, d, l int }
	record := map[string]wdl{}
	for _, m := range r.Matchups {
		if m.Iteration > l.Iteration {
			continue
		}
		if _, ckpt := trainlog.CheckpointOf(m.Opponent); ckpt {
			continue
		}
		c := record[m.Opponent]
		c.w, c.d, c.l = c.w+int(m.Wins), c.d+int(m.Draws), c.l+int(m.Losses)
		record[m.Opponent] = c
	}
	for _, rt := range r.Ratings {
		if rt.Iteration != l.Iteration {
			continue
		}
		p := Rated{Player: rt.Player, Checkpoint: rt.Checkpoint, Elo: float64(rt.Elo), CI95: float64(rt.CI95),
			Games: int(rt.Games), Limit: float64(rt.Elo)}
		if p.Player == "random" {
			l.Anchor = p.Player
		}
		if p.Checkpoint {
			it, err := strconv.ParseInt(strings.TrimPrefix(p.Player, "it"), 10, 64)
			x, ok := minutes[it]
			if err == nil && ok {
				p.Minutes = x
				l.Checkpoints = append(l.Checkpoints, p)
			}
			continue
		}
		c := record[p.Player]
		p.Wins, p.Draws, p.Losses = c.w, c.d, c.l
		l.Members = append(l.Members, p)
	}
	for k := range l.Members {
		p := &l.Members[k]
		switch {
		case p.Player == l.Anchor:
		case p.Wins+p.Draws == 0 && p.Losses > 0:
			p.Bound, p.Limit = AtLeast, p.Elo-p.CI95
		case p.Losses+p.Draws == 0 && p.Wins > 0:
			p.Bound, p.Limit = AtMost, p.Elo+p.CI95
		}
	}
	sort.SliceStable(l.Checkpoints, func(a, b int) bool { return l.Checkpoints[a].Minutes < l.Checkpoints[b].Minutes })
	sort.SliceStable(l.Members, func(a, b int) bool { return l.Members[a].Elo > l.Members[b].Elo })
	return l
}

// Curve is the score of each line of the run's curve table against each
// bot it was measured against (Member.Name "LINE against BOT", in the order
// they first appear), a point per network (its checkpoint's iteration in
// First and Last) at the training minute of the checkpoint (From = To),
// the games of rows of the same network pooled, in time order.
func Curve(r *Run) []Member {
	type key struct{ name, player string }
	var names []string
	byName := map[string]*Member{}
	at := map[key]int{} // a network's point in its member's Points
	for _, e := range r.Curve {
		if e.Wins+e.Draws+e.Losses <= 0 {
			continue
		}
		name := e.Line + " against " + e.Opponent
		m := byName[name]
		if m == nil {
			m = &Member{Name: name}
			byName[name] = m
			names = append(names, name)
		}
		k := key{name, e.Player}
		i, ok := at[k]
		if !ok {
			i = len(m.Points)
			at[k] = i
			t := e.Seconds / 60
			m.Points = append(m.Points, Point{First: e.Iteration, Last: e.Iteration, From: t, To: t})
		}
		p := &m.Points[i]
		p.Wins, p.Draws, p.Losses = p.Wins+int(e.Wins), p.Draws+int(e.Draws), p.Losses+int(e.Losses)
		m.Games += int(e.Wins + e.Draws + e.Losses)
	}
	out := make([]Member, 0, len(names))
	for _, name := range names {
		m := byName[name]
		for i := range m.Points {
			m.Points[i] = finish(m.Points[i])
		}
		sort.SliceStable(m.Points, func(a, b int) bool { return m.Points[a].From < m.Points[b].From })
		out = append(out, *m)
	}
	return out
}

// StrengthPoint is one measure of a line: the best after a generation
// against the anchors, its Elo fitted with every measure of the log.
type StrengthPoint struct {
	Iteration int32
	Minutes   float64 // on the run's time axis
	Elo, CI95 float64 // relative to the anchor; CI95: the 95 % interval's half-width
	Games     int
	Score     float64 // (wins + draws/2) / games against the anchors
}

// Line is the strength of one way of playing the learner over training
// time: "policy" (the network alone) or "netsearch" (inside the search).
type Line struct {
	Name   string
	Points []StrengthPoint
}

// Strength fits the Elo of each line of the run's evals (the search
// loop's measures) over training time: every (line, generation) is a
// player, the anchors the others, all fitted together by Bradley–Terry
// with the package rating's default prior, so that a measure that won or
// lost every game still has a finite Elo. The anchor at 0 is heuristic
// when it was measured against, else the first opponent of the log. No
// lines without evals.
func Strength(r *Run) ([]Line, string, error) {
	if len(r.Evals) == 0 {
		return nil, "", nil
	}
	index := map[string]int{}
	var players []string
	id := func(name string) int {
		if i, ok := index[name]; ok {
			return i
		}
		index[name] = len(players)
		players = append(players, name)
		return len(players) - 1
	}
	anchor := r.Evals[0].Opponent
	for _, e := range r.Evals {
		if e.Opponent == "heuristic" {
			anchor = "heuristic"
		}
	}
	type key struct {
		line string
		it   int32
	}
	var order []key
	seen := map[key]*StrengthPoint{}
	at := map[key]float64{}
	var games []rating.Outcome
	for _, e := range r.Evals {
		k := key{e.Line, e.Iteration}
		if seen[k] == nil {
			seen[k] = &StrengthPoint{Iteration: e.Iteration}
			order = append(order, k)
		}
		at[k] = r.Start + e.Seconds/60
		i, j := id(fmt.Sprintf("%s@%d", e.Line, e.Iteration)), id("anchor:"+e.Opponent)
		p := seen[k]
		p.Games += int(e.Wins + e.Draws + e.Losses)
		p.Score += float64(e.Wins) + float64(e.Draws)/2
		games = rating.AppendGames(games, i, j, int(e.Wins), int(e.Draws), int(e.Losses))
	}
	if len(games) == 0 {
		return nil, anchor, nil
	}
	fit, err := rating.FitBradleyTerry(players, games, rating.DefaultPrior)
	if err != nil {
		return nil, "", fmt.Errorf("strength: %v", err)
	}
	base := fit[index["anchor:"+anchor]].Elo
	var lines []Line
	byName := map[string]int{}
	for _, k := range order {
		p := seen[k]
		f := fit[index[fmt.Sprintf("%s@%d", k.line, k.it)]]
		p.Minutes, p.Elo, p.CI95 = at[k], f.Elo-base, f.CI95
		if p.Games > 0 {
			p.Score /= float64(p.Games)
		}
		i, ok := byName[k.line]
		if !ok {
			i = len(lines)
			byName[k.line] = i
			lines = append(lines, Line{Name: k.line})
		}
		lines[i].Points = append(lines[i].Points, *p)
	}
	for _, l := range lines {
		sort.SliceStable(l.Points, func(a, b int) bool { return l.Points[a].Minutes < l.Points[b].Minutes })
	}
	return lines, anchor, nil
}
