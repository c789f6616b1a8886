package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// TestHeuristicCopyPlaysOn: a heuristic copied in the middle of a game
// plays on exactly as the original does, and playing the copy leaves the
// original as it was. Copies are made every 25 half-steps and play 60 on.
func TestHeuristicCopyPlaysOn(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 800}
	for seed := int64(1); seed <= 4; seed++ {
		pa, _ := Make("heuristic:steal=2,maxband=200,margin=0,pace=1.5")
		pb, _ := Make("heuristic")
		orig := [2]*heuristic{pa.(*heuristic), pb.(*heuristic)}
		s, _ := paperio.NewGame(cfg, testStarts(cfg, seed))
		for i, p := range orig {
			p.Reset(s, i, 0, play.Clock{})
		}
		var copies [2]heuristic
		var fork paperio.State
		forked := map[int][]paperio.Action{}
		var played []paperio.Action
		for !s.Over() {
			if k := s.HalfSteps(); k%25 == 0 {
				fork.CopyFrom(s)
				for i := range copies {
					copies[i].copyFrom(orig[i])
				}
				for j := 0; j < 60 && !fork.Over(); j++ {
					m := copies[fork.ToMove()].Act(&fork, play.Clock{})
					forked[k] = append(forked[k], m)
					fork.Step(m)
				}
			}
			m := orig[s.ToMove()].Act(s, play.Clock{})
			played = append(played, m)
			s.Step(m)
		}
		if len(forked) < 10 {
			t.Fatalf("seed %d: %d forks only", seed, len(forked))
		}
		for k, moves := range forked {
			for j, m := range moves {
				if played[k+j] != m {
					t.Fatalf("seed %d: copied at half-step %d, at %d the copy played %c, the original %c", seed, k, k+j, m, played[k+j])
				}
			}
		}
	}
}

// TestEnemyModel: against the default heuristic the model predicts every
// move and makes choices; against any other bot (another heuristic
// included) it finds out and stops.
func TestEnemyModel(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 300}
	for _, opp := range []string{"heuristic", "heuristic:margin=2", "random", "goround", "wanderer"} {
		for side := 0; side < 2; side++ {
			me, _ := Make("search:nodes=300,playout=8")
			me.(*searcher).model.probation = 0 // choices from the start of these short games
			other, _ := Make(opp)
			players := [2]Bot{me, other}
			if side == 1 {
				players = [2]Bot{other, me}
			}
			if _, err := Play(cfg, testStarts(cfg, 5), players, 5, nil); err != nil {
				t.Fatal(err)
			}
			m := me.(*searcher).model
			if want := opp == "heuristic"; m.exact != want {
				t.Errorf("%s, search on side %d: model exact %v at the end, want %v", opp, side, m.exact, want)
			}
			if opp == "heuristic" && m.next == 0 {
				t.Errorf("%s, search on side %d: no choice made", opp, side)
			}
		}
	}
}

// TestVariantParams: a variant's parameters replace the guide's own of the
// same name and keep the others.
func TestVariantParams(t *testing.T) {
	g := variantParams("heuristic:steal=2,maxband=200", "")
	if g.steal != 2 || g.maxBand != 200 {
		t.Fatalf("the guide unchanged: steal %v maxband %d, want 2 and 200", g.steal, g.maxBand)
	}
	v := variantParams("heuristic:steal=2,maxband=200", "maxband=100,margin=3")
	if v.steal != 2 || v.maxBand != 100 || v.margin != 3 {
		t.Errorf("steal %v maxband %d margin %d, want 2, 100 and 3", v.steal, v.maxBand, v.margin)
	}
}

// TestEnemyModelDropped: when the model gets a move wrong, the guide goes
// back to its own parameters, whatever variant it was following; and a
// player reused for a new game starts on them.
func TestEnemyModelDropped(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 300}
	onVariant := 0                                   // drops that happened while a variant was followed
	p, _ := Make("search:nodes=300,playout=1,sim=0") // the model alone: sim would choose its own variants once the model drops
	b := p.(*searcher)
	b.model.probation = 0 // choices from the start, so that some are made on a model that fails
	for _, opp := range []string{"heuristic:margin=2", "heuristic:maxband=100", "heuristic:attack=0", "wanderer"} {
		for seed := int64(1); seed <= 3; seed++ {
			other, _ := Make(opp)
			s, _ := paperio.NewGame(cfg, testStarts(cfg, seed))
			b.heur.heuristicParams = b.model.variants[1] // as the last game may have left it
			b.Reset(s, 0, 0, play.Clock{})
			other.Reset(s, 1, 0, play.Clock{})
			if b.heur.heuristicParams != b.model.variants[0] {
				t.Fatalf("%s, seed %d: a new game starts on a variant", opp, seed)
			}
			for !s.Over() {
				if s.ToMove() == 1 {
					s.Step(other.Act(s, play.Clock{}))
					continue
				}
				was, before := b.model.exact, b.heur.heuristicParams
				s.Step(b.Act(s, play.Clock{}))
				if was && !b.model.exact {
					if before != b.model.variants[0] {
						onVariant++
					}
					if b.heur.heuristicParams != b.model.variants[0] {
						t.Errorf("%s, seed %d: the model dropped at half-step %d, the guide kept a variant", opp, seed, s.HalfSteps())
					}
				}
			}
		}
	}
	if onVariant == 0 {
		t.Error("no drop while a variant was followed: the test tests nothing")
	}
	t.Logf("%d drops while a variant was followed", onVariant)
}

// TestEnemyModelProbation: no choice is made before the model has been
// right for modelProbation half-steps.
func TestEnemyModelProbation(t *testing.T) {
	for _, turns := range []int{modelProbation/2 - 1, modelProbation/2 + 40} {
		cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: turns}
		me, _ := Make("search:nodes=300,playout=8")
		other, _ := Make("heuristic")
		if _, err := Play(cfg, testStarts(cfg, 5), [2]Bot{me, other}, 5, nil); err != nil {
			t.Fatal(err)
		}
		m := me.(*searcher).model
		if chose := m.next > 0; chose != (turns > modelProbation/2) || !m.exact {
			t.Errorf("%d rounds: choices made %v, model exact %v", turns, chose, m.exact)
		}
	}
}
