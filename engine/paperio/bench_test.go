package paperio

import (
	"fmt"
	"strings"
	"testing"

	"github.com/paperio/paperio/internal/cputime"
)

// BenchmarkStep is one half-step of a real game: it plays the public
// reference games' actions one after another, starting the next game (with
// CopyFrom) when one ends. It must report 0 allocs/op. Beside the time it
// reports what the fill has to do in these games, counted once before the
// clock starts: half-steps per enclosure, and the band cells an enclosure
// turns into territory and the other cells it takes, on average.
func BenchmarkStep(b *testing.B) {
	e := enclosures(b, loadRecords(b, "public.jsonl.gz"))
	benchReplay(b) // resets the timer, which forgets metrics reported before
	b.ReportMetric(float64(e.halfSteps)/float64(e.n), "half-steps/enclosure")
	b.ReportMetric(float64(e.band)/float64(e.n), "band-cells/enclosure")
	b.ReportMetric(float64(e.taken)/float64(e.n), "taken-cells/enclosure")
}

// enclosureCounts are the enclosures of some games: how many, over how
// many half-steps, the band cells they turned into territory and the
// other cells they took.
type enclosureCounts struct{ n, halfSteps, band, taken int }

// enclosures counts the enclosures of recorded games from the areas and
// bands before and after each half-step: an enclosure is a half-step whose
// mover's territory grew, by its band and the cells taken.
func enclosures(b *testing.B, games []refGameRecord) enclosureCounts {
	var e enclosureCounts
	for _, g := range games {
		s, err := NewGame(g.config(), g.starts())
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range g.Actions {
			if s.Over() {
				break
			}
			m := s.HalfSteps() & 1
			area, band := s.Area(m), s.BandLen(m)
			s.Step(Action(a))
			e.halfSteps++
			if gain := s.Area(m) - area; gain > 0 {
				e.n++
				e.band += band
				e.taken += gain - band
			}
		}
	}
	e.n = max(e.n, 1)
	return e
}

// BenchmarkStepNoFill is BenchmarkStep with enclosure reduced to turning the
// band into territory: the games no longer follow their records (a game
// that ends early starts the next one), but the half-steps cost what the
// engine would with a free flood fill, the limit a faster fill approaches.
// Run beside BenchmarkStep, it shows how much of a half-step the fill takes
// (cpu-ns/half-step is the thread's CPU time, which a busy machine inflates
// less than ns/op).
func BenchmarkStepNoFill(b *testing.B) {
	noFill = true
	defer func() { noFill = false }()
	benchReplay(b)
}

func benchReplay(b *testing.B) {
	games := loadRecords(b, "public.jsonl.gz")
	starts := make([]*State, len(games))
	for i, g := range games {
		var err error
		if starts[i], err = NewGame(g.config(), g.starts()); err != nil {
			b.Fatal(err)
		}
	}
	s := &State{}
	gi, j := 0, 0
	s.CopyFrom(starts[0])
	b.ResetTimer()
	clock := cputime.Start(b) // cpu-ns/op: one op is one half-step
	for b.Loop() {
		if j == len(games[gi].Actions) || s.Over() {
			gi, j = (gi+1)%len(games), 0
			s.CopyFrom(starts[gi])
		}
		s.Step(Action(games[gi].Actions[j]))
		j++
	}
	clock.Stop()
}

// loopGame returns a game on the course board in which player 1 has drawn
// all of a side x side square loop but its last cell, and the action that
// closes it. Player 2 circles at home.
func loopGame(b *testing.B, side int) (*State, Action) {
	c := DefaultConfig()
	st := [2]Start{{20, 20, East}, {90, 90, West}}
	n := side - 1
	p1 := strings.Repeat("S", n) + "R" + strings.Repeat("S", n-1) + "R" + strings.Repeat("S", n-1) + "R" + strings.Repeat("S", n-2)
	s, err := NewGame(c, st)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < len(p1)-1; i++ {
		s.Step(Action(p1[i]))
		s.Step(Left)
	}
	if s.Over() || s.BandLen(0) == 0 {
		b.Fatalf("bad loop: %+v band %d", s.Result(), s.BandLen(0))
	}
	return s, Action(p1[len(p1)-1])
}

// BenchmarkEnclose closes a square loop: the enclosing step and a CopyFrom
// to restore the state before it (see BenchmarkCopyFrom for the latter's
// share).
func BenchmarkEnclose(b *testing.B) {
	for _, side := range []int{5, 20, 60} {
		b.Run(fmt.Sprintf("%dx%d", side, side), func(b *testing.B) {
			pre, closing := loopGame(b, side)
			s := pre.Clone()
			s.Step(closing)
			if want := side * side; s.Area(0) < want {
				b.Fatalf("loop enclosed %d cells, want at least %d", s.Area(0), want)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				s.CopyFrom(pre)
				s.Step(closing)
			}
		})
	}
}

// midGame is the longest public game halfway through: a course-sized state
// with territory and bands.
func midGame(b *testing.B) *State {
	games := loadRecords(b, "public.jsonl.gz")
	g := games[0]
	for _, cand := range games {
		if len(cand.Actions) > len(g.Actions) {
			g = cand
		}
	}
	s, err := NewGame(g.config(), g.starts())
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < len(g.Actions)/2; i++ {
		s.Step(Action(g.Actions[i]))
	}
	return s
}

// BenchmarkClone is a fresh copy of a course-sized game (allocates).
func BenchmarkClone(b *testing.B) {
	s := midGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		_ = s.Clone()
	}
}

// BenchmarkCopyFrom is a copy into a reused state (allocates nothing): what a
// look-ahead bot does per node.
func BenchmarkCopyFrom(b *testing.B) {
	s := midGame(b)
	dst := s.Clone()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		dst.CopyFrom(s)
	}
}
