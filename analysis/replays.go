package analysis

import (
	"bytes"
	"fmt"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/jsonl"
	"github.com/paperio/paperio/store"
)

// replayTable is the name, in a dataset read from replay files, of the
// one file each table is made into.
const replayTable = "replays.parquet"

// openReplays reads replay files (the course's reference games, play
// --record files, human games) as a dataset: the game whose Replays read
// them (game.ReplayReader) makes each record into its games and moves rows
// with its Tables, as a tournament does with its records, and the tables
// are kept in memory. Game ids count from 0 over the files in order.
func openReplays(dir string, files []string) (*Dataset, error) {
	g, games, err := readReplays(files)
	if err != nil {
		return nil, err
	}
	var gamesBuf, movesBuf bytes.Buffer
	chunk := g.Tables().NewChunk(&gamesBuf, &movesBuf)
	for i, rg := range games {
		if _, err := chunk.Add(int64(i), rg.Players[0], rg.Players[1], rg.Record); err != nil {
			return nil, errorf("%s: game %d (%s): %v", dir, i, rg.ID, err)
		}
	}
	if err := chunk.Close(); err != nil {
		return nil, err
	}
	gamesFile, movesFile := "games/"+replayTable, g.Info().MovesTable+"/"+replayTable
	d := &Dataset{Dir: dir, Game: g, GameFiles: []string{gamesFile}, TurnFiles: []string{movesFile},
		sizes: map[string]int64{}, mem: map[string][]byte{gamesFile: gamesBuf.Bytes(), movesFile: movesBuf.Bytes()}}
	for k, b := range d.mem {
		d.sizes[k] = int64(len(b))
	}
	return d, nil
}

// readReplays reads the games of replay files with the first game whose
// Replays read the first file.
func readReplays(files []string) (game.Game, []game.ReplayGame, error) {
	var first error
	for _, name := range game.Names() {
		g, err := game.Lookup(name)
		if err != nil {
			return nil, nil, err
		}
		r, ok := g.Replays().(game.ReplayReader)
		if !ok {
			continue
		}
		games, err := r.Read(files[0])
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		for _, f := range files[1:] {
			more, err := r.Read(f)
			if err != nil {
				return nil, nil, errorf("%v", err)
			}
			games = append(games, more...)
		}
		return g, games, nil
	}
	if first == nil {
		first = fmt.Errorf("%s: no game reads replay files in this program", files[0])
	}
	return nil, nil, errorf("not a replay file: %v", first)
}

// replayFiles are the replay files a local path names, if any: the path
// when it is a file, or the *.jsonl and *.jsonl.gz files of a folder.
func replayFiles(b *store.Bucket) []string {
	local, ok := b.Local()
	if !ok {
		return nil
	}
	files, _ := jsonl.Files(local)
	return files
}

// memFile is a table kept in memory, read as a file.
type memFile struct{ *bytes.Reader }

func (memFile) Close() error { return nil }

// open opens a table's file, from memory or from the store.
func (d *Dataset) open(rel string, size int64) (store.File, error) {
	if b, ok := d.mem[rel]; ok {
		return memFile{bytes.NewReader(b)}, nil
	}
	return d.store.Open(rel, size)
}

// name is a table file's name for messages.
func (d *Dataset) name(rel string) string {
	if _, ok := d.mem[rel]; ok {
		return d.Dir
	}
	return d.store.Name(rel)
}
