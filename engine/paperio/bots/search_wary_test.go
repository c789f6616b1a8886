package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// TestBandNear: a band out is near the enemy's head within its distance,
// and no band is never near.
func TestBandNear(t *testing.T) {
	cfg := paperio.Config{Width: 20, Height: 12, MaxTurns: 200}
	s, err := paperio.NewGame(cfg, [2]paperio.Start{{X: 4, Y: 6, Dir: paperio.North}, {X: 14, Y: 6, Dir: paperio.West}})
	if err != nil {
		t.Fatal(err)
	}
	if bandNear(s, 0, 100) {
		t.Fatal("near with no band out")
	}
	for range 2 { // my band (4, 4) after two steps north; the enemy's head at (12, 6)
		s.Step(paperio.Straight)
		s.Step(paperio.Straight)
	}
	if s.BandLen(0) != 1 {
		t.Fatalf("band of %d cells, the test wants 1", s.BandLen(0))
	}
	for d, want := range map[int]bool{2: false, 9: false, 10: true, 11: true} {
		if got := bandNear(s, 0, d); got != want {
			t.Errorf("band (4, 4), enemy head (12, 6), within %d: %v, want %v", d, got, want)
		}
	}
}

// TestWaryCounts: an approach counts when it starts, however long it
// lasts, and the switch comes at the wary-th.
func TestWaryCounts(t *testing.T) {
	w := &wariness{need: 2}
	for i, c := range []struct{ near, turn bool }{
		{false, false}, {true, false}, {true, false}, {false, false}, {true, true}, {true, false}, {false, false}, {true, false},
	} {
		if got := w.note(c.near); got != c.turn {
			t.Fatalf("move %d (near %v): switch %v, want %v", i, c.near, got, c.turn)
		}
	}
}

// TestWaryTurns: the switch takes the stealing guide to steal=0 with the
// careful play-outs, which weigh no network's plan; a new game starts on
// the guide's own parameters again.
func TestWaryTurns(t *testing.T) {
	sr, s := waryGame(t, "search:wary=2")
	sr.sim.net = &fakeNet{} // as netsearch's simnet sets it
	sr.Reset(s, 0, 1, play.Clock{})
	own := sr.sim
	if sr.heur.steal != 2 || sr.wary.careful {
		t.Fatalf("start: steal %v, careful %v; want the guide's 2, not careful", sr.heur.steal, sr.wary.careful)
	}
	sr.wary.turn(s, sr, play.Clock{})
	if sr.heur.steal != 0 || sr.sim == own || sr.sim.net != nil || !sr.wary.careful {
		t.Fatalf("careful: steal %v, own chooser %v, network plan %v; want 0, the careful one, none", sr.heur.steal, sr.sim == own, sr.sim.net != nil)
	}
	for _, v := range sr.sim.variants {
		if v.steal != 0 {
			t.Fatalf("a careful variant steals (%v)", v.steal)
		}
	}
	sr.Act(s, play.Clock{}) // at home: the careful chooser plays its variants out and picks one
	if sr.heur.steal != 0 {
		t.Fatalf("careful after a choice: steal %v", sr.heur.steal)
	}
	sr.Reset(s, 0, 1, play.Clock{})
	if sr.heur.steal != 2 || sr.sim != own || sr.wary.careful || sr.wary.seen != 0 {
		t.Fatalf("new game: steal %v, own chooser %v, careful %v, approaches %d", sr.heur.steal, sr.sim == own, sr.wary.careful, sr.wary.seen)
	}
}

// TestWaryResetsWithoutPlayOuts: without play-outs (sim=0) no chooser
// restores the guide's parameters, so a new game after the switch must
// still start on the stealing guide.
func TestWaryResetsWithoutPlayOuts(t *testing.T) {
	sr, s := waryGame(t, "search:wary=1,sim=0")
	sr.Reset(s, 0, 1, play.Clock{})
	if sr.sim != nil || sr.heur.steal != 2 {
		t.Fatalf("start: chooser %v, steal %v; want none, 2", sr.sim != nil, sr.heur.steal)
	}
	sr.wary.turn(s, sr, play.Clock{})
	if sr.heur.steal != 0 || sr.sim != nil {
		t.Fatalf("careful: steal %v, chooser %v; want 0, none", sr.heur.steal, sr.sim != nil)
	}
	sr.Reset(s, 0, 1, play.Clock{})
	if sr.heur.steal != 2 || sr.wary.careful {
		t.Fatalf("new game: steal %v, careful %v; want 2, not careful", sr.heur.steal, sr.wary.careful)
	}
}

// TestWaryTurnsToCutter: with cut=1 the switch hands the play to the
// cutter, without play-outs, and the player's moves are then the cutter's
// wherever the search does not run (no head near a band or the other
// head); a new game starts on the stealing guide with its play-outs.
func TestWaryTurnsToCutter(t *testing.T) {
	sr, s := waryGame(t, "search:wary=2,cut=1")
	sr.Reset(s, 0, 1, play.Clock{})
	own := sr.sim
	if own == nil || sr.guide != Bot(sr.heur) {
		t.Fatal("start: want the heuristic guide with its play-outs")
	}
	sr.wary.turn(s, sr, play.Clock{})
	if _, ok := sr.guide.(*cutter); !ok || sr.sim != nil || !sr.wary.careful {
		t.Fatalf("careful: guide %T, chooser %v, careful %v; want the cutter, none, true", sr.guide, sr.sim != nil, sr.wary.careful)
	}
	ref, err := Make(cutterSpec)
	if err != nil {
		t.Fatal(err)
	}
	ref.Reset(s, 0, 0, play.Clock{})
	enemy, _ := Make("goround")
	enemy.Reset(s, 1, 2, play.Clock{})
	quiet := 0
	for !s.Over() && s.HalfSteps() < 200 {
		if s.ToMove() == 1 {
			s.Step(enemy.Act(s, play.Clock{}))
			continue
		}
		want := ref.Act(s, play.Clock{})
		q := sr.quiet(s)
		got := sr.Act(s, play.Clock{})
		if q {
			quiet++
			if got != want {
				t.Fatalf("half-step %d: played %c, the cutter %c", s.HalfSteps(), got, want)
			}
		}
		s.Step(got)
	}
	if quiet < 20 {
		t.Fatalf("only %d quiet moves: the test compared too little", quiet)
	}
	sr.Reset(s, 0, 1, play.Clock{})
	if sr.guide != Bot(sr.heur) || sr.sim != own || sr.wary.careful {
		t.Fatalf("new game: guide %T, own chooser %v, careful %v", sr.guide, sr.sim == own, sr.wary.careful)
	}
}

// waryGame is the search of spec on a course board of 400 rounds, the
// heads far apart; the player is not reset yet.
func waryGame(t *testing.T, spec string) (*searcher, *paperio.State) {
	t.Helper()
	b, err := Make(spec)
	if err != nil {
		t.Fatal(err)
	}
	s, err := paperio.NewGame(paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 400}, [2]paperio.Start{{X: 20, Y: 50, Dir: paperio.North}, {X: 80, Y: 50, Dir: paperio.South}})
	if err != nil {
		t.Fatal(err)
	}
	return b.(*searcher), s
}
