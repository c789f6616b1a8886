package players

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/pyai"
)

func TestSplitList(t *testing.T) {
	got := SplitList(" random, heuristic:maxband=90,margin=2 ,goround:w=4,h=6,py:ai.py,")
	want := []string{"random", "heuristic:maxband=90,margin=2", "goround:w=4,h=6", "py:ai.py"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("SplitList = %q, want %q", got, want)
	}
}

// "py:FILE" makes a course AI with the maker's options; other specs are
// built-in bots; names of a spec given twice are told apart.
func TestMaker(t *testing.T) {
	m := Maker{Py: pyai.Options{TimeBudget: 10 * time.Second, Sandbox: pyai.SandboxOff}}
	b, err := m.New("py:../pyai/testdata/square.py")
	if err != nil {
		t.Fatal(err)
	}
	defer bots.Close(b)
	if _, ok := b.(*pyai.Player); !ok {
		t.Fatalf("py: spec made a %T", b)
	}
	if _, err := m.New("py:../pyai/testdata/noplay.py"); err == nil || !strings.Contains(err.Error(), "no play function") {
		t.Errorf("py:noplay.py: %v", err)
	}
	for spec, want := range map[string]string{"heuristic:margin=2": "heuristic:margin=2", " PY:a/b.py": "py:a/b.py", "goround:h=4,w=3": "goround:h=4,w=3"} {
		if got, err := Canonical(spec); err != nil || got != want {
			t.Errorf("Canonical(%q) = %q, %v; want %q", spec, got, err, want)
		}
	}
	for _, bad := range []string{"py:", "nosuch", ""} {
		if _, err := Canonical(bad); err == nil {
			t.Errorf("Canonical(%q) accepted", bad)
		}
	}
	es, err := m.Entrants("random", "random", "goround", "random")
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
	es, err = m.Entrants("py:a/t_team.py", "py:b/t_team.py", "py:c/solo.py", "heuristic:margin=2")
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
