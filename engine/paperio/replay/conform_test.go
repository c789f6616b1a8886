package replay

import (
	"path/filepath"
	"testing"
)

// TestConformance replays every reference game frame for frame.
func TestConformance(t *testing.T) {
	files, _ := filepath.Glob("../../../testdata/paperio/conformance/*.jsonl.gz")
	if len(files) != 2 {
		t.Fatalf("want the 2 reference files in testdata/paperio/conformance, found %v", files)
	}
	games, frames := 0, 0
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
				t.Errorf("%s %s: %v", filepath.Base(f), g.ID, m)
			}
		}
	}
	if games != 206 {
		t.Errorf("replayed %d games, want 206", games)
	}
	t.Logf("%d games, %d frames", games, frames)
}
