package stellar

import (
	"math"
	"strconv"
	"testing"
)

// TestStepAnswersMatchesStep plays the public games' turns three ways side
// by side — StepPython on what the AIs returned, StepAnswers with the
// Python values, and StepAnswers with typed commands wherever a list is
// plain (int, int, float) tuples, one player typed and the other not as it
// comes — and compares every force, owner, error string and result.
func TestStepAnswersMatchesStep(t *testing.T) {
	games, err := publicGames()
	if err != nil {
		t.Fatal(err)
	}
	mixed := 0
	for _, g := range games {
		if g.Result.Reason == InitError {
			continue
		}
		a, b, c := MustNewState(g.Map), MustNewState(g.Map), MustNewState(g.Map)
		for k, turn := range g.Turns[1:] {
			a.StepPython(turn.Cmd[0], turn.Cmd[1], nil)
			b.StepAnswers(Answer{Py: turn.Cmd[0]}, Answer{Py: turn.Cmd[1]}, nil)
			var ans [2]Answer
			for p := range 2 {
				if cs, ok := typedCommands(turn.Cmd[p]); ok {
					ans[p] = Answer{Cmds: cs}
				} else {
					ans[p] = Answer{Py: turn.Cmd[p]}
				}
			}
			if (ans[0].Py == nil) != (ans[1].Py == nil) {
				mixed++
			}
			c.StepAnswers(ans[0], ans[1], nil)
			for _, s := range []*State{b, c} {
				if d := stateDiff(a, s); d != "" {
					t.Fatalf("%s turn %d: %s", g.ID, k+1, d)
				}
			}
		}
	}
	if mixed < 50 {
		t.Errorf("only %d turns had one typed and one Python answer", mixed)
	}
}

// stateDiff says where two states differ, "" when they do not.
func stateDiff(a, b *State) string {
	for i := range a.power {
		for k := range 2 {
			x, y := a.power[i][k], b.power[i][k]
			if math.Float64bits(x) != math.Float64bits(y) && !(x != x && y != y) {
				return "forces differ at node " + strconv.Itoa(i)
			}
		}
		if a.owner[i] != b.owner[i] {
			return "owners differ at node " + strconv.Itoa(i)
		}
	}
	for p := range 2 {
		if a.Error(p) != b.Error(p) {
			return "error strings differ: " + a.Error(p) + " / " + b.Error(p)
		}
	}
	if a.Result() != b.Result() || a.Turn() != b.Turn() {
		return "results differ: " + a.Result().String() + " / " + b.Result().String()
	}
	return ""
}

// TestTurnLimit checks that a game between idle players ends on points at
// the limit set, that the default is MAX_TURN, and that a limit the game
// has already reached is refused.
func TestTurnLimit(t *testing.T) {
	m, err := Fixed("g_design2")
	if err != nil {
		t.Fatal(err)
	}
	s := MustNewState(m)
	if s.TurnLimit() != MaxTurn {
		t.Fatalf("default limit %d, want %d", s.TurnLimit(), MaxTurn)
	}
	if err := s.SetTurnLimit(7); err != nil {
		t.Fatal(err)
	}
	for !s.Over() {
		s.Step(nil, nil)
	}
	if r := s.Result(); r.Turns != 7 || r.Reason != LimitDraw || r.Winner != Draw {
		t.Errorf("idle players with limit 7: %v, want a draw on points after 7 turns", r)
	}
	var c State
	c.CopyFrom(s)
	if c.TurnLimit() != 7 {
		t.Errorf("CopyFrom kept limit %d, want 7", c.TurnLimit())
	}
	s.Reset(m)
	s.Step(nil, nil)
	s.Step(nil, nil)
	if err := s.SetTurnLimit(2); err == nil {
		t.Error("a limit of 2 after 2 turns was accepted")
	}
	if err := s.SetTurnLimit(0); err == nil {
		t.Error("a limit of 0 was accepted")
	}
	if s.TurnLimit() != MaxTurn {
		t.Errorf("Reset left limit %d, want %d", s.TurnLimit(), MaxTurn)
	}
}
