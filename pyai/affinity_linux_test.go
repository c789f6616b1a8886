package pyai

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
)

// Both players of a game get its CPU; games in progress get different
// CPUs while there are CPUs free; a released CPU is free again.
func TestClaimCPU(t *testing.T) {
	list := allowedCPUs()
	g1, g2 := &paperio.State{}, &paperio.State{}
	a, b, c := claimCPU(g1), claimCPU(g1), claimCPU(g2)
	defer releaseCPU(g2)
	if len(list) < 2 {
		if a != -1 || c != -1 {
			t.Fatalf("%d CPUs: claimed %d and %d, want none", len(list), a, c)
		}
		return
	}
	if a != b || a == c || a < 0 || c < 0 {
		t.Errorf("CPUs %d and %d for the players of one game, %d for another: want one CPU per game, two games apart", a, b, c)
	}
	releaseCPU(g1)
	releaseCPU(g1)
	if d := claimCPU(g1); d != a {
		t.Errorf("a game on the released CPU %d got CPU %d", a, d)
	}
	releaseCPU(g1)
	gameCPUs.mu.Lock()
	defer gameCPUs.mu.Unlock()
	if len(gameCPUs.games) != 1 || gameCPUs.count[c] != 1 || len(gameCPUs.count) != 1 {
		t.Errorf("after the releases: %d games, counts %v; want only the game on CPU %d", len(gameCPUs.games), gameCPUs.count, c)
	}
}

// During a game both AI processes run on the game's CPU; after it the
// claim is released.
func TestGameOnOneCPU(t *testing.T) {
	a := newPlayer(t, "testdata/square.py", opt(Options{}))
	b := newPlayer(t, "testdata/square.py", opt(Options{}))
	var seen [2]string
	_, err := runGame(course, starts(t, 1), [2]bots.Bot{a, b}, 1, func(s *paperio.State, _ paperio.Action) {
		if s.HalfSteps() == 100 {
			for i, p := range []*Player{a, b} {
				seen[i] = allowedList(t, p)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(allowedCPUs()) < 2 {
		if a.cpu != -1 || b.cpu != -1 {
			t.Errorf("one CPU, yet the players were given CPUs %d and %d", a.cpu, b.cpu)
		}
		return
	}
	if _, err := strconv.Atoi(seen[0]); err != nil || seen[0] != seen[1] {
		t.Errorf("the AI processes may run on CPUs %q and %q, want one and the same", seen[0], seen[1])
	}
	runtime.LockOSThread() // the thread that ran the game's calls
	defer runtime.UnlockOSThread()
	var m cpuSet
	syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m)))
	if m != *startMask() {
		t.Errorf("the game's thread is left pinned: %x, started with %x", m[0], startMask()[0])
	}
	gameCPUs.mu.Lock()
	defer gameCPUs.mu.Unlock()
	if len(gameCPUs.games) != 0 || a.cpu != -1 || b.cpu != -1 {
		t.Errorf("after the game: %d games hold CPUs, the players %d and %d", len(gameCPUs.games), a.cpu, b.cpu)
	}
}

// allowedList is the Cpus_allowed_list of a Player's processes, the same
// for all of them.
func allowedList(t *testing.T, p *Player) string {
	t.Helper()
	var list string
	for _, pid := range p.cur.Load().members() {
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(status), "\n") {
			if rest, ok := strings.CutPrefix(l, "Cpus_allowed_list:"); ok {
				if rest = strings.TrimSpace(rest); list != "" && rest != list {
					t.Errorf("process %d may run on CPUs %s, another of the player's on %s", pid, rest, list)
				}
				list = rest
			}
		}
	}
	return list
}
