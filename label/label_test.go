package label

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestShort(t *testing.T) {
	for _, c := range []struct {
		specs, want []string
	}{
		{[]string{"py:teams/t_team/t_team.py", "random"}, []string{"t_team", "random"}},
		{[]string{"py:C:\\course\\ai_7.py"}, []string{"ai_7"}},
		{[]string{"heuristic:maxband=100"}, []string{"heuristic maxband=100"}},
		// Too long: keys cut to unique prefixes of three letters or more
		// (maxband and margin share "ma"), then, if still too long, the name to
		// four letters.
		{[]string{"heuristic:maxband=100,margin=2"}, []string{"heuristic max=100 mar=2"}},
		{[]string{"heuristic:depth=2,maxband=100,margin=2,risk=0.5"}, []string{"heur dep=2 max=100 mar=2 ris=0.5"}},
		{[]string{"goround:h=6,w=6", "wanderer:start=3"}, []string{"goround h=6 w=6", "wanderer start=3"}},
		// Equal specs share a label.
		{[]string{"random", "random"}, []string{"random", "random"}},
		// Not a spec: as it is.
		{[]string{"team A", ""}, []string{"team A", ""}},
	} {
		if got := Short(c.specs); !slices.Equal(got, c.want) {
			t.Errorf("Short(%q) = %q, want %q", c.specs, got, c.want)
		}
	}
}

// Clashing stems are told apart by their folders, then by numbers in the
// order of the sorted specs, whatever the order given.
func TestShortClashingStems(t *testing.T) {
	for _, c := range []struct {
		specs, want []string
	}{
		{[]string{"py:a/ai.py", "py:b/ai.py", "py:c/other.py"}, []string{"a/ai", "b/ai", "other"}},
		{[]string{"py:x/a/ai.py", "py:y/a/ai.py", "py:b/ai.py"}, []string{"x/a/ai", "y/a/ai", "b/ai"}},
		// The same file name twice without folders: numbers.
		{[]string{"py:t_team.py", "py:t_team.pyc"}, []string{"t_team", "t_team#2"}},
		{[]string{"py:t_team.pyc", "py:t_team.py"}, []string{"t_team#2", "t_team"}},
		// A stem that equals a bot's name.
		{[]string{"py:bots/random.py", "random"}, []string{"bots/random", "random"}},
		// A number that would clash with a label already there is skipped.
		{[]string{"x#2", "py:x.py", "py:x.pyc"}, []string{"x#2", "x", "x#3"}},
	} {
		got := Short(c.specs)
		if !slices.Equal(got, c.want) {
			t.Errorf("Short(%q) = %q, want %q", c.specs, got, c.want)
		}
	}
}

// fieldSpecs are n distinct specs of the kinds a course field has: Python
// AIs, some with the same file name in different folders, and bots with
// parameters.
func fieldSpecs(n int) []string {
	var out []string
	for i := range n {
		switch i % 4 {
		case 0:
			out = append(out, fmt.Sprintf("py:teams/t_team%02d/t_team%02d.py", i, i))
		case 1:
			out = append(out, fmt.Sprintf("py:submissions/%02d/ai.py", i))
		case 2:
			out = append(out, fmt.Sprintf("heuristic:maxband=%d,margin=%d", 40+i, i%5))
		default:
			out = append(out, fmt.Sprintf("goround:w=%d", i))
		}
	}
	return out
}

