package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/dataset"
)

// Options are a run's plan and how this invocation carries it out.
type Options struct {
	Plan    Plan
	Out     string // output folder
	Workers int    // games played at once; < 1 means 1
	Shard   Shard  // the zero value means the whole run (0/1)
	Resume  bool   // finish a run in Out, keeping its complete chunks
	// NewBot makes a player from a canonical spec. Each worker makes its own
	// players, once per matchup, and reuses them game after game.
	NewBot   func(spec string) (bots.Bot, error)
	Command  []string  // recorded in the manifest
	Progress *Progress // if not nil, updated as games finish
}

// Progress counts a run's work as it happens; it is safe to read while the
// run goes on.
type Progress struct {
	Total   atomic.Int64 // games this invocation has to play
	Skipped atomic.Int64 // games already on disk (--resume)
	Games   atomic.Int64 // games played so far
	Rows    atomic.Int64 // turn rows so far
}

// ErrInterrupted is returned (wrapped) when the context is cancelled.
var ErrInterrupted = errors.New("interrupted")

// Run plays the chunks of opts.Shard that the folder does not hold yet and
// writes them, then writes the manifest. It returns the manifest as written.
// When ctx is cancelled the chunks in progress are abandoned (their
// temporary files removed) and the error wraps ErrInterrupted; a later run
// with Resume finishes the work.
func Run(ctx context.Context, opts Options) (*Manifest, error) {
	plan := &opts.Plan
	if err := plan.Validate(); err != nil {
		return nil, err
	}
	if opts.Shard.N == 0 {
		opts.Shard = Shard{0, 1}
	}
	if opts.Shard.I < 0 || opts.Shard.I >= opts.Shard.N {
		return nil, fmt.Errorf("shard %s: want 0 ≤ i < n", opts.Shard)
	}
	if opts.NewBot == nil {
		return nil, errors.New("no bot maker")
	}
	workers := max(opts.Workers, 1)
	dir := opts.Out
	rec := ShardRecord{
		Shard: opts.Shard.String(), Command: opts.Command, Workers: workers,
		Started: time.Now().UTC().Format(time.RFC3339),
	}
	start := time.Now()

	if err := prepareFolder(dir); err != nil {
		return nil, err
	}
	if err := checkFolderRun(dir, plan); err != nil {
		return nil, err
	}
	removeStaleTemps(dir)
	state, err := scanFolder(dir)
	if err != nil {
		return nil, err
	}
	var pending []int
	for k := opts.Shard.I; k < plan.Chunks(); k += opts.Shard.N {
		removeTemps(dir, k)
		if !state.done(k) {
			pending = append(pending, k)
			continue
		}
		if !opts.Resume {
			return nil, fmt.Errorf("%s already holds chunk %d of this run: run the same command with --resume to finish the run, or choose another --out", dir, k)
		}
		rec.ChunksSkipped++
		if opts.Progress != nil {
			lo, hi := plan.ChunkGamesRange(k)
			opts.Progress.Skipped.Add(hi - lo)
		}
	}
	if opts.Progress != nil {
		for _, k := range pending {
			lo, hi := plan.ChunkGamesRange(k)
			opts.Progress.Total.Add(hi - lo)
		}
	}

	runErr := runChunks(ctx, opts, dir, pending, workers, &rec)

	rec.Finished = time.Now().UTC().Format(time.RFC3339)
	rec.Seconds = time.Since(start).Seconds()
	switch {
	case runErr == nil:
		rec.Status = "complete"
	case errors.Is(runErr, ErrInterrupted):
		rec.Status = "interrupted"
	default:
		rec.Status = "failed: " + runErr.Error()
	}
	m, err := writeManifest(dir, plan, &rec)
	if runErr != nil {
		return m, runErr
	}
	return m, err
}

