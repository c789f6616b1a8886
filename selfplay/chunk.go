package selfplay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/engine"
)

// Table folders inside the output folder.
const (
	GamesDir = "games"
	TurnsDir = "turns"
)

// ChunkFile is the name of chunk k's file in each table folder.
func ChunkFile(k int) string { return fmt.Sprintf("chunk-%06d.parquet", k) }

// tempFile is the name a chunk file has while it is written. It starts with
// a dot, so DuckDB, Spark and pyarrow skip it when they read the folder.
func tempFile(k int) string { return "." + ChunkFile(k) + ".tmp" }

// parseChunkFile returns k for a final chunk file name.
func parseChunkFile(name string) (int, bool) {
	s, ok := strings.CutPrefix(name, "chunk-")
	if !ok {
		return 0, false
	}
	s, ok = strings.CutSuffix(s, ".parquet")
	if !ok || len(s) < 6 {
		return 0, false
	}
	k, err := strconv.Atoi(s)
	return k, err == nil && k >= 0
}

// createFile opens a file for writing; tests replace it to simulate a full
// disk.
var createFile = func(name string) (writeFile, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
}

// writeFile is what a chunk is written to.
type writeFile interface {
	io.Writer
	Sync() error
	Close() error
	Name() string
}

// player is a worker's bots: one pair of instances per matchup, made on
// first use and reused game after game.
type player struct {
	plan   *Plan
	newBot func(spec string) (bots.Bot, error)
	pairs  map[Pair][2]bots.Bot
	rec    dataset.Recorder
	games  []dataset.Game
}

func (p *player) bots(pr Pair) ([2]bots.Bot, error) {
	if b, ok := p.pairs[pr]; ok {
		return b, nil
	}
	var b [2]bots.Bot
	for i, spec := range []string{pr.P1, pr.P2} {
		bot, err := p.newBot(spec)
		if err != nil {
			return b, fmt.Errorf("bot %q: %w", spec, err)
		}
		b[i] = bot
	}
	p.pairs[pr] = b
	return b, nil
}

// close releases bots that hold resources (io.Closer).
func (p *player) close() error {
	var errs []error
	for _, b := range p.pairs {
		for _, bot := range b {
			if c, ok := bot.(io.Closer); ok {
				errs = append(errs, c.Close())
			}
		}
	}
	return errors.Join(errs...)
}

// chunkCounts are what a chunk holds.
type chunkCounts struct {
	Games, Turns int64
}

// playChunk plays chunk k and writes its two files into dir: under their
// temporary names first, renamed when both are complete and on disk. It
// calls onGame after each game with the game's turn rows. On any error or
// cancellation it removes what it wrote.
func (p *player) playChunk(ctx context.Context, dir string, k int, onGame func(rows int)) (cc chunkCounts, err error) {
	tmp := [2]string{filepath.Join(dir, GamesDir, tempFile(k)), filepath.Join(dir, TurnsDir, tempFile(k))}
	final := [2]string{filepath.Join(dir, GamesDir, ChunkFile(k)), filepath.Join(dir, TurnsDir, ChunkFile(k))}
	var files [2]writeFile
	defer func() {
		if err != nil {
			for i, f := range files {
				if f != nil {
					f.Close()
				}
				os.Remove(tmp[i])
			}
		}
	}()
	for i := range files {
		if files[i], err = createFile(tmp[i]); err != nil {
			return cc, writeError(tmp[i], err)
		}
	}
	// Fresh writers for each file: a reset writer does not write the same
	// bytes as a new one, and the files must not depend on which worker
	// wrote them.
	gw, tw := dataset.NewGameWriter(files[0]), dataset.NewTurnWriter(files[1])

	c := p.plan.Config()
	lo, hi := p.plan.ChunkGamesRange(k)
	p.games = p.games[:0]
	for g := lo; g < hi; g++ {
		if err := ctx.Err(); err != nil {
			return cc, err
		}
		row, turns, err := p.playGame(c, g)
		if err != nil {
			return cc, err
		}
		if _, err := tw.Write(turns); err != nil {
			return cc, writeError(tmp[1], err)
		}
		p.games = append(p.games, row)
		cc.Turns += int64(len(turns))
		if onGame != nil {
			onGame(len(turns))
		}
	}
	cc.Games = int64(len(p.games))
	if _, err := gw.Write(p.games); err != nil {
		return cc, writeError(tmp[0], err)
	}
	closers := [2]io.Closer{gw, tw}
	for i := range files {
		if err := closers[i].Close(); err != nil {
			return cc, writeError(tmp[i], err)
		}
		if err := files[i].Sync(); err != nil {
			return cc, writeError(tmp[i], err)
		}
	}
	for i, f := range files {
		files[i] = nil
		if err := f.Close(); err != nil {
			return cc, writeError(tmp[i], err)
		}
	}
	// The turns file first, so that a games file never stands without its
	// turns; the chunk is written once both have their final names.
	for _, i := range [2]int{1, 0} {
		if err := os.Rename(tmp[i], final[i]); err != nil {
			return cc, writeError(final[i], err)
		}
	}
	for _, d := range [2]string{TurnsDir, GamesDir} {
		if err := syncDir(filepath.Join(dir, d)); err != nil {
			return cc, writeError(filepath.Join(dir, d), err)
		}
	}
	return cc, nil
}

// playGame plays game g and returns its games row and turn rows (valid until
// the next game).
func (p *player) playGame(c engine.Config, g int64) (dataset.Game, []dataset.Turn, error) {
	seed := GameSeed(p.plan.Seed, g)
	starts, err := engine.RandomStarts(c, seed)
	if err != nil {
		return dataset.Game{}, nil, err
	}
	pr := p.plan.Pair(g)
	b, err := p.bots(pr)
	if err != nil {
		return dataset.Game{}, nil, err
	}
	p.rec.Start(g)
	s, err := bots.Play(c, starts, b, uint64(seed), p.rec.Step)
	if err != nil {
		return dataset.Game{}, nil, fmt.Errorf("game %d: %w", g, err)
	}
	turns := p.rec.Finish(s)
	row := dataset.GameRow(g, seed, pr.P1, pr.P2, c, starts, s, p.rec.Actions())
	return row, turns, nil
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

// writeError explains a failed write, saying so plainly when the disk is
// full or the folder cannot be written.
func writeError(path string, err error) error {
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("disk full while writing %s: %w (free some space, then run the same command with --resume)", path, err)
	case errors.Is(err, syscall.EDQUOT):
		return fmt.Errorf("disk quota exceeded while writing %s: %w (free some space, then run the same command with --resume)", path, err)
	case errors.Is(err, os.ErrPermission), errors.Is(err, syscall.EROFS):
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return fmt.Errorf("writing %s: %w", path, err)
}
