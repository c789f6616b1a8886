package paperio

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
	"github.com/paperio/paperio/pyai"
)

// cpuSet is a thread's CPU mask (sched_getaffinity(2)).
type cpuSet [16]uint64

// threadMask is the CPU mask of the calling goroutine's thread.
func threadMask() cpuSet {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var m cpuSet
	syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m)))
	return m
}

// During a game both AI processes run on the game's CPU; after it the
// claim is released.
func TestGameOnOneCPU(t *testing.T) {
	a := newPlayer(t, "testdata/square.py", opt(pyai.Options{}))
	b := newPlayer(t, "testdata/square.py", opt(pyai.Options{}))
	var seen [2]string
	start := threadMask()
	_, err := runGame(course, starts(t, 1), [2]bots.Bot{a, b}, 1, func(s *paperio.State, _ paperio.Action) {
		if s.HalfSteps() == 100 {
			for i, p := range []*PyPlayer{a, b} {
				seen[i] = allowedList(t, p)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pyai.CPUs()) < 2 {
		if a.cpu != -1 || b.cpu != -1 {
			t.Errorf("one CPU, yet the players were given CPUs %d and %d", a.cpu, b.cpu)
		}
		return
	}
	if _, err := strconv.Atoi(seen[0]); err != nil || seen[0] != seen[1] {
		t.Errorf("the AI processes may run on CPUs %q and %q, want one and the same", seen[0], seen[1])
	}
	if m := threadMask(); m != start { // the thread that ran the game's calls
		t.Errorf("the game's thread is left pinned: %x, started with %x", m[0], start[0])
	}
	if n := pyai.GamesOnCPUs(); n != 0 || a.cpu != -1 || b.cpu != -1 {
		t.Errorf("after the game: %d games hold CPUs, the players %d and %d", n, a.cpu, b.cpu)
	}
}

// allowedList is the Cpus_allowed_list of a PyPlayer's processes, the same
// for all of them.
func allowedList(t *testing.T, p *PyPlayer) string {
	t.Helper()
	var list string
	for _, pid := range p.ai.Members() {
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
