// Package analysis reads the dataset that self-play and tournaments write
// (a games table and the game's per-move table in Parquet, as each game's
// binding names them, or replay files) and computes what the course
// analysed: per-player means and standard deviations of game length and
// final score, win rates with Wilson intervals, end reasons and pair
// results; Moves reads the per-move columns a game's charts name. It knows
// no particular game: what differs comes from package game's registry.
//
// Reading uses parquet-go and projects only the columns a question needs,
// so a chart over ten thousand games never touches the moves strings or
// the per-move table. Drawing lives in the subpackage plots.
package analysis

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/results"
	"github.com/paperio/paperio/store"
)

// Dataset is a folder, or a bucket location (package store), holding a
// games/ table, usually a turns/ table and a manifest.json. Each table is
// every *.parquet file below its folder, at any depth (hive-style partition
// folders such as games/run=3/ are fine); files and folders whose names
// start with '.' are ignored (writers use them for files still being
// written). A bucket's Parquet files are read by ranges, only the parts a
// question needs.
type Dataset struct {
	Dir string // the folder or bucket URL as given
	// Game is the game the dataset holds: the manifest's (a self-play
	// folder) or the results database's (a tournament folder); paper.io for
	// folders that do not say.
	Game      game.Game
	GameFiles []string // paths relative to Dir, sorted
	TurnFiles []string // the game's per-move table (game.Info.MovesTable): paths relative to Dir, sorted
	// Manifest is manifest.json decoded as a JSON object, or nil when the
	// folder has none.
	Manifest map[string]any

	store *store.Bucket
	sizes map[string]int64  // of the Parquet files, by path
	mem   map[string][]byte // tables made from replay files, by path
}

// Error is a problem with the data asked for: no dataset in a folder, a
// column missing from a file, a game that is not there. Its message is one
// line that names the folder or file.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

func errorf(format string, a ...any) error { return &Error{fmt.Sprintf(format, a...)} }

// IsDataError reports whether err is about the data rather than about the
// machine (an Error somewhere in its chain).
func IsDataError(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// Open finds the tables of the dataset in dir, a folder or a bucket URL.
// A replay file, or a local folder of replay files (*.jsonl, *.jsonl.gz)
// without a games table, is read as a dataset of its games (openReplays).
// It fails when dir holds no games table and no replay files.
func Open(dir string) (*Dataset, error) {
	b, err := store.Open(dir)
	if err != nil {
		return nil, errorf("%v", err)
	}
	if local, ok := b.Local(); ok {
		st, err := os.Stat(local)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, errorf("%s: no such folder", dir)
			}
			return nil, errorf("%s: %v", dir, err)
		}
		if !st.IsDir() {
			return openReplays(dir, []string{local})
		}
	}
	d := &Dataset{Dir: dir, store: b, sizes: map[string]int64{}}
	if d.GameFiles, err = d.parquetFiles("games"); err != nil {
		return nil, err
	}
	if len(d.GameFiles) == 0 {
		if files := replayFiles(b); len(files) > 0 {
			return openReplays(dir, files)
		}
		return nil, errorf("%s holds no dataset: no games/**/*.parquet and no replay files (write one with paperio selfplay)", dir)
	}
	if data, err := b.ReadFile("manifest.json"); err == nil {
		if err := json.Unmarshal(data, &d.Manifest); err != nil {
			return nil, errorf("%s: %v", b.Name("manifest.json"), err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	name, err := d.gameName()
	if err != nil {
		return nil, err
	}
	if d.Game, err = game.Lookup(name); err != nil {
		return nil, errorf("%s: %v", dir, err)
	}
	if d.TurnFiles, err = d.parquetFiles(d.Game.Info().MovesTable); err != nil {
		return nil, err
	}
	return d, nil
}

// results opens the folder's results database read-only, or returns nil
// when it has none. A bucket's database is read from a local copy, which
// done removes.
func (d *Dataset) results() (db *results.Results, done func(), err error) {
	if d.store == nil { // replay files
		return nil, nil, nil
	}
	ok, err := d.store.Exists(ResultsFile)
	if err != nil || !ok {
		return nil, nil, err
	}
	path, cleanup, err := d.store.LocalCopy(ResultsFile)
	if err != nil {
		return nil, nil, err
	}
	db, err = results.Read(path)
	if err != nil {
		cleanup()
		return nil, nil, errorf("%s: %v", d.store.Name(ResultsFile), err)
	}
	return db, func() { db.Close(); cleanup() }, nil
}

// gameName is the game the folder says it holds, "" for the default.
func (d *Dataset) gameName() (string, error) {
	if run, ok := d.Manifest["run"].(map[string]any); ok {
		name, _ := run["game"].(string)
		return name, nil
	}
	db, done, err := d.results()
	if err != nil || db == nil {
		return "", err
	}
	defer done()
	name, err := db.Game()
	if err != nil {
		return "", errorf("%v", err)
	}
	return name, nil
}

// parquetFiles lists the Parquet files below sub, relative to the
// dataset, and notes their sizes.
func (d *Dataset) parquetFiles(sub string) ([]string, error) {
	ents, err := d.store.List(sub)
	if err != nil {
		return nil, err // the store failed, not the data
	}
	var out []string
	for _, e := range ents {
		if strings.HasSuffix(e.Key, ".parquet") {
			out = append(out, e.Key)
			d.sizes[e.Key] = e.Size
		}
	}
	return out, nil
}

// partitionKeys returns the hive-style key=value folder names on the way
// to a file (games/run=3/part-0.parquet gives run → 3).
func partitionKeys(rel string) map[string]string {
	var m map[string]string
	parts := strings.Split(path.Dir(rel), "/")
	for _, p := range parts {
		k, v, ok := strings.Cut(p, "=")
		if !ok || k == "" {
			continue
		}
		if m == nil {
			m = map[string]string{}
		}
		m[k] = v
	}
	return m
}
