package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
)

// match plays pairs of games on the same seeds with the seats swapped and
// returns a's wins and the games played.
func match(t testing.TB, cfg eraser.Config, pairs int, a, b Bot) (wins, games int) {
	t.Helper()
	for i := 0; i < pairs; i++ {
		seed := int64(1000 + i)
		for seat := 0; seat < 2; seat++ {
			first, second := a, b
			if seat == 1 {
				first, second = b, a
			}
			s, err := Play(cfg, seed, first, second)
			if err != nil {
				t.Fatal(err)
			}
			if r := s.Result(); r.Reason == eraser.ReasonError {
				t.Fatalf("seed %d: %s", seed, r.Text)
			} else if r.Winner == seat {
				wins++
			}
			games++
		}
	}
	return wins, games
}

// TestStrength: greedy beats random and lookahead beats greedy, each over
// 200 games (100 seeds, seats swapped). Observed: greedy wins 199 of 200
// against random, lookahead all 200 against greedy; the bounds leave room
// for chance but not for a broken bot.
func TestStrength(t *testing.T) {
	cfg := eraser.DefaultConfig()
	if w, n := match(t, cfg, 100, &Greedy{}, &Random{}); w < n*85/100 {
		t.Errorf("greedy won %d of %d games against random, want at least 85%%", w, n)
	} else {
		t.Logf("greedy won %d of %d games against random", w, n)
	}
	la := NewLookahead()
	if w, n := match(t, cfg, 100, la, &Greedy{}); w < n*75/100 {
		t.Errorf("lookahead won %d of %d games against greedy, want at least 75%%", w, n)
	} else {
		t.Logf("lookahead won %d of %d games against greedy", w, n)
	}
}

// TestNoAllocation: the bots' moves allocate nothing once their buffers
// have grown.
func TestNoAllocation(t *testing.T) {
	la := NewLookahead()
	for name, b := range map[string]Bot{"random": &Random{}, "greedy": &Greedy{}, "lookahead": la} {
		s, err := eraser.New(eraser.DefaultConfig(), 4242)
		if err != nil {
			t.Fatal(err)
		}
		b.Reset(s, 0, 1, play.Clock{})
		b.Act(s, play.Clock{}) // grow the buffers
		allocs := testing.AllocsPerRun(40, func() {
			if !s.Over() {
				b.Reset(s, s.ToMove(), 1, play.Clock{})
				s.Move(b.Act(s, play.Clock{}))
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per move", name, allocs)
		}
	}
}

// TestCatalog: the bots by spec, parameters checked against their ranges.
func TestCatalog(t *testing.T) {
	b, err := Make("lookahead:depth=1,reply=50")
	if err != nil {
		t.Fatal(err)
	}
	if la := b.(*Lookahead); la.Depth != 1 || la.Reply != 50 || la.Ending != 1000 || la.Combo != 0 {
		t.Errorf("lookahead:depth=1,reply=50 is %+v", la)
	}
	if _, ok := must(t, "random").(*Random); !ok {
		t.Error("random is not Random")
	}
	if _, ok := must(t, "greedy").(*Greedy); !ok {
		t.Error("greedy is not Greedy")
	}
	for _, bad := range []string{"lookahead:depth=3", "lookahead:reply=-1", "lookahead:width=2", "lookahead:depth=1.5", "greedy:depth=1", "minimax"} {
		if _, err := Make(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	names := ""
	for _, in := range Catalog() {
		names += in.Name + " "
	}
	if names != "greedy lookahead random " {
		t.Errorf("catalog lists %q", names)
	}
}

func must(t *testing.T, spec string) Bot {
	t.Helper()
	b, err := Make(spec)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDeterministic: the same seed gives the same game.
func TestDeterministic(t *testing.T) {
	cfg := eraser.Config{Rows: 120, MaxTurn: 50, MaxTime: eraser.DefaultMaxTime}
	la := NewLookahead()
	var results [2]eraser.Result
	var boards [2]string
	for i := range results {
		s, err := Play(cfg, 99, &Random{}, la)
		if err != nil {
			t.Fatal(err)
		}
		results[i], boards[i] = s.Result(), s.Board().String()
	}
	if results[0] != results[1] || boards[0] != boards[1] {
		t.Errorf("two games from one seed differ: %+v, %+v", results[0], results[1])
	}
}
