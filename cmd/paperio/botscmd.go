package main

import (
	"fmt"
)

func init() {
	register("bots", "list the built-in bots with their parameters and defaults", runBots)
}

func runBots(args []string) error {
	fs := newFlags("bots", "[--game G]")
	g, err := gameFlag(fs, args)
	if err != nil {
		return err
	}
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	for _, b := range g.Bots() {
		fmt.Fprintln(stdout, b.String())
	}
	// Players of the game's own kinds besides its bots (paper.io's
	// policy:FILE).
	if k, ok := g.(interface{ PlayerKinds() []string }); ok {
		for _, line := range k.PlayerKinds() {
			fmt.Fprintln(stdout, line)
		}
	}
	return nil
}
