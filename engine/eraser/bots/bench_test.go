package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/play"
)

// benchAct times one move of a bot on course positions: the positions of a
// random game, one bot reset for each seat.
func benchAct(b *testing.B, newBot func() Bot) {
	s, err := eraser.New(eraser.DefaultConfig(), 31337)
	if err != nil {
		b.Fatal(err)
	}
	var positions []*eraser.State
	r := &Random{}
	r.Reset(s, 0, 5, play.Clock{})
	for !s.Over() {
		positions = append(positions, s.Clone())
		s.Move(r.Act(s, play.Clock{}))
	}
	seats := [2]Bot{newBot(), newBot()}
	for me, bot := range seats {
		bot.Reset(positions[0], me, 1, play.Clock{})
		bot.Act(positions[me], play.Clock{})
	}
	clock := cputime.Start(b)
	defer clock.Stop()
	i := 0
	for b.Loop() {
		p := positions[i%len(positions)]
		seats[p.ToMove()].Act(p, play.Clock{})
		i++
	}
}

func BenchmarkRandomAct(b *testing.B) { benchAct(b, func() Bot { return &Random{} }) }
func BenchmarkGreedyAct(b *testing.B) { benchAct(b, func() Bot { return &Greedy{} }) }

func BenchmarkLookaheadAct(b *testing.B) {
	benchAct(b, func() Bot { return NewLookahead() })
}

// BenchmarkGame is a whole course game between two bots from a seed (the
// board drawn too); one op is one game.
func BenchmarkGame(b *testing.B) {
	for _, c := range []struct {
		name string
		a, z func() Bot
	}{
		{"random-random", func() Bot { return &Random{} }, func() Bot { return &Random{} }},
		{"greedy-greedy", func() Bot { return &Greedy{} }, func() Bot { return &Greedy{} }},
		{"lookahead-greedy", func() Bot { return NewLookahead() }, func() Bot { return &Greedy{} }},
	} {
		b.Run(c.name, func(b *testing.B) {
			a, z := c.a(), c.z()
			seed := int64(0)
			clock := cputime.Start(b)
			for b.Loop() {
				seed++
				if _, err := Play(eraser.DefaultConfig(), seed, a, z); err != nil {
					b.Fatal(err)
				}
			}
			cpu, _ := clock.Stop()
			cputime.Rate(b, float64(b.N), "games", cpu)
		})
	}
}
