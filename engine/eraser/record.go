package eraser

import "encoding/json"

// Recorder writes a game played on the engine in the corpus format, for the
// same reader (and Check) to read back. Play through it: Move and Fail pass
// to the state and record. Frames (digests of the whole board per move) are
// optional: they cost a SHA-256 of the board and of its tile ids per move.
type Recorder struct {
	s      *State
	g      Game
	frames bool
	steps  []Step
	ops    []Swap
	dig    *digester
}

// NewRecorder starts recording s, which must be at its start. players are
// the names in move order.
func NewRecorder(s *State, id string, players [2]string, frames bool) *Recorder {
	r := &Recorder{s: s, frames: frames, ops: make([]Swap, 0, 64)}
	r.g = Game{ID: id, Seed: s.seed, Config: ConfigOf(s.cfg), Players: players, Regen: s.regen,
		Init: s.StartBoard().String(), Moves: []Move{}}
	if frames {
		s.SetStepLog(&r.steps)
		r.dig = newDigester(s)
		r.g.Frames = []Frame{frameOf(s, r.dig, "", nil)}
	}
	return r
}

// Move plays sw (State.Move) and records it: the move and its frame, or the
// mover's error for an invalid swap.
func (r *Recorder) Move(sw Swap) error {
	if r.s.over {
		return ErrGameOver
	}
	ops := r.offered()
	p := r.s.ToMove()
	err := r.s.Move(sw)
	if r.s.fail.Kind != NoFailure {
		r.g.Result.Error = &GameError{Player: p, Kind: r.s.fail.Kind.String(), Message: r.s.fail.Message, Ops: ops,
			Returned: mustJSON(MoveOf(sw))}
		return err
	}
	if err != nil {
		return err
	}
	r.g.Moves = append(r.g.Moves, MoveOf(sw))
	if r.frames {
		r.g.Frames = append(r.g.Frames, frameOf(r.s, r.dig, ops, r.steps))
	}
	return nil
}

// Fail ends the game with player p's error (State.Fail) and records it;
// returned is what the call returned, as JSON, when it returned in time.
func (r *Recorder) Fail(p int, kind FailKind, message string, returned json.RawMessage) {
	if r.s.over {
		return
	}
	e := &GameError{Player: p, Kind: kind.String(), Message: message, Returned: returned}
	if kind != FailInit {
		e.Ops = r.offered()
	}
	r.s.Fail(p, kind, message)
	r.g.Result.Error = e
}

// offered is the operations list of the coming move, as the corpus writes it.
func (r *Recorder) offered() string {
	r.ops = r.s.Ops(r.ops[:0])
	return OpsString(r.ops)
}

// Game is the recorded game with its result (call it once the game is over;
// the think times are the state's).
func (r *Recorder) Game() *Game {
	g := r.g
	g.Result = resultOf(r.s, g.Result.Error)
	return &g
}

// resultOf is the state's result in the corpus form; e is the recorded error.
func resultOf(s *State, e *GameError) GameResult {
	res := s.Result()
	out := GameResult{Winner: res.Winner, Reason: res.Reason.String(), Text: res.Text, Scores: res.Scores,
		Length: res.Length, Extra: res.Extra, Tie: res.Tie, Tags: res.Tags.Pairs(),
		Time: [2]float64{s.think[0].Seconds(), s.think[1].Seconds()}}
	if res.Reason == ReasonError {
		if e == nil {
			e = &GameError{Player: res.Error.Player, Kind: res.Error.Kind.String(), Message: res.Error.Message}
		}
		out.Error = e
	}
	return out
}

// frameOf is the state's frame after a move offered ops and cascaded steps.
func frameOf(s *State, d *digester, ops string, steps []Step) Frame {
	f := Frame{Turn: s.turn, Ops: ops, Main: MainString(s.Main()),
		Score: s.score, Steps: make([]FrameStep, len(steps)), Combo: s.combo, High: s.high}
	f.Digest, f.Tiles = d.digests(s)
	for i, st := range steps {
		f.Steps[i] = FrameStep{Points: st.Points, Removed: st.Removed, Main: MainString(st.Main)}
	}
	for x := range f.Bar {
		f.Bar[x] = s.Bar(x)
	}
	return f
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only called with plain arrays of ints
	}
	return b
}
