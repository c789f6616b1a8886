package bots

import (
	"fmt"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// TestSimChoices: against every built-in bot the chooser makes choices, only
// at home with no band out, never moves the real game, and now and then
// follows a variant other than the guide's own.
func TestSimChoices(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 400}
	others := 0 // choices of a variant other than the guide's own
	for _, opp := range allBots {
		me, _ := Make("search:nodes=300,sim=8,simh=60")
		b := me.(*searcher)
		other, _ := Make(opp)
		s, _ := paperio.NewGame(cfg, testStarts(cfg, 3))
		b.Reset(s, 0, 0, play.Clock{})
		other.Reset(s, 1, 0, play.Clock{})
		choices := 0
		var before paperio.State
		for !s.Over() {
			if s.ToMove() == 1 {
				s.Step(other.Act(s, play.Clock{}))
				continue
			}
			was := b.sim.next
			before.CopyFrom(s)
			b.sim.choose(s, 0, b.heur, play.Clock{})
			if b.sim.next != was {
				choices++
				if s.BandLen(0) > 0 {
					t.Errorf("%s: a choice at half-step %d with a band out", opp, s.HalfSteps())
				}
				if s.HalfSteps() != before.HalfSteps() || s.Area(0) != before.Area(0) || s.Area(1) != before.Area(1) || !sameBoard(s, &before) {
					t.Fatalf("%s: the play-outs at half-step %d moved the game", opp, s.HalfSteps())
				}
				if b.heur.heuristicParams != b.sim.variants[0] {
					others++
				}
			}
			s.Step(b.Act(s, play.Clock{}))
		}
		if choices < 3 {
			t.Errorf("%s: %d choices in %d rounds", opp, choices, cfg.MaxTurns)
		}
	}
	if others == 0 {
		t.Error("no choice ever left the guide's own parameters: the play-outs decide nothing")
	}
	t.Logf("%d choices of another variant", others)
}

// TestSimPlayOutLeavesGuide: a play-out plays a copy of the guide, so the
// guide's next move is the one it would have made without it.
func TestSimPlayOutLeavesGuide(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 600}
	for seed := int64(1); seed <= 3; seed++ {
		a, _ := Make(guideSpec)
		b, _ := Make(guideSpec)
		other, _ := Make("heuristic")
		ga, gb := a.(*heuristic), b.(*heuristic)
		m := newSimChooser(guideSpec, 1, 40, 0, 1)
		s, _ := paperio.NewGame(cfg, testStarts(cfg, seed))
		ga.Reset(s, 0, 0, play.Clock{})
		gb.Reset(s, 0, 0, play.Clock{})
		other.Reset(s, 1, 0, play.Clock{})
		for !s.Over() {
			if s.ToMove() == 1 {
				s.Step(other.Act(s, play.Clock{}))
				continue
			}
			if s.HalfSteps()%10 == 0 {
				m.playOut(s, 0, ga, &m.variants[1], &m.models[0])
			}
			x, y := ga.Act(s, play.Clock{}), gb.Act(s, play.Clock{})
			if x != y {
				t.Fatalf("seed %d, half-step %d: after play-outs the guide plays %c, without %c", seed, s.HalfSteps(), x, y)
			}
			s.Step(x)
		}
	}
}

// sameBoard reports whether a and b have the same fields, bands and heads.
func sameBoard(a, b *paperio.State) bool {
	if string(a.Fields()) != string(b.Fields()) || string(a.Bands()) != string(b.Bands()) {
		return false
	}
	for i := range 2 {
		ax, ay, ad := a.Head(i)
		bx, by, bd := b.Head(i)
		if ax != bx || ay != by || ad != bd {
			return false
		}
	}
	return true
}

// TestSimSettle: a play-out stops at its horizon only with neither band
// out, else as soon as both are home or at its last half-step, and never
// before the horizon; the waits happen.
func TestSimSettle(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 500}
	var mine, theirs heuristic
	var r paperio.State
	waited := 0
	for seed := int64(1); seed <= 3; seed++ {
		a, _ := Make(guideSpec)
		other, _ := Make("heuristic")
		g := a.(*heuristic)
		s, _ := paperio.NewGame(cfg, testStarts(cfg, seed))
		g.Reset(s, 0, 0, play.Clock{})
		other.Reset(s, 1, 0, play.Clock{})
		for !s.Over() {
			if s.ToMove() == 1 {
				s.Step(other.Act(s, play.Clock{}))
				continue
			}
			if s.HalfSteps()%20 == 0 {
				for _, settle := range []int{0, 30} {
					r.CopyFrom(s)
					mine.copyFrom(g)
					theirs.heuristicParams = g.heuristicParams
					theirs.Reset(&r, 1, 0, play.Clock{})
					end := s.HalfSteps() + 2*25
					rollOut(&r, 0, &mine, &theirs, end, end+2*settle)
					at, out := r.HalfSteps(), r.BandLen(0) > 0 || r.BandLen(1) > 0
					switch {
					case r.Over():
					case at < end:
						t.Fatalf("seed %d, half-step %d, settle %d: stopped at %d, before the horizon %d", seed, s.HalfSteps(), settle, at, end)
					case settle == 0 && at != end:
						t.Fatalf("seed %d, half-step %d: without settle it stopped at %d, not %d", seed, s.HalfSteps(), at, end)
					case settle > 0 && at < end+2*settle && out:
						t.Fatalf("seed %d, half-step %d: stopped at %d with a band out", seed, s.HalfSteps(), at)
					case settle > 0 && at > end+2*settle:
						t.Fatalf("seed %d, half-step %d: went on to %d, past its last %d", seed, s.HalfSteps(), at, end+2*settle)
					case settle > 0 && at > end:
						waited++
					}
				}
			}
			s.Step(g.Act(s, play.Clock{}))
		}
	}
	if waited == 0 {
		t.Error("no play-out waited past its horizon for a band to close")
	}
	t.Logf("%d play-outs waited", waited)
}

// TestSimModels: the models parameter takes that many of simModels, each
// a heuristic of its own, and is refused beyond them.
func TestSimModels(t *testing.T) {
	for n := 1; n <= len(simModels); n++ {
		b, err := Make(fmt.Sprintf("search:models=%d", n))
		if err != nil {
			t.Fatal(err)
		}
		m := b.(*searcher).sim
		if len(m.models) != n {
			t.Fatalf("models=%d: %d models", n, len(m.models))
		}
		for i := 1; i < n; i++ {
			if m.models[i] == m.models[0] {
				t.Errorf("model %d is the guide's own parameters", i)
			}
		}
	}
	if _, err := Make(fmt.Sprintf("search:models=%d", len(simModels)+1)); err == nil {
		t.Error("more models than simModels were taken")
	}
}
