package pyai

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/paperio/paperio/bots"
)

// BenchmarkFullGame plays whole 2000-round games between two trivial AIs
// (testdata/square.py), each in its own process.
func BenchmarkFullGame(b *testing.B) {
	a := newPlayer(b, "testdata/square.py", opt(Options{}))
	c := newPlayer(b, "testdata/square.py", opt(Options{}))
	st := starts(b, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := runGame(course, st, [2]bots.Bot{a, c}, 1, nil)
		if err != nil || s.HalfSteps() != 2*course.MaxTurns {
			b.Fatalf("%v %+v", err, s.Result())
		}
	}
}

// procStats sums the CPU time of a Player's processes (the interpreter and,
// under bwrap, the sandbox's) and gives the largest peak resident size.
func procStats(t testing.TB, p *Player) (cpu time.Duration, peakRSS int64) {
	pr := p.cur.Load()
	if pr == nil {
		t.Fatal("no process")
	}
	for _, pid := range groupMembers(pr.cmd.Process.Pid) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		cpu += time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ = 100
		status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		for _, l := range strings.Split(string(status), "\n") {
			if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
				peakRSS = max(peakRSS, kb<<10)
			}
		}
	}
	return cpu, peakRSS
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func selfPeakRSS() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Maxrss << 10
}

// The bridge's headline figures: a whole 2000-round game of two trivial AIs, in
// wall time and CPU time, the largest process's memory with the whole log,
// and games per second with many AI processes at once. The course platform
// took about 3 s per such game; the goal is at least 5 times faster and at
// most 60 MB in the largest process.
func TestFigures(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("measures; not in -short or under the race detector")
	}
	a := newPlayer(t, "testdata/square.py", opt(Options{}))
	b := newPlayer(t, "testdata/square.py", opt(Options{}))
	_, idle := procStats(t, a) // after the import, before any game
	const games = 5
	var walls []time.Duration
	goCPU0 := selfCPU()
	pyCPU0a, _ := procStats(t, a)
	pyCPU0b, _ := procStats(t, b)
	for g := range games {
		st := starts(t, int64(g))
		start := time.Now()
		s, err := runGame(course, st, [2]bots.Bot{a, b}, 1, nil)
		walls = append(walls, time.Since(start))
		if err != nil {
			t.Fatal(err)
		}
		if s.HalfSteps() != 2*course.MaxTurns {
			t.Fatalf("game %d: %+v after %d half-steps", g, s.Result(), s.HalfSteps())
		}
	}
	goCPU := selfCPU() - goCPU0
	pyA, rssA := procStats(t, a)
	pyB, rssB := procStats(t, b)
	pyCPU := (pyA - pyCPU0a) + (pyB - pyCPU0b)
	sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
	perGameCPU := (goCPU + pyCPU) / games
	t.Logf("one game (2000 rounds, two square.py, %s): wall median %v (min %v, max %v); CPU per game %v (Go %v, Python %v); median %.1fx faster than the course's 3 s, CPU %.1fx less",
		a.Containment(), walls[games/2].Round(time.Millisecond), walls[0].Round(time.Millisecond), walls[games-1].Round(time.Millisecond),
		perGameCPU.Round(time.Millisecond), (goCPU / games).Round(time.Millisecond), (pyCPU / games).Round(time.Millisecond),
		3/walls[games/2].Seconds(), 3/perGameCPU.Seconds())
	t.Logf("memory: largest AI process peak %.1f MB with the whole log of a full game (%.1f MB before the first game); Go test process peak %.1f MB",
		float64(max(rssA, rssB))/(1<<20), float64(idle)/(1<<20), float64(selfPeakRSS())/(1<<20))

	// The course platform's way, emulated on this machine for comparison.
	if python, err := resolvePython("python3"); err == nil {
		out, err := exec.Command(python, "testdata/course_cost.py", "1").CombinedOutput()
		t.Logf("side by side, testdata/course_cost.py (the course's copying, rules left out): %s (err %v)",
			strings.Join(strings.Fields(string(out)), " "), err)
	}
	if max(rssA, rssB) > 60<<20 {
		t.Errorf("an AI process peaked at %.1f MB, over 60 MB", float64(max(rssA, rssB))/(1<<20))
	}
	// Speed is reported, not asserted: times depend on the machine's load
	// (BenchmarkFullGame measures it).

	for _, k := range []int{1, 4, 8} {
		players := make([][2]*Player, k)
		for i := range players {
			players[i] = [2]*Player{newPlayer(t, "testdata/square.py", opt(Options{})), newPlayer(t, "testdata/square.py", opt(Options{}))}
		}
		const each = 1
		start := time.Now()
		var wg sync.WaitGroup
		for i := range players {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for g := range each {
					st := starts(t, int64(g))
					runGame(course, st, [2]bots.Bot{players[i][0], players[i][1]}, 1, nil)
				}
			}()
		}
		wg.Wait()
		el := time.Since(start)
		t.Logf("%d games at once (%d AI processes) on %d CPUs: %d games in %v, %.2f games/s",
			k, 2*k, runtime.NumCPU(), k*each, el.Round(time.Millisecond), float64(k*each)/el.Seconds())
		for i := range players {
			players[i][0].Close()
			players[i][1].Close()
		}
	}
}
