package pyai

import (
	"syscall"
	"time"
)

// What the games' tests and benchmarks look at or change in the processes
// of an AI: their players are built on AI, in packages of their own.

// Members are the process ids of the current process (the interpreter and,
// under bwrap, the sandbox's processes; a fork server's child alone), nil
// when there is none.
func (a *AI) Members() []int {
	if pr := a.cur.Load(); pr != nil {
		return pr.members()
	}
	return nil
}

// Sandboxed reports whether the current process runs under bwrap.
func (a *AI) Sandboxed() bool {
	pr := a.cur.Load()
	return pr != nil && pr.sandbox != ""
}

// Forked reports whether the current process is a child of a fork server.
func (a *AI) Forked() bool {
	pr := a.cur.Load()
	return pr != nil && pr.cmd == nil
}

// ProcessGroup is the process group of the current process, when it is a
// fresh interpreter (0 otherwise), and its members before any AI code ran
// (known when the AI may start processes: Options.MaxProcesses).
func (a *AI) ProcessGroup() (pgid int, runner map[int]bool) {
	pr := a.cur.Load()
	if pr == nil || pr.cmd == nil {
		return 0, nil
	}
	return pr.cmd.Process.Pid, pr.keep
}

// ForkServer is the process id of the AI's fork server, 0 for none.
func (a *AI) ForkServer() int {
	if z := a.zyg.Load(); z != nil {
		return z.cmd.Process.Pid
	}
	return 0
}

// KillForkServer ends the AI's fork server, if any, and waits for it; the
// next process starts a new one.
func (a *AI) KillForkServer() {
	if z := a.zyg.Load(); z != nil {
		z.kill()
		<-z.exited
	}
}

// DropIdle ends the idle fork servers that could serve the AI in file path
// (absolute) with driver and options o: the next AI of that file starts a
// server of its own.
func DropIdle(o Options, path string, driver []byte) {
	key := zygoteKey(o.withDefaults(), path, driver)
	for z := takeZygote(key); z != nil; z = takeZygote(key) {
		z.kill()
	}
}

// GroupMembers are the processes of process group pgid.
func GroupMembers(pgid int) []int { return groupMembers(pgid) }

// StopForkServer stops the fork server of a's processes, as a server that
// hangs would be (SIGSTOP to its process group; its children, each in a
// session of its own, play on): the tests of the runner's way round such a
// server. An AI's processes cannot do it themselves (their seccomp filter
// keeps other processes out of reach). It reports whether a had a server.
func StopForkServer(a *AI) bool {
	z := a.zyg.Load()
	if z == nil || !z.alive() {
		return false
	}
	return syscall.Kill(-z.cmd.Process.Pid, syscall.SIGSTOP) == nil
}

// ForkServers reports whether AI processes can be children of a fork
// server on this system.
func ForkServers() bool { return forkSupported }

// SetForkWait sets how long a fork server's answer to a fork is awaited
// (10 s): a test of a server that stops sets it short. It returns the undo.
func SetForkWait(d time.Duration) (undo func()) {
	old := forkWait
	forkWait = d
	return func() { forkWait = old }
}

// SetWaiting sets how games' processes run, for the benchmarks'
// comparisons: pin puts a game on one CPU (ClaimCPU; the default) and
// spin > 0 polls the pipe up to that long per reply before sleeping. It
// returns the undo.
func SetWaiting(pin bool, sp time.Duration) (undo func()) {
	oldPin, oldSpin := pinGames, spin
	pinGames, spin = pin, sp
	return func() { pinGames, spin = oldPin, oldSpin }
}

// CPUs are the CPUs games in progress are spread over (ClaimCPU): those
// this process may run on.
func CPUs() []int { return allowedCPUs() }

// GamesOnCPUs is how many games in progress hold a CPU (ClaimCPU).
func GamesOnCPUs() int {
	gameCPUs.mu.Lock()
	defer gameCPUs.mu.Unlock()
	return len(gameCPUs.games)
}
