package stellar

import "fmt"

// Constants of the rules (RULES §1).
const (
	MaxTurn     = 100  // AI turns in a game
	PowerLimit  = 100  // a node's growth limit
	SpawnRate   = 1    // a node's spawn rate (the same on every map)
	DespawnRate = 0.75 // the share of a force above the limit kept each turn
	StartForce  = 100  // each base's force at the start
)

// Neutral is the owner of a node that belongs to nobody.
const Neutral = -1

// Command is one transport of a player's force (RULES §4.2): Amount from node
// From to its neighbour To. It is the Python tuple (From, To, Amount) with
// ints and a float.
type Command struct {
	From, To int
	Amount   float64
}

// State is one game (RULES §2, §4): the map, every node's forces and owner,
// the judge's error strings, the turn and the result. NewState plays turn 0;
// Step plays one AI turn of both players at once. A State is not safe for
// concurrent use; CopyFrom gives a copy that reuses buffers.
type State struct {
	m     *Map
	power [][2]float64 // power[i] = (force of player 0, force of player 1) on node i; [0] stays (0, 0)
	owner []int8       // owner[i]: 0, 1 or Neutral
	turn  int          // updates played: 0 after NewState, t after AI turn t
	limit int          // AI turns before the game is decided on points (MaxTurn unless set)
	res   Result
	errs  [2]judgeError // error1, error2 (RULES §4.1)

	// Scratch for the judge: sent[i] sums the amounts from node i while
	// mark[i] == gen; touched lists those nodes.
	sent    []float64
	mark    []uint32
	gen     uint32
	touched []int32
	py      pyJudge      // the judge's scratch for Python values
	acc     [2][]Command // accepted Python commands, as typed commands
	roots   rootMemo     // transport roots that took the exact path
}

// NewState sets up a game on m (RULES §2) and plays turn 0, the turn without
// commands that the reference plays before any AI is loaded (RULES §4).
func NewState(m *Map) (*State, error) { return NewStateRecord(m, nil) }

// NewStateRecord is NewState that records turn 0 in rec (which may be nil).
func NewStateRecord(m *Map, rec *Snapshot) (*State, error) {
	s := &State{}
	if err := s.start(m, rec); err != nil {
		return nil, err
	}
	return s, nil
}

// MustNewState is NewState for maps known to be valid (generated or fixed).
func MustNewState(m *Map) *State {
	s, err := NewState(m)
	if err != nil {
		panic(err)
	}
	return s
}

// Reset starts a new game on m in s, reusing its buffers, and plays turn 0.
func (s *State) Reset(m *Map) error { return s.start(m, nil) }

// start sets up the game and plays turn 0.
func (s *State) start(m *Map, rec *Snapshot) error {
	if err := m.check(); err != nil {
		return err
	}
	s.reset(m)
	rec.takeJudge(s, true, true)
	s.update(nil, nil, rec)
	return nil
}

// reset puts the start position of m in s, reusing its buffers (RULES §2).
func (s *State) reset(m *Map) {
	n := m.N
	s.m = m
	s.power = growSlice(s.power, n+1)
	s.owner = growSlice(s.owner, n+1)
	s.sent = growSlice(s.sent, n+1)
	s.mark = growSlice(s.mark, n+1)
	for i := range s.power {
		s.power[i] = [2]float64{}
		s.owner[i] = Neutral
		s.mark[i] = 0
	}
	s.gen = 0
	s.power[1] = [2]float64{StartForce, 0}
	s.owner[1] = 0
	s.power[n] = [2]float64{0, StartForce}
	s.owner[n] = 1
	s.turn = -1
	s.limit = MaxTurn
	s.res = Result{}
	s.errs = [2]judgeError{}
}

func growSlice[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// CopyFrom makes s a copy of o, reusing s's buffers.
func (s *State) CopyFrom(o *State) {
	n := len(o.power)
	s.m = o.m
	s.power = growSlice(s.power, n)
	copy(s.power, o.power)
	s.owner = growSlice(s.owner, n)
	copy(s.owner, o.owner)
	s.sent = growSlice(s.sent, n)
	s.mark = growSlice(s.mark, n)
	clear(s.mark)
	s.gen = 0
	s.turn, s.limit, s.res, s.errs = o.turn, o.limit, o.res, o.errs
}

// SetTurnLimit sets the number of AI turns after which the game is decided
// on points (RULES §7 fixes MAX_TURN = 100, the default; a game recorded with
// another max_turn replays with it). It must be set before the game reaches
// that turn: a limit of at most the turns already played is an error.
func (s *State) SetTurnLimit(n int) error {
	if n < 1 || n <= s.turn || s.Over() {
		return fmt.Errorf("stellar: turn limit %d: want at least 1 and more than the %d turns played", n, s.turn)
	}
	s.limit = n
	return nil
}

// TurnLimit is the number of AI turns after which the game is decided on
// points.
func (s *State) TurnLimit() int { return s.limit }

// Map is the game's map.
func (s *State) Map() *Map { return s.m }

// N is the number of nodes.
func (s *State) N() int { return s.m.N }

// Next lists node i's neighbours in the map's order (get_next(), RULES §8).
// The slice is shared: do not change it.
func (s *State) Next(i int) []int { return s.m.Adj[i] }

// Power is node i's forces: (player 0's, player 1's).
func (s *State) Power(i int) [2]float64 { return s.power[i] }

// Force is player p's force on node i.
func (s *State) Force(i, p int) float64 { return s.power[i][p] }

// Forces is every node's forces, indexed by node (1..N; [0] is the
// placeholder node 0, always (0, 0)): the state's own slice, for reading
// many nodes at once (datasets, observations). Do not change it; it is valid
// until the next Step.
func (s *State) Forces() [][2]float64 { return s.power }

// Owners is every node's owner, indexed like Forces ([0] is Neutral); the
// state's own slice, read-only, valid until the next Step.
func (s *State) Owners() []int8 { return s.owner }

// Owner is node i's owner: 0, 1 or Neutral.
func (s *State) Owner(i int) int { return int(s.owner[i]) }

// Base is player p's base: node 1 for player 0, node N for player 1.
func (s *State) Base(p int) int {
	if p == 0 {
		return 1
	}
	return s.m.N
}

// Turn is the number of AI turns played (0 before the first).
func (s *State) Turn() int { return s.turn }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.res.Reason != Running }

