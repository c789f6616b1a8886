package bots

import "github.com/paperio/paperio/engine"

// Play plays one whole game between two bots from the given start and
// returns the finished state. Each bot's randomness is seeded from seed and
// its side, so the same arguments always give the same game. If onStep is not
// nil it is called after every half-step with the action played.
func Play(c engine.Config, starts [2]engine.Start, players [2]Bot, seed uint64, onStep func(*engine.State, engine.Action)) (*engine.State, error) {
	s, err := engine.NewGame(c, starts)
	if err != nil {
		return nil, err
	}
	for i, p := range players {
		p.Reset(s, i, SideSeed(seed, i))
	}
	// A player whose preparation (the course's load) failed loses before
	// any move, player 1 first.
	for i := range players {
		if forfeited(s, players[i], i) {
			break
		}
	}
	for !s.Over() {
		me := s.ToMove()
		a := players[me].Act(s)
		if forfeited(s, players[me], me) {
			break
		}
		s.Step(a)
		if onStep != nil {
			onStep(s, a)
		}
	}
	for i, p := range players {
		if e, ok := p.(Ender); ok {
			e.EndGame(s, i)
		}
	}
	return s, nil
}

// SideSeed derives the seed of side i of a game from the game's seed
// (SplitMix64 finaliser, so nearby seeds give unrelated streams).
func SideSeed(seed uint64, i int) uint64 {
	return Mix(seed + uint64(i+1)*0x9e3779b97f4a7c15)
}

// Mix is the SplitMix64 finaliser: a cheap, well-spread hash of a 64-bit value.
func Mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// forfeited ends the game if player me reports a failure.
func forfeited(s *engine.State, p Bot, me int) bool {
	if f, ok := p.(Failer); ok {
		if failed, reason, _ := f.Failure(); failed {
			s.Forfeit(me, reason)
			return true
		}
	}
	return false
}

// Failer is implemented by players that can fail the way course AIs did (an
// error, or running out of time). After each Act the game runner asks; a
// failed player loses the game with the reason given (engine.ERR or
// engine.OVT) and detail says what happened.
type Failer interface {
	Failure() (failed bool, reason engine.Reason, detail string)
}

// Ender is implemented by players that want to hear how a game ended (the
// course's summary hook).
type Ender interface {
	EndGame(s *engine.State, me int)
}
