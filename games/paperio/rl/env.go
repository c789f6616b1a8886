package rl

import (
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
)

// EnvOptions shape an Env.
type EnvOptions struct {
	Envs   int            // games stepped together
	Config paperio.Config // board and rounds
	View   View
	// Opponent is the bot spec the agent plays against ("random",
	// "heuristic:margin=2"), a learned policy ("policy:FILE") or a program
	// speaking docs/PROTOCOL.md ("exec:path/to/bot", one process per game
	// stepped); "" is self-play, where the agent moves both players and each
	// observation is the mover's.
	Opponent string
	// Opponents, when set, holds one bot spec per environment (Envs of
	// them) instead of Opponent: a batch plays several opponents at once, as
	// a league of opponents needs. SetOpponent changes one of them.
	Opponents []string
	// Player is the agent's player against a bot: 1 (moves first), 2, or
	// 0 to alternate (player 1 in even games of the run).
	Player int
	// SameStep resets a finished game in the step that ended it and keeps
	// its last observation in Buffers.Final*; otherwise (Gymnasium's
	// default) the step that ends a game returns its last observation and
	// the game's next step starts the next game, ignoring the action.
	SameStep bool
	// Expert, a bot spec, asks that bot after every step what it would
	// play in the observation's state, in the seat of the observation's
	// player (Buffers.Expert): labels for imitation learning (DAgger). The
	// expert follows the game as if it had made the moves the player made;
	// when the player's last move was not the expert's answer, the expert
	// is started afresh from the state where it stands, as a bot that
	// takes over the game there.
	Expert string
	// GuardMargin is the margin the exposure mask asks for in
	// Buffers.Guard (GuardMargin; 0 means 1, Guard's own).
	GuardMargin int
	// GuardWay: the exposure mask measures the way home round the band
	// and counts its cells as band (Exposure.Way).
	GuardWay bool
	// GuardWaySoft, with GuardWay: the way's cells do not forbid moves,
	// only its length counts (Exposure.Split's allow; a policy with
	// exposure_way_soft 0 plays it).
	GuardWaySoft bool
}

// Buffers are the arrays an Env fills in place: the Python package's numpy
// arrays, one entry or row per game. Final* are needed with SameStep only.
type Buffers struct {
	Planes     []uint8   // Envs × View.Size: the observations' planes
	Scalars    []float32 // Envs × NumScalars
	Reward     []float32 // the result of the game for the player who moved (see Env.Step)
	Terminated []bool
	Truncated  []bool    // always false: every game ends by the rules
	Player     []int8    // whose view each observation is, 1 or 2: the player to move
	Game       []int64   // the game's index in the run
	Seed       []int64   // the game's seed (play.GameSeed of the run seed and the index)
	HalfSteps  []int32   // half-steps played in the game so far
	Final      []bool    // SameStep: a game ended in this step and Final* hold its last observation
	FinalPlane []uint8   // SameStep: Envs × View.Size
	FinalScal  []float32 // SameStep: Envs × NumScalars
	Expert     []int64   // with an expert: its answer (0, 1, 2) in each observation's state, -1 for none
	// Guard, when given (Envs × 3), holds the moves the exposure mask
	// allows the observation's player (Guard), as a policy with
	// mask_exposure plays them.
	Guard []bool
	// Reach, when given (Envs × 3, with GuardWaySoft), holds the moves of
	// Guard that only the way's cells would forbid (Exposure.Split's
	// reach): those whose logits a policy with exposure_way_soft lowers.
	Reach []bool
	// Toward, when given (Envs × 3, with Reach), holds the moves of Reach
	// whose way home the enemy heads for (Exposure.SplitToward's toward):
	// those whose logits a policy with exposure_way_toward lowers by that
	// instead of exposure_way_soft.
	Toward []bool
}

// Results are the arrays an Env fills with how a game ended, in the step
// that ends it (where Buffers.Terminated is true); the other entries are 0.
type Results struct {
	Winner       []int8  // 1 or 2, 0 for a draw (the games table's winner)
	Reason       []int8  // the course's result code (paperio.Reason: WAL 0 … END -3)
	Area1, Area2 []int32 // the final territories of players 1 and 2
}

