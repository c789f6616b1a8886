package tune

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/store"
	"github.com/paperio/paperio/tourney"
)

// ErrNoRun is Pipeline.Run's answer when Resume asks to continue a folder
// that holds no run.
var ErrNoRun = errors.New("the folder holds no run to continue")

// Pipeline is a whole tuning as paperio tune runs it: a probe of which
// parameters the pool's games exercise, the tuning, a verification against
// each pool member, a head-to-head SPRT of the tuned point against the
// defaults, the convergence chart and verify.txt. Everything is kept in
// Options.Dir, so that a run cut short continues where it stopped.
type Pipeline struct {
	Options // the tuning; Dir is required
	// ProbePairs are the starts per pool member of the probe (0: no probe).
	ProbePairs int
	// PoolGames are the games per pool member of the verification against
	// the pool (0: none); PoolSPRT, if positive, is H1 of an SPRT of the
	// score difference per member (H0 is 0).
	PoolGames int
	PoolSPRT  float64
	// VerifyGames are the most games of the head-to-head SPRT (0: none),
	// Elo1 its H1 in normalized Elo (H0 is 0).
	VerifyGames int
	Elo1        float64
	// Resume refuses a folder that holds no run (ErrNoRun).
	Resume bool
	// Log hears the progress: the plan, the probe, each iteration and the
	// first batch's pace (nil: none). Out hears the results: the best
	// point, the verifications and their reports (nil: none).
	Log, Out io.Writer
}

// Outcome is what a Pipeline found.
type Outcome struct {
	*Result
	Probe      *Probe              // nil without a probe
	Pool       *PoolReport         // nil without a pool verification
	HeadToHead *tourney.SPRTReport // nil without the head-to-head SPRT
	// Verify are the lines of verify.txt.
	Verify []string
}

