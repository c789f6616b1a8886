package stellar

import (
	"fmt"
	"math"
)

// Mismatch says where a replay first differs from its recording.
type Mismatch struct {
	Frame int    // the turn (0 = the turn before the AIs play); -1 for the result
	What  string // what differs
}

func (m *Mismatch) Error() string {
	if m.Frame < 0 {
		return "result: " + m.What
	}
	return fmt.Sprintf("turn %d: %s", m.Frame, m.What)
}

// Check replays a recorded game on the engine: it regenerates the map from
// its spec and compares it with the recorded one, feeds every turn's
// recorded commands, compares the judge's verdicts and error strings and
// every force of the three snapshots bit for bit (NaN equals NaN, the sign
// of zero counts) with the owners, and finally the result and its text. It
// returns the number of frames (turns, turn 0 included) that matched and
// the first mismatch, nil when the replay is exact.
func Check(g *Game) (frames int, first *Mismatch) {
	if m := checkMap(g.Map); m != nil {
		return 0, m
	}
	var snap Snapshot
	s, err := NewStateRecord(g.Map, &snap)
	if err != nil {
		return 0, &Mismatch{0, err.Error()}
	}
	if g.Config.MaxTurn > 0 && g.Config.MaxTurn != MaxTurn {
		if err := s.SetTurnLimit(g.Config.MaxTurn); err != nil {
			return 0, &Mismatch{0, err.Error()}
		}
	}
	if m := compareTurn(&g.Turns[0], &snap, 0); m != nil {
		return 0, m
	}
	frames = 1
	if g.Result.Reason == InitError {
		if err := s.LoadFailed(loadFailures(g.Result.Winner)); err != nil {
			return frames, &Mismatch{-1, err.Error()}
		}
	}
	for t := 1; t < len(g.Turns); t++ {
		if s.Over() {
			return frames, &Mismatch{t, fmt.Sprintf("the game is already over (%s)", s.Result())}
		}
		s.StepPython(g.Turns[t].Cmd[0], g.Turns[t].Cmd[1], &snap)
		if m := compareTurn(&g.Turns[t], &snap, t); m != nil {
			return frames, m
		}
		frames++
	}
	return frames, checkResult(g, s)
}

// loadFailures is which AIs failed to load, from the winner of an
// init_error game (RULES §8).
func loadFailures(winner int) [2]bool {
	switch winner {
	case 0:
		return [2]bool{false, true}
	case 1:
		return [2]bool{true, false}
	}
	return [2]bool{true, true}
}

// checkMap regenerates a map from its spec and compares it with the
// recorded neighbour lists and positions. A map without a generator (made
// with NewMap and an empty MapSpec.Gen) is taken as recorded.
func checkMap(rec *Map) *Mismatch {
	if rec.Spec.Gen == "" {
		return nil
	}
	m, _, err := rec.Spec.Build()
	if err != nil {
		return &Mismatch{0, "map: " + err.Error()}
	}
	if m.N != rec.N {
		return &Mismatch{0, fmt.Sprintf("map %s: %d nodes generated, %d recorded", rec.Spec, m.N, rec.N)}
	}
	for i := 1; i <= m.N; i++ {
		if fmt.Sprint(m.Adj[i]) != fmt.Sprint(rec.Adj[i]) {
			return &Mismatch{0, fmt.Sprintf("map %s: node %d has neighbours %v, recorded %v", rec.Spec, i, m.Adj[i], rec.Adj[i])}
		}
	}
	if (m.XY == nil) != (rec.XY == nil) {
		return &Mismatch{0, fmt.Sprintf("map %s: positions generated %v, recorded %v", rec.Spec, m.XY != nil, rec.XY != nil)}
	}
	for i := 1; m.XY != nil && i <= m.N; i++ {
		for k := range 2 {
			a, b := m.XY[i][k], rec.XY[i][k]
			if !sameBits(a.F, b.F) || a.IsInt != b.IsInt {
				return &Mismatch{0, fmt.Sprintf("map %s: node %d at %v, recorded %v", rec.Spec, i, m.XY[i], rec.XY[i])}
			}
		}
	}
	return nil
}

// sameBits compares doubles bit for bit, except that every NaN is equal.
func sameBits(a, b float64) bool {
	if a != a && b != b {
		return true
	}
	return math.Float64bits(a) == math.Float64bits(b)
}

// compareTurn compares a recorded turn with the engine's snapshot.
func compareTurn(want *Turn, got *Snapshot, t int) *Mismatch {
	for p := range 2 {
		if w, g := want.Judge[p], got.Errors[p]; w != g {
			return &Mismatch{t, fmt.Sprintf("judge of player %d: %q, recorded %q", p, g, w)}
		}
	}
	n := len(want.Own) - 1
	for i := 1; i <= n; i++ {
		for k := range 2 {
			if !sameBits(got.Move[i][k], want.Move[i][k]) {
				return &Mismatch{t, fmt.Sprintf("node %d after the move: player %d has %v, recorded %v", i, k, got.Move[i][k], want.Move[i][k])}
			}
		}
	}
	for i := 1; i <= n; i++ {
		if got.Own[i] != want.Own[i] {
			return &Mismatch{t, fmt.Sprintf("node %d after combat: owner %d, recorded %d", i, got.Own[i], want.Own[i])}
		}
		if m := compareOwnerForce("combat", got.Combat[i], want.Combat[i], got.Own[i], i, t); m != nil {
			return m
		}
		if m := compareOwnerForce("growth", got.Grow[i], want.Grow[i], got.Own[i], i, t); m != nil {
			return m
		}
	}
	return nil
}

// compareOwnerForce compares a node's forces with the recorded owner's
// force; the other player's must be exactly 0.0.
func compareOwnerForce(phase string, got [2]float64, want float64, owner int8, i, t int) *Mismatch {
	k := 0
	if owner == 1 {
		k = 1
	}
	if !sameBits(got[k], want) || !sameBits(got[1-k], 0) {
		return &Mismatch{t, fmt.Sprintf("node %d after %s: forces %v, recorded %v for the owner (%d)", i, phase, got, want, owner)}
	}
	return nil
}

// checkResult compares the end of the replay with the recorded result.
func checkResult(g *Game, s *State) *Mismatch {
	if !s.Over() {
		return &Mismatch{-1, fmt.Sprintf("recorded %s, the replay is still running after %d turns", g.Result, s.Turn())}
	}
	if got := s.Result(); got != g.Result {
		return &Mismatch{-1, fmt.Sprintf("recorded %s, replay %s", g.Result, got)}
	}
	if got := s.Result().Text(g.Players); got != g.Text {
		return &Mismatch{-1, fmt.Sprintf("text %q, recorded %q", got, g.Text)}
	}
	return nil
}