// Env steps Envs games of paper.io at once, each against a built-in bot
// (whose moves are made here, between the agent's) or in self-play.
//
// Game k·Envs + i of a run is the k-th game of environment i: its seed is
// play.GameSeed(run, k·Envs + i), its start the course's start of that
// seed and the bot's randomness play.SideSeed(seed, side), as in
// paperio selfplay. So with one environment the games are those of a
// self-play run of one matchup, and the same actions give the same games.
//
// The environment steps the engine itself rather than through the play
// loop: the agent's moves come from the caller one batch at a time, and a
// loop that asks players for moves would have to park a goroutine per game
// between batches. The bot is asked and judged as the play loop asks and
// judges a built-in bot (a panic loses by ERR).
type Env struct {
	o      EnvOptions
	b      Buffers
	res    Results // nil arrays until SetResults
	size   int     // bytes of one observation's planes
	games  []envGame
	run    int64
	drawer paperio.StartDrawer
	seeds  []int64
	ready  bool // Reset was called
	blind  bool // no observation is written: the floor benchmark's environment
	// makers make the opponents by spec (a policy's file read once)
	makers map[string]func() (bots.Bot, error)
	// replies are the records of this run's games against stateless bots
	// (replies.go)
	replies replyMemo
}

// envGame is one environment of the batch.
type envGame struct {
	s       paperio.State
	bot     bots.Bot
	expert  [2]bots.Bot // per side, with EnvOptions.Expert
	said    [2]int      // each side's expert's last answer, -1 for none
	last    [2]int      // each side's last action, -1 for none
	board   fullBoard   // full views only
	track   tracker     // for the scalars that search the board
	played  int64       // games started by this environment
	game    int64       // the current game's index in the run
	seed    int64
	agent   int                 // the agent's player against a bot
	pending bool                // the game ended; the next step starts the next one
	starts  [4][2]paperio.Start // starts of the next games, drawn four at a time
	nstarts int                 // starts left in starts (the last ones)

	// The opponent: bot is made[spec].
	spec string              // the bot's spec
	next string              // the opponent of the next game (SetOpponent)
	made map[string]bots.Bot // this environment's bots by spec, made once each

	global *globalScratch // global views only
	log    *replyLog      // the game's record while it follows one (replies.go), else nil
}

// NewEnv checks the options and builds the bots. The environment is ready
// once it has its buffers (SetBuffers) and has been reset.
func NewEnv(o EnvOptions) (*Env, error) {
	if err := checkEnvOptions(o); err != nil {
		return nil, err
	}
	e := &Env{o: o, size: o.View.Size(o.Config), games: make([]envGame, o.Envs)}
	expert, err := botMaker(o.Expert)
	if err != nil {
		return nil, fmt.Errorf("expert: %v", err)
	}
	for i := range e.games {
		g := &e.games[i]
		var err error
		if spec := o.opponent(i); spec != "" {
			g.next = spec
			if err = e.switchBot(g); err != nil {
				e.Close()
				return nil, err
			}
		}
		for side := range g.expert {
			if o.Expert != "" {
				if g.expert[side], err = expert(); err != nil {
					return nil, fmt.Errorf("expert: %v", err)
				}
			}
		}
	}
	return e, nil
}

func checkEnvOptions(o EnvOptions) error {
	if o.Envs < 1 || o.Envs > 1<<20 {
		return fmt.Errorf("envs %d: want 1 to %d", o.Envs, 1<<20)
	}
	if err := CheckConfig(o.Config); err != nil {
		return err
	}
	if err := o.View.Check(); err != nil {
		return err
	}
	if o.View.Crop == 0 && o.View.Global != 0 {
		return fmt.Errorf("view %v: a global map goes with a crop (e.g. crop11+global15)", o.View)
	}
	if o.Player < 0 || o.Player > 2 {
		return fmt.Errorf("player %d: want 1, 2 or 0 (alternate)", o.Player)
	}
	if o.GuardWaySoft && !o.GuardWay {
		return fmt.Errorf("guard_way_soft: the way's cells are the way home's; set guard_way as well")
	}
	if o.Opponent != "" {
		if err := checkBot(o.Opponent); err != nil {
			return fmt.Errorf("opponent: %v", err)
		}
	}
	if o.Opponents != nil {
		if len(o.Opponents) != o.Envs {
			return fmt.Errorf("%d opponents for %d environments: want one per environment", len(o.Opponents), o.Envs)
		}
		for i, spec := range o.Opponents {
			if err := checkBot(spec); err != nil {
				return fmt.Errorf("opponents[%d]: %v", i, err)
			}
		}
	}
	if o.Expert != "" {
		if err := checkBot(o.Expert); err != nil {
			return fmt.Errorf("expert: %v", err)
		}
	}
	return nil
}