// Result is the game's result; its Reason is Running while the game goes on.
func (s *State) Result() Result { return s.res }

// Error is the judge's error string of player p as AIs see it (error1 for
// player 0, error2 for player 1, RULES §4.1): "玩家正常游戏" until a command
// list of p is rejected, then "<ExceptionType>: <message>" of the last
// rejection.
func (s *State) Error(p int) string { return s.errs[p].String() }

// Step plays one AI turn (RULES §4): c0 and c1 are the players' commands, in
// their order; nil or empty is [] (also what an AI's exception or time
// overrun counts as, RULES §8). Each list is judged on its own and dropped
// whole if it breaks a rule; then move, combat and growth; then the end of
// the game is checked. The lists are only read. Step on a finished game
// panics.
func (s *State) Step(c0, c1 []Command) {
	s.StepRecord(c0, c1, nil)
}

// StepRecord is Step that also records the turn's three snapshots in rec
// (which may be nil).
func (s *State) StepRecord(c0, c1 []Command, rec *Snapshot) {
	s.mustRun()
	a0, ok0 := s.judge(0, c0)
	a1, ok1 := s.judge(1, c1)
	rec.takeJudge(s, ok0, ok1)
	s.update(a0, a1, rec)
}

// StepPython is Step for AIs written in Python: r0 and r1 are what each
// player_func returned, with its Python types; nil stands for a call that
// raised or overran its time, which counts as [] (RULES §8). The judge
// checks them as RULES §4.1 says, messages included.
func (s *State) StepPython(r0, r1 *Returned, rec *Snapshot) {
	s.mustRun()
	a0, ok0 := s.judgePython(0, r0)
	a1, ok1 := s.judgePython(1, r1)
	rec.takeJudge(s, ok0, ok1)
	s.update(a0, a1, rec)
}

// Answer is one player's answer to a turn in whichever form it came: typed
// commands from a Go bot, or, when Py is not nil, what a Python AI returned
// (Cmds is then ignored). The zero Answer is [], also what a call that raised
// or overran its time counts as (RULES §8).
type Answer struct {
	Cmds []Command
	Py   *Returned
}

// StepAnswers plays one AI turn from both players' answers, each judged as
// its form requires (Step for typed commands, StepPython for Python values),
// and records the turn in rec (which may be nil).
func (s *State) StepAnswers(a0, a1 Answer, rec *Snapshot) {
	s.mustRun()
	c0, ok0 := s.judgeAnswer(0, a0)
	c1, ok1 := s.judgeAnswer(1, a1)
	rec.takeJudge(s, ok0, ok1)
	s.update(c0, c1, rec)
}

func (s *State) judgeAnswer(p int, a Answer) ([]Command, bool) {
	if a.Py != nil {
		return s.judgePython(p, a.Py)
	}
	return s.judge(p, a.Cmds)
}

func (s *State) mustRun() {
	if s.Over() {
		panic(fmt.Sprintf("stellar: Step after the end of the game (%s)", s.res.Reason))
	}
}

// update is the reference's update(c0, c1) on lists already judged: move,
// combat, growth (RULES §4), then the end of the game (RULES §7).
func (s *State) update(a0, a1 []Command, rec *Snapshot) {
	s.move(0, a0)
	s.move(1, a1)
	rec.takeMove(s, a0, a1)
	s.combat()
	rec.takeCombat(s)
	s.grow()
	rec.takeGrow(s)
	s.turn++
	if s.turn > 0 {
		s.checkEnd()
	}
}

// LoadFailed ends the game before its first AI turn because loading the
// AIs failed (RULES §8): failed[p] says whether player p's AI could not be
// imported or constructed. Player 1 wins if only player 0 failed, player 0
// if only player 1 did, nobody (NoWinner) if both did. Nothing happens when
// neither failed. It is an error after the first AI turn.
func (s *State) LoadFailed(failed [2]bool) error {
	if s.turn != 0 || s.Over() {
		return fmt.Errorf("stellar: AIs are loaded before the first turn (this is turn %d)", s.turn)
	}
	winner := 0
	switch {
	case failed[0] && failed[1]:
		winner = NoWinner
	case failed[0]:
		winner = 1
	case failed[1]:
		winner = 0
	default:
		return nil
	}
	s.res = Result{Winner: winner, Reason: InitError, Turns: 0}
	return nil
}
