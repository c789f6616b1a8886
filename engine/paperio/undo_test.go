package paperio

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// sameForUndo is sameState plus the enclosure spans and territory bits,
// which Undo restores too (a wrong one would change a later enclosure).
func sameForUndo(a, b *State) error {
	if err := sameState(a, b); err != nil {
		return err
	}
	if !slices.Equal(a.spans, b.spans) {
		return fmt.Errorf("spans differ")
	}
	if err := terrMatches(a); err != nil {
		return err
	}
	return terrMatches(b)
}

// TestDoUndo plays random games; from many of their states it walks a
// random line of up to 40 half-steps with Do (the walkers close loops, so
// enclosures happen, some of them taking enemy territory and bands), then
// undoes it half-step by half-step: every undone state equals a copy of the
// state before that half-step, and the line played again with Step ends
// where Do's line ended.
func TestDoUndo(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 100
	}
	var closes, lines int
	for game := 0; game < n; game++ {
		rng := rand.New(rand.NewPCG(5, uint64(game)))
		w, h := 2*(6+rng.IntN(10)), 10+rng.IntN(22)
		if game%5 == 0 {
			w, h = 2*(1+rng.IntN(15)), 1+rng.IntN(31)
		}
		c, st := randomSetup(rng, w, h)
		s, err := NewGame(c, st)
		if err != nil {
			t.Fatal(err)
		}
		next := walkers(rng)
		undos := make([]Undo, 40)
		before := make([]*State, 40)
		for !s.Over() {
			if rng.IntN(4) == 0 {
				start := s.Clone()
				k := 1 + rng.IntN(len(undos))
				var line []Action
				for i := 0; i < k; i++ {
					if before[i] == nil {
						before[i] = &State{}
					}
					before[i].CopyFrom(s)
					a, _ := next(s)
					line = append(line, a)
					s.Do(a, &undos[i])
					if undos[i].closes {
						closes++
					}
				}
				again := start.Clone()
				for _, a := range line {
					again.Step(a)
				}
				if err := sameForUndo(s, again); err != nil {
					t.Fatalf("game %d: Do's line differs from Step's: %v", game, err)
				}
				for i := k - 1; i >= 0; i-- {
					s.Undo(&undos[i])
					if err := sameForUndo(s, before[i]); err != nil {
						t.Fatalf("game %d: undoing half-step %d of %v: %v", game, i, line, err)
					}
				}
				lines++
			}
			a, _ := next(s)
			s.Step(a)
		}
	}
	t.Logf("%d lines undone, %d enclosures among their half-steps", lines, closes)
	if closes == 0 {
		t.Fatal("no line closed a band: the test does not exercise enclosure")
	}
}

// BenchmarkDoUndo plays each public game forward with Do and back with
// Undo; do+undo-ns/halfstep is the cost of one half-step made and taken
// back, to compare with BenchmarkStep's ns/op.
func BenchmarkDoUndo(b *testing.B) {
	games := loadRecords(b, "public.jsonl.gz")
	starts := make([]*State, len(games))
	for i, g := range games {
		var err error
		if starts[i], err = NewGame(g.config(), g.starts()); err != nil {
			b.Fatal(err)
		}
	}
	s := &State{}
	var undos []Undo
	steps := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		g := games[i%len(games)]
		s.CopyFrom(starts[i%len(games)])
		if len(undos) < len(g.Actions) {
			undos = make([]Undo, len(g.Actions))
		}
		for j, a := range g.Actions {
			s.Do(Action(a), &undos[j])
		}
		for j := len(g.Actions) - 1; j >= 0; j-- {
			s.Undo(&undos[j])
		}
		steps += len(g.Actions)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "do+undo-ns/halfstep")
}
