package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/paperio/paperio/game"
	_ "github.com/paperio/paperio/games/all" // every game
	"github.com/paperio/paperio/pyai"
)

// gameFlag adds --game to a command's flags and returns the game args name
// (read ahead of parsing, since the game's own settings are flags too).
func gameFlag(fs *flag.FlagSet, args []string) (game.Game, error) {
	fs.String("game", game.Default(), "the game: "+strings.Join(game.Names(), ", "))
	name := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		for _, p := range []string{"--game=", "-game="} {
			if v, ok := strings.CutPrefix(a, p); ok {
				name = v
			}
		}
		if (a == "--game" || a == "-game") && i+1 < len(args) {
			name = args[i+1]
			i++
		}
	}
	g, err := game.Lookup(name)
	if err != nil {
		return nil, usagef("--game: %v", err)
	}
	return g, nil
}

// specForms are the forms of a player spec other than a built-in bot's that
// g takes: py:FILE (a course AI), exec:FILE (a program) and the kinds made
// from a file that g registers (paper.io: policy:FILE, a learned policy).
func specForms(g game.Game) []string {
	forms := []string{game.PyPrefix + "FILE", game.ExecPrefix + "FILE"}
	if k, ok := g.(interface{ FileSpecs() []string }); ok {
		forms = append(forms, k.FileSpecs()...)
	}
	return forms
}

// specKinds is how the help of every command that plays names the player
// specs it takes: bots (as "a bot spec", say), then each of specForms,
// "a bot spec, py:FILE, exec:FILE or policy:FILE".
func specKinds(g game.Game, bots string) string {
	forms := append([]string{bots}, specForms(g)...)
	return strings.Join(forms[:len(forms)-1], ", ") + " or " + forms[len(forms)-1]
}

// playerFlags are the flags of every command that plays games: the think
// time of course AIs and how they run.
type playerFlags struct {
	time        *float64
	courseRules *bool
	sandbox     *string
	python      *string
	stderrDir   *string
}

func addPlayerFlags(fs *flag.FlagSet, g game.Game) *playerFlags {
	def := 30.0
	if t, ok := g.(interface{ DefaultThinkTime() time.Duration }); ok {
		def = t.DefaultThinkTime().Seconds() // the game's course budget (eraser: 60 s)
	}
	return &playerFlags{
		time:        fs.Float64("time", def, "think time per course AI (py:) or program (exec:) per game in seconds, charged for load and every play as the course did; 0 = unlimited. Built-in bots are not timed. Default per game: paperio 30, eraser 60 (the course's); stellar 30, and it bounds only the AI's load: each call has --call-time (stellar's setting, 0.1 s)"),
		courseRules: fs.Bool("course-rules", false, "refuse py: AIs that use what the course banned (global statements, os, sys, threading, multiprocessing)"),
		sandbox:     fs.String("sandbox", "auto", "py: AIs and exec: programs run under bwrap (no network, read-only filesystem): auto (when bwrap works), on or off"),
		python:      fs.String("python", pyai.DefaultPython(), "the Python interpreter of py: AIs (e.g. /usr/bin/python3 for Debian's numpy); default $PAPERIO_PYTHON, else python3"),
		stderrDir:   fs.String("stderr-dir", "", "keep each exec: program's standard error, whole, in `DIR` (made if missing): one file per process, STEM-YYYYMMDD-HHMMSS-PID.log, STEM the program's file name; without it only the first and last 32 KiB are kept in memory and the last line is shown when the player fails"),
	}
}

// options checks the flags and returns the players' options and the
// think-time budget per game (0: unlimited).
func (p *playerFlags) options() (game.PlayerOptions, time.Duration, error) {
	if *p.time < 0 {
		return game.PlayerOptions{}, 0, usagef("--time %v: must be 0 (unlimited) or positive", *p.time)
	}
	if _, err := pyai.ParseSandbox(*p.sandbox); err != nil {
		return game.PlayerOptions{}, 0, usagef("--sandbox: %v", err)
	}
	if *p.stderrDir != "" {
		if err := os.MkdirAll(*p.stderrDir, 0o755); err != nil {
			return game.PlayerOptions{}, 0, usagef("--stderr-dir: %v", err)
		}
	}
	budget := time.Duration(*p.time * float64(time.Second))
	return game.PlayerOptions{Budget: budget, CourseRules: *p.courseRules, Sandbox: *p.sandbox, Python: *p.python, StderrDir: *p.stderrDir}, budget, nil
}

// gameSetup is a command's game, its settings and the players' options.
type gameSetup struct {
	g       game.Game
	config  func() (game.Config, error)
	players *playerFlags
}

// addGameFlags adds --game, the game's settings and the players' flags.
func addGameFlags(fs *flag.FlagSet, args []string) (*gameSetup, error) {
	g, err := gameFlag(fs, args)
	if err != nil {
		return nil, err
	}
	gs := &gameSetup{g: g, config: g.ConfigFlags(fs), players: addPlayerFlags(fs, g)}
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprint(fs.Output(), "\n"+otherSettings(g))
	}
	return gs, nil
}

