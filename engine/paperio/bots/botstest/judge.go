// Package botstest holds what the tests of paper.io players share: the
// judge of a chosen move.
package botstest

import (
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
)

var actions = [3]paperio.Action{paperio.Straight, paperio.Left, paperio.Right}

// JudgeMove plays each action on a copy of s: the one chosen must not lose
// at once when another does not, and must win at once when one does.
func JudgeMove(s *paperio.State, chosen paperio.Action) error {
	me := s.ToMove()
	var loses, wins [3]bool
	anySafe, anyWin := false, false
	for k, a := range actions {
		c := s.Clone()
		c.Step(a)
		if c.Over() {
			r := c.Result()
			loses[k] = r.Winner != paperio.Winner(me)
			wins[k] = r.Winner == paperio.Winner(me)
		}
		anySafe = anySafe || !loses[k]
		anyWin = anyWin || wins[k]
	}
	for k, a := range actions {
		if a != chosen {
			continue
		}
		if loses[k] && anySafe {
			return fmt.Errorf("played %c, which loses at once, with a move that does not", a)
		}
		if anyWin && !wins[k] {
			return fmt.Errorf("played %c with a win at once on the board", a)
		}
		return nil
	}
	return fmt.Errorf("played %v, not a move", chosen)
}
