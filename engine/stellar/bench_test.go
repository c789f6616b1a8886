package stellar

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/paperio/paperio/internal/cputime"
)

// typedCommands is a recorded list as typed commands when it is a plain list
// of (int, int, float) tuples, as a Go bot would give it.
func typedCommands(r *Returned) ([]Command, bool) {
	if r == nil || !r.List {
		return nil, false
	}
	out := []Command{}
	for _, it := range r.Items {
		if !it.Tuple || len(it.Values) != 3 {
			return nil, false
		}
		f, t, a := it.Values[0], it.Values[1], it.Values[2]
		if f.Kind != KindInt || t.Kind != KindInt || a.Kind != KindFloat || f.Big != nil || t.Big != nil || f.Repr+t.Repr+a.Repr != "" {
			return nil, false
		}
		out = append(out, Command{int(f.Int), int(t.Int), a.Float})
	}
	return out, true
}

// BenchmarkReplayPublic replays every turn of the public reference games (no
// frame checks): the engine's speed on real games, Python values judged as
// the Python bridge will give them. One op is one pass over all games.
func BenchmarkReplayPublic(b *testing.B) { benchReplay(b, false) }

// BenchmarkReplayPublicTyped is the same with the lists that Go bots could
// give (plain (int, int, float) tuples) passed as typed commands.
func BenchmarkReplayPublicTyped(b *testing.B) { benchReplay(b, true) }

func benchReplay(b *testing.B, typed bool) {
	games, err := publicGames()
	if err != nil {
		b.Fatal(err)
	}
	type turn struct {
		r     [2]*Returned
		c     [2][]Command
		typed bool
	}
	starts := make([]*State, len(games))
	turns := make([][]turn, len(games))
	total := 0
	for i, g := range games {
		starts[i] = MustNewState(g.Map)
		if g.Result.Reason == InitError {
			continue
		}
		for _, t := range g.Turns[1:] {
			tt := turn{r: t.Cmd}
			var ok0, ok1 bool
			tt.c[0], ok0 = typedCommands(t.Cmd[0])
			tt.c[1], ok1 = typedCommands(t.Cmd[1])
			tt.typed = typed && ok0 && ok1
			turns[i] = append(turns[i], tt)
		}
		total += len(turns[i])
	}
	s := &State{}
	pass := func() {
		for i := range games {
			s.CopyFrom(starts[i])
			for _, t := range turns[i] {
				if t.typed {
					s.Step(t.c[0], t.c[1])
				} else {
					s.StepPython(t.r[0], t.r[1], nil)
				}
			}
		}
	}
	pass() // grow the reused state's buffers before timing
	clock := cputime.Start(b)
	for b.Loop() {
		pass()
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(total*b.N), "turns", cpu)
}

// benchArgs are forces and amounts as games have them.
func benchArgs() []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 1024)
	for i := range xs {
		xs[i] = 200 * (1 - r.Float64())
	}
	return xs
}

var sink float64

// BenchmarkPow compares one pow(x, 0.5) and one pow(x, 2): the exact
// emulation, the fast path (PowHalf, PowTwo) and the plain math.Sqrt / x*x
// that do not replay the games.
func BenchmarkPow(b *testing.B) {
	xs := benchArgs()
	cases := []struct {
		name string
		f    func(float64) float64
	}{
		{"half/exact", func(x float64) float64 { return GlibcPow(x, 0.5) }},
		{"half/fast", PowHalf},
		{"half/math.Sqrt", math.Sqrt},
		{"two/exact", func(x float64) float64 { return GlibcPow(x, 2) }},
		{"two/fast", PowTwo},
		{"two/x*x", func(x float64) float64 { return x * x }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			clock := cputime.Start(b)
			s := 0.0
			for i := 0; b.Loop(); i++ {
				s += c.f(xs[i&1023])
			}
			sink = s
			clock.Stop()
		})
	}
}

// BenchmarkNodeLoopLimit is a floor for one turn on a 92-node map: a plain
// loop over the nodes doing one math.Sqrt each. One op is one such loop.
func BenchmarkNodeLoopLimit(b *testing.B) {
	xs := benchArgs()[:92]
	clock := cputime.Start(b)
	for b.Loop() {
		s := 0.0
		for _, x := range xs {
			s += math.Sqrt(x)
		}
		sink = s
	}
	cpu, _ := clock.Stop()
	cputime.Rate(b, float64(b.N), "loops", cpu)
}
