package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/paperio/paperio/replay"
)

func init() {
	register("conform", "replay reference games and compare every frame and the result", runConform)
}

func runConform(args []string) error {
	fs := newFlags("conform", "FILE...")
	if err := parseFlags(fs, args, true); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usagef("no replay files given")
	}
	games, frames, bad := 0, 0, 0
	for _, name := range fs.Args() {
		r, err := replay.Open(name)
		if err != nil {
			return usagef("%v", err)
		}
		for {
			g, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				r.Close()
				return usagef("%v", err)
			}
			n, m := replay.Check(g)
			games++
			frames += n
			if m != nil {
				bad++
				fmt.Fprintf(stdout, "%s:%d %s: %v\n", name, r.Line(), g.ID, m)
			}
		}
		r.Close()
	}
	fmt.Fprintf(stdout, "%d games, %d frames, %d mismatched\n", games, frames, bad)
	if bad > 0 {
		return exitError{1}
	}
	return nil
}

// stdout is where commands print their results (a variable for tests).
var stdout io.Writer = os.Stdout
