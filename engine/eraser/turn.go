package eraser

import "errors"

// ErrGameOver is returned by Move after the game has ended.
var ErrGameOver = errors.New("the game is over")

// beginRound runs steps 1–4 of a round of the engine's loop (§4), up to the
// question to the mover: record the scores, stop at the turn limit, note an
// empty cell (the coming move is then the last), list the operations and
// stop when there is none.
func (s *State) beginRound() {
	s.hist.add(s.score[0] - s.score[1]) // 1
	if s.turn >= 2*s.cfg.MaxTurn {      // 2
		s.end()
		return
	}
	if s.has[Empty] != 0 { // 3: the game does not end yet
		s.last = true
	}
	s.hOps, s.vOps = operations(&s.has) // 4
	if s.hOps|s.vOps == 0 {
		s.end()
	}
}

// end stops the game; the result follows from the state (Result).
func (s *State) end() {
	s.over = true
	s.hOps, s.vOps = 0, 0
}

// Move plays the mover's swap, steps 5–10 of the round (§4): count the turn,
// reset the mover's combo, validate the swap (an invalid one is the mover's
// error and ends the game, §8), swap the two cells (it need not be an
// operation), run the cascade, and end the game after the last move or run
// the next round up to its question. The error is the engine's InvalidMove
// for an invalid swap, or ErrGameOver.
func (s *State) Move(sw Swap) error {
	if s.over {
		return ErrGameOver
	}
	p := s.startMove() // 5, 6
	if err := sw.Check(); err != nil {
		s.lose(p, FailInvalid, err.Error()) // 7
		return err
	}
	s.lastSwap, s.moved = sw, true
	s.swap(sw)   // 8
	s.cascade(p) // 9
	if s.last {  // 10
		s.end()
		return nil
	}
	s.beginRound()
	return nil
}

// startMove counts the turn and resets the mover's combo (§4 steps 5–6) and
// returns the mover.
func (s *State) startMove() int {
	s.turn++
	p := (s.turn - 1) & 1
	s.combo[p] = 0
	s.depth = 0
	if s.steps != nil {
		*s.steps = (*s.steps)[:0]
	}
	return p
}

// swap exchanges two cells of the main board, colour and tile id (§4.8).
func (s *State) swap(sw Swap) {
	a, b := 8*int(sw.X1)+int(sw.Y1), 8*int(sw.X2)+int(sw.Y2)
	ta, tb := s.tiles[a], s.tiles[b]
	s.tiles[a], s.tiles[b] = tb, ta
	if ca, cb := ta.colour(), tb.colour(); ca != cb {
		both := uint64(1)<<a | uint64(1)<<b
		s.has[ca] ^= both
		s.has[cb] ^= both
	}
}

// FailKind is how an AI failed (§8), as the corpus names it.
type FailKind uint8

const (
	NoFailure     FailKind = iota
	FailInit               // the constructor raised: the game ends before the first move
	FailException          // the move call raised, or the engine's check of its value did
	FailInvalid            // the engine's InvalidMove
	FailTimeout            // out of think time (also a Python BaseException such as sys.exit)
)

var failNames = [...]string{"", "init", "exception", "invalid", "timeout"}

func (k FailKind) String() string {
	if int(k) < len(failNames) {
		return failNames[k]
	}
	return "FailKind(?)"
}

// ParseFailKind reads a kind as String writes it.
func ParseFailKind(s string) (FailKind, bool) {
	for i, n := range failNames {
		if n == s && i > 0 {
			return FailKind(i), true
		}
	}
	return NoFailure, false
}

// Failure is an AI's error that ended the game.
type Failure struct {
	Player  int
	Kind    FailKind
	Message string // the last line of the traceback, e.g. "ZeroDivisionError: division by zero"
}

// Fail ends the game with an error of player p's AI (§8): p loses. For a
// failed move call (FailException, FailInvalid, FailTimeout) p must be the
// mover, and the call counts in the turn counter as the engine counts it;
// FailInit is a constructor's error before the first move, which counts
// nothing. (If both constructors fail, the engine reports the first mover's.)
// A game already over is left as it is.
func (s *State) Fail(p int, kind FailKind, message string) {
	if s.over || kind == NoFailure {
		return
	}
	if kind != FailInit && p == s.ToMove() {
		s.startMove()
	}
	s.lose(p, kind, message)
}

func (s *State) lose(p int, kind FailKind, message string) {
	s.fail = Failure{Player: p, Kind: kind, Message: message}
	s.end()
}

// Failed is the error that ended the game, if any (Kind NoFailure if none).
func (s *State) Failed() Failure { return s.fail }
