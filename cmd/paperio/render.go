package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/paperio/paperio/internal/durable"
	"github.com/paperio/paperio/viewer"
)

func init() {
	register("render", "draw a game as a PNG frame, an animated GIF or a self-contained HTML replay", runRender)
}

func runRender(args []string) error {
	fs := newFlags("render", "--data PATH --id ID --out game.gif|.png|.html [--from K] [--to K] [--every N] [--cell PX] [--delay CS]")
	data := fs.String("data", "", "self-play folder, tournament folder or replay file")
	id := fs.String("id", "", "the game: its id (game_id; a replay file's line number from 0) or a replay's own id")
	out := fs.String("out", "", "output file: .png (one frame), .gif (animation) or .html (the game's replay page, one self-contained file)")
	from := fs.Int("from", -1, "first frame drawn (paper.io: a half-step; eraser: a move; stellar: a turn; 0 is the start); .png: the frame drawn when --to is not given")
	to := fs.Int("to", -1, "last frame drawn (default: the end); .png: the frame drawn")
	every := fs.Int("every", 0, ".gif: every N-th frame (default: at most 200 frames)")
	cell := fs.Int("cell", 4, "pixels a cell (eraser and stellar: a unit of their drawing; a board cell of eraser is 4 units)")
	delay := fs.Int("delay", 4, ".gif: hundredths of a second a frame")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *data == "" || *id == "" || *out == "" {
		return usagef("--data, --id and --out are required")
	}
	ext := strings.ToLower(filepath.Ext(*out))
	if ext != ".png" && ext != ".gif" && ext != ".html" {
		return usagef("--out %q: want a .png, .gif or .html file", *out)
	}
	if *cell < 1 || *cell > 64 || *delay < 1 || *every < 0 {
		return usagef("--cell must be 1 to 64, --delay at least 1 and --every not negative")
	}
	g, err := viewer.OpenGame(*data, *id)
	if err != nil {
		return usagef("%v", err) // the data or the game named cannot be read
	}
	last := g.Frames() - 1
	var buf bytes.Buffer
	switch ext {
	case ".png":
		k := last
		switch {
		case *to >= 0:
			k = *to
		case *from >= 0:
			k = *from
		}
		err = g.WritePNG(&buf, k, *cell)
	case ".gif":
		lo, hi := max(*from, 0), last
		if *to >= 0 {
			hi = *to
		}
		n := *every
		if n == 0 {
			n = max(1, (hi-lo+199)/200)
		}
		err = g.WriteGIF(&buf, lo, hi, n, *cell, *delay)
	case ".html":
		err = g.WriteHTML(&buf)
	}
	if err != nil {
		return usagef("%v", err)
	}
	if err := durable.WriteFile(*out, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s (%d bytes)\n", *out, g.Meta.Title, buf.Len())
	return nil
}
