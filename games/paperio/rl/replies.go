package rl

import "github.com/paperio/paperio/engine/paperio"

// Replies of stateless bots, kept per game. A bot whose move is a function
// of the state alone (Stateless) makes the same replies whenever a game is
// played again with the same moves; the exit trainer replays each of its
// games' prefixes about a dozen times (Env.Start and Env.Replay), and a
// learned opponent's forward pass costs about a thousand engine
// half-steps. So an environment keeps the half-steps of the games it plays
// against such bots, and while a game follows its record the bot's reply is
// read from it instead of asked for.

// Stateless is a bot that says its move depends on the state alone: not on
// the moves before, a seed or a clock.
type Stateless interface{ Stateless() bool }

// Stateless says that the policy's move depends on the state alone.
func (pl *PolicyPlayer) Stateless() bool { return true }

// replyGames is how many games' records an environment keeps: the exit
// trainer's 64 games of an iteration, with room to spare.
const replyGames = 512

// replyKey names a game: the opponent's spec and the game's number in the
// run (which fixes its starts).
type replyKey struct {
	spec string
	game int64
}

// replyLog is a game's half-steps from its start, both sides', as played.
type replyLog struct{ moves []paperio.Action }

// replyMemo is an environment's records, the oldest dropped first.
type replyMemo struct {
	logs  map[replyKey]*replyLog
	order []replyKey
}

// log is game k's record, made empty when there is none.
func (m *replyMemo) log(k replyKey) *replyLog {
	if l := m.logs[k]; l != nil {
		return l
	}
	if m.logs == nil {
		m.logs = map[replyKey]*replyLog{}
	}
	if len(m.order) == replyGames {
		delete(m.logs, m.order[0])
		m.order = append(m.order[:0], m.order[1:]...)
	}
	l := &replyLog{}
	m.logs[k], m.order = l, append(m.order, k)
	return l
}

// follow notes the half-step a at half-step h of g's game: while the game
// follows its record, a move past the record's end extends it, and a move
// other than the record's leaves it.
func (g *envGame) follow(h int, a paperio.Action) {
	if g.log == nil {
		return
	}
	switch l := g.log; {
	case h < len(l.moves) && l.moves[h] == a:
	case h == len(l.moves):
		l.moves = append(l.moves, a)
	default:
		g.log = nil
	}
}

// recorded is the bot's reply at the current half-step as g's record has
// it, when the game follows a record that reaches so far.
func (g *envGame) recorded() (paperio.Action, bool) {
	if g.log == nil {
		return 0, false
	}
	h := g.s.HalfSteps()
	if h >= len(g.log.moves) {
		return 0, false
	}
	return g.log.moves[h], true
}
