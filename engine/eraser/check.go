package eraser

import (
	"encoding/json"
	"fmt"
	"time"
)

// Mismatch says where a replay first differs from its recording.
type Mismatch struct {
	Frame int    // frame index (0 = start); -1 for the result
	What  string // what differs
}

func (m *Mismatch) Error() string {
	if m.Frame < 0 {
		return "result: " + m.What
	}
	return fmt.Sprintf("frame %d: %s", m.Frame, m.What)
}

// Check replays a recorded game on the engine as FORMAT.md says: the board
// from the seed against init and regen, each move's offered operations,
// validation and whole frame, then the end and the result (the think times
// are taken from the recording: they decide ties). It returns the number of
// frames compared and the first mismatch (nil when the replay is exact).
func Check(g *Game) (int, *Mismatch) {
	cfg, err := g.Config.Config()
	if err != nil {
		return 0, &Mismatch{0, err.Error()}
	}
	s, err := New(cfg, g.Seed)
	if err != nil {
		return 0, &Mismatch{0, err.Error()}
	}
	if got := s.StartBoard().String(); got != g.Init {
		return 0, &Mismatch{0, "start board differs from init"}
	}
	if s.regen != g.Regen {
		return 0, &Mismatch{0, fmt.Sprintf("board drawn again %d times, recorded %d", s.regen, g.Regen)}
	}
	var steps []Step
	s.SetStepLog(&steps)
	dig := newDigester(s)
	compared := 0
	if len(g.Frames) > 0 {
		if m := compareFrame(0, frameOf(s, dig, "", nil), g.Frames[0]); m != nil {
			return compared, m
		}
		compared++
	}
	ops := make([]Swap, 0, 64)
	for k, mv := range g.Moves {
		if s.Over() {
			return compared, &Mismatch{k + 1, fmt.Sprintf("the game is already over (%s) with %d moves left", s.Result().Text, len(g.Moves)-k)}
		}
		ops = s.Ops(ops[:0])
		sw, err := mv.Swap()
		if err != nil {
			return compared, &Mismatch{k + 1, fmt.Sprintf("recorded move %v: %v", mv, err)}
		}
		if err := s.Move(sw); err != nil {
			return compared, &Mismatch{k + 1, fmt.Sprintf("move %v: %v", mv, err)}
		}
		if len(g.Frames) > 0 {
			if m := compareFrame(k+1, frameOf(s, dig, OpsString(ops), steps), g.Frames[k+1]); m != nil {
				return compared, m
			}
			compared++
		}
	}
	return compared, checkEnd(g, s)
}

// compareFrame compares a replayed frame with the recorded one, field by field.
func compareFrame(i int, got, want Frame) *Mismatch {
	diff := func(field string, a, b any) *Mismatch {
		return &Mismatch{i, fmt.Sprintf("%s %v, recorded %v", field, a, b)}
	}
	switch {
	case got.Turn != want.Turn:
		return diff("turn", got.Turn, want.Turn)
	case got.Ops != want.Ops:
		return diff("ops", got.Ops, want.Ops)
	case got.Score != want.Score:
		return diff("score", got.Score, want.Score)
	case len(got.Steps) != len(want.Steps):
		return diff("steps", got.Steps, want.Steps)
	}
	for j := range got.Steps {
		if got.Steps[j] != want.Steps[j] {
			return diff(fmt.Sprintf("step %d", j+1), got.Steps[j], want.Steps[j])
		}
	}
	switch {
	case got.Main != want.Main:
		return diff("main", got.Main, want.Main)
	case got.Combo != want.Combo:
		return diff("combo", got.Combo, want.Combo)
	case got.High != want.High:
		return diff("high", got.High, want.High)
	case got.Bar != want.Bar:
		return diff("bar", got.Bar, want.Bar)
	case got.Digest != want.Digest:
		return diff("digest", got.Digest, want.Digest)
	case got.Tiles != want.Tiles:
		return diff("tiles", got.Tiles, want.Tiles)
	}
	return nil
}

// checkEnd brings the replay to the recorded end and compares the result.
// An AI's error cannot be replayed: the replay checks that the failing call
// was due (its player, its offered operations), that a returned value is
// rejected as recorded (games written from a results store keep the message
// but not the value), and then fails that player.
func checkEnd(g *Game, s *State) *Mismatch {
	want := g.Result
	if e := want.Error; e != nil {
		if m := replayError(g, s, e); m != nil {
			return m
		}
	}
	if !s.Over() {
		return &Mismatch{-1, fmt.Sprintf("recorded %q, the replay is still running after %d moves", want.Text, len(g.Moves))}
	}
	s.SetThinkTimes([2]time.Duration{seconds(want.Time[0]), seconds(want.Time[1])})
	got := resultOf(s, want.Error)
	got.Time = want.Time
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if string(gb) != string(wb) {
		return &Mismatch{-1, fmt.Sprintf("replay %s, recorded %s", gb, wb)}
	}
	return nil
}

func replayError(g *Game, s *State, e *GameError) *Mismatch {
	kind, _ := ParseFailKind(e.Kind)
	if s.Over() {
		return &Mismatch{-1, fmt.Sprintf("recorded an error of player %d, but the replay ended with %q", e.Player, s.Result().Text)}
	}
	if kind == FailInit {
		if len(g.Moves) > 0 {
			return &Mismatch{-1, "a constructor's error after moves"}
		}
		s.Fail(e.Player, kind, e.Message)
		return nil
	}
	if e.Player != s.ToMove() {
		return &Mismatch{-1, fmt.Sprintf("recorded an error of player %d, but player %d was to move", e.Player, s.ToMove())}
	}
	if got := OpsString(s.Ops(nil)); got != e.Ops {
		return &Mismatch{-1, fmt.Sprintf("the failed call was offered ops %s, replay %s", e.Ops, got)}
	}
	if len(e.Returned) > 0 && (kind == FailInvalid || kind == FailException) {
		_, k, msg := ReadMove(e.Returned)
		if k != kind || kind == FailInvalid && msg != e.Message {
			return &Mismatch{-1, fmt.Sprintf("returned %s is rejected as %s %q, recorded %s %q", e.Returned, k, msg, kind, e.Message)}
		}
	}
	s.Fail(e.Player, kind, e.Message)
	return nil
}
