package main

import (
	"fmt"

	"github.com/paperio/paperio/bots"
)

func init() {
	register("bots", "list the built-in bots with their parameters and defaults", runBots)
}

func runBots(args []string) error {
	fs := newFlags("bots", "")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	for _, b := range bots.Catalog() {
		fmt.Fprintln(stdout, b.String())
	}
	return nil
}
