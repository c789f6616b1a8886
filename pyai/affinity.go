package pyai

import (
	"sync"
)

// A game's processes, the AI processes of both players and, during each
// play call, the thread that waits for the answer, run on one CPU. A move
// is a relay (the Go side, one AI, the Go side, the other AI...), so one
// CPU is all a game needs; spread over two, every hand-over woke an idle
// CPU, which a virtual machine does slowly: a half-step cost 17 to 55 µs
// spread and 15 to 20 µs on one CPU (BenchmarkFullGame). Games in
// progress are spread over the CPUs, the one with the fewest games first.
//
// pinGames turns this off, for the benchmarks' comparison (SetPinning).
var pinGames = true

// gameCPUs assigns games in progress to CPUs.
var gameCPUs struct {
	mu    sync.Mutex
	games map[any]*gameCPU
	count map[int]int // games in progress per CPU
}

type gameCPU struct{ cpu, players int }

// ClaimCPU returns the CPU of game s (any value that stands for one game in
// progress, such as a pointer to its state), the same for both of its
// players, or -1 where games are not pinned. Each claim is released by
// ReleaseCPU. A player pins its process (AI.PinTo) and, during each call,
// the waiting thread (PinThread) to it.
func ClaimCPU(s any) int {
	list := allowedCPUs()
	if !pinGames || len(list) < 2 {
		return -1
	}
	g := &gameCPUs
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.games == nil {
		g.games, g.count = map[any]*gameCPU{}, map[int]int{}
	}
	gc := g.games[s]
	if gc == nil {
		best := list[0]
		for _, c := range list[1:] {
			if g.count[c] < g.count[best] {
				best = c
			}
		}
		gc = &gameCPU{cpu: best}
		g.games[s] = gc
		g.count[best]++
	}
	gc.players++
	return gc.cpu
}

// ReleaseCPU releases a claim on the CPU of game s.
func ReleaseCPU(s any) {
	g := &gameCPUs
	g.mu.Lock()
	defer g.mu.Unlock()
	gc := g.games[s]
	if gc == nil {
		return
	}
	if gc.players--; gc.players <= 0 {
		delete(g.games, s)
		if g.count[gc.cpu]--; g.count[gc.cpu] <= 0 {
			delete(g.count, gc.cpu)
		}
	}
}

// pinTo pins the process (the interpreter, and the sandbox's processes)
// to cpu, once per change.
func (p *process) pinTo(cpu int) {
	if p.pinned == cpu+1 {
		return
	}
	if p.pinned == 0 { // the first time: who they are
		p.pids = p.members()
	}
	p.pinned = cpu + 1
	for _, pid := range p.pids {
		setAffinity(pid, cpu)
	}
}
