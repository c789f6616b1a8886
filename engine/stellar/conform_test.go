package stellar

import (
	"path/filepath"
	"sync"
	"testing"
)

const publicCorpus = "../../testdata/stellar/conformance/public.jsonl.gz"

// publicGames reads the public corpus once for all the tests that use it.
var publicGames = sync.OnceValues(func() ([]*Game, error) { return ReadAll(publicCorpus) })

// TestConformance replays every reference game frame for frame.
func TestConformance(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/stellar/conformance/*.jsonl.gz")
	if len(files) != 1 {
		t.Fatalf("want the reference file in testdata/stellar/conformance, found %v", files)
	}
	games, frames, bad := 0, 0, 0
	for _, f := range files {
		all, err := ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range all {
			n, m := Check(g)
			games++
			frames += n
			if m != nil {
				bad++
				t.Errorf("%s %s: %v", filepath.Base(f), g.ID, m)
			}
		}
	}
	if games != 60 {
		t.Errorf("replayed %d games, want 60", games)
	}
	if frames != 3342 {
		t.Errorf("%d frames matched, want all 3342", frames)
	}
	t.Logf("%d games, %d frames (turns), %d mismatched games", games, frames, bad)
}
