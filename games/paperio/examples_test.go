package paperio

import (
	"github.com/paperio/paperio/pyai"
	"path/filepath"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/internal/numpytest"
)

// The course-style AIs of examples/bots/python/course play whole games
// through the bridge, on the course board cut to 150 rounds and under the
// course's 30 s: moving first against a player that stays at home they farm
// (more territory than their start's 9 cells) and win; moving second against
// the heuristic they never lose by an error, on time or by their own move
// (the wall, their own band).
func TestCourseExampleAIs(t *testing.T) {
	files, _ := filepath.Glob("../../examples/bots/python/course/*.py")
	if len(files) < 2 {
		t.Fatalf("course example AIs: %v, want at least 2", files)
	}
	c := course
	c.MaxTurns = 150
	py := numpytest.Python(t, "a course example AI imports numpy")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			p := newPlayer(t, f, opt(pyai.Options{TimeBudget: 30 * time.Second, Python: py}))
			heur, err := bots.Make("heuristic")
			if err != nil {
				t.Fatal(err)
			}
			// First against the square walker, then second against the heuristic.
			for side, opp := range []bots.Bot{&squareBot{}, heur} {
				seed := int64(1 + side)
				ps := [2]bots.Bot{p, opp}
				if side == 1 {
					ps = [2]bots.Bot{opp, p}
				}
				s, err := runGame(c, starts(t, seed), ps, uint64(seed), nil)
				if err != nil {
					t.Fatal(err)
				}
				checkCourseGame(t, s, side, side == 0, p.Output())
			}
		})
	}
}

// checkCourseGame fails unless the AI playing index me lost by none of its
// own faults (or, when it must win, won on territory after a farm).
func checkCourseGame(t *testing.T, s *paperio.State, me int, mustWin bool, output string) {
	t.Helper()
	r := s.Result()
	lost := int(r.Winner) == 1-me
	own := r.Reason == paperio.ERR || r.Reason == paperio.OVT || r.Reason == paperio.WAL ||
		r.Reason == paperio.TAP && r.Extra == me && lost
	if !s.Over() || lost && own {
		t.Fatalf("as player %d: over %v, result %+v\n%s", me+1, s.Over(), r, output)
	}
	if mustWin && (int(r.Winner) != me || s.Area(me) <= 9) {
		t.Errorf("as player %d against a player at home: result %+v, territory %d", me+1, r, s.Area(me))
	}
}
