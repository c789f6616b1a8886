package rl

import (
	"runtime"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
)

// heapAfter is the live heap after f has run and its result is still
// referenced, less the heap before (it can come out below zero when f
// keeps little and the collector frees more of what was there before).
func heapAfter(f func() any) (int64, any) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	keep := f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc), keep
}

// TestEnvMemory: beyond the arrays it fills (the caller's: the
// observation, and with same-step autoreset the last one) an environment
// keeps little more than its game: an engine state and the bot.
func TestEnvMemory(t *testing.T) {
	const n = 200
	c := paperio.DefaultConfig()
	for _, v := range []View{Full, {Crop: 11}} {
		o := EnvOptions{Envs: n, Config: c, View: v, Opponent: "random", Player: 1}
		b := newBuffers(o)
		b.Expert = nil
		envBytes, keep := heapAfter(func() any {
			e, err := NewEnv(o)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.SetBuffers(b); err != nil {
				t.Fatal(err)
			}
			e.Reset(1)
			acts := make([]int64, n)
			for range 200 {
				e.Step(acts) // straight on: games end on the wall and start again
			}
			return e
		})
		runtime.KeepAlive(keep)
		stateBytes, keepStates := heapAfter(func() any {
			// Engine states that have enclosed, as the environment's bots
			// have: enclosure keeps a scratch grid.
			states := make([]*paperio.State, n)
			for i := range states {
				st, _ := paperio.RandomStarts(c, int64(i))
				states[i], _ = paperio.NewGame(c, st)
				for _, a := range "SSRSSRSSRSS" {
					states[i].Step(paperio.Action(a))
					states[i].Step(paperio.Left)
				}
				if states[i].Area(0) <= 9 {
					t.Fatal("no enclosure")
				}
			}
			return states
		})
		runtime.KeepAlive(keepStates)
		perEnv, perState := envBytes/n, stateBytes/n
		t.Logf("%s: %d bytes per environment, an engine state %d", v, perEnv, perState)
		if perEnv > perState+4096 {
			t.Errorf("%s: an environment keeps %d bytes, an engine state is %d: more than the game and a bot", v, perEnv, perState)
		}
	}
}
