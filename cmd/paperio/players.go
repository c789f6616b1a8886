package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/players"
	"github.com/paperio/paperio/pyai"
)

// playerFlags are the flags of every command that plays games: the think
// time of course AIs and how they run.
type playerFlags struct {
	time        *float64
	courseRules *bool
	sandbox     *string
	python      *string
}

func addPlayerFlags(fs *flag.FlagSet) *playerFlags {
	return &playerFlags{
		time:        fs.Float64("time", 30, "think time per course AI (py:) per game in seconds, charged for load and every play as the course did; 0 = unlimited. Built-in bots are not timed"),
		courseRules: fs.Bool("course-rules", false, "refuse py: AIs that use what the course banned (global statements, os, sys, threading, multiprocessing)"),
		sandbox:     fs.String("sandbox", "auto", "py: AIs run under bwrap (no network, read-only filesystem): auto (when bwrap works), on or off"),
		python:      fs.String("python", "python3", "the Python interpreter of py: AIs (e.g. /usr/bin/python3 for Debian's numpy)"),
	}
}

// maker checks the flags and returns the player maker and the think-time
// budget per game (0: unlimited).
func (p *playerFlags) maker() (players.Maker, time.Duration, error) {
	if *p.time < 0 {
		return players.Maker{}, 0, usagef("--time %v: must be 0 (unlimited) or positive", *p.time)
	}
	budget := time.Duration(*p.time * float64(time.Second))
	o := pyai.Options{TimeBudget: budget, CourseRules: *p.courseRules, Python: *p.python}
	if budget == 0 {
		o.TimeBudget = 365 * 24 * time.Hour
	}
	sb, err := pyai.ParseSandbox(*p.sandbox)
	if err != nil {
		return players.Maker{}, 0, usagef("--sandbox: %v", err)
	}
	o.Sandbox = sb
	return players.Maker{Py: o}, budget, nil
}

// boardFlags are the board size and round count, defaulting to the
// course's.
type boardFlags struct {
	size  *string
	turns *int
}

func addBoardFlags(fs *flag.FlagSet) *boardFlags {
	return &boardFlags{
		size:  fs.String("size", fmt.Sprintf("%dx%d", engine.DefaultWidth, engine.DefaultHeight), "board size WxH (W even)"),
		turns: fs.Int("turns", engine.DefaultMaxTurns, "rounds per game (each round is a half-step of each player)"),
	}
}

// config builds and checks the board and round count.
func (b *boardFlags) config() (engine.Config, error) {
	return gameConfig(*b.size, *b.turns)
}

// entrants builds the named players of specs (a player meeting itself gets
// a distinct name for the later side) and warns about those that cannot be
// started: as in the course, such a player is not refused but loses every
// game by ERR.
func entrants(m players.Maker, specs ...string) ([]*players.Entrant, error) {
	es, err := m.Entrants(specs...)
	if err != nil {
		return nil, usagef("%v", err)
	}
	for name, err := range players.Check(es...) {
		fmt.Fprintf(os.Stderr, "warning: %s cannot be started (%v); it will lose every game by ERR\n", name, err)
	}
	return es, nil
}