// runChunks plays the pending chunks on the workers. The first error stops
// the others.
func runChunks(ctx context.Context, opts Options, dir string, pending []int, workers int, rec *ShardRecord) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var (
		next   atomic.Int64
		mu     sync.Mutex
		wg     sync.WaitGroup
		onGame func(int)
	)
	if p := opts.Progress; p != nil {
		onGame = func(rows int) {
			p.Games.Add(1)
			p.Rows.Add(int64(rows))
		}
	}
	for range min(workers, len(pending)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &player{plan: &opts.Plan, newBot: opts.NewBot, pairs: map[Pair][2]bots.Bot{}}
			defer func() {
				if err := p.close(); err != nil {
					cancel(fmt.Errorf("closing bots: %w", err))
				}
			}()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(pending) || ctx.Err() != nil {
					return
				}
				cc, err := p.playChunk(ctx, dir, pending[i], onGame)
				if err != nil {
					if ctx.Err() == nil {
						cancel(fmt.Errorf("chunk %d: %w", pending[i], err))
					}
					return
				}
				mu.Lock()
				rec.ChunksWritten++
				rec.GamesWritten += cc.Games
				rec.TurnsWritten += cc.Turns
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if rec.ChunksWritten == len(pending) {
		return nil // every chunk written, even if a cancellation came late
	}
	if err := context.Cause(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w after %d of %d chunks: run the same command with --resume to finish", ErrInterrupted, rec.ChunksWritten, len(pending))
	}
	return nil
}

// prepareFolder makes the output folders and checks they can be written.
func prepareFolder(dir string) error {
	if dir == "" {
		return errors.New("no output folder")
	}
	for _, d := range []string{dir, filepath.Join(dir, GamesDir), filepath.Join(dir, TurnsDir), filepath.Join(dir, ShardsDir)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("cannot create output folder: %w", err)
		}
		probe := filepath.Join(d, fmt.Sprintf(".write-test-%d", os.Getpid()))
		f, err := createFile(probe)
		if err != nil {
			return fmt.Errorf("cannot write to output folder %s: %w", d, err)
		}
		f.Close()
		os.Remove(probe)
	}
	return nil
}

// checkFolderRun makes sure dir holds this run or none: it writes the
// manifest of a new run before any chunk, and refuses a folder that holds
// another run or chunk files without a manifest.
func checkFolderRun(dir string, plan *Plan) error {
	m, err := ReadManifest(dir)
	switch {
	case err == nil:
		if d := planDiff(&m.Plan, plan); d != "" {
			return fmt.Errorf("%s holds another run (%s): choose another --out, or give the flags of that run", dir, d)
		}
		if m.SchemaVersion != 0 && m.SchemaVersion != dataset.SchemaVersion {
			return fmt.Errorf("%s was written with dataset schema %d, this program writes %d: choose another --out", dir, m.SchemaVersion, dataset.SchemaVersion)
		}
		return nil
	case !errors.Is(err, os.ErrNotExist):
		return err
	}
	for _, d := range []string{GamesDir, TurnsDir} {
		ents, _ := os.ReadDir(filepath.Join(dir, d))
		for _, e := range ents {
			if _, ok := parseChunkFile(e.Name()); ok {
				return fmt.Errorf("%s has chunk files but no %s: not a folder this command wrote, choose another --out", dir, ManifestFile)
			}
		}
	}
	state := &folderState{}
	m, err = state.manifest(dir, plan)
	if err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, ManifestFile), m)
}

// removeStaleTemps deletes the hidden temporary files (manifest, shard
// records, write probes) of earlier invocations that are no longer running.
func removeStaleTemps(dir string) {
	for _, d := range []string{dir, filepath.Join(dir, ShardsDir), filepath.Join(dir, GamesDir), filepath.Join(dir, TurnsDir)} {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			name := e.Name()
			i := strings.LastIndex(name, "-")
			if !strings.HasPrefix(name, ".") || i < 0 || !(strings.Contains(name, ".tmp-") || strings.HasPrefix(name, ".write-test-")) {
				continue
			}
			pid, err := strconv.Atoi(name[i+1:])
			if err != nil || pid == os.Getpid() || syscall.Kill(pid, 0) != syscall.ESRCH {
				continue
			}
			os.Remove(filepath.Join(d, name))
		}
	}
}

// removeTemps deletes temporary files chunk k's writer may have left.
func removeTemps(dir string, k int) {
	for _, d := range []string{GamesDir, TurnsDir} {
		os.Remove(filepath.Join(dir, d, tempFile(k)))
	}
}

// writeManifest records the shard and rewrites the manifest from what the
// folder holds.
func writeManifest(dir string, plan *Plan, rec *ShardRecord) (*Manifest, error) {
	if err := writeJSON(filepath.Join(dir, ShardsDir, rec.fileName()), rec); err != nil {
		return nil, err
	}
	state, err := scanFolder(dir)
	if err != nil {
		return nil, err
	}
	m, err := state.manifest(dir, plan)
	if err != nil {
		return nil, err
	}
	return m, writeJSON(filepath.Join(dir, ManifestFile), m)
}
