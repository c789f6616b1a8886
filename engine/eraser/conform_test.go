package eraser

import (
	"path/filepath"
	"testing"
)

const corpusDir = "../../testdata/eraser/conformance"

// The public corpus: games, moves and frames it holds.
const (
	corpusGames  = 75
	corpusMoves  = 7778
	corpusFrames = 7853
)

// TestConformance replays every game recorded on the reference engine and
// compares every frame and the result.
func TestConformance(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.jsonl.gz"))
	if len(files) != 1 {
		t.Fatalf("want the reference file in %s, found %v", corpusDir, files)
	}
	games, moves, frames, bad := 0, 0, 0, 0
	for _, f := range files {
		all, err := ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range all {
			n, m := Check(g)
			games++
			moves += len(g.Moves)
			frames += n
			if m != nil {
				bad++
				t.Errorf("%s %s: %v", filepath.Base(f), g.ID, m)
			}
		}
	}
	if games != corpusGames || moves != corpusMoves || frames != corpusFrames {
		t.Errorf("replayed %d games, %d moves, %d frames; want %d, %d, %d", games, moves, frames, corpusGames, corpusMoves, corpusFrames)
	}
	t.Logf("%d games, %d moves, %d frames compared, %d games mismatched", games, moves, frames, bad)
}
