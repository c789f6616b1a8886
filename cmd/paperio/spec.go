package main

import (
	"strconv"
	"strings"

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
