package rl

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/selfplay"
)

// newBuffers makes an environment's buffers in Go, as the Python package
// makes them in numpy.
func newBuffers(o EnvOptions) Buffers {
	n, size := o.Envs, o.View.Size(o.Config)
	return Buffers{
		Planes: make([]uint8, n*size), Scalars: make([]float32, n*NumScalars),
		Reward: make([]float32, n), Terminated: make([]bool, n), Truncated: make([]bool, n),
		Player: make([]int8, n), Game: make([]int64, n), Seed: make([]int64, n), HalfSteps: make([]int32, n),
		Final: make([]bool, n), FinalPlane: make([]uint8, n*size), FinalScal: make([]float32, n*NumScalars),
		Expert: make([]int64, n),
	}
}

func newEnv(t testing.TB, o EnvOptions) *Env {
	t.Helper()
	e, err := NewEnv(o)
	if err != nil {
		t.Fatal(err)
	}
	b := newBuffers(o)
	if o.Expert == "" {
		b.Expert = nil
	}
	if err := e.SetBuffers(b); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestEnvFollowsSelfplay: an environment fed the recorded actions of the
// agent's side of a paperio selfplay run (or of both sides in self-play)
// plays that run's games: every observation is Observe of the recorded
// game at the same half-step, the bot answers as it did in the run, and
// each game ends when and as the games table says, with the reward of its
// winner. Full boards and crops, either side, both autoreset modes.
func TestEnvFollowsSelfplay(t *testing.T) {
	c := paperio.Config{Width: 102, Height: 101, MaxTurns: 150}
	cases := []struct {
		pair     selfplay.Pair
		opponent string
		player   int
		view     View
		sameStep bool
	}{
		{selfplay.Pair{P1: "random", P2: "heuristic"}, "heuristic", 1, Full, false},
		{selfplay.Pair{P1: "wanderer", P2: "random"}, "wanderer", 2, View{Crop: 11}, true},
		{selfplay.Pair{P1: "heuristic", P2: "goround"}, "goround", 1, View{Crop: 9}, false},
		{selfplay.Pair{P1: "goround", P2: "heuristic"}, "goround", 2, Full, true},
		{selfplay.Pair{P1: "heuristic", P2: "wanderer"}, "", 0, Full, false},
		{selfplay.Pair{P1: "random", P2: "heuristic"}, "", 0, View{Crop: 11}, true},
		{selfplay.Pair{P1: "heuristic", P2: "wanderer"}, "wanderer", 1, View{Crop: 11, Global: 15}, true},
		{selfplay.Pair{P1: "heuristic", P2: "random"}, "", 0, View{Crop: 7, Global: 9}, false},
	}
	const envs, perEnv, seed = 3, 2, 42
	for _, tc := range cases {
		_, rows := selfplayRun(t, c, seed, envs*perEnv, tc.pair)
		o := EnvOptions{Envs: envs, Config: c, View: tc.view, Opponent: tc.opponent, Player: tc.player, SameStep: tc.sameStep}
		name := tc.pair.P1 + ":" + tc.pair.P2 + " " + tc.view.String()
		e := newEnv(t, o)
		checkAgainstRows(t, name, e, rows, seed, perEnv)
	}
}

func checkAgainstRows(t *testing.T, name string, e *Env, rows []tables.Game, seed int64, perEnv int) {
	t.Helper()
	o, b := e.o, &e.b
	n := o.Envs
	selfPlay := o.Opponent == ""
	agent := o.Player - 1
	viewer := func(sh *shadow) int {
		if selfPlay {
			return sh.s.ToMove()
		}
		return agent
	}
	want := make([]uint8, o.View.Size(o.Config))
	var wantSc [NumScalars]float32
	expect := func(i int, sh *shadow, planes []uint8, scal []float32, what string) {
		t.Helper()
		v := viewer(sh)
		Observe(o.View, sh.s, v, want, wantSc[:])
		if !bytes.Equal(planes, want) || !slices.Equal(scal, wantSc[:]) {
			t.Fatalf("%s: env %d, game %d, half-step %d (%s): the observation is not the recorded game's", name, i, sh.row.GameID, sh.s.HalfSteps(), what)
		}
		if what == "final" {
			return
		}
		if b.Game[i] != sh.row.GameID || b.Seed[i] != sh.row.Seed || int(b.HalfSteps[i]) != sh.s.HalfSteps() || int(b.Player[i]) != v+1 {
			t.Fatalf("%s: env %d: info game %d seed %d half-steps %d player %d, want %d %d %d %d", name, i,
				b.Game[i], b.Seed[i], b.HalfSteps[i], b.Player[i], sh.row.GameID, sh.row.Seed, sh.s.HalfSteps(), v+1)
		}
	}
	size := e.size
	obs := func(i int) ([]uint8, []float32) {
		return b.Planes[i*size : (i+1)*size], b.Scalars[i*NumScalars : (i+1)*NumScalars]
	}
	begin := func(g int64) *shadow {
		sh := newShadow(t, rows[g])
		if !selfPlay {
			sh.playUntil(agent) // the bot's first move, when it moves first
		}
		return sh
	}
	if err := e.Reset(seed); err != nil {
		t.Fatal(err)
	}
	shadows := make([]*shadow, n)
	games := make([]int, n) // games finished per env
	for i := range shadows {
		shadows[i] = begin(int64(i))
		p, s := obs(i)
		expect(i, shadows[i], p, s, "start")
	}
	pending := make([]bool, n)
	actions := make([]int64, n)
	for steps := 0; ; steps++ {
		done := true
		for i, sh := range shadows {
			actions[i] = 1
			if games[i] < perEnv && !pending[i] {
				actions[i] = sh.next(t)
				done = false
			}
			if pending[i] && games[i] < perEnv {
				done = false
			}
		}
		if done {
			break
		}
		if err := e.Step(actions); err != nil {
			t.Fatal(err)
		}
		for i, sh := range shadows {
			switch {
			case games[i] >= perEnv:
				continue
			case pending[i]: // next-step autoreset: this step started the next game
				pending[i] = false
				if b.Terminated[i] || b.Reward[i] != 0 {
					t.Fatalf("%s: env %d: the step that starts a game says terminated %v reward %v", name, i, b.Terminated[i], b.Reward[i])
				}
				shadows[i] = begin(int64(games[i]*n + i))
				p, s := obs(i)
				expect(i, shadows[i], p, s, "next game")
				continue
			}
			mover := sh.s.ToMove()
			sh.step()
			if !selfPlay {
				sh.playUntil(agent)
			}
			if !sh.s.Over() {
				if b.Terminated[i] || b.Reward[i] != 0 {
					t.Fatalf("%s: env %d, game %d: ended at half-step %d; the run played on", name, i, sh.row.GameID, sh.s.HalfSteps())
				}
				p, s := obs(i)
				expect(i, sh, p, s, "step")
				continue
			}
			// The recorded game is over: so must the environment's be.
			if !b.Terminated[i] || sh.at != len(sh.row.Actions) || sh.s.Result().Winner.Code() != sh.row.Winner {
				t.Fatalf("%s: env %d, game %d: terminated %v after %d of %d actions", name, i, sh.row.GameID, b.Terminated[i], sh.at, len(sh.row.Actions))
			}
			if want := float32(sh.s.Result().Winner.Outcome(mover)); b.Reward[i] != want {
				t.Fatalf("%s: env %d, game %d: reward %v, want %v", name, i, sh.row.GameID, b.Reward[i], want)
			}
			games[i]++
			if o.SameStep {
				if !b.Final[i] {
					t.Fatalf("%s: env %d: no final observation", name, i)
				}
				expect(i, sh, b.FinalPlane[i*size:(i+1)*size], b.FinalScal[i*NumScalars:(i+1)*NumScalars], "final")
				if games[i] < perEnv {
					shadows[i] = begin(int64(games[i]*n + i))
					p, s := obs(i)
					expect(i, shadows[i], p, s, "next game, same step")
				}
			} else {
				p, s := obs(i)
				expect(i, sh, p, s, "last")
				pending[i] = true
			}
		}
	}
}

// TestEnvRefuses: bad options, buffers and actions are errors that say
// what is wrong.
func TestEnvRefuses(t *testing.T) {
	good := EnvOptions{Envs: 2, Config: paperio.Config{Width: 20, Height: 20, MaxTurns: 50}, View: View{Crop: 11}, Opponent: "random", Player: 1}
	bad := []struct {
		o    EnvOptions
		want string
	}{
		{EnvOptions{Envs: 0, Config: good.Config}, "envs 0"},
		{EnvOptions{Envs: 1, Config: paperio.Config{Width: 3, Height: 3, MaxTurns: 5}}, "board width 3"},
		{EnvOptions{Envs: 1, Config: good.Config, View: View{Crop: 4}}, "crop 4"},
		{EnvOptions{Envs: 1, Config: good.Config, View: View{Crop: 11, Global: 4}}, "global 4"},
		{EnvOptions{Envs: 1, Config: good.Config, View: View{Global: 15}}, "goes with a crop"},
		{EnvOptions{Envs: 1, Config: good.Config, Opponent: "nosuchbot"}, "opponent"},
		{EnvOptions{Envs: 1, Config: good.Config, Opponent: "random", Player: 3}, "player 3"},
	}
	for _, tc := range bad {
		_, err := NewEnv(tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one about %q", tc.o, err, tc.want)
		}
	}
	e, err := NewEnv(good)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(1); err == nil {
		t.Errorf("reset without buffers accepted")
	}
	short := newBuffers(good)
	short.Reward = short.Reward[:1]
	if err := e.SetBuffers(short); err == nil || !strings.Contains(err.Error(), "reward") {
		t.Errorf("a short reward buffer: %v", err)
	}
	if err := e.SetBuffers(newBuffers(good)); err != nil {
		t.Fatal(err)
	}
	if err := e.Step([]int64{0, 0}); err == nil || !strings.Contains(err.Error(), "before reset") {
		t.Errorf("step before reset: %v", err)
	}
	e.Reset(1)
	for _, acts := range [][]int64{{0}, {0, 3}, {-1, 0}} {
		if err := e.Step(acts); err == nil {
			t.Errorf("actions %v accepted", acts)
		}
	}
	if err := e.Step([]int64{0, 2}); err != nil {
		t.Errorf("good actions: %v", err)
	}
}

// TestExpertAnswers: an agent that always plays the expert's answer plays
// the expert's games: those of paperio selfplay between the expert and the
// opponent. An agent that does otherwise gets the answers of an expert
// started afresh where it stands.
func TestExpertAnswers(t *testing.T) {
	c := paperio.Config{Width: 60, Height: 50, MaxTurns: 200}
	const seed, envs = 11, 2
	_, rows := selfplayRun(t, c, seed, 2*envs, selfplay.Pair{P1: "goround", P2: "heuristic"})
	e := newEnv(t, EnvOptions{Envs: envs, Config: c, View: View{Crop: 9}, Opponent: "goround", Player: 2, Expert: "heuristic"})
	if err := e.Reset(seed); err != nil {
		t.Fatal(err)
	}
	games := 0
	acts := make([]int64, envs)
	for step := 0; games < envs; step++ {
		for i, a := range e.b.Expert {
			acts[i] = a
			if a < 0 { // no answer after a game's end: any action does
				acts[i] = 1
			}
		}
		if err := e.Step(acts); err != nil {
			t.Fatal(err)
		}
		for i := range envs {
			if e.b.Terminated[i] && e.b.Game[i] < envs {
				s, _ := e.State(i)
				row := rows[e.b.Game[i]]
				if s.Result().Winner.Code() != row.Winner || s.HalfSteps() != int(row.HalfSteps) || !strings.Contains(row.Actions, "L") {
					t.Fatalf("game %d: %d half-steps, winner %d; selfplay: %d, %d", row.GameID, s.HalfSteps(), s.Result().Winner, row.HalfSteps, row.Winner)
				}
				games++
			}
		}
		if step > 1000 {
			t.Fatal("the games do not end")
		}
	}

	// Now against the expert's advice: straight on, unless the expert says
	// straight. Its answers are a fresh heuristic's.
	e.Reset(seed + 1)
	for step := 0; step < 60; step++ {
		for i := range acts {
			acts[i] = 1
			if e.b.Expert[i] == 1 {
				acts[i] = 0
			}
		}
		if err := e.Step(acts); err != nil {
			t.Fatal(err)
		}
		for i := range envs {
			s, _ := e.State(i)
			if s.Over() {
				continue
			}
			fresh, _ := bots.Make("heuristic")
			fresh.Reset(s.Clone(), 1, play.SideSeed(uint64(e.b.Seed[i]), 1), play.Clock{})
			if want := int64(ActionIndex(fresh.Act(s.Clone(), play.Clock{}))); e.b.Expert[i] != want {
				t.Fatalf("env %d, half-step %d: expert %d, a fresh heuristic %d", i, s.HalfSteps(), e.b.Expert[i], want)
			}
		}
	}
}

// A program speaking docs/PROTOCOL.md is an opponent like a built-in bot:
// the environment plays the games self-play records with it.
func TestEnvExecOpponentFollowsSelfplay(t *testing.T) {
	c := paperio.Config{Width: 102, Height: 101, MaxTurns: 150}
	bot := "exec:../../../examples/bots/python/goround.py"
	const envs, perEnv, seed = 2, 2, 42
	_, rows := selfplayRun(t, c, seed, envs*perEnv, selfplay.Pair{P1: "heuristic", P2: bot})
	e := newEnv(t, EnvOptions{Envs: envs, Config: c, View: View{Crop: 9}, Opponent: bot, Player: 1})
	checkAgainstRows(t, "heuristic:"+bot, e, rows, seed, perEnv)
	if _, err := NewEnv(EnvOptions{Envs: 1, Config: c, View: Full, Opponent: "exec:"}); err == nil || !strings.Contains(err.Error(), "exec: needs the player's program") {
		t.Fatalf("exec: without a program: %v", err)
	}
}

// TestOpponentsPerEnvironment: with one opponent per environment, each
// environment plays the games an environment of that opponent alone plays
// (same run, same actions), and SetOpponent takes effect at the next game.
func TestOpponentsPerEnvironment(t *testing.T) {
	c := paperio.Config{Width: 30, Height: 30, MaxTurns: 60}
	view := View{Crop: 5}
	mixed := newEnv(t, EnvOptions{Envs: 2, Config: c, View: view, Opponents: []string{"random", "goround"}, Player: 0})
	defer mixed.Close()
	alone := []*Env{
		newEnv(t, EnvOptions{Envs: 2, Config: c, View: view, Opponent: "random", Player: 0}),
		newEnv(t, EnvOptions{Envs: 2, Config: c, View: view, Opponent: "goround", Player: 0}),
	}
	for _, e := range append(alone, mixed) {
		if err := e.Reset(7); err != nil {
			t.Fatal(err)
		}
	}
	actions := []int64{1, 1}
	ended := false
	for step := 0; !ended; step++ {
		for i := range actions {
			actions[i] = int64(step*7+i*3) % 5 % 3 // turns now and then
		}
		for _, e := range append(alone, mixed) {
			if err := e.Step(actions); err != nil {
				t.Fatal(err)
			}
		}
		for i, a := range alone {
			got, _ := mixed.State(i)
			want, _ := a.State(i)
			if !bytes.Equal(got.Fields(), want.Fields()) || !bytes.Equal(got.Bands(), want.Bands()) || got.HalfSteps() != want.HalfSteps() {
				t.Fatalf("step %d: environment %d against %s plays another game than alone", step, i, mixed.Opponent(i))
			}
		}
		ended = mixed.b.Terminated[0]
	}
	if err := mixed.SetOpponent(0, "goround"); err != nil {
		t.Fatal(err)
	}
	if got := mixed.Opponent(0); got != "random" {
		t.Errorf("opponent before the next game: %q, want random", got)
	}
	if err := mixed.Step([]int64{1, 1}); err != nil { // starts the next game
		t.Fatal(err)
	}
	if got := mixed.Opponent(0); got != "goround" {
		t.Errorf("opponent of the next game: %q, want goround", got)
	}
	for _, bad := range []struct {
		i    int
		spec string
		want string
	}{{2, "random", "environment 2"}, {0, "nosuchbot", "opponent"}} {
		if err := mixed.SetOpponent(bad.i, bad.spec); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("SetOpponent(%d, %q): %v, want an error about %s", bad.i, bad.spec, err, bad.want)
		}
	}
	self := newEnv(t, EnvOptions{Envs: 1, Config: c, View: view})
	if err := self.SetOpponent(0, "random"); err == nil {
		t.Error("SetOpponent in self-play: no error")
	}
	if _, err := NewEnv(EnvOptions{Envs: 2, Config: c, View: view, Opponents: []string{"random"}}); err == nil || !strings.Contains(err.Error(), "one per environment") {
		t.Errorf("one opponent for two environments: %v", err)
	}
}