// Run runs the pipeline. Without a verification (the tuned point is the
// defaults), Outcome.Pool and HeadToHead are nil.
func (p Pipeline) Run(ctx context.Context) (*Outcome, error) {
	opts, out := p.Options, p.Dir
	if opts.Dir == "" {
		return nil, fmt.Errorf("tune: the pipeline needs an output folder")
	}
	if p.Log == nil {
		p.Log = io.Discard
	}
	if p.Out == nil {
		p.Out = io.Discard
	}
	sp, w := opts.Space, p.Out
	say := func(format string, a ...any) { fmt.Fprintf(p.Log, format, a...) }
	workers := pool.Size(opts.Workers)
	paced := false
	// pace prints the time per game measured on the first batch played and
	// what the rest of the run will take, before the run goes on to spend
	// its budget (an interrupted run continues where it stopped).
	pace := func(what string, pc Pace, tuningLeft int) {
		if paced || pc.Games == 0 {
			return
		}
		paced = true
		verify := p.PoolGames * 2 * len(opts.Pool)
		say("first batch (%s): %d games in %s, %s a game with %d workers; the %d tuning games left will take %s",
			what, pc.Games, pc.Wall.Round(time.Millisecond), pc.PerGame().Round(time.Microsecond), workers, tuningLeft, about(pc.Project(tuningLeft)))
		if verify > 0 {
			say(", the pool verification (up to %d games) %s", verify, about(pc.Project(verify)))
		}
		say("; interrupted, the same command continues the run\n")
	}
	onIteration := opts.OnIteration
	opts.OnIteration = func(rows []Row, replayed bool) {
		if !replayed {
			games := 0
			for _, r := range rows {
				games += int(r.Games)
			}
			pace("the first iteration", Pace{Games: games, Wall: time.Duration(rows[0].Seconds * float64(time.Second))}, opts.Budget-int(rows[0].Total))
		}
		var sc []string
		for _, r := range rows {
			sc = append(sc, fmt.Sprintf("%.3f", r.Score))
		}
		tag := ""
		if replayed {
			tag = " (resumed)"
		}
		say("iter %3d  games %5d  scores %s  now %s%s\n", rows[0].Iteration, rows[0].Total, strings.Join(sc, " "), rows[0].Current, tag)
		if onIteration != nil {
			onIteration(rows, replayed)
		}
	}
	if p.Resume {
		if _, ok, err := store.ReadAt(store.Join(out, SetupFile)); err != nil || !ok {
			return nil, ErrNoRun
		}
	}
	t, err := Open(opts)
	if err != nil {
		return nil, err
	}
	say("tuning %s [%s] with %s against %s; %d pairs per candidate, budget %d games, seed %d, out %s\n",
		sp.Bot, sp.Describe(), t.Setup.Optim.Method, PoolString(opts.Pool), opts.Pairs, opts.Budget, opts.Seed, out)
	say("plan: %d iterations of %d games (%d candidates × %d pairs × 2)\n", t.Setup.Optim.Iterations, t.Plan.PerIteration, t.Plan.Candidates, t.Plan.Pairs)
	say("schedule: %s\n", t.Setup.Optim.Schedule(sp.Dim()))
	o := &Outcome{}
	if p.ProbePairs > 0 {
		if o.Probe, err = t.Probe(ctx, p.ProbePairs); err != nil {
			return nil, err
		}
		o.Probe.WriteText(p.Log)
		pace("the probe", Pace{Games: o.Probe.Games, Wall: o.Probe.Wall}, opts.Budget-t.Recorded())
	}
	t0 := time.Now()
	if o.Result, err = t.Run(ctx); err != nil {
		return nil, err
	}
	res := o.Result
	fmt.Fprintf(w, "tuned in %d iterations, %d games, %s (%d iterations resumed)\n", len(Convergence(res.Rows, 1).Score), res.Games, time.Since(t0).Round(time.Second), res.Resumed)
	fmt.Fprintf(w, "best: %s  (%s/%s, %s/%s, %s/%s)\n", res.Best, out, BestFile, out, IterationsFile, out, PlotFile)
	var notes []string
	if o.Probe != nil {
		if un := o.Probe.Unexercised(); len(un) > 0 {
			n := fmt.Sprintf("not exercised by the pool's games (no outcome changed between the ends of their ranges in the probe): %s; their tuned values mean nothing", strings.Join(un, ", "))
			fmt.Fprintln(w, n)
			notes = append(notes, n)
		}
	}
	if def, _ := opts.Game.Canonical(sp.Bot); res.Best == def {
		n := "verification: none, the tuned point is the defaults"
		fmt.Fprintln(w, n)
		o.Verify = append([]string{n}, notes...)
		return o, WriteVerify(out, o.Verify...)
	}
	poolLine := "pool verification not run (--verify-pool 0)"
	if p.PoolGames > 0 {
		check := PoolCheck{Tuned: res.Best, Games: p.PoolGames}
		if p.PoolSPRT > 0 {
			check.Test = &rating.DiffSPRT{D0: 0, D1: p.PoolSPRT, Alpha: 0.05, Beta: 0.05}
		}
		rep, err := t.VerifyPool(ctx, check)
		if err != nil {
			return o, err
		}
		if rep != nil {
			o.Pool = rep
			rep.WriteText(w)
			poolLine = rep.Line()
		}
	}
	selfLine := "default verification not run (--verify 0)"
	if p.VerifyGames > 0 {
		vseed := VerifySeed(opts.Seed)
		fmt.Fprintf(w, "head to head: paperio sprt --p1 %s --p2 %s --elo0 0 --elo1 %g --max-games %d --seed %d\n", res.Best, sp.Bot, p.Elo1, p.VerifyGames, vseed)
		rep, err := Verify(ctx, opts.Game, opts.Players, res.Best, sp.Bot, opts.Config, vseed, p.Elo1, p.VerifyGames, opts.Workers, nil)
		if rep != nil {
			o.HeadToHead = rep
			rep.WriteText(w)
			e := rep.Estimate()
			elo := tourney.EloWords(e, "tuned", "default")
			if elo == "" {
				elo = tourney.Fixed(e.Elo, 1) + ", 95 % interval " + tourney.EloInterval(e, 1)
			}
			selfLine = fmt.Sprintf("tuned vs default: Elo %s over %d games%s; SPRT (normalized Elo 0 vs %g): %s",
				elo, rep.W+rep.D+rep.L, aboveZero(e), p.Elo1, rep.Decision)
			fmt.Fprintln(w, selfLine)
			selfLine = "default verification " + selfVerdict(rep.Decision) + ": " + selfLine
		}
		if err != nil {
			return o, err
		}
	}
	if o.Pool != nil {
		if err := SavePlot(res.Rows, store.Join(out, PlotFile), o.Pool); err != nil {
			return o, err
		}
	}
	o.Verify = append([]string{poolLine, selfLine}, notes...)
	return o, WriteVerify(out, o.Verify...)
}

// about is a projected duration in words.
func about(d time.Duration) string {
	switch {
	case d < time.Second:
		return "under a second"
	case d < 10*time.Minute:
		return "about " + d.Round(time.Second).String()
	}
	return "about " + d.Round(time.Minute).String()
}

// selfVerdict is the head-to-head SPRT's decision as a verdict.
func selfVerdict(d rating.Decision) string {
	switch d {
	case rating.AcceptH1:
		return Passed
	case rating.AcceptH0:
		return Failed
	}
	return Inconclusive
}

func aboveZero(e rating.Estimate) string {
	if e.EloLo > 0 {
		return " (above 0)"
	}
	return ""
}
