package paperio

import (
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
)

// "py:FILE" makes a course AI with the player options; other specs are
// built-in bots; names of a spec given twice are told apart.
func TestPlayers(t *testing.T) {
	o := game.PlayerOptions{Budget: 10 * time.Second, Sandbox: "off"}
	var g Game
	b, err := NewPlayer("py:testdata/square.py", o)
	if err != nil {
		t.Fatal(err)
	}
	defer bots.Close(b)
	if _, ok := b.(*PyPlayer); !ok {
		t.Fatalf("py: spec made a %T", b)
	}
	if _, err := NewPlayer("py:testdata/noplay.py", o); err == nil || !strings.Contains(err.Error(), "no play function") {
		t.Errorf("py:noplay.py: %v", err)
	}
	for spec, want := range map[string]string{"heuristic:margin=2": "heuristic:margin=2", " PY:a/b.py": "py:a/b.py", "goround:h=4,w=3": "goround:h=4,w=3"} {
		if got, err := g.Canonical(spec); err != nil || got != want {
			t.Errorf("Canonical(%q) = %q, %v; want %q", spec, got, err, want)
		}
	}
	for _, bad := range []string{"py:", "nosuch", ""} {
		if _, err := g.Canonical(bad); err == nil {
			t.Errorf("Canonical(%q) accepted", bad)
		}
	}
	es, err := game.Entrants(g, o, "random", "random", "goround", "random")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name)
	}
	if got := strings.Join(names, "|"); got != "random|random (B)|goround|random (C)" {
		t.Errorf("names %s", got)
	}
	// Course AIs are named by their file stems, told apart when they clash.
	es, err = game.Entrants(g, o, "py:a/t_team.py", "py:b/t_team.py", "py:c/solo.py", "heuristic:margin=2")
	if err != nil {
		t.Fatal(err)
	}
	names = names[:0]
	for _, e := range es {
		names = append(names, e.Name)
	}
	if got := strings.Join(names, "|"); got != "a/t_team|b/t_team|solo|heuristic:margin=2" || es[0].Spec != "py:a/t_team.py" {
		t.Errorf("names %s", got)
	}
}
