package rl

import (
	"bytes"
	"slices"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// resetEnv is an environment of options o with its buffers (no expert's),
// reset to run.
func resetEnv(t testing.TB, o EnvOptions, run int64) (*Env, Buffers) {
	t.Helper()
	e := newEnv(t, o)
	b := newBuffers(o)
	b.Expert = nil
	if err := e.SetBuffers(b); err != nil {
		t.Fatal(err)
	}
	if err := e.Reset(run); err != nil {
		t.Fatal(err)
	}
	return e, b
}

// countingPlayer is a policy player that counts its moves.
type countingPlayer struct {
	*PolicyPlayer
	acts *int
}

func (c countingPlayer) Act(s *paperio.State, clk play.Clock) paperio.Action {
	*c.acts++
	return c.PolicyPlayer.Act(s, clk)
}

// TestRepliesFromRecords: against a learned opponent, a replay of a game's
// prefix as played takes every reply from the game's record (the opponent
// is not asked once) and reaches the observation that asking it reaches;
// a replay that leaves the record asks it from there on, and reaches what
// a fresh environment's replay reaches; a bot that does not say it is
// stateless keeps no record.
func TestRepliesFromRecords(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 30, MaxTurns: 300}
	path := writePolicy(t, `{"towers": [{"view": "crop11", "conv": []}], "hidden": [16]}`, c, 3)
	o := EnvOptions{Envs: 2, Config: c, View: View{Crop: 11}, Opponent: "policy:" + path, Player: 0}
	e, b := resetEnv(t, o, 5)
	acts := 0
	for i := range e.games {
		g := &e.games[i]
		w := countingPlayer{g.bot.(*PolicyPlayer), &acts}
		g.bot, g.made[g.spec] = w, w
	}
	size := e.Size()
	obs := func(i int) []uint8 { return slices.Clone(b.Planes[i*size : (i+1)*size]) }
	// Environments 0 and 1 play games 0 and 1 (the learner moves second in
	// game 1), turning now and then; their observations after 30 moves.
	var played [2][]int64
	var at30 [2][]uint8
	for step := range 30 {
		moves := []int64{int64(step/4) % 3, int64(step/3) % 3}
		for i, a := range moves {
			if Safe(&e.games[i].s, e.games[i].agent)[a] {
				continue
			}
			for k := range int64(3) {
				if Safe(&e.games[i].s, e.games[i].agent)[k] {
					moves[i] = k
				}
			}
		}
		if err := e.Step(moves); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			if b.Terminated[i] {
				t.Fatalf("game %d ended at move %d", i, step)
			}
			played[i] = append(played[i], moves[i])
		}
	}
	at30[0], at30[1] = obs(0), obs(1)
	replay := func(i int, game int64, moves []int64) (int, []uint8) {
		t.Helper()
		acts = 0
		if err := e.Start(i, game); err != nil {
			t.Fatal(err)
		}
		if err := e.Replay(i, moves); err != nil {
			t.Fatal(err)
		}
		return acts, obs(i)
	}
	for i := range 2 {
		n, got := replay(1-i, int64(i), played[i])
		if n != 0 || !bytes.Equal(got, at30[i]) {
			t.Fatalf("game %d replayed: the opponent asked %d times, the observation as played: %v", i, n, bytes.Equal(got, at30[i]))
		}
	}
	// Leaving the record at move 10: another safe move there, then safe
	// moves to move 30, stepped one at a time.
	if err := e.Start(0, 0); err != nil {
		t.Fatal(err)
	}
	if err := e.Replay(0, played[0][:10]); err != nil {
		t.Fatal(err)
	}
	left := slices.Clone(played[0][:10])
	for k := 10; k < 30; k++ {
		safe, a := Safe(&e.games[0].s, 0), int64(-1)
		for m := range int64(3) {
			if safe[m] && (k != 10 || m != played[0][10]) {
				a = m
			}
		}
		if a < 0 {
			t.Fatalf("no move at move %d", k)
		}
		left = append(left, a)
		if err := e.StepSome([]int64{0}, []int64{a}); err != nil {
			t.Fatal(err)
		}
	}
	n, got := replay(0, 0, left)
	if n != 20 {
		t.Fatalf("a replay leaving the record at move 10 of 30 asked the opponent %d times, want 20", n)
	}
	e.replies = replyMemo{}
	for i := range e.games {
		e.games[i].log = nil
	}
	fresh, again := replay(1, 0, left)
	if fresh != 30 || !bytes.Equal(got, again) {
		t.Fatalf("without records the opponent was asked %d times (want 30); the same observation: %v", fresh, bytes.Equal(got, again))
	}
	// A built-in bot with state (wanderer's loops) keeps none.
	o.Opponent = "wanderer"
	w, _ := resetEnv(t, o, 5)
	if err := w.Step([]int64{1, 1}); err != nil {
		t.Fatal(err)
	}
	if len(w.replies.logs) != 0 || w.games[0].log != nil {
		t.Fatalf("records kept against wanderer: %d", len(w.replies.logs))
	}
}

// BenchmarkReplay measures Env.Replay of 200 moves of a game against the
// trainer's network (crop11 and global15 into 256 and 128) on the course
// board: with the game's record (the replies read from it), and asked
// afresh each time (the records dropped). A move is two half-steps: the
// limit is twice BenchmarkEngineReplay's half-step (go test -bench
// 'Replay$' runs both).
func BenchmarkReplay(b *testing.B) {
	c := paperio.DefaultConfig()
	path := writePolicy(b, `{"towers": [{"view": "crop11", "conv": []}, {"view": "global15", "conv": []}], "hidden": [256, 128]}`, c, 3)
	o := EnvOptions{Envs: 1, Config: c, View: View{Crop: 11}, Opponent: "policy:" + path, Player: 1}
	e, buf := resetEnv(b, o, 5)
	var moves []int64
	for step := range 200 {
		safe, a := Safe(&e.games[0].s, 0), int64(-1)
		for m := range int64(3) {
			if safe[m] && (a < 0 || m == int64(step/7%3)) {
				a = m
			}
		}
		moves = append(moves, a)
		if err := e.Step([]int64{a}); err != nil || buf.Terminated[0] {
			b.Fatalf("move %d: %v, the game ended: %v", step, err, buf.Terminated[0])
		}
	}
	for _, fresh := range []bool{false, true} {
		name := "recorded"
		if fresh {
			name = "asked"
		}
		b.Run(name, func(b *testing.B) {
			done := cpuClock(b)
			defer func() { done(b.N*len(moves), "move") }()
			for b.Loop() {
				if fresh {
					e.replies = replyMemo{}
				}
				if err := e.Start(0, 0); err != nil {
					b.Fatal(err)
				}
				if err := e.Replay(0, moves); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
