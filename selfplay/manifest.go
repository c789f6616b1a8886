package selfplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/store"
)

// ManifestFile is the run's description in the output folder.
const ManifestFile = "manifest.json"

// ShardsDir holds one record per shard invocation (shards/I-of-N.json); the
// manifest lists them all.
const ShardsDir = "shards"

// Format names the folder layout in the manifest.
const Format = "paperio-selfplay/1"

// Manifest is manifest.json: what the run is, what wrote it and what the
// folder holds. Plan decides every byte of the tables; the counts are those
// of the chunk files on disk when the manifest was last written.
type Manifest struct {
	Format        string            `json:"format"`
	SchemaVersion int               `json:"schema_version"`
	Plan          Plan              `json:"run"`
	Chunks        int               `json:"chunks"`      // chunks in the run
	ChunksDone    int               `json:"chunks_done"` // chunks whose two files are complete
	Complete      bool              `json:"complete"`    // every chunk is done
	Games         int64             `json:"games"`       // rows in games/
	TurnRows      int64             `json:"turn_rows"`   // rows in turns/
	GamesBytes    int64             `json:"games_bytes"`
	TurnsBytes    int64             `json:"turns_bytes"`
	Files         map[string]string `json:"files"`    // table name → file pattern, relative to the folder
	Versions      map[string]string `json:"versions"` // of the program that last wrote the manifest
	Shards        []ShardRecord     `json:"shards"`
}

// ShardRecord is one invocation of the command (a shard, or the whole run
// as shard 0/1): what it was told and what it did. A later invocation of
// the same shard (--resume) replaces it.
type ShardRecord struct {
	Shard         string   `json:"shard"`
	Command       []string `json:"command"`
	Workers       int      `json:"workers"`
	Started       string   `json:"started"`  // UTC, RFC 3339
	Finished      string   `json:"finished"` // UTC, RFC 3339
	Seconds       float64  `json:"seconds"`
	ChunksWritten int      `json:"chunks_written"`
	ChunksSkipped int      `json:"chunks_skipped"` // already complete (--resume)
	GamesWritten  int64    `json:"games_written"`
	TurnsWritten  int64    `json:"turn_rows_written"`
	Retries       int64    `json:"retries,omitempty"` // object-store operations tried again
	Status        string   `json:"status"`            // complete, interrupted or failed: why
}

func (r *ShardRecord) fileName() string {
	return strings.Replace(r.Shard, "/", "-of-", 1) + ".json"
}

// ReadManifest reads the manifest.json of a folder or bucket location.
func ReadManifest(loc string) (*Manifest, error) {
	b, err := store.Open(loc)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	return readManifest(b)
}

func readManifest(b *store.Bucket) (*Manifest, error) {
	data, err := b.ReadFile(ManifestFile)
	if err != nil {
		return nil, err
	}
	m := &Manifest{}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("%s: %v", b.Name(ManifestFile), err)
	}
	if m.Format != Format {
		return nil, fmt.Errorf("%s: format %q, want %q", b.Name(ManifestFile), m.Format, Format)
	}
	return m, nil
}

// planDiff says how two plans differ, or "" when they are equal.
func planDiff(have, want *Plan) string {
	var d []string
	hv, wv := reflect.ValueOf(*have), reflect.ValueOf(*want)
	for i := range hv.NumField() {
		a, _ := json.Marshal(hv.Field(i).Interface()) // compact: settings read from an indented file
		b, _ := json.Marshal(wv.Field(i).Interface())
		if string(a) != string(b) {
			name := strings.Split(hv.Type().Field(i).Tag.Get("json"), ",")[0]
			d = append(d, fmt.Sprintf("%s %s (now %s)", name, a, b))
		}
	}
	return strings.Join(d, ", ")
}

