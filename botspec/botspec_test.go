package botspec

import (
	"fmt"
	"testing"
)

func TestSplitList(t *testing.T) {
	got := SplitList(" random, heuristic:maxband=90,margin=2 ,goround:w=4,h=6,py:ai.py,")
	want := []string{"random", "heuristic:maxband=90,margin=2", "goround:w=4,h=6", "py:ai.py"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("SplitList = %q, want %q", got, want)
	}
}
