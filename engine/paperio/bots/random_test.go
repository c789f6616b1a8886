package bots

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
)

// random looks one step ahead only (TestNoStupidDeaths checks that step),
// so its wandering band closes around it: against heuristic on the course
// board it loses by running into its own band in most games, and its
// description says so rather than promise it never hits its band.
func TestRandomDescriptionMatchesItsGames(t *testing.T) {
	const games = 30
	cfg := paperio.DefaultConfig()
	own := 0
	for g := range games {
		seed := int64(1 + g)
		starts, err := paperio.RandomStarts(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := Make("random")
		h, _ := Make("heuristic")
		s, err := Play(cfg, starts, [2]Bot{r, h}, uint64(seed), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Result(); res.Reason == paperio.TAP && res.Extra == 0 && res.Winner == 1 {
			own++ // random stepped onto its own band: it had walled itself in
		}
	}
	t.Logf("random lost by its own band in %d of %d games against heuristic", own, games)
	if own < games/2 {
		t.Errorf("random lost by its own band in only %d of %d games: its description says most games", own, games)
	}
	var summary string
	for _, b := range Catalog() {
		if b.Name == "random" {
			summary = b.Summary
		}
	}
	if !strings.Contains(summary, "one step ahead") || !strings.Contains(summary, "its own band in most games") || strings.Contains(summary, "safe") {
		t.Errorf("random's summary %q does not say that it loses by its own band in most games", summary)
	}
}