// versions of the program, for the manifest.
func versions() map[string]string {
	v := map[string]string{"go": runtime.Version()}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v["paperio"] = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				v["paperio"] += " " + s.Value
			}
		}
		for _, d := range bi.Deps {
			if d.Path == "github.com/parquet-go/parquet-go" {
				v["parquet-go"] = d.Version
			}
		}
	}
	return v
}

// chunkFile is one complete chunk file found in the folder.
type chunkFile struct {
	rows, bytes int64
}

// footerReaders is how many chunk footers are read at once: reading is
// waiting on the disk or the object store, not computing.
const footerReaders = 16

// scanTable lists the complete chunk files of one table folder with their
// row counts (read from the parquet footers). A file that is not a readable
// parquet file is left out.
func scanTable(b *store.Bucket, dir string) (map[int]chunkFile, error) {
	ents, err := b.List(dir)
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	out := make(map[int]chunkFile, len(ents))
	err = pool.Each(context.Background(), footerReaders, len(ents), func(_ context.Context, i int) error {
		e := ents[i]
		k, ok := parseChunkFile(path.Base(e.Key))
		if !ok || path.Dir(e.Key) != dir {
			return nil
		}
		cf, err := readFooter(b, e)
		if err == nil {
			mu.Lock()
			out[k] = cf
			mu.Unlock()
			return nil
		}
		var se *store.Error
		if errors.As(err, &se) && !errors.Is(err, fs.ErrNotExist) {
			return err // the store failed, not the file
		}
		return nil
	})
	return out, err
}

func readFooter(b *store.Bucket, e store.Entry) (chunkFile, error) {
	f, err := b.Open(e.Key, e.Size)
	if err != nil {
		return chunkFile{}, err
	}
	defer f.Close()
	pf, err := parquet.OpenFile(f, f.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return chunkFile{}, err
	}
	return chunkFile{rows: pf.NumRows(), bytes: f.Size()}, nil
}

// folderState is what the output folder holds: the chunks whose two files
// are complete.
type folderState struct {
	games, turns map[int]chunkFile
}

func scanFolder(b *store.Bucket, movesDir string) (*folderState, error) {
	g, err := scanTable(b, GamesDir)
	if err != nil {
		return nil, err
	}
	t, err := scanTable(b, movesDir)
	if err != nil {
		return nil, err
	}
	return &folderState{games: g, turns: t}, nil
}

// done reports whether chunk k's two files are complete.
func (f *folderState) done(k int) bool {
	_, g := f.games[k]
	_, t := f.turns[k]
	return g && t
}

// manifest builds the manifest of plan from the folder's state and the
// shard records in shards/.
func (f *folderState) manifest(b *store.Bucket, plan *Plan) (*Manifest, error) {
	m := &Manifest{
		Format: Format, SchemaVersion: plan.SchemaVersion(), Plan: *plan,
		Chunks: plan.Chunks(),
		Files: map[string]string{
			"games":         GamesDir + "/chunk-*.parquet",
			plan.MovesDir(): plan.MovesDir() + "/chunk-*.parquet",
		},
		Versions: versions(),
	}
	for k, g := range f.games {
		t, ok := f.turns[k]
		if !ok || k >= m.Chunks {
			continue
		}
		m.ChunksDone++
		m.Games += g.rows
		m.TurnRows += t.rows
		m.GamesBytes += g.bytes
		m.TurnsBytes += t.bytes
	}
	m.Complete = m.ChunksDone == m.Chunks
	ents, err := b.List(ShardsDir)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Key, ".json") || path.Dir(e.Key) != ShardsDir {
			continue
		}
		data, err := b.ReadFile(e.Key)
		if err != nil {
			return nil, err
		}
		var r ShardRecord
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, fmt.Errorf("%s: %v", b.Name(e.Key), err)
		}
		m.Shards = append(m.Shards, r)
	}
	sort.Slice(m.Shards, func(i, j int) bool { return m.Shards[i].Started < m.Shards[j].Started })
	return m, nil
}
