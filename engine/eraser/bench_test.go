package eraser

import (
	"math/rand/v2"
	"testing"

	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/pyrand"
)

// corpusReplay is the public corpus ready to replay: start states and swaps.
type corpusReplay struct {
	starts []*State
	moves  [][]Swap
	total  int
}

func loadCorpus(b *testing.B) *corpusReplay {
	games, err := ReadAll(corpusDir + "/public.jsonl.gz")
	if err != nil {
		b.Fatal(err)
	}
	c := &corpusReplay{}
	for _, g := range games {
		cfg, err := g.Config.Config()
		if err != nil {
			b.Fatal(err)
		}
		s, err := New(cfg, g.Seed)
		if err != nil {
			b.Fatal(err)
		}
		var sws []Swap
		for _, m := range g.Moves {
			sw, err := m.Swap()
			if err != nil {
				b.Fatal(err)
			}
			sws = append(sws, sw)
		}
		c.starts, c.moves = append(c.starts, s), append(c.moves, sws)
		c.total += len(sws)
	}
	return c
}

// BenchmarkReplayPublic replays every move of the public corpus on the
// engine (each move with its cascade and the next round's operations; no
// frame checks): one op is one pass over all 75 games. moves/s is the figure
// to compare with the reference engine's ≈235 moves/s. Where the thread's
// CPU time can be read, moves/cpu-s is reported too (wall time is noisy on a
// shared machine).
func BenchmarkReplayPublic(b *testing.B) {
	c := loadCorpus(b)
	s := &State{}
	pass := func() {
		for i, start := range c.starts {
			s.CopyFrom(start)
			for _, sw := range c.moves[i] {
				s.Move(sw)
			}
		}
	}
	pass()
	clock := cputime.Start(b)
	for b.Loop() {
		pass()
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(c.total*b.N), "moves", cpu)
}

// BenchmarkMove is one move of a real game: the corpus's moves one after
// another, the next game started (CopyFrom) when one ends. 0 allocs/op.
func BenchmarkMove(b *testing.B) {
	c := loadCorpus(b)
	s := &State{}
	gi, j := 0, 0
	s.CopyFrom(c.starts[0])
	clock := cputime.Start(b)
	defer clock.Stop()
	for b.Loop() {
		for j == len(c.moves[gi]) { // games without moves are skipped
			gi, j = (gi+1)%len(c.starts), 0
			s.CopyFrom(c.starts[gi])
		}
		s.Move(c.moves[gi][j])
		j++
	}
}

// BenchmarkRandomGame is a whole course game from a seed, random against
// random as the course's sample plays (random.choice of the operations,
// CPython's stream) to the end; one op is one game. "lazy" draws the
// reserve's blocks as falls reach them (what New does), "whole-board" draws
// all 200 blocks first, as the course's engine did: the ratio is what the
// lazy reserve saves.
func BenchmarkRandomGame(b *testing.B) {
	for _, whole := range []bool{false, true} {
		name := "lazy"
		if whole {
			name = "whole-board"
		}
		b.Run(name, func(b *testing.B) {
			cfg := DefaultConfig()
			r := pyrand.New(1)
			ops := make([]Swap, 0, 64)
			seed := int64(0)
			moves := 0
			clock := cputime.Start(b)
			for b.Loop() {
				seed++
				s, err := New(cfg, seed)
				if err != nil {
					b.Fatal(err)
				}
				if whole {
					s.DrawAll()
				}
				r.Seed(uint64(seed))
				for !s.Over() {
					ops = s.Ops(ops[:0])
					s.Move(ops[r.RandBelow(len(ops))])
				}
				moves += s.Turn()
			}
			cpu, _ := clock.Stop()
			cputime.Rate(b, float64(b.N), "games", cpu)
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
}

// BenchmarkGenerate draws a course board (1200 rows) from a seed.
func BenchmarkGenerate(b *testing.B) {
	seed := int64(0)
	clock := cputime.Start(b)
	defer clock.Stop()
	for b.Loop() {
		seed++
		if _, _, err := Generate(DefaultRows, seed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOps lists the operations of a mid-game position into a buffer.
func BenchmarkOps(b *testing.B) {
	s := midGame(b)
	buf := make([]Swap, 0, 64)
	clock := cputime.Start(b)
	defer clock.Stop()
	for b.Loop() {
		buf = s.Ops(buf[:0])
	}
}

// BenchmarkOperations computes the operation masks of a mid-game position
// (what every round does).
func BenchmarkOperations(b *testing.B) {
	s := midGame(b)
	var h, v uint64
	clock := cputime.Start(b)
	defer clock.Stop()
	for b.Loop() {
		s.has[0] ^= h & 1 // keep the call from being hoisted
		h, v = operations(&s.has)
	}
	_ = v
}

// BenchmarkCopyFrom copies a game into a reused state: what a look-ahead bot
// does per node.
func BenchmarkCopyFrom(b *testing.B) {
	s := midGame(b)
	dst := &State{}
	clock := cputime.Start(b)
	defer clock.Stop()
	for b.Loop() {
		dst.CopyFrom(s)
	}
}

// BenchmarkBoardCopy is a plain copy of the whole 6×1200 board (one byte a
// cell): the floor for an engine that keeps the whole board per state, to
// compare CopyFrom and Move with.
func BenchmarkBoardCopy(b *testing.B) {
	src := make([]Colour, Size*DefaultRows)
	dst := make([]Colour, len(src))
	b.SetBytes(int64(len(src)))
	clock := cputime.Start(b)
	defer clock.Stop()
	for b.Loop() {
		copy(dst, src)
	}
}

// midGame is a course game after 50 random moves.
func midGame(b *testing.B) *State {
	s, err := New(DefaultConfig(), 888286)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 50 && !s.Over(); i++ {
		ops := s.Ops(nil)
		s.Move(ops[rng.IntN(len(ops))])
	}
	return s
}
