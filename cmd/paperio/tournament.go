package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/durable"
	"github.com/paperio/paperio/internal/progress"
	"github.com/paperio/paperio/results"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/store"
	"github.com/paperio/paperio/tourney"
)

// keepPlayers is the most players a tournament or a self-play run keeps
// the checked instances of for their first series or game.
const keepPlayers = 8

func init() {
	register("tournament", "round robin, knockout or gauntlet of series with course scoring, live standings, ratings and an output folder", runTournament)
}

func runTournament(args []string) error {
	fs := newFlags("tournament", "--format roundrobin|knockout|gauntlet --players A,B,... [--groups N] [--games-per-series 20] [--workers N] [--seed S] [--out DIR|URL] [--shard i/n|auto [--shards N] | --assemble] [flags]")
	mf, err := addMatchFlags(fs, args, true)
	if err != nil {
		return err
	}
	format := fs.String("format", "roundrobin", "roundrobin (every pair of a group plays a series), knockout (group round robins, then E1–W2, E2–W1, S1–N2, S2–N1, semi-finals, final and third place) or gauntlet (the first player against each other)")
	playerList := fs.String("players", "", "player specs `A,B,...` ("+specKinds(mf.game.g, "bot specs with their options")+"; py:DIR/ or 'py:DIR/t_*.py' for every course AI there); dealt to groups in turn")
	groups := fs.Int("groups", 0, "groups, players dealt in turn: roundrobin default 1; knockout default 4 (E, W, S, N; 2 or 1 with fewer than 8 or 4 players), a power of two")
	games := fs.Int("games-per-series", 20, "games per series at most (even); a series stops when a player has won more than half")
	workers := fs.Int("workers", 0, "series played at once (0 = one per CPU); a series plays its games one after another")
	seed := fs.Int64("seed", 1, "run seed: each series' starts derive from it and the series' name")
	out := fs.String("out", "", "output folder or bucket URL: results.sqlite, games/ and turns/ parquet, replays/, report.txt; running again with the same flags resumes")
	shard := fs.String("shard", "", "play only shard `i/n` of each stage's series, recorded as objects in --out (auto: i from $JOB_COMPLETION_INDEX); then --assemble")
	shards := fs.Int("shards", 0, "number of shards n for --shard auto (default $PAPERIO_SHARDS)")
	assemble := fs.Bool("assemble", false, "make the results (standings, ratings, results.sqlite, Parquet, replays) from the series the shards recorded in --out, playing any still missing")
	replays := fs.Int("replays", 3, "knockout: replays of a drawn series before the better-placed player goes through")
	quiet := fs.Bool("quiet", false, "no live table or progress lines; only the final report")
	allowBroken := fs.Bool("allow-broken", false, "keep players that cannot be started (a py: file that is missing, does not parse, lacks what the game's AIs define, or fails at import): each loses every game by an error (ERR), as the course scored it; without it such players are refused before the first game")
	view := fs.String("view", "", "serve the live view at `ADDR` (127.0.0.1:8765): games move on screen as they are played, standings update; it stays up after the run until Ctrl-C")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *playerList == "" {
		return usagef("--players is required")
	}
	specs, err := selfplay.ParseBots(mf.game.g, *playerList)
	if err != nil {
		return usagef("--players: %v", err)
	}
	so, err := mf.series(*games)
	if err != nil {
		return err
	}
	// The instances checked are kept for each player's first series when
	// there are few players; with more, they would wait, each a process,
	// until then.
	players, err := entrantsAllowing(mf.game.g, mf.options, *allowBroken, len(specs) <= keepPlayers, specs...)
	if err != nil {
		return err
	}
	defer game.ReleaseAll(players)
	if *workers < 0 || *replays < 0 {
		return usagef("--workers and --replays must not be negative")
	}
	opt := tourney.Options{Format: *format, Players: players, Groups: *groups, Series: so, Seed: *seed, Workers: *workers, Replays: *replays}
	if err := opt.Validate(); err != nil {
		return usagef("%v", err)
	}
	if *shard != "" || *assemble || store.IsURL(*out) {
		return runTournamentObjects(opt, *out, *shard, *shards, *assemble, *quiet)
	}
	if *out != "" {
		st, err := results.OpenStore(*out, mf.game.g)
		if err != nil {
			return err
		}
		defer st.Close()
		opt.Store = st
	}

	title := fmt.Sprintf("paperio tournament (%s, %d players)", *format, len(players))
	tracker := tourney.NewTracker(title)
	var live *progress.Display
	if !*quiet && stdout == os.Stdout {
		live = progress.Start(os.Stdout, 500*time.Millisecond, tracker.Render)
	}
	lv, err := startRunView(*view, title, mf.game)
	if err != nil {
		return err
	}
	opt.OnEvent = func(ev tourney.Event) {
		tracker.Handle(ev)
		if !*quiet && live == nil && ev.Kind == tourney.SeriesFinished {
			fmt.Fprintln(stdout, tracker.Line())
		}
		if lv != nil {
			lv.live.Event(ev)
		}
	}
	if lv != nil {
		opt.Watch = lv.live.Watch
	}
	ctx, stop := signalContext()
	defer stop()
	rep, err := tourney.Run(ctx, opt)
	live.Stop(false)
	if err != nil {
		if ctx.Err() != nil && *out != "" {
			return fmt.Errorf("%v; finished series are in %s: run the same command again to resume", err, *out)
		}
		return err
	}
	var buf bytes.Buffer
	rep.WriteText(&buf)
	stdout.Write(buf.Bytes())
	if *out != "" {
		if err := durable.WriteFile(filepath.Join(*out, "report.txt"), buf.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\nOutput: %s (%s)\n", *out, outputParts(opt.Series.Game))
	}
	lv.finish()
	return nil
}

// runTournamentObjects plays a tournament whose series are kept as objects
// in a folder or bucket (package results, Objects): one shard of it, or the
// whole of it, and then, unless it is a shard, assembles the results there.
func runTournamentObjects(opt tourney.Options, out, shardFlag string, shards int, assemble, quiet bool) error {
	if out == "" {
		return usagef("--shard and --assemble need --out")
	}
	if shardFlag != "" && assemble {
		return usagef("--assemble makes the results of all shards: give it without --shard")
	}
	if shardFlag != "" {
		sh, err := selfplay.ResolveShard(shardFlag, shards, os.Getenv)
		if err != nil {
			return usagef("--shard: %v", err)
		}
		opt.Shard = tourney.Shard{I: sh.I, N: sh.N}
	}
	g := opt.Series.Game
	objs, err := results.OpenObjects(out, g)
	if err != nil {
		return err
	}
	defer objs.Close()
	opt.Store = objs
	played := 0
	opt.OnEvent = func(ev tourney.Event) {
		if ev.Kind == tourney.SeriesFinished && !ev.Resumed {
			played++
			if !quiet {
				fmt.Fprintf(stdout, "%s: %d-%d-%d\n", ev.Key, ev.Result.WinsA, ev.Result.Draws, ev.Result.WinsB)
			}
		}
	}
	ctx, stop := signalContext()
	defer stop()
	rep, err := tourney.Run(ctx, opt)
	if errors.Is(err, tourney.ErrOtherShards) {
		fmt.Fprintf(stdout, "shard %d/%d: played %d series (%d store retries); %v: when every index is done, run the same command with --assemble instead of --shard\n",
			opt.Shard.I, opt.Shard.N, played, objs.Retries(), err)
		return nil
	}
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%v; finished series are in %s: run the same command again to resume", err, out)
		}
		return err
	}
	if opt.Shard.N > 1 {
		fmt.Fprintf(stdout, "shard %d/%d: played %d series (%d store retries); every series is recorded: run the same command with --assemble instead of --shard\n",
			opt.Shard.I, opt.Shard.N, played, objs.Retries())
		return nil
	}
	var buf bytes.Buffer
	rep.WriteText(&buf)
	stdout.Write(buf.Bytes())
	if err := results.Assemble(out, g, opt.Describe(), objs.Groups(), rep, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nOutput: %s (%s); %d series taken from the recorded ones, %d played here\n",
		out, outputParts(g), rep.Resumed, played)
	return nil
}

// outputParts lists what a tournament's output folder holds, the per-move
// table under the game's own folder name (turns/, moves/, …).
func outputParts(g game.Game) string {
	return "results.sqlite, games/, " + g.Info().MovesTable + "/, replays/, report.txt"
}
