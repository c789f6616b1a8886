package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/internal/cputime"
)

// benchGames plays whole games between two bots on 16 course maps (hexagon
// 7, 0.35, 0.1; generated before timing) and reports games and turns per
// second of wall and CPU time. One op is one game.
func benchGames(b *testing.B, a, c string) {
	maps := hexMaps(b, 16)
	x, _ := New(a, nil)
	y, _ := New(c, nil)
	var mt Match
	turns := 0
	clock := cputime.Start(b)
	for i := 0; b.Loop(); i++ {
		res, err := mt.Play(maps[i%16], [2]Bot{x, y}, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		turns += res.Turns
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(b.N), "games", cpu)
	cputime.Rate(b, float64(turns), "turns", cpu)
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkGameGreedy is a full game between two greedy bots.
func BenchmarkGameGreedy(b *testing.B) { benchGames(b, "greedy", "greedy") }

// BenchmarkGameGreedySample is greedy against the course's sample (1000
// random tries a turn).
func BenchmarkGameGreedySample(b *testing.B) { benchGames(b, "greedy", "sample") }

// BenchmarkHexagonMap generates a course map (7, 0.35, 0.1) from a seed.
func BenchmarkHexagonMap(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, _, err := (stellar.MapSpec{Gen: stellar.GenHex, Params: []float64{7, 0.35, 0.1}, Seed: int64(i)}).Build(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEngineOnGreedyGames replays, on the engine alone, the commands of
// greedy-vs-greedy games on 16 course maps (recorded before timing): the
// engine's speed on a ~95-node map with a bot's number of commands. One op
// is one pass over the 16 games.
func BenchmarkEngineOnGreedyGames(b *testing.B) {
	maps := hexMaps(b, 16)
	g0, _ := New("greedy", nil)
	g1, _ := New("greedy", map[string]float64{"keep": 45, "seed": 10})
	type game struct {
		start *stellar.State
		cmds  [][2][]stellar.Command
	}
	var games []game
	total, commands := 0, 0
	for i, m := range maps {
		s := stellar.MustNewState(m)
		gm := game{start: stellar.MustNewState(m)}
		g0.Reset(s, 0, uint64(i))
		g1.Reset(s, 1, uint64(i))
		for !s.Over() {
			c0 := append([]stellar.Command(nil), g0.Act(s)...)
			c1 := append([]stellar.Command(nil), g1.Act(s)...)
			gm.cmds = append(gm.cmds, [2][]stellar.Command{c0, c1})
			commands += len(c0) + len(c1)
			s.Step(c0, c1)
		}
		total += len(gm.cmds)
		games = append(games, gm)
	}
	s := &stellar.State{}
	pass := func() {
		for _, gm := range games {
			s.CopyFrom(gm.start)
			for _, c := range gm.cmds {
				s.Step(c[0], c[1])
			}
		}
	}
	pass()
	clock := cputime.Start(b)
	for b.Loop() {
		pass()
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(total*b.N), "turns", cpu)
	b.ReportMetric(float64(commands)/float64(total), "cmds/turn")
}

// BenchmarkGameFromSeed is a whole greedy-vs-greedy game from a seed: the
// course map (hexagon 7, 0.35, 0.1) generated from the seed, then played.
func BenchmarkGameFromSeed(b *testing.B) {
	x, _ := New("greedy", nil)
	y, _ := New("greedy", nil)
	var mt Match
	clock := cputime.Start(b)
	for i := 0; b.Loop(); i++ {
		m, _, err := stellar.MapSpec{Gen: stellar.GenHex, Params: []float64{7, 0.35, 0.1}, Seed: int64(i)}.Build()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := mt.Play(m, [2]Bot{x, y}, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(b.N), "games", cpu)
}
