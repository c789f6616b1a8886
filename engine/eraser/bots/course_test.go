package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
)

// replayCorpus replays every public reference game and calls at before each
// recorded move with the state, the mover's name and the move.
func replayCorpus(t *testing.T, at func(g *eraser.Game, s *eraser.State, name string, want eraser.Swap)) {
	games, err := eraser.ReadAll("../../../testdata/eraser/conformance/public.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		cfg, err := g.Config.Config()
		if err != nil {
			t.Fatal(err)
		}
		s, err := eraser.New(cfg, g.Seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range g.Moves {
			sw, err := m.Swap()
			if err != nil {
				t.Fatal(err)
			}
			at(g, s, g.Players[s.ToMove()], sw)
			s.Move(sw)
		}
	}
}

// TestRandomMatchesCourse: seeded with the game's seed, Random makes every
// move the course's random sample made in the games where it was the only
// one drawing from Python's random stream.
func TestRandomMatchesCourse(t *testing.T) {
	bots := map[string]*Random{}
	checked := 0
	replayCorpus(t, func(g *eraser.Game, s *eraser.State, name string, want eraser.Swap) {
		if name != "random_robot" || g.Players[0] == g.Players[1] {
			return
		}
		b := bots[g.ID]
		if b == nil {
			b = &Random{}
			b.Reset(s, s.ToMove(), uint64(g.Seed), play.Clock{})
			bots[g.ID] = b
		}
		if got := b.Act(s, play.Clock{}); got != want {
			t.Errorf("%s move %d: random plays %v, the course's sample %v", g.ID, s.Turn()+1, got, want)
		}
		checked++
	})
	if checked < 500 {
		t.Errorf("only %d moves of the random sample checked", checked)
	}
	t.Logf("%d moves of the random sample reproduced in %d games", checked, len(bots))
}

// TestGreedyMatchesCourse: Greedy makes every move the course's greedy
// sample made.
func TestGreedyMatchesCourse(t *testing.T) {
	b := &Greedy{}
	checked := 0
	replayCorpus(t, func(g *eraser.Game, s *eraser.State, name string, want eraser.Swap) {
		if name != "greedy_robot" {
			return
		}
		b.Reset(s, s.ToMove(), 0, play.Clock{})
		if got := b.Act(s, play.Clock{}); got != want {
			t.Errorf("%s move %d: greedy plays %v, the course's sample %v", g.ID, s.Turn()+1, got, want)
		}
		checked++
	})
	if checked < 500 {
		t.Errorf("only %d moves of the greedy sample checked", checked)
	}
	t.Logf("%d moves of the greedy sample reproduced", checked)
}