// opponent is environment i's first opponent ("" in self-play).
func (o *EnvOptions) opponent(i int) string {
	if o.Opponents != nil {
		return o.Opponents[i]
	}
	return o.Opponent
}

// SetOpponent makes environment i play the bot spec from its next game on
// (the game under way ends with its bot). Only an environment that plays a
// bot can change it: self-play stays self-play. Each environment makes a
// spec's bot once and keeps it for its later games.
func (e *Env) SetOpponent(i int, spec string) error {
	if i < 0 || i >= len(e.games) {
		return fmt.Errorf("environment %d: there are %d", i, len(e.games))
	}
	g := &e.games[i]
	if g.bot == nil {
		return fmt.Errorf("environment %d plays itself: there is no opponent to change", i)
	}
	if err := checkBot(spec); err != nil {
		return fmt.Errorf("opponent: %v", err)
	}
	g.next = spec
	return nil
}

// Opponent is the bot spec of environment i's game under way ("" in
// self-play).
func (e *Env) Opponent(i int) string { return e.games[i].spec }

// switchBot makes the next game's bot of g the current one. A policy's
// file is read once for all the environments (makers).
func (e *Env) switchBot(g *envGame) error {
	if g.next == g.spec {
		return nil
	}
	b := g.made[g.next]
	if b == nil {
		mk := e.makers[g.next]
		if mk == nil {
			var err error
			if mk, err = botMaker(g.next); err != nil {
				return fmt.Errorf("opponent: %v", err)
			}
			if e.makers == nil {
				e.makers = map[string]func() (bots.Bot, error){}
			}
			e.makers[g.next] = mk
		}
		var err error
		if b, err = mk(); err != nil {
			return fmt.Errorf("opponent: %v", err)
		}
		if g.made == nil {
			g.made = map[string]bots.Bot{}
		}
		g.made[g.next] = b
	}
	g.bot, g.spec = b, g.next
	return nil
}

// CheckConfig refuses boards the engine cannot play or that are too large
// for an observation (coordinates are kept in 16 bits, as in the dataset).
func CheckConfig(c paperio.Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if c.Width >= 1<<15 || c.Height >= 1<<15 {
		return fmt.Errorf("board %dx%d: too large", c.Width, c.Height)
	}
	return nil
}

// Shape is the shape of one observation's planes.
func (e *Env) Shape() [3]int { return e.o.View.Shape(e.o.Config) }

// Size is the number of bytes of one observation's planes (the crop's and
// the global map's with a global view).
func (e *Env) Size() int { return e.size }

// Envs is the number of games stepped together.
func (e *Env) Envs() int { return e.o.Envs }

// State is environment i's game as it stands (read-only), for tests and
// tools.
func (e *Env) State(i int) (*paperio.State, error) {
	if i < 0 || i >= len(e.games) {
		return nil, fmt.Errorf("environment %d: there are %d", i, len(e.games))
	}
	if !e.ready {
		return nil, fmt.Errorf("no game before reset")
	}
	return &e.games[i].s, nil
}

