package rl

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
)

// netSearchPolicy writes the trainer's default network with random
// weights and loads it.
func netSearchPolicy(t *testing.T, c paperio.Config) *Policy {
	t.Helper()
	p, err := LoadPolicy(writePolicy(t, trainerNet, c, 3))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// countingPrior counts the prior's calls.
type countingPrior struct {
	netPrior
	calls int
}

func (c *countingPrior) Prior(s *paperio.State) [3]float32 {
	c.calls++
	return c.netPrior.Prior(s)
}

// losesAtOnce says whether the engine ends the game with a loss for the
// player to move when it plays a.
func losesAtOnce(s *paperio.State, a paperio.Action) bool {
	me := s.ToMove()
	n := s.Clone()
	n.Step(a)
	return n.Over() && n.Result().Winner == paperio.Winner(1-me)
}

// netSearchGame plays a game of c from starts seed between a network-guided
// search of spec (player 0) and the heuristic with a random move now and
// then (player 1), returning player 0's moves; it fails when the search
// plays a move that the engine calls a loss at once while another move is
// not one.
func netSearchGame(t *testing.T, c paperio.Config, p *Policy, spec string, seed int64, pr *countingPrior) []paperio.Action {
	t.Helper()
	st, err := paperio.RandomStarts(c, seed)
	if err != nil {
		t.Fatal(err)
	}
	s, err := paperio.NewGame(c, st)
	if err != nil {
		t.Fatal(err)
	}
	pr.pl = p.NewPlayer()
	me, err := bots.NewSearchWithPrior(spec, pr)
	if err != nil {
		t.Fatal(err)
	}
	other, err := bots.Make("heuristic:maxband=12")
	if err != nil {
		t.Fatal(err)
	}
	me.Reset(s, 0, 1, play.Clock{})
	other.Reset(s, 1, 2, play.Clock{})
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	var moves []paperio.Action
	for !s.Over() {
		if s.ToMove() == 0 {
			a := me.Act(s, play.Clock{})
			if losesAtOnce(s, a) {
				for _, b := range Actions {
					if !losesAtOnce(s, b) {
						t.Fatalf("%s, game %d, half-step %d: plays %c, a loss at once, where %c is not", spec, seed, s.HalfSteps(), a, b)
					}
				}
			}
			moves = append(moves, a)
			s.Step(a)
			continue
		}
		a := other.Act(s, play.Clock{})
		if rng.IntN(6) == 0 {
			a = Actions[rng.IntN(3)]
		}
		s.Step(a)
	}
	return moves
}

// TestNetSearchDeterministic: under a node budget the network-guided
// search plays the same moves in the same game, and it asks the network.
func TestNetSearchDeterministic(t *testing.T) {
	c := paperio.Config{Width: 32, Height: 23, MaxTurns: 200}
	p := netSearchPolicy(t, c)
	const spec = "search:nodes=400,guide=0"
	var a, b countingPrior
	first := netSearchGame(t, c, p, spec, 7, &a)
	second := netSearchGame(t, c, p, spec, 7, &b)
	if !slices.Equal(first, second) {
		t.Fatalf("two runs of one game: %d and %d moves, first apart at %d", len(first), len(second), firstApart(first, second))
	}
	if a.calls == 0 || a.calls != b.calls {
		t.Errorf("the network was asked %d and %d times", a.calls, b.calls)
	}
	t.Logf("%d moves, %d evaluations", len(first), a.calls)
}

// TestNetSearchNeverLosesAtOnce: over many positions (games against a
// heuristic that now and then plays at random, the search alone and with
// its guide) the network-guided search never plays a move that loses at
// once while another does not; netSearchGame checks every move.
func TestNetSearchNeverLosesAtOnce(t *testing.T) {
	c := paperio.Config{Width: 24, Height: 19, MaxTurns: 150}
	p := netSearchPolicy(t, c)
	moves := 0
	for g := range 12 {
		spec := "search:nodes=150,guide=0"
		if g%2 == 1 {
			spec = "search:nodes=150,near=0"
		}
		var pr countingPrior
		moves += len(netSearchGame(t, c, p, spec, int64(100+g), &pr))
	}
	if moves < 500 {
		t.Errorf("%d moves checked", moves)
	}
}

// The file kind plays: netsearch:FILE makes a player through the
// registry, and a spec that is not a search is refused.
func TestNetSearchSpec(t *testing.T) {
	c := paperio.DefaultConfig()
	p := netSearchPolicy(t, c)
	if _, err := p.NewSearcher("heuristic"); err == nil {
		t.Error("a heuristic spec made a network-guided search")
	}
	b, err := NewBot(NetSearchPrefix + p.Path)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := paperio.RandomStarts(c, 1)
	s, _ := paperio.NewGame(c, st)
	b.Reset(s, 0, 0, play.Clock{})
	if a := b.Act(s, play.Clock{}); ActionIndex(a) < 0 {
		t.Errorf("move %v", a)
	}
}

func firstApart(a, b []paperio.Action) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