// TestStartReplayStepSome: environments started with one game number play
// that game (the game it is in an environment after Reset, the opponent's
// randomness included) and stay identical under the same moves; a move
// changed in one changes only that one; Replay reaches the observation that
// stepping the same moves reaches; StepSome leaves the others alone.
func TestStartReplayStepSome(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 40, MaxTurns: 300}
	o := EnvOptions{Envs: 3, Config: c, View: View{Crop: 11, Global: 9}, Opponent: "wanderer", SameStep: true}
	e := newEnv(t, o)
	b := newBuffers(o)
	b.Expert, b.Guard = nil, make([]bool, 3*o.Envs)
	if err := e.SetBuffers(b); err != nil {
		t.Fatal(err)
	}
	if err := e.Start(0, 2); err == nil || !strings.Contains(err.Error(), "before reset") {
		t.Fatalf("Start before Reset: %v", err)
	}
	ref := newEnv(t, o)
	rb := newBuffers(o)
	rb.Expert = nil
	if err := ref.SetBuffers(rb); err != nil {
		t.Fatal(err)
	}
	if err := ref.Reset(9); err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(9); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := e.Start(i, 2); err != nil { // the reference's environment 2 plays game 2
			t.Fatal(err)
		}
	}
	size := e.Size()
	obs := func(b *Buffers, i int) []uint8 { return b.Planes[i*size : (i+1)*size] }
	if b.Game[0] != 2 || b.Seed[0] != play.GameSeed(9, 2) || !bytes.Equal(obs(&b, 0), obs(&rb, 2)) {
		t.Fatalf("Start(0, 2): game %d seed %d, observation like the reference's game 2: %v", b.Game[0], b.Seed[0],
			bytes.Equal(obs(&b, 0), obs(&rb, 2)))
	}
	// Moves: the first the exposure mask allows, in an order that turns
	// now and then; environment 2 deviates at move 20.
	move := func(b *Buffers, i, step int) int64 {
		for k := range 3 {
			a := (step/5 + k) % 3
			if b.Guard[3*i+a] {
				return int64(a)
			}
		}
		return 1
	}
	var played []int64
	var at30 []uint8
	deviated := false
	for step := 0; step < 60 && !b.Terminated[0]; step++ {
		a := move(&b, 0, step)
		played = append(played, a)
		other := a
		if step == 20 {
			other = (a + 1) % 3
		}
		if err := e.Step([]int64{a, a, other}); err != nil {
			t.Fatal(err)
		}
		if err := ref.Step([]int64{1, 1, a}); err != nil {
			t.Fatal(err)
		}
		if b.Terminated[0] {
			break
		}
		if !bytes.Equal(obs(&b, 0), obs(&b, 1)) || !slices.Equal(b.Scalars[:NumScalars], b.Scalars[NumScalars:2*NumScalars]) {
			t.Fatalf("step %d: environments 0 and 1 differ under the same moves", step)
		}
		if !bytes.Equal(obs(&b, 0), obs(&rb, 2)) {
			t.Fatalf("step %d: game 2 differs from the reference's", step)
		}
		same := bytes.Equal(obs(&b, 0), obs(&b, 2))
		if step < 20 && !same {
			t.Fatalf("step %d: environment 2 differs before its deviation", step)
		}
		deviated = deviated || (step >= 20 && !same)
		if step == 29 {
			at30 = slices.Clone(obs(&b, 0))
		}
	}
	if !deviated || at30 == nil {
		t.Fatalf("the deviation changed nothing (%v) or the game ended before move 30 (%d moves)", deviated, len(played))
	}
	// Replay: 30 moves of game 2 again, observed once.
	if err := e.Start(1, 2); err != nil {
		t.Fatal(err)
	}
	if err := e.Replay(1, played[:30]); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(obs(&b, 1), at30) || b.HalfSteps[1] != 60 {
		t.Fatalf("Replay of 30 moves: %d half-steps, observation as stepped: %v", b.HalfSteps[1], bytes.Equal(obs(&b, 1), at30))
	}
	// StepSome: only environment 2 moves.
	keep := slices.Clone(b.Planes[:2*size])
	h := b.HalfSteps[2]
	if err := e.StepSome([]int64{2}, []int64{move(&b, 2, 0)}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(keep, b.Planes[:2*size]) || b.HalfSteps[2] != h+2 {
		t.Fatalf("StepSome moved others or not environment 2 (half-steps %d to %d)", h, b.HalfSteps[2])
	}
	for _, err := range []error{e.Start(3, 0), e.Start(0, -1), e.Replay(0, []int64{3}), e.StepSome([]int64{3}, []int64{0}),
		e.StepSome([]int64{0}, []int64{0, 1})} {
		if err == nil {
			t.Fatal("a bad environment, game, move or length was not refused")
		}
	}
}