// SetBuffers gives the environment the arrays it fills; their sizes must
// fit the options. A reset is needed afterwards.
func (e *Env) SetBuffers(b Buffers) error {
	n := e.o.Envs
	sizes := []struct {
		name     string
		got, min int
	}{
		{"planes", len(b.Planes), n * e.size},
		{"scalars", len(b.Scalars), n * NumScalars},
		{"reward", len(b.Reward), n},
		{"terminated", len(b.Terminated), n},
		{"truncated", len(b.Truncated), n},
		{"player", len(b.Player), n},
		{"game", len(b.Game), n},
		{"seed", len(b.Seed), n},
		{"half_steps", len(b.HalfSteps), n},
	}
	if e.o.Expert != "" {
		sizes = append(sizes, struct {
			name     string
			got, min int
		}{"expert", len(b.Expert), n})
	}
	if b.Guard != nil {
		sizes = append(sizes, struct {
			name     string
			got, min int
		}{"guard", len(b.Guard), 3 * n})
	}
	if b.Reach != nil {
		if b.Guard == nil || !e.o.GuardWaySoft {
			return fmt.Errorf("reach: the way's reach goes with the soft guard (guard_way_soft)")
		}
		sizes = append(sizes, struct {
			name     string
			got, min int
		}{"reach", len(b.Reach), 3 * n})
	}
	if b.Toward != nil {
		if b.Reach == nil {
			return fmt.Errorf("toward: the moves toward the enemy are a part of the way's reach; give the reach buffer too")
		}
		sizes = append(sizes, struct {
			name     string
			got, min int
		}{"toward", len(b.Toward), 3 * n})
	}
	if e.o.SameStep {
		sizes = append(sizes, []struct {
			name     string
			got, min int
		}{
			{"final", len(b.Final), n},
			{"final planes", len(b.FinalPlane), n * e.size},
			{"final scalars", len(b.FinalScal), n * NumScalars},
		}...)
	}
	for _, s := range sizes {
		if s.got != s.min {
			return fmt.Errorf("buffer %s holds %d values, want %d", s.name, s.got, s.min)
		}
	}
	e.b, e.ready = b, false
	for i := range e.games {
		e.games[i].board = fullBoard{} // the new planes hold nothing drawn
	}
	return nil
}

// SetResults gives the environment the arrays of the games' results; their
// sizes must be Envs.
func (e *Env) SetResults(r Results) error {
	n := e.o.Envs
	if len(r.Winner) != n || len(r.Reason) != n || len(r.Area1) != n || len(r.Area2) != n {
		return fmt.Errorf("result buffers hold %d, %d, %d and %d values, want %d each", len(r.Winner), len(r.Reason), len(r.Area1), len(r.Area2), n)
	}
	e.res = r
	return nil
}

// ended writes how environment i's game ended into the results, or zeros
// while it goes on.
func (e *Env) ended(i int, s *paperio.State) {
	r := &e.res
	if r.Winner == nil {
		return
	}
	if !s.Over() {
		r.Winner[i], r.Reason[i], r.Area1[i], r.Area2[i] = 0, 0, 0, 0
		return
	}
	res := s.Result()
	r.Winner[i], r.Reason[i] = res.Winner.Code(), int8(res.Reason)
	r.Area1[i], r.Area2[i] = int32(s.Area(0)), int32(s.Area(1))
}

// Reset starts every environment's first game of the run with seed run
// and writes the first observations.
func (e *Env) Reset(run int64) error {
	if e.b.Reward == nil {
		return fmt.Errorf("reset before the buffers are set")
	}
	e.run, e.ready = run, true
	e.replies = replyMemo{} // another run: other starts for the same game numbers
	for i := range e.games {
		g := &e.games[i]
		g.played, g.nstarts, g.pending = 0, 0, false
		if err := e.startGame(i); err != nil {
			return err
		}
		e.observe(i, true)
		e.ended(i, &g.s)
		e.b.Reward[i] = 0
		e.b.Terminated[i], e.b.Truncated[i] = false, false
		if e.o.SameStep {
			e.b.Final[i] = false
		}
	}
	return nil
}

// Step plays one action per environment (indices into Actions) and writes
// the observations, rewards and flags. Against a bot, the bot's reply is
// played too. Reward is the game's result (1 won, -1 lost, 0 drawn) for
// the player who moved, in the step that ended the game, and 0 otherwise;
// in self-play the other player's result is its negation.
func (e *Env) Step(actions []int64) error {
	if !e.ready {
		return fmt.Errorf("step before reset")
	}
	if len(actions) != len(e.games) {
		return fmt.Errorf("%d actions for %d environments", len(actions), len(e.games))
	}
	for i, a := range actions {
		if a < 0 || a > 2 {
			return fmt.Errorf("actions[%d] = %d: want 0 (left), 1 (straight) or 2 (right)", i, a)
		}
	}
	for i, a := range actions {
		if err := e.step(i, int(a)); err != nil {
			return err
		}
	}
	return nil
}