// otherSettings lists, for a command's help, the settings of the games
// other than g, which the help with --game G shows in full: "With --game
// stellar: --call-time, --map, --turns (…)", and --time where its default
// differs.
func otherSettings(g game.Game) string {
	timeDefault := func(g game.Game) string {
		fs := flag.NewFlagSet(g.Name(), flag.ContinueOnError)
		addPlayerFlags(fs, g)
		return fs.Lookup("time").DefValue
	}
	var b strings.Builder
	for _, name := range game.Names() {
		other, err := game.Lookup(name)
		if err != nil || other.Name() == g.Name() {
			continue
		}
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		other.ConfigFlags(fs)
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
		if t := timeDefault(other); t != timeDefault(g) {
			names = append(names, "--time (default "+t+")")
		}
		fmt.Fprintf(&b, "With --game %s: %s; --game %s --help shows them.\n", name, strings.Join(names, ", "), name)
	}
	return b.String()
}

// resolve reads the settings and the players' options after parsing.
func (s *gameSetup) resolve() (game.Config, game.PlayerOptions, time.Duration, error) {
	c, err := s.config()
	if err != nil {
		return nil, game.PlayerOptions{}, 0, usagef("%v", err)
	}
	o, budget, err := s.players.options()
	return c, o, budget, err
}

// entrants builds the named players of specs (a player meeting itself gets
// a distinct name for the later side) and refuses, before any game, the
// course AIs that cannot be started (checkEntrants).
func entrants(g game.Game, o game.PlayerOptions, specs ...string) ([]*game.Entrant, error) {
	return entrantsAllowing(g, o, false, false, specs...)
}

// players is entrants for a command that plays them: the instance each
// check started (a program's process, a course AI's import) is kept for
// the entrant's first game (game.Entrant.Prepare). The caller releases the
// entrants when done (game.ReleaseAll).
func players(g game.Game, o game.PlayerOptions, specs ...string) ([]*game.Entrant, error) {
	return entrantsAllowing(g, o, false, true, specs...)
}

// entrantsAllowing is entrants; with allowBroken (a tournament's
// --allow-broken) a player that cannot be started is kept with a warning
// and loses every game by an error, as the course scored it. With keep, the
// instances checked are kept for the first games (players).
func entrantsAllowing(g game.Game, o game.PlayerOptions, allowBroken, keep bool, specs ...string) ([]*game.Entrant, error) {
	es, err := game.Entrants(g, o, specs...)
	if err != nil {
		return nil, usagef("%v", err)
	}
	if err := checkEntrants(es, allowBroken, keep); err != nil {
		game.ReleaseAll(es)
		return nil, err
	}
	return es, nil
}

// checkEntrants starts and imports every course AI once before the first
// game: one that cannot be started (its file is missing, does not parse,
// lacks what the game's AIs define, raises or exits at import) is a usage
// error naming each such file and why, unless allowBroken. With keep, the
// instances started are kept for the entrants' first games.
func checkEntrants(es []*game.Entrant, allowBroken, keep bool) error {
	check := game.CheckAll
	if keep {
		check = game.PrepareAll
	}
	broken := check(es, runtime.NumCPU())
	if len(broken) == 0 {
		return nil
	}
	lines := make([]string, len(broken))
	for i, b := range broken {
		lines[i] = b.Err.Error()
		if _, py, _ := game.PyPath(b.Entrant.Spec); !py {
			lines[i] = b.Entrant.Spec + ": " + lines[i]
		}
	}
	if allowBroken {
		for _, l := range lines {
			fmt.Fprintf(os.Stderr, "warning: %s; kept by --allow-broken, it loses every game by an error\n", l)
		}
		return nil
	}
	if len(lines) == 1 {
		return usagef("cannot start %s", lines[0])
	}
	return usagef("%d players cannot be started:\n  %s", len(lines), strings.Join(lines, "\n  "))
}

// checkSpecs checks the players of canonical specs as checkEntrants does
// (for commands that build their players later: tune, view).
func checkSpecs(g game.Game, o game.PlayerOptions, specs []string) error {
	_, err := specEntrants(g, o, specs, false)
	return err
}

// specEntrants are the entrants of canonical specs, one each, checked as
// checkEntrants does; with keep, each keeps the instance its check started
// for its first game, and the caller releases them (game.ReleaseAll).
func specEntrants(g game.Game, o game.PlayerOptions, specs []string, keep bool) (map[string]*game.Entrant, error) {
	var es []*game.Entrant
	bySpec := map[string]*game.Entrant{}
	for _, s := range specs {
		e, err := g.Entrant(s, o)
		if err != nil {
			return nil, usagef("%v", err)
		}
		es = append(es, e)
		bySpec[s] = e
	}
	if err := checkEntrants(es, false, keep); err != nil {
		game.ReleaseAll(es)
		return nil, err
	}
	return bySpec, nil
}