func TestEveryModeIsUniqueAndStable(t *testing.T) {
	for _, n := range []int{1, 3, 12, 42, 100, 1200} {
		specs := fieldSpecs(n)
		for _, m := range Modes {
			got := Names(m, specs)
			seen := map[string]string{}
			for i, l := range got {
				if other, ok := seen[l]; ok {
					t.Fatalf("%s, %d players: %q and %q both %q", m, n, other, specs[i], l)
				}
				seen[l] = specs[i]
				if l == "" {
					t.Fatalf("%s: empty label for %q", m, specs[i])
				}
			}
			// The same set in another order gets the same labels.
			rev := slices.Clone(specs)
			slices.Reverse(rev)
			back := Names(m, rev)
			slices.Reverse(back)
			if !slices.Equal(got, back) {
				t.Errorf("%s, %d players: labels depend on the order", m, n)
			}
			if m == ModeInitial && n <= 962 {
				for i, l := range got {
					if utf8.RuneCountInString(l) > 2 {
						t.Errorf("%d players: initial %q of %q is longer than two", n, l, specs[i])
					}
				}
			}
		}
	}
}

func TestInitial(t *testing.T) {
	for _, c := range []struct {
		specs, want []string
	}{
		{[]string{"py:t/alpha.py", "py:t/beta.py", "random"}, []string{"A", "B", "R"}},
		// The shared prefix "t_" is skipped; the two with a G get a second
		// letter from their labels.
		{[]string{"py:t_gamma.py", "py:t_gold.py", "py:t_alpha.py"}, []string{"Ga", "Go", "A"}},
		// Bots of one kind: the shared "heuristic maxband=" goes, the
		// values stay.
		{[]string{"heuristic:maxband=50", "heuristic:maxband=60", "heuristic:maxband=55"}, []string{"50", "6", "55"}},
		{[]string{"x"}, []string{"X"}},
		{[]string{"py:a.py", "py:a.py"}, []string{"A", "A"}},
	} {
		if got := Initial(c.specs); !slices.Equal(got, c.want) {
			t.Errorf("Initial(%q) = %q, want %q", c.specs, got, c.want)
		}
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range Modes {
		got, err := ParseMode(string(m))
		if err != nil || got != m {
			t.Errorf("ParseMode(%q) = %q, %v", m, got, err)
		}
	}
	if _, err := ParseMode("long"); err == nil || !strings.Contains(err.Error(), "spec, short or initial") {
		t.Errorf("ParseMode(long): %v", err)
	}
	specs := []string{"py:a/b.py"}
	if got := Names(ModeSpec, specs); !slices.Equal(got, specs) {
		t.Errorf("spec mode changed %q to %q", specs, got)
	}
}

// Course AIs are named by their stems, clashing stems told apart; bots
// keep their specs.
func TestPlayers(t *testing.T) {
	got := Players([]string{"py:a/t_team.py", "heuristic:margin=2", "py:b/t_team.py", "py:x/solo.py", "random",
		"policy:runs/r1/policy.npz", "policy:runs/r2/policy.npz", "policy:best.npz"})
	want := []string{"a/t_team", "heuristic:margin=2", "b/t_team", "solo", "random", "r1/policy", "r2/policy", "best"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Players = %q, want %q", got, want)
		}
	}
}

// A player built around a file keeps its kind and parameters: the network
// inside the search is not labelled as the network alone, even when both
// read the same file.
func TestPlayersBuiltAroundAFile(t *testing.T) {
	specs := []string{"netsearch:runs/r1/policy.npz", "policy:runs/r1/policy.npz", "netsearch:guide=2:runs/r1/policy.npz",
		"netsearch:runs/r2/policy.npz", "search", "exec:bin/bot"}
	want := []string{"netsearch r1/policy", "policy", "netsearch guide=2 policy", "netsearch r2/policy", "search", "bot"}
	if got := Players(specs); !slices.Equal(got, want) {
		t.Fatalf("Players = %q, want %q", got, want)
	}
	if got := Short([]string{"netsearch:guide=2,simnet=0:runs/r1/policy.npz"}); got[0] != "netsearch gui=2 sim=0 policy" {
		t.Errorf("Short = %q", got)
	}
	if got := Short([]string{"netsearch:guide=2:"}); got[0] != "netsearch:guide=2:" {
		t.Errorf("a spec with an empty file stays as it is: %q", got)
	}
}