// StepSome plays actions[k] in environment envs[k] only, as Step does, and
// leaves the other environments and their entries as they are: a batch
// whose games end at different times steps only those still wanted.
func (e *Env) StepSome(envs, actions []int64) error {
	if !e.ready {
		return fmt.Errorf("step before reset")
	}
	if len(actions) != len(envs) {
		return fmt.Errorf("%d actions for %d environments", len(actions), len(envs))
	}
	for k, a := range actions {
		if i := envs[k]; i < 0 || i >= int64(len(e.games)) {
			return fmt.Errorf("environment %d: there are %d", i, len(e.games))
		}
		if a < 0 || a > 2 {
			return fmt.Errorf("actions[%d] = %d: want 0 (left), 1 (straight) or 2 (right)", k, a)
		}
	}
	for k, a := range actions {
		if err := e.step(int(envs[k]), int(a)); err != nil {
			return err
		}
	}
	return nil
}

func (e *Env) step(i, a int) error {
	g := &e.games[i]
	b := &e.b
	b.Reward[i], b.Terminated[i] = 0, false
	if e.o.SameStep {
		b.Final[i] = false
	}
	if g.pending { // next-step autoreset: the action is ignored
		g.pending = false
		if err := e.startGame(i); err != nil {
			return err
		}
		e.observe(i, true)
		e.ended(i, &g.s)
		return nil
	}
	s := &g.s
	mover := s.ToMove()
	g.last[mover] = a
	g.follow(s.HalfSteps(), Actions[a])
	g.play(func() { s.Step(Actions[a]) })
	full := e.o.View.Crop == 0
	if full {
		g.board.update(s, e.planes(b.Planes, i))
	}
	if g.bot != nil && !s.Over() {
		g.play(g.botMove)
		if full {
			g.board.update(s, e.planes(b.Planes, i))
		}
	}
	e.observe(i, false)
	e.ended(i, s)
	if !s.Over() {
		return nil
	}
	b.Reward[i] = float32(s.Result().Winner.Outcome(mover))
	b.Terminated[i] = true
	if !e.o.SameStep {
		g.pending = true
		return nil
	}
	copy(e.planes(b.FinalPlane, i), e.planes(b.Planes, i))
	copy(b.FinalScal[i*NumScalars:(i+1)*NumScalars], b.Scalars[i*NumScalars:(i+1)*NumScalars])
	b.Final[i] = true
	if err := e.startGame(i); err != nil {
		return err
	}
	e.observe(i, true)
	return nil
}

func (e *Env) planes(buf []uint8, i int) []uint8 { return buf[i*e.size : (i+1)*e.size] }

// viewer is whose view environment i shows: the agent against a bot, the
// player to move in self-play.
func (e *Env) viewer(i int) int {
	g := &e.games[i]
	if g.bot != nil {
		return g.agent
	}
	return g.s.ToMove()
}

// observe writes environment i's observation and information; fresh says
// its game has just started (a full board is drawn anew).
func (e *Env) observe(i int, fresh bool) {
	if e.blind {
		return
	}
	g := &e.games[i]
	s := &g.s
	v := e.viewer(i)
	planes := e.planes(e.b.Planes, i)
	switch {
	case e.o.View.Crop > 0:
		writeCrop(e.o.View.Crop, s, v, planes)
	case fresh:
		g.board.start(s, v, planes)
	case g.board.own != v:
		g.board.flip(s.Width(), s.Height(), planes)
	}
	if k := e.o.View.Crop; e.o.View.Global > 0 {
		if g.global == nil {
			g.global = new(globalScratch)
		}
		g.global.writeGlobal(e.o.View.Global, s, v, planes[CropPlanes*k*k:])
	}
	g.track.scalars(s, v, e.b.Scalars[i*NumScalars:(i+1)*NumScalars])
	e.b.Player[i] = int8(v + 1)
	e.b.Game[i], e.b.Seed[i] = g.game, g.seed
	e.b.HalfSteps[i] = int32(s.HalfSteps())
	if g.expert[v] != nil {
		e.b.Expert[i] = int64(g.ask(v))
	}
	if e.b.Guard != nil {
		ok, reach, toward := [3]bool{}, [3]bool{}, [3]bool{}
		if !s.Over() {
			rule := Exposure{Margin: e.o.GuardMargin, Way: e.o.GuardWay}
			if e.o.GuardWaySoft {
				ok, reach, toward = rule.SplitToward(s, v)
			} else {
				ok = rule.Allow(s, v)
			}
		}
		copy(e.b.Guard[3*i:3*i+3], ok[:])
		if e.b.Reach != nil {
			copy(e.b.Reach[3*i:3*i+3], reach[:])
		}
		if e.b.Toward != nil {
			copy(e.b.Toward[3*i:3*i+3], toward[:])
		}
	}
}

