package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/games/paperio/rl"
	"github.com/paperio/paperio/games/paperio/rl/arrowipc"
)

func init() {
	register("export", "a self-play dataset or replay files as training rows (observations made again by the engine) in Arrow IPC", runExport)
}

func runExport(args []string) error {
	fs := newFlags("export", "--data DIR|FILE --out FILE.arrow|.feather|.arrows [--compress lz4|zstd|none] [--view crop11|full] [--batch 4096] [--shuffle] [--seed S] [--players A,B]")
	data := fs.String("data", "", "self-play folder (games/ as paperio selfplay writes it), or replay files: a file or a folder of *.jsonl[.gz] (reference games, play --record, human games)")
	out := fs.String("out", "", "Arrow IPC file to write (record batches, see docs/OBSERVATION.md): .arrow or .feather for the IPC file format, .arrows for the IPC stream format")
	compress := fs.String("compress", "lz4", "compression of the record batches' buffers: lz4 (LZ4 frames), zstd or none (readers without codecs)")
	view := fs.String("view", "crop11", "observation: full (the whole board) or cropK (a KxK window around the head, K odd)")
	batch := fs.Int("batch", 4096, "rows per record batch")
	shuffle := fs.Bool("shuffle", false, "mix the rows of many games (each game's rows stay in order)")
	seed := fs.Int64("seed", 0, "seed of the shuffle")
	inFlight := fs.Int("in-flight", 64, "games replayed side by side when shuffling")
	players := fs.String("players", "", "keep only the rows of these players' moves `A,B,...` (specs, or the short names plot shows: t_team for py:…/t_team.py)")
	quiet := fs.Bool("quiet", false, "no summary line")
	if err := parseFlags(fs, args, false); err != nil {
		return err
	}
	if *data == "" || *out == "" {
		return usagef("--data DIR and --out FILE are required")
	}
	format, err := arrowipc.FormatOf(*out)
	if err != nil {
		return usagef("--out: %v", err)
	}
	if !slices.Contains(arrowipc.Compressions, *compress) {
		return usagef("--compress %q: want lz4, zstd or none", *compress)
	}
	v, err := parseView(*view)
	if err != nil {
		return usagef("--view: %v", err)
	}
	var keep []string
	if *players != "" {
		keep = botspec.SplitList(*players)
	}
	l, err := rl.NewLoader(rl.LoaderOptions{Dir: *data, View: v, Batch: *batch, Shuffle: *shuffle, Seed: *seed, InFlight: *inFlight, Players: keep})
	if err != nil {
		return usagef("%v", err)
	}
	rows, size, err := arrowipc.Write(l, v, *out, format, *compress)
	var unreadable *arrowipc.ReadError
	if errors.As(err, &unreadable) {
		return usagef("%v", err) // the dataset cannot be read
	}
	if err != nil {
		return err
	}
	if !*quiet {
		perRow := 0.0
		if rows > 0 {
			perRow = float64(size) / float64(rows)
		}
		fmt.Fprintf(stdout, "%d rows (%s) from %s → %s: %d bytes, %.1f bytes/row (%s)\n", rows, v, *data, *out, size, perRow, *compress)
	}
	return nil
}

// parseView reads "full" or "cropK".
func parseView(s string) (rl.View, error) {
	if s == "full" {
		return rl.Full, nil
	}
	k, err := strconv.Atoi(strings.TrimPrefix(s, "crop"))
	if !strings.HasPrefix(s, "crop") || err != nil {
		return rl.View{}, fmt.Errorf("%q: want full or cropK, e.g. crop11", s)
	}
	v := rl.View{Crop: k}
	return v, v.Check()
}
