package selfplay

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/durable"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/store"
)

// Options are a run's plan and how this invocation carries it out.
type Options struct {
	Plan    Plan
	Out     string // output folder or bucket URL (package store)
	Workers int    // games played at once; < 1 means 1
	Shard   Shard  // the zero value means the whole run (0/1)
	Resume  bool   // finish a run in Out, keeping its complete chunks
	// Entrant makes a player of the plan's game from a canonical spec. Each
	// worker makes its own players, once per matchup, and reuses them game
	// after game.
	Entrant func(spec string) (*game.Entrant, error)
	// Budget is the think time per game of timed players (course AIs);
	// built-in bots are not timed.
	Budget   time.Duration
	Command  []string  // recorded in the manifest
	Progress *Progress // if not nil, updated as games finish
	// Watch, if not nil, is asked for a watcher of each game before it is
	// played (a live view; nil: not followed), and OnGame, if not nil, hears
	// each finished game (its chunk is written later). Both are called from
	// the workers' goroutines.
	Watch  func(id int64, p1, p2 string) game.Watcher
	OnGame func(id int64, p1, p2 string, r *game.Record)
}

// Progress counts a run's work as it happens; it is safe to read while the
// run goes on.
type Progress struct {
	Total   atomic.Int64 // games this invocation has to play
	Skipped atomic.Int64 // games already on disk (--resume)
	Games   atomic.Int64 // games played so far
	Rows    atomic.Int64 // turn rows so far
	// Faults are the players' failures so far, and FaultsFile, once the
	// run has written it, the file in the output folder that keeps the
	// first failure of each (FaultsFile).
	Faults     Faults
	FaultsFile string
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
	g, config, err := plan.Config()
	if err != nil {
		return nil, err
	}
	if opts.Shard.N == 0 {
		opts.Shard = Shard{0, 1}
	}
	if opts.Shard.I < 0 || opts.Shard.I >= opts.Shard.N {
		return nil, fmt.Errorf("shard %s: want 0 ≤ i < n", opts.Shard)
	}
	if opts.Entrant == nil {
		return nil, errors.New("no player maker")
	}
	workers := pool.Size(opts.Workers)
	if opts.Out == "" {
		return nil, errors.New("no output folder")
	}
	dir, err := store.Open(opts.Out)
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	rec := ShardRecord{
		Shard: opts.Shard.String(), Command: opts.Command, Workers: workers,
		Started: time.Now().UTC().Format(time.RFC3339),
	}
	start := time.Now()

	if err := dir.Prepare(GamesDir, plan.MovesDir(), ShardsDir); err != nil {
		return nil, err
	}
	if err := checkFolderRun(dir, plan); err != nil {
		return nil, err
	}
	dir.RemoveStale("", ShardsDir, GamesDir, plan.MovesDir())
	state, err := scanFolder(dir, plan.MovesDir())
	if err != nil {
		return nil, err
	}
	var pending []int
	for k := opts.Shard.I; k < plan.Chunks(); k += opts.Shard.N {
		if !state.done(k) {
			pending = append(pending, k)
			continue
		}
		if !opts.Resume {
			return nil, fmt.Errorf("%v already holds chunk %d of this run: run the same command with --resume to finish the run, or choose another --out", dir, k)
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

	faults := &Faults{}
	if opts.Progress != nil {
		faults = &opts.Progress.Faults
	}
	runErr := runChunks(ctx, opts, g, config, dir, pending, workers, &rec, faults)
	if len(faults.List()) > 0 {
		name := FaultsFile(opts.Shard)
		if err := dir.WriteFile(name, []byte(faults.Text())); err != nil && runErr == nil {
			runErr = err
		}
		if opts.Progress != nil {
			opts.Progress.FaultsFile = name
		}
	}

	rec.Finished = time.Now().UTC().Format(time.RFC3339)
	rec.Seconds = time.Since(start).Seconds()
	rec.Retries = dir.Retries()
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
func runChunks(ctx context.Context, opts Options, g game.Game, config game.Config, dir *store.Bucket, pending []int, workers int, rec *ShardRecord, faults *Faults) error {
	var (
		mu     sync.Mutex
		onGame func(int)
	)
	if p := opts.Progress; p != nil {
		onGame = func(rows int) {
			p.Games.Add(1)
			p.Rows.Add(int64(rows))
		}
	}
	newWorker := func() *player {
		return &player{plan: &opts.Plan, g: g, config: config, budget: opts.Budget, w: g.NewWorker(), watch: opts.Watch, onGame: opts.OnGame, faults: faults,
			seats: seats{entrant: opts.Entrant, bySpec: map[string][]*game.Seat{}}}
	}
	err := pool.Run(ctx, workers, len(pending), newWorker, func(ctx context.Context, p *player, i int) error {
		cc, err := p.playChunk(ctx, dir, pending[i], onGame)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if durable.Full(err) {
				return fmt.Errorf("chunk %d: %w (free some space, then run the same command with --resume)", pending[i], err)
			}
			return fmt.Errorf("chunk %d: %w", pending[i], err)
		}
		mu.Lock()
		rec.ChunksWritten++
		rec.GamesWritten += cc.Games
		rec.TurnsWritten += cc.Turns
		mu.Unlock()
		return nil
	}, func(p *player) { p.seats.close() })
	if rec.ChunksWritten == len(pending) {
		return nil // every chunk written, even if a cancellation came late
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w after %d of %d chunks: run the same command with --resume to finish", ErrInterrupted, rec.ChunksWritten, len(pending))
	}
	return err
}

// checkFolderRun makes sure dir holds this run or none: it writes the
// manifest of a new run before any chunk, and refuses a folder that holds
// another run or chunk files without a manifest.
func checkFolderRun(dir *store.Bucket, plan *Plan) error {
	m, err := readManifest(dir)
	switch {
	case err == nil:
		if d := planDiff(&m.Plan, plan); d != "" {
			return fmt.Errorf("%v holds another run (%s): choose another --out, or give the flags of that run", dir, d)
		}
		if m.SchemaVersion != 0 && m.SchemaVersion != plan.SchemaVersion() {
			return fmt.Errorf("%v was written with dataset schema %d, this program writes %d: choose another --out", dir, m.SchemaVersion, plan.SchemaVersion())
		}
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	for _, d := range []string{GamesDir, plan.MovesDir()} {
		ents, err := dir.List(d)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if _, ok := parseChunkFile(path.Base(e.Key)); ok {
				return fmt.Errorf("%v has chunk files but no %s: not a folder this command wrote, choose another --out", dir, ManifestFile)
			}
		}
	}
	state := &folderState{}
	m, err = state.manifest(dir, plan)
	if err != nil {
		return err
	}
	return dir.WriteJSON(ManifestFile, m)
}

// writeManifest records the shard and rewrites the manifest from what the
// folder holds.
func writeManifest(dir *store.Bucket, plan *Plan, rec *ShardRecord) (*Manifest, error) {
	if err := dir.WriteJSON(ShardsDir+"/"+rec.fileName(), rec); err != nil {
		return nil, err
	}
	state, err := scanFolder(dir, plan.MovesDir())
	if err != nil {
		return nil, err
	}
	m, err := state.manifest(dir, plan)
	if err != nil {
		return nil, err
	}
	return m, dir.WriteJSON(ManifestFile, m)
}