// ask is the expert's answer for side v in the current state: the expert
// is started afresh when v's last move was not its last answer.
func (g *envGame) ask(v int) (answer int) {
	ex := g.expert[v]
	defer func() {
		if recover() != nil {
			answer = -1
		}
		g.said[v] = answer
	}()
	if g.s.Over() {
		return -1
	}
	if g.said[v] < 0 || g.last[v] != g.said[v] {
		ex.Reset(&g.s, v, play.SideSeed(uint64(g.seed), v), play.Clock{})
	}
	return ActionIndex(ex.Act(&g.s, play.Clock{}))
}

// Start restarts environment i with game number game of the run (the
// run seed of the last Reset) and writes its first observation: the game
// any environment plays as that game, seeded alike, against the
// environment's opponent (SetOpponent's, if one was set), with the agent's
// side as Player says (alternating by game number with Player 0). Several
// environments started with one game number play the same game: with the
// same moves they give the same observations, rewards and results, which
// is how a learner replays a game with one move changed. The game under
// way is dropped; the environment's later games are numbered as its own
// (k·Envs + i), from the first past game.
func (e *Env) Start(i int, game int64) error {
	if i < 0 || i >= len(e.games) {
		return fmt.Errorf("environment %d: there are %d", i, len(e.games))
	}
	if !e.ready {
		return fmt.Errorf("start before reset")
	}
	if game < 0 {
		return fmt.Errorf("game %d: want a game number of at least 0", game)
	}
	g := &e.games[i]
	n := int64(len(e.games))
	g.nstarts, g.pending = 0, false
	st, err := e.drawer.Starts(e.o.Config, play.GameSeed(e.run, game))
	if err != nil {
		return err
	}
	if err := e.begin(i, game, st); err != nil {
		return err
	}
	g.played = game/n + 1
	e.b.Reward[i], e.b.Terminated[i], e.b.Truncated[i] = 0, false, false
	if e.o.SameStep {
		e.b.Final[i] = false
	}
	g.board = fullBoard{}
	e.observe(i, true)
	e.ended(i, &g.s)
	return nil
}

// Replay plays the agent's moves actions (indices into Actions) in
// environment i, with the bot's replies, and writes only the observation
// after the last one: a prefix of a game known already is replayed without
// the cost of the observations between (the global map's pass over the
// board above all). The game must not end before the last move.
func (e *Env) Replay(i int, actions []int64) error {
	if i < 0 || i >= len(e.games) {
		return fmt.Errorf("environment %d: there are %d", i, len(e.games))
	}
	if !e.ready {
		return fmt.Errorf("replay before reset")
	}
	g := &e.games[i]
	if g.pending {
		return fmt.Errorf("environment %d: its game has ended", i)
	}
	for k, a := range actions {
		if a < 0 || a > 2 {
			return fmt.Errorf("actions[%d] = %d: want 0 (left), 1 (straight) or 2 (right)", k, a)
		}
		if g.s.Over() {
			return fmt.Errorf("environment %d: the game ended before move %d of %d", i, k, len(actions))
		}
		e.advance(g, int(a))
	}
	if e.o.View.Crop == 0 {
		g.board = fullBoard{}
		e.observe(i, true)
	} else {
		e.observe(i, false)
	}
	e.ended(i, &g.s)
	if g.s.Over() {
		return fmt.Errorf("environment %d: the game ended with the replay's last move", i)
	}
	return nil
}

