package main

import (
	"fmt"
	"time"

	"github.com/paperio/paperio/viewer"
)

func init() {
	register("human", "play against an AI in the web browser (paper.io: arrow keys or WASD; eraser: click two cells to swap; stellar: choose commands on the map; turn-based or on a clock)", runHuman)
}

func runHuman(args []string) error {
	fs := newFlags("human", "--p2 SPEC | --p1 SPEC [--clock MS] [--seed N] [--record DIR] [--addr 127.0.0.1:8765] [--open] [game settings]")
	gs, err := addGameFlags(fs, args)
	if err != nil {
		return err
	}
	p1 := fs.String("p1", "", "the AI moving first (you move second): "+specKinds(gs.g, "a bot spec"))
	p2 := fs.String("p2", "", "the AI moving second (you move first): "+specKinds(gs.g, "a bot spec"))
	clock := fs.Int("clock", 0, "milliseconds a move (paper.io: a half-step; eraser: a swap; stellar: a turn), 20 to 10000: the game goes on without waiting for you; 0: it waits for you (turn-based)")
	seed := fs.Int64("seed", time.Now().UnixNano()%1_000_000, "seed of the start")
	record := fs.String("record", "out/human", "folder where the games are recorded (human.jsonl), to view afterwards like any other")
	addr := fs.String("addr", defaultAddr, "address to listen on")
	open := fs.Bool("open", false, "open the play page in the web browser")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if err := viewer.CheckClock(*clock); err != nil {
		return usagef("--clock %d: %v", *clock, err)
	}
	if (*p1 == "") == (*p2 == "") {
		return usagef("name the AI with --p2 SPEC (you move first) or --p1 SPEC (you move second)")
	}
	c, o, budget, err := gs.resolve()
	if err != nil {
		return err
	}
	req := viewer.PlayRequest{Side: 1, Opponent: *p2, Clock: *clock, Seed: *seed}
	if *p1 != "" {
		req.Side, req.Opponent = 2, *p1
	}
	spec, err := gs.g.Canonical(req.Opponent)
	if err != nil {
		return usagef("%v", err)
	}
	es, err := entrants(gs.g, o, spec)
	if err != nil {
		return err
	}
	req.Opponent = es[0].Spec
	loop, err := checkAddr(*addr)
	if err != nil {
		return err
	}
	srv, err := viewer.New(viewer.Options{Paths: nil, Record: *record, Game: gs.g, Config: c, Players: o, Budget: budget,
		Opponents: []string{req.Opponent}, Suggest: req, Home: "/play", Loopback: loop})
	if err != nil {
		return err
	}
	defer srv.Close()
	fmt.Fprintf(stdout, "%s against %s on %s; games are recorded in %s\n", gs.g.Info().Title, req.Opponent, c, *record)
	ctx, stop := signalContext()
	defer stop()
	return serve(ctx, *addr, srv, *open, "/play")
}
