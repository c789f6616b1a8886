package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/tune"
)

func init() {
	register("tune", "tune a bot's parameters by paired games against a pool (SPSA or CMA-ES), then verify against the defaults with an SPRT", runTune)
}

func runTune(args []string) error {
	fs := newFlags("tune", "[--game G] --bot heuristic [--params key=lo:hi,…] [--method spsa|cmaes] [--against SPEC[@W],…] [--budget GAMES] [--batch N] [--workers N] [--seed S] [--from DIR|URL] [--out DIR|URL]")
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return err
	}
	bot := fs.String("bot", defaultTuneBot(gs.g), "the bot whose parameters are tuned")
	params := fs.String("params", "", "parameters and ranges to tune, key=lo:hi,… (default: every parameter over its documented range)")
	method := fs.String("method", "spsa", "optimiser: spsa or cmaes")
	against := fs.String("against", "", "the pool, SPEC[@WEIGHT],…; a batch's pairs are shared out by weight (default: the bot's defaults @13, random, goround, wanderer)")
	budget := fs.Int("budget", 60000, "games to play while tuning (60000 take about a minute on two cores)")
	batch := fs.Int("batch", 32, "pairs (two games from one start, both sides) per candidate per iteration")
	workers := fs.Int("workers", 0, "games played at once (0 = one per CPU)")
	seed := fs.Int64("seed", 1, "run seed: the games' starts and the optimiser's randomness")
	out := fs.String("out", "out/tune", "output folder or bucket URL: iterations.parquet, best.txt, convergence.png, tune.json; a run there is resumed")
	from := fs.String("from", "", "a self-play dataset (folder or bucket URL) whose games choose the starting values")
	verify := fs.Int("verify", 2000, "games of the final SPRT, tuned against the defaults on fresh starts (0: no verification)")
	elo1 := fs.Float64("elo1", 5, "H1 of the final SPRT (normalized Elo; H0 is 0)")
	a0 := fs.Float64("spsa-a", 0, "SPSA step gain a (0: 0.1), in units of the parameter ranges")
	c0 := fs.Float64("spsa-c", 0, "SPSA perturbation c (0: 0.05), in units of the parameter ranges")
	step := fs.Float64("cmaes-step", 0, "CMA-ES initial step (0: 0.05), in units of the parameter ranges")
	quiet := fs.Bool("quiet", false, "print only the result")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *method != tune.MethodSPSA && *method != tune.MethodCMAES {
		return usagef("--method %q: want spsa or cmaes", *method)
	}
	if *batch <= 0 || *budget <= 0 || *workers < 0 || *verify < 0 || *a0 < 0 || *c0 < 0 || *step < 0 {
		return usagef("--batch and --budget must be positive; --workers, --verify, --spsa-a, --spsa-c and --cmaes-step not negative")
	}
	if *out == "" {
		return usagef("--out must name a folder")
	}
	c, po, think, err := gs.resolve()
	if err != nil {
		return err
	}
	g := gs.g
	ranges, err := tune.ParseRanges(*params)
	if err != nil {
		return usagef("--params: %v", err)
	}
	sp, err := tune.NewSpace(g, *bot, ranges)
	if err != nil {
		return usagef("%v", err)
	}
	pool := tune.DefaultPool(g, sp.Bot)
	if *against != "" {
		if pool, err = tune.ParsePool(g, *against); err != nil {
			return usagef("--against: %v", err)
		}
	}
	ncand := tune.Candidates(*method, 0, sp.Dim())
	if per := ncand * 2 * *batch; *budget < per {
		return usagef("--budget %d is less than one iteration (%d candidates × %d pairs × 2 = %d games)", *budget, ncand, *batch, per)
	}
	opts := tune.Options{Space: sp, Method: *method, Pool: pool, Pairs: *batch, Budget: *budget, Seed: *seed, Config: c,
		Game: g, Workers: *workers, Players: po, Think: think, Dir: *out, Optim: tune.Settings{A0: *a0, C0: *c0, Step: *step}}
	if *from != "" {
		start, why, err := tune.FromDataset(*from, sp)
		if err != nil {
			return err
		}
		opts.Start, opts.StartWhy = start, why
		fmt.Fprintf(stdout, "start inferred from %s\n", why)
		fmt.Fprintf(stdout, "start: %s\n", sp.SpecOf(start))
	}
	if !*quiet {
		fmt.Fprintf(stdout, "tuning %s [%s] with %s against %s; %d pairs per candidate, budget %d games, seed %d, out %s\n",
			sp.Bot, sp.Describe(), *method, tune.PoolString(pool), *batch, *budget, *seed, *out)
	}
	t0 := time.Now()
	opts.OnIteration = func(rows []tune.Row, replayed bool) {
		if *quiet {
			return
		}
		var sc []string
		for _, r := range rows {
			sc = append(sc, fmt.Sprintf("%.3f", r.Score))
		}
		tag := ""
		if replayed {
			tag = " (resumed)"
		}
		fmt.Fprintf(stdout, "iter %3d  games %5d  scores %s  now %s%s\n", rows[0].Iteration, rows[0].Total, strings.Join(sc, " "), rows[0].Current, tag)
	}
	ctx, stop := signalContext()
	defer stop()
	res, err := tune.Run(ctx, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "tuned in %d iterations, %d games, %s (%d iterations resumed)\n", len(tune.Convergence(res.Rows, 1).Score), res.Games, time.Since(t0).Round(time.Second), res.Resumed)
	fmt.Fprintf(stdout, "best: %s  (%s/%s, %s/%s, %s/%s)\n", res.Best, *out, tune.BestFile, *out, tune.IterationsFile, *out, tune.PlotFile)
	if *verify == 0 {
		return nil
	}
	vseed := tune.VerifySeed(*seed)
	fmt.Fprintf(stdout, "verification: paperio sprt --p1 %s --p2 %s --elo0 0 --elo1 %g --max-games %d --seed %d\n", res.Best, sp.Bot, *elo1, *verify, vseed)
	rep, err := tune.Verify(ctx, g, po, res.Best, sp.Bot, c, vseed, *elo1, *verify, *workers, nil)
	if rep != nil {
		rep.WriteText(stdout)
		e := rep.Estimate()
		fmt.Fprintf(stdout, "tuned vs default: Elo %s, 95 %% interval [%s, %s] over %d games%s\n", fmtStat(e.Elo), fmtStat(e.EloLo), fmtStat(e.EloHi), rep.W+rep.D+rep.L, aboveZero(e))
	}
	return err
}

func aboveZero(e rating.Estimate) string {
	if e.EloLo > 0 {
		return " (above 0)"
	}
	return ""
}

// defaultTuneBot is the bot tuned without --bot: paper.io's heuristic, or
// the game's first bot with parameters.
func defaultTuneBot(g game.Game) string {
	if g.Name() == "paperio" {
		return "heuristic"
	}
	for _, b := range g.Bots() {
		if len(b.Params) > 0 {
			return b.Name
		}
	}
	return ""
}