// TestEnvGuardMargin: with EnvOptions.GuardMargin, the guard buffer holds
// GuardMargin's moves for the observation's player in every state (without,
// Guard's); they are some of the moves Guard allows, and fewer in some
// states. With GuardWay as well, it holds Exposure{3, true}'s moves, other
// than margin 3's in some states; with GuardWaySoft too, Split's allow,
// more moves than the way's in some states, the reach buffer Split's
// reach, not empty in some states, and the toward buffer SplitToward's
// toward, in some states not empty and in some less than reach.
// GuardWaySoft alone is refused, and so are a reach buffer without it and
// a toward buffer without reach.
func TestEnvGuardMargin(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 40, MaxTurns: 300}
	o := EnvOptions{Envs: 4, Config: c, View: View{Crop: 5}, Opponent: "wanderer", Player: 0}
	guarded := func(o EnvOptions) (*Env, Buffers) {
		e := newEnv(t, o)
		b := newBuffers(o)
		b.Expert, b.Guard = nil, make([]bool, 3*o.Envs)
		if o.GuardWaySoft {
			b.Reach, b.Toward = make([]bool, 3*o.Envs), make([]bool, 3*o.Envs)
		}
		if err := e.SetBuffers(b); err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(3); err != nil {
			t.Fatal(err)
		}
		return e, b
	}
	e, b := guarded(o)
	o.GuardMargin = 3
	wide, wb := guarded(o)
	o.GuardWay = true
	way, wayb := guarded(o)
	o.GuardWaySoft = true
	soft, softb := guarded(o)
	var states, fewer, other, more, reached, headed, aside int
	acts := make([]int64, o.Envs)
	for step := range 600 {
		for i := range o.Envs {
			s, err := wide.State(i)
			if err != nil {
				t.Fatal(err)
			}
			g1, g3 := [3]bool(b.Guard[3*i:3*i+3]), [3]bool(wb.Guard[3*i:3*i+3])
			if !s.Over() {
				me := int(wb.Player[i]) - 1
				if want := GuardMargin(s, me, 3); g3 != want {
					t.Fatalf("step %d, environment %d: guard %v, GuardMargin 3 says %v", step, i, g3, want)
				}
				s1, err := e.State(i) // the same game: the same moves from the same seed
				if err != nil {
					t.Fatal(err)
				}
				if want := Guard(s1, me); g1 != want { // no margin given: Guard's own
					t.Fatalf("step %d, environment %d: guard %v without a margin, Guard says %v", step, i, g1, want)
				}
				sw, err := way.State(i)
				if err != nil {
					t.Fatal(err)
				}
				gw := [3]bool(wayb.Guard[3*i : 3*i+3])
				if want := (Exposure{Margin: 3, Way: true}).Allow(sw, me); gw != want {
					t.Fatalf("step %d, environment %d: guard %v with the way home, Exposure says %v", step, i, gw, want)
				}
				if gw != g3 {
					other++
				}
				ss, err := soft.State(i)
				if err != nil {
					t.Fatal(err)
				}
				gs := [3]bool(softb.Guard[3*i : 3*i+3])
				allow, reach, toward := (Exposure{Margin: 3, Way: true}).SplitToward(ss, me)
				if gs != allow {
					t.Fatalf("step %d, environment %d: guard %v with the way's cells soft, Split says %v", step, i, gs, allow)
				}
				if r := [3]bool(softb.Reach[3*i : 3*i+3]); r != reach {
					t.Fatalf("step %d, environment %d: reach %v, Split says %v", step, i, r, reach)
				}
				if r := [3]bool(softb.Toward[3*i : 3*i+3]); r != toward {
					t.Fatalf("step %d, environment %d: toward %v, SplitToward says %v", step, i, r, toward)
				}
				if reach != [3]bool{} {
					reached++
				}
				if toward != [3]bool{} {
					headed++
				}
				if toward != reach {
					aside++
				}
				if gs != gw {
					more++
				}
			}
			for k := range 3 {
				if g3[k] && !g1[k] {
					t.Fatalf("step %d, environment %d: margin 3 allows %v, margin 1 only %v", step, i, g3, g1)
				}
			}
			if g3 != g1 {
				fewer++
			}
			states++
			// The first move both allow, turning now and then.
			acts[i] = 1
			for k := range 3 {
				if a := (step/7 + i + k) % 3; g3[a] {
					acts[i] = int64(a)
					break
				}
			}
		}
		if err := e.Step(acts); err != nil {
			t.Fatal(err)
		}
		if err := wide.Step(acts); err != nil {
			t.Fatal(err)
		}
		if err := way.Step(acts); err != nil {
			t.Fatal(err)
		}
		if err := soft.Step(acts); err != nil {
			t.Fatal(err)
		}
	}
	if fewer == 0 || other == 0 || more == 0 || reached == 0 || headed == 0 || aside == 0 {
		t.Fatalf("%d states: a margin of 3 allowed fewer moves in %d, the way home other moves in %d, its cells soft more in %d, a reach in %d, toward in %d, toward other than reach in %d",
			states, fewer, other, more, reached, headed, aside)
	}
	ho := o
	ho.GuardWaySoft = false
	hard := newEnv(t, ho)
	b = newBuffers(ho)
	b.Expert, b.Guard, b.Reach = nil, make([]bool, 3*o.Envs), make([]bool, 3*o.Envs)
	if err := hard.SetBuffers(b); err == nil || !strings.Contains(err.Error(), "guard_way_soft") {
		t.Fatalf("a reach buffer without GuardWaySoft: %v, want refused", err)
	}
	sb := newBuffers(o)
	sb.Expert, sb.Guard, sb.Toward = nil, make([]bool, 3*o.Envs), make([]bool, 3*o.Envs)
	if err := newEnv(t, o).SetBuffers(sb); err == nil || !strings.Contains(err.Error(), "reach buffer") {
		t.Fatalf("a toward buffer without reach: %v, want refused", err)
	}
	o.GuardWay = false
	if _, err := NewEnv(o); err == nil || !strings.Contains(err.Error(), "set guard_way as well") {
		t.Fatalf("GuardWaySoft without GuardWay: %v, want refused", err)
	}
	t.Logf("%d states, %d with fewer moves at margin 3, %d with other moves with the way home", states, fewer, other)
}
