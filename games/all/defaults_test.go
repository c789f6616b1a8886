package all_test

import (
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/game"
)

// paper.io is the default game, and every game's defaults name players it
// has: paper.io's as ever (heuristic against wanderer; goround, wanderer
// and heuristic in self-play; the heuristic tuned), the others' from their
// catalogs; and each game draws chart kinds of its own.
func TestDefaults(t *testing.T) {
	if game.Default() != "paperio" {
		t.Fatalf("default game %q", game.Default())
	}
	g, err := game.Lookup("")
	if err != nil || g.Name() != "paperio" {
		t.Fatalf("no game named: %v, %v", g, err)
	}
	in := g.Info()
	if p := in.DefaultPair(g.Bots()); p != [2]string{"heuristic", "wanderer"} {
		t.Errorf("paper.io's pair %v", p)
	}
	if s := strings.Join(in.SelfplayBots(g.Bots()), ","); s != "goround,wanderer,heuristic" {
		t.Errorf("paper.io's self-play %s", s)
	}
	if b := in.TuneBot(g.Bots()); b != "heuristic" {
		t.Errorf("paper.io's tuned bot %s", b)
	}
	for _, name := range game.Names() {
		g, _ := game.Lookup(name)
		in := g.Info()
		p := in.DefaultPair(g.Bots())
		specs := append(p[:], in.SelfplayBots(g.Bots())...)
		if b := in.TuneBot(g.Bots()); b != "" {
			specs = append(specs, b)
		}
		for _, s := range specs {
			if _, err := g.Canonical(s); err != nil {
				t.Errorf("%s: default player %q: %v", name, s, err)
			}
		}
		if len(plots.KindsOf(name)) <= len(plots.Kinds) {
			t.Errorf("%s registers no chart kind: %v", name, plots.KindsOf(name))
		}
	}
}
