package selfplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/parquet-go/parquet-go"
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
	Status        string   `json:"status"` // complete, interrupted or failed: why
}

func (r *ShardRecord) fileName() string {
	return strings.Replace(r.Shard, "/", "-of-", 1) + ".json"
}

// ReadManifest reads dir's manifest.json.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, err
	}
	m := &Manifest{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, ManifestFile), err)
	}
	if m.Format != Format {
		return nil, fmt.Errorf("%s: format %q, want %q", filepath.Join(dir, ManifestFile), m.Format, Format)
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

// chunkFile is one complete chunk file found on disk.
type chunkFile struct {
	rows, bytes int64
}

// scanTable lists the complete chunk files of one table folder with their
// row counts (read from the parquet footers). A file that is not a readable
// parquet file is left out.
func scanTable(dir string) (map[int]chunkFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return map[int]chunkFile{}, nil
		}
		return nil, err
	}
	out := make(map[int]chunkFile, len(ents))
	for _, e := range ents {
		k, ok := parseChunkFile(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if cf, err := readFooter(filepath.Join(dir, e.Name())); err == nil {
			out[k] = cf
		}
	}
	return out, nil
}

func readFooter(name string) (chunkFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return chunkFile{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return chunkFile{}, err
	}
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return chunkFile{}, err
	}
	return chunkFile{rows: pf.NumRows(), bytes: st.Size()}, nil
}

// folderState is what the output folder holds: the chunks whose two files
// are complete.
type folderState struct {
	games, turns map[int]chunkFile
}

func scanFolder(dir, movesDir string) (*folderState, error) {
	g, err := scanTable(filepath.Join(dir, GamesDir))
	if err != nil {
		return nil, err
	}
	t, err := scanTable(filepath.Join(dir, movesDir))
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
// shard records in dir/shards.
func (f *folderState) manifest(dir string, plan *Plan) (*Manifest, error) {
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
	ents, err := os.ReadDir(filepath.Join(dir, ShardsDir))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, ShardsDir, e.Name()))
		if err != nil {
			return nil, err
		}
		var r ShardRecord
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, ShardsDir, e.Name()), err)
		}
		m.Shards = append(m.Shards, r)
	}
	sort.Slice(m.Shards, func(i, j int) bool { return m.Shards[i].Started < m.Shards[j].Started })
	return m, nil
}