// advance plays the agent's move a and the bot's reply in g, without
// observing.
func (e *Env) advance(g *envGame, a int) {
	s := &g.s
	g.last[s.ToMove()] = a
	g.follow(s.HalfSteps(), Actions[a])
	g.play(func() { s.Step(Actions[a]) })
	if g.bot != nil && !s.Over() {
		g.play(g.botMove)
	}
}

// startGame starts environment i's next game; against a bot that moves
// first, the bot's first move is played.
func (e *Env) startGame(i int) error {
	g := &e.games[i]
	n := int64(len(e.games))
	game := g.played*n + int64(i)
	if g.nstarts == 0 {
		// The seeds of this environment's next four games.
		e.seeds = e.seeds[:0]
		for k := range int64(len(g.starts)) {
			e.seeds = append(e.seeds, play.GameSeed(e.run, game+k*n))
		}
		if err := e.drawer.Draw(e.o.Config, e.seeds, g.starts[:]); err != nil {
			return err
		}
		g.nstarts = len(g.starts)
	}
	st := g.starts[len(g.starts)-g.nstarts]
	g.nstarts--
	g.played++
	return e.begin(i, game, st)
}

// begin starts game number game of the run in environment i from the
// starts st; against a bot that moves first, the bot's first move is
// played.
func (e *Env) begin(i int, game int64, st [2]paperio.Start) error {
	g := &e.games[i]
	g.game = game
	g.seed = play.GameSeed(e.run, game)
	if err := g.s.Reset(e.o.Config, st); err != nil {
		return err
	}
	g.s.ShareScratch(&e.games[0].s) // the games are stepped one at a time
	g.track.start(&g.s)
	g.said, g.last = [2]int{-1, -1}, [2]int{-1, -1}
	if g.bot == nil {
		return nil
	}
	if err := e.switchBot(g); err != nil {
		return err
	}
	g.agent = e.o.Player - 1
	if e.o.Player == 0 {
		g.agent = int(g.game & 1)
	}
	g.log = nil
	if b, ok := g.bot.(Stateless); ok && b.Stateless() {
		g.log = e.replies.log(replyKey{g.spec, game})
	}
	g.botReset()
	if !g.s.Over() && g.s.ToMove() != g.agent {
		g.play(g.botMove)
	}
	return nil
}

// play makes a half-step with move and follows it for the home search.
func (g *envGame) play(move func()) {
	m := g.s.ToMove()
	area := g.s.Area(m)
	move()
	g.track.played(&g.s, m, area)
}

// botReset and botMove call the bot as the play loop calls a built-in bot:
// seeded with its side's seed, told no clock, and losing by ERR if it
// panics.
func (g *envGame) botReset() {
	side := 1 - g.agent
	defer g.botFault(side)
	g.bot.Reset(&g.s, side, play.SideSeed(uint64(g.seed), side), play.Clock{})
	g.failed(side)
}

func (g *envGame) botMove() {
	if a, ok := g.recorded(); ok {
		g.s.Step(a)
		return
	}
	defer g.botFault(1 - g.agent)
	h := g.s.HalfSteps()
	a := g.bot.Act(&g.s, play.Clock{})
	if !g.failed(1 - g.agent) {
		g.follow(h, a)
		g.s.Step(a)
	}
}

// failed ends the game when a program opponent failed its call (by ERR,
// or OVT past its time per call), and says so.
func (g *envGame) failed(side int) bool {
	f, ok := g.bot.(play.Failer)
	if !ok || f.Failure().Kind == play.NoFault || g.s.Over() {
		return false
	}
	g.s.Forfeit(side, bots.FaultReason(f.Failure().Kind))
	return true
}

func (g *envGame) botFault(side int) {
	if recover() != nil {
		g.s.Forfeit(side, bots.FaultReason(play.Error))
	}
}

// Close releases the bots.
func (e *Env) Close() {
	for i := range e.games {
		g := &e.games[i]
		for _, b := range g.made {
			bots.Close(b)
		}
		for _, b := range []bots.Bot{g.expert[0], g.expert[1]} {
			if b != nil {
				bots.Close(b)
			}
		}
		g.made = nil
	}
}
