package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/tune"
)

func init() {
	register("tune", "tune a bot's parameters by paired games against a pool (SPSA or CMA-ES), then verify the gain against the pool and against the defaults", runTune)
}

// defaultVerifyPool is --verify-pool's default when --against names the
// pool.
const defaultVerifyPool = 200

// tuneFlags are the flags of paperio tune.
type tuneFlags struct {
	bot, params, method, against, out, from *string
	budget, batch, workers, verify, probe   *int
	verifyPool                              *int
	seed                                    *int64
	elo1, poolSPRT, a0, c0, maxStep, step   *float64
	quiet, resume                           *bool
}

func runTune(args []string) error {
	fs := newFlags("tune", "[--game G] --bot heuristic [--params key=lo:hi,…] [--method spsa|cmaes] [--against SPEC[@W],…] [--budget GAMES] [--batch N] [--workers N] [--seed S] [--from DIR] [--out DIR] [--resume]")
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return err
	}
	f := tuneFlags{
		bot:        fs.String("bot", defaultTuneBot(gs.g), "the bot whose parameters are tuned"),
		params:     fs.String("params", "", "parameters and ranges to tune, key=lo:hi,… (default: every parameter over its documented range)"),
		method:     fs.String("method", "spsa", "optimiser: spsa or cmaes"),
		against:    fs.String("against", "", "the pool, SPEC[@WEIGHT],… (each "+specKinds(gs.g, "a bot spec")+"; py:DIR/ or 'py:DIR/t_*.py' for every course AI there, each with the weight); a batch's pairs are shared out by weight (default: the bot's defaults @13, random, goround, wanderer)"),
		budget:     fs.Int("budget", 60000, "games to play while tuning (60000 take about a minute on two cores with built-in bots); at least 10 iterations' worth"),
		batch:      fs.Int("batch", 32, "pairs (two games from one start, both sides) per candidate per iteration"),
		workers:    fs.Int("workers", 0, "games played at once, course AIs included (0 = one per CPU)"),
		seed:       fs.Int64("seed", 1, "run seed: the games' starts and the optimiser's randomness"),
		out:        fs.String("out", "out/tune", "output folder: iterations.parquet, best.txt (the tuned spec alone, one line: pass \"$(cat best.txt)\" as a player), verify.txt (what the verifications found), convergence.png, tune.json, probe.json, pool.json; a run there is resumed"),
		resume:     fs.Bool("resume", false, "continue the run in --out (an error when it holds none); a run of the same setup there is continued without it too"),
		from:       fs.String("from", "", "a self-play dataset folder whose games choose the starting values"),
		probe:      fs.Int("probe", 2, "starts per pool member on which each parameter is played at both ends of its range, to find the parameters the pool's games never exercise (0: no probe)"),
		verifyPool: fs.Int("verify-pool", defaultVerifyPool, "games per pool member of the final check against the pool: tuned and default each play them, on the same starts, both sides (0: none; without --against, none unless given)"),
		poolSPRT:   fs.Float64("pool-sprt", 0, "also an SPRT per pool member of the score difference, tuned minus default: H0 0, H1 this (e.g. 0.05); a member's games stop when it decides (0: none)"),
		verify:     fs.Int("verify", 2000, "games of the final SPRT, tuned against the defaults head to head on fresh starts (0: no verification)"),
		elo1:       fs.Float64("elo1", 5, "H1 of the final SPRT (normalized Elo; H0 is 0)"),
		maxStep:    fs.Float64("spsa-step", 0, fmt.Sprintf("SPSA's largest step in the first iteration, as a share of each range (0: %g); later steps shrink on Spall's schedule", tune.DefaultMaxStep)),
		a0:         fs.Float64("spsa-a", 0, "SPSA step gain a, in units of the parameter ranges (0: from --spsa-step)"),
		c0:         fs.Float64("spsa-c", 0, fmt.Sprintf("SPSA perturbation c (0: %g), in units of the parameter ranges", tune.DefaultPerturbation)),
		step:       fs.Float64("cmaes-step", 0, "CMA-ES initial step (0: 0.05), in units of the parameter ranges"),
		quiet:      fs.Bool("quiet", false, "print only the result"),
	}
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *f.method != tune.MethodSPSA && *f.method != tune.MethodCMAES {
		return usagef("--method %q: want spsa or cmaes", *f.method)
	}
	if *f.batch <= 0 || *f.budget <= 0 || *f.workers < 0 || *f.verify < 0 || *f.probe < 0 || *f.verifyPool < 0 ||
		*f.a0 < 0 || *f.c0 < 0 || *f.maxStep < 0 || *f.step < 0 {
		return usagef("--batch and --budget must be positive; --workers, --verify, --verify-pool, --probe, --spsa-a, --spsa-c, --spsa-step and --cmaes-step not negative")
	}
	if *f.poolSPRT < 0 || *f.poolSPRT >= 1 {
		return usagef("--pool-sprt %g: want a score difference in [0, 1)", *f.poolSPRT)
	}
	if *f.out == "" {
		return usagef("--out must name a folder")
	}
	if *f.against == "" && !flagGiven(fs, "verify-pool") {
		*f.verifyPool = 0 // the default pool is mostly the bot itself: the head-to-head check says it
	}
	c, po, think, err := gs.resolve()
	if err != nil {
		return err
	}
	g := gs.g
	ranges, err := tune.ParseRanges(*f.params)
	if err != nil {
		return usagef("--params: %v", err)
	}
	sp, err := tune.NewSpace(g, *f.bot, ranges)
	if err != nil {
		return usagef("%v", err)
	}
	pl := tune.DefaultPool(g, sp.Bot)
	if *f.against != "" {
		if pl, err = tune.ParsePool(g, *f.against); err != nil {
			return usagef("--against: %v", err)
		}
		var specs []string
		for _, op := range pl {
			specs = append(specs, op.Spec)
		}
		if err := checkSpecs(g, po, specs); err != nil {
			return err
		}
	}
	if err := tune.NewPlan(*f.method, 0, sp.Dim(), *f.batch, *f.budget).Check(); err != nil {
		return usagef("--budget %d: %v", *f.budget, err)
	}
	opts := tune.Options{Space: sp, Method: *f.method, Pool: pl, Pairs: *f.batch, Budget: *f.budget, Seed: *f.seed, Config: c,
		Game: g, Workers: *f.workers, Players: po, Think: think, Dir: *f.out,
		Optim: tune.Settings{A0: *f.a0, C0: *f.c0, MaxStep: *f.maxStep, Step: *f.step}}
	if *f.from != "" {
		start, why, err := tune.FromDataset(*f.from, sp)
		if err != nil {
			return dataErr(err)
		}
		opts.Start, opts.StartWhy = start, why
		fmt.Fprintf(stdout, "start inferred from %s\n", why)
		fmt.Fprintf(stdout, "start: %s\n", sp.SpecOf(start))
	}
	p := tune.Pipeline{Options: opts, ProbePairs: *f.probe, PoolGames: *f.verifyPool, PoolSPRT: *f.poolSPRT,
		VerifyGames: *f.verify, Elo1: *f.elo1, Resume: *f.resume, Log: stdout, Out: stdout}
	if *f.quiet {
		p.Log = nil
	}
	ctx, stop := signalContext()
	defer stop()
	if _, err := p.Run(ctx); err != nil {
		if errors.Is(err, tune.ErrNoRun) {
			return usagef("--resume: %s holds no run to continue", *f.out)
		}
		return interrupted(err, *f.out)
	}
	return nil
}

// flagGiven says whether the command line set the flag.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// interrupted explains a run cut short by Ctrl-C: what it keeps and how
// to continue.
func interrupted(err error, out string) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, play.ErrStopped) {
		return fmt.Errorf("interrupted; what was played is kept in %s: run the same command again (or with --resume) to continue", out)
	}
	return err
}

// defaultTuneBot is the bot tuned without --bot, as the game says
// (game.Info.TuneBot).
func defaultTuneBot(g game.Game) string { return g.Info().TuneBot(g.Bots()) }
