package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
)

// parseSize reads WxH.
func parseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(a)
		if err == nil {
			h, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil {
		return 0, 0, usagef("--size %q: want WxH, e.g. 102x101", s)
	}
	return w, h, nil
}

// gameConfig builds and checks the board and round count from flags.
func gameConfig(size string, turns int) (engine.Config, error) {
	w, h, err := parseSize(size)
	if err != nil {
		return engine.Config{}, err
	}
	c := engine.Config{Width: w, Height: h, MaxTurns: turns}
	if err := c.Validate(); err != nil {
		return c, usagef("%v", err)
	}
	return c, nil
}

// parseStart reads x,y,d:x,y,d.
func parseStart(s string) ([2]engine.Start, error) {
	var st [2]engine.Start
	parts := strings.Split(s, ":")
	if len(parts) != 2 {
		return st, usagef("--start %q: want x,y,d:x,y,d (player 1, then player 2)", s)
	}
	for i, p := range parts {
		f := strings.Split(p, ",")
		if len(f) != 3 {
			return st, usagef("--start %q: want x,y,d:x,y,d (player 1, then player 2)", s)
		}
		var v [3]int
		for j := range f {
			n, err := strconv.Atoi(strings.TrimSpace(f[j]))
			if err != nil {
				return st, usagef("--start %q: %q is not a number", s, f[j])
			}
			v[j] = n
		}
		st[i] = engine.Start{X: v[0], Y: v[1], Dir: v[2]}
	}
	return st, nil
}

// formatStart writes x,y,d:x,y,d.
func formatStart(st [2]engine.Start) string {
	return fmt.Sprintf("%d,%d,%d:%d,%d,%d", st[0].X, st[0].Y, st[0].Dir, st[1].X, st[1].Y, st[1].Dir)
}

// newBot parses a spec and builds the player; errors are usage errors.
func newBot(spec string) (bots.Bot, bots.Spec, error) {
	sp, err := bots.Parse(spec)
	if err != nil {
		return nil, sp, usagef("%v", err)
	}
	b, err := sp.New()
	if err != nil {
		return nil, sp, usagef("%v", err)
	}
	return b, sp, nil
}
