package replay

import (
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
)

// Start builds the game's initial state.
func (g *Game) Start() (*paperio.State, error) {
	return paperio.NewGame(g.Config(), g.Starts())
}

// Mismatch says where a replay first differs from its recording.
type Mismatch struct {
	Frame int    // frame index (0 = start frame); -1 for the result
	What  string // what differs
}

func (m *Mismatch) Error() string {
	if m.Frame < 0 {
		return "result: " + m.What
	}
	return fmt.Sprintf("frame %d: %s", m.Frame, m.What)
}

// Check replays g on the engine, compares every recorded frame and the
// result, and returns the number of frames compared and the first mismatch
// (nil when the replay is exact).
func Check(g *Game) (int, *Mismatch) {
	s, err := g.Start()
	if err != nil {
		return 0, &Mismatch{Frame: 0, What: err.Error()}
	}
	compared := 0
	if m := compareFrame(g.Frames, 0, s); m != nil {
		return compared, m
	}
	compared++
	for i := 0; i < len(g.Actions); i++ {
		if s.Over() {
			return compared, &Mismatch{Frame: i + 1, What: fmt.Sprintf("game already over (%s) with %d actions left", FromEngine(s.Result(), ""), len(g.Actions)-i)}
		}
		s.Step(paperio.Action(g.Actions[i]))
		if m := compareFrame(g.Frames, i+1, s); m != nil {
			return compared, m
		}
		compared++
	}
	return compared, checkResult(g, s)
}

// checkResult compares the end of the replay with the recorded result. A game
// that ended on an AI's error or time (ERR, OVT) stops before the failed call
// (which may be a load before any move): the board must still be running, and
// the recorded winner's opponent forfeits.
func checkResult(g *Game, s *paperio.State) *Mismatch {
	want := g.Result
	if r := paperio.Reason(want.Reason); r == paperio.ERR || r == paperio.OVT {
		if s.Over() {
			return &Mismatch{Frame: -1, What: fmt.Sprintf("recorded %s, replay ended with %s", want, FromEngine(s.Result(), ""))}
		}
		if want.Winner == nil {
			return &Mismatch{Frame: -1, What: fmt.Sprintf("recorded %s without a winner", want)}
		}
		s.Forfeit(want.EngineWinner().Loser(), r)
	}
	if !s.Over() {
		return &Mismatch{Frame: -1, What: fmt.Sprintf("recorded %s, replay still running after %d actions", want, len(g.Actions))}
	}
	if got := FromEngine(s.Result(), ""); !got.Equal(want) {
		return &Mismatch{Frame: -1, What: fmt.Sprintf("recorded %s, replay %s", want, got)}
	}
	return nil
}

// compareFrame checks frame i of the recording (when recorded) against s.
func compareFrame(f *Frames, i int, s *paperio.State) *Mismatch {
	if f == nil {
		return nil
	}
	x1, y1, d1 := s.Head(0)
	x2, y2, d2 := s.Head(1)
	if i < len(f.Pos) {
		if got := [6]int{x1, y1, int(d1), x2, y2, int(d2)}; got != f.Pos[i] {
			return &Mismatch{i, fmt.Sprintf("pos %v, want %v", got, f.Pos[i])}
		}
	}
	if i < len(f.Area) {
		if got := [2]int{s.Area(0), s.Area(1)}; got != f.Area[i] {
			return &Mismatch{i, fmt.Sprintf("area %v, want %v", got, f.Area[i])}
		}
	}
	if i < len(f.Band) {
		if got := [2]int{s.BandLen(0), s.BandLen(1)}; got != f.Band[i] {
			return &Mismatch{i, fmt.Sprintf("band %v, want %v", got, f.Band[i])}
		}
	}
	if i < len(f.Digest) {
		if got := fmt.Sprintf("%016x", s.Digest()); got != f.Digest[i] {
			return &Mismatch{i, fmt.Sprintf("digest %s, want %s", got, f.Digest[i])}
		}
	}
	return nil
}
