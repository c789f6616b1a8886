package main

import (
	"fmt"
	"io"
	"os"
)

func init() {
	register("conform", "replay reference games and compare every frame and the result", runConform)
}

func runConform(args []string) error {
	fs := newFlags("conform", "[--game G] FILE...")
	g, err := gameFlag(fs, args)
	if err != nil {
		return err
	}
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("no replay files given")
	}
	games, frames, bad := 0, 0, 0
	for _, name := range fs.Args() {
		n, f, b, err := g.Replays().Check(name, func(line string) { fmt.Fprintln(stdout, line) })
		games, frames, bad = games+n, frames+f, bad+b
		if err != nil {
			return usagef("%v", err)
		}
	}
	fmt.Fprintf(stdout, "%d games, %d frames, %d mismatched\n", games, frames, bad)
	if bad > 0 {
		return exitError{1}
	}
	return nil
}

// stdout is where commands print their results (a variable for tests).
var stdout io.Writer = os.Stdout
