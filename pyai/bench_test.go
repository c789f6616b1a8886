package pyai

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/internal/numpytest"
)

// The costs of an AI process that every game's player pays, whatever its
// game: BenchmarkRoundTrip is an empty request and its reply through
// pyai's driver and pipes, the limit of what a move can cost;
// BenchmarkStartUp compares a fork server's child with a fresh interpreter
// for a new process; BenchmarkPreimport a server that imports the AI's
// installed modules with one that does not. What a game's moves cost on
// top is measured beside its driver, in the game's package. On a busy
// machine the figures vary from run to run by tens of percent; compare
// figures of one run.

// halfSteps is a long game's worth of round trips: 2000 moves of each
// player.
const halfSteps = 4000

// waits are the ways of running the processes of a game that the
// benchmarks compare: "pinned", as games' players do (the game on one CPU, the
// caller sleeping until each answer), "spread" (the scheduler places the
// processes) and "poll" (spread, and the caller polls the pipe first).
var waits = []struct {
	name string
	pin  bool
	spin time.Duration
}{{"pinned", true, 0}, {"spread", false, 0}, {"poll", false, 200 * time.Microsecond}}

// setWait sets a way of waiting until the benchmark ends.
func setWait(b *testing.B, pin bool, sp time.Duration) {
	b.Cleanup(SetWaiting(pin, sp))
}

// BenchmarkRoundTrip sends empty requests through the driver, a game's
// worth (4000) per op: the cost of the pipes, the wake-ups and the
// driver's reading and writing, which every move pays.
func BenchmarkRoundTrip(b *testing.B) {
	for _, w := range waits {
		b.Run(w.name, func(b *testing.B) {
			setWait(b, w.pin, w.spin)
			a := newAI(b, "testdata/idle.py", opt(Options{}))
			msg := make([]byte, HeaderSize)
			game := new(int) // stands for a game: only its CPU is used
			cpu := ClaimCPU(game)
			defer ReleaseCPU(game)
			b.ResetTimer()
			for range b.N * halfSteps {
				if cpu >= 0 { // as a game's player does
					a.PinTo(cpu)
					PinThread(cpu)
				}
				rep, _, err := a.Call('N', msg, a.Options().HookTimeout)
				if cpu >= 0 {
					UnpinThread()
				}
				if err != nil || rep.Kind != 'D' {
					b.Fatalf("%v %q", err, rep.Kind)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*halfSteps)/1e3, "µs/half-step")
		})
	}
}

// BenchmarkStartUp is the cost of a game's new AI process, up to the
// module imported (testdata/idle.py) and ready for its game: "exec" starts a
// fresh interpreter (in its own sandbox) as every process was started
// before the fork server, "fork" forks a child of a warm fork server (in
// its sandbox), as each game outside a series now does. An op is one
// process of each kind, started and then killed, alternating so that both
// see the same load. Each reports its wall time and its CPU time: the
// runner's, the new processes' (bwrap's and the interpreter's, or the
// child's) and the fork server's, from /proc/PID/schedstat (ns), read just
// before the kill; CPU time is the steadier figure on a loaded machine.
func BenchmarkStartUp(b *testing.B) {
	o := opt(Options{}).withDefaults()
	abs, err := filepath.Abs("testdata/idle.py")
	if err != nil {
		b.Fatal(err)
	}
	z, err := startZygote(o, abs, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer z.kill()
	cfg := config(abs, "idle.py", o)
	var took, cpu [2]time.Duration
	var parts [3]time.Duration // of fork: the runner's, the child's, the server's
	b.ResetTimer()
	for range b.N {
		for i, start := range []func() (*process, error){
			func() (*process, error) { return startDriver(o, abs, newCapLog(4096), nil) },
			func() (*process, error) { return z.fork(o.HookTimeout, newCapLog(4096), nil) },
		} {
			t0 := time.Now()
			go0, _ := cputime.Process()
			z0 := schedCPU(groupMembers(z.cmd.Process.Pid))
			pr, err := start()
			if err == nil {
				err = pr.configure(cfg, o.HookTimeout)
			}
			took[i] += time.Since(t0)
			if err != nil {
				b.Fatal(err)
			}
			go1, _ := cputime.Process()
			cpu[i] += go1 - go0 + schedCPU(pr.members())
			if i == 1 {
				zc := schedCPU(groupMembers(z.cmd.Process.Pid)) - z0
				cpu[i] += zc
				parts[0] += go1 - go0
				parts[1] += schedCPU(pr.members())
				parts[2] += zc
			}
			pr.kill()
			pr.wait()
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(took[0].Microseconds())/1e3/n, "exec-ms/start")
	b.ReportMetric(float64(took[1].Microseconds())/1e3/n, "fork-ms/start")
	b.ReportMetric(float64(cpu[0].Microseconds())/1e3/n, "exec-cpu-ms/start")
	b.ReportMetric(float64(cpu[1].Microseconds())/1e3/n, "fork-cpu-ms/start")
	b.Logf("fork's CPU ms/start: runner %.2f, child %.2f, server %.2f", float64(parts[0].Microseconds())/1e3/n,
		float64(parts[1].Microseconds())/1e3/n, float64(parts[2].Microseconds())/1e3/n)
}

// schedCPU is the CPU time the processes pids have used, from
// /proc/PID/schedstat (their main threads).
func schedCPU(pids []int) time.Duration {
	var sum time.Duration
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/schedstat", pid))
		if err != nil {
			continue
		}
		if f := strings.Fields(string(b)); len(f) > 0 {
			ns, _ := strconv.ParseInt(f[0], 10, 64)
			sum += time.Duration(ns)
		}
	}
	return sum
}

// BenchmarkPreimport is a game's process started by a fork server that
// imports the AI's installed modules (numpy...) once and by one that does
// not (plain, as before it did), for an AI that imports nothing
// (idle.py) and one that imports numpy (numpy_user.py): one of each per
// op, alternating. Each reports the wall time of a start (fork, hello and
// the AI's import) and its CPU time: the runner's, the child's and the
// server's, from /proc/PID/schedstat; then the round trip of a request
// that does nothing (N), which the server's imports must leave as it was.
func BenchmarkPreimport(b *testing.B) {
	for _, ai := range []string{"idle.py", "numpy_user.py"} {
		b.Run(strings.TrimSuffix(ai, ".py"), func(b *testing.B) {
			o := opt(Options{Python: numpytest.Python(b, "numpy_user.py imports numpy")}).withDefaults()
			abs, err := filepath.Abs("testdata/" + ai)
			if err != nil {
				b.Fatal(err)
			}
			var zs [2]*zygote // plain, preimporting
			for i, plain := range []bool{true, false} {
				zygotePlain = plain
				zs[i], err = startZygote(o, abs, nil)
				zygotePlain = false
				if err != nil {
					b.Fatal(err)
				}
				defer zs[i].kill()
			}
			cfg := config(abs, ai, o)
			const calls = 200
			var took, cpu, trip [2]time.Duration
			b.ResetTimer()
			for range b.N {
				for i, z := range zs {
					t0 := time.Now()
					go0, _ := cputime.Process()
					z0 := schedCPU(groupMembers(z.cmd.Process.Pid))
					pr, err := z.fork(o.HookTimeout, newCapLog(4096), nil)
					if err == nil {
						err = pr.configure(cfg, o.HookTimeout)
					}
					took[i] += time.Since(t0)
					if err != nil {
						b.Fatal(err)
					}
					go1, _ := cputime.Process()
					cpu[i] += go1 - go0 + schedCPU(pr.members()) + schedCPU(groupMembers(z.cmd.Process.Pid)) - z0
					t1 := time.Now()
					for range calls {
						if rep, _, err := pr.call('N', nil, o.HookTimeout); err != nil || rep.kind != 'D' {
							b.Fatalf("%v %q", err, rep.kind)
						}
					}
					trip[i] += time.Since(t1)
					pr.kill()
					pr.wait()
				}
			}
			n := float64(b.N)
			b.ReportMetric(float64(took[0].Microseconds())/1e3/n, "plain-ms/start")
			b.ReportMetric(float64(took[1].Microseconds())/1e3/n, "pre-ms/start")
			b.ReportMetric(float64(cpu[0].Microseconds())/1e3/n, "plain-cpu-ms/start")
			b.ReportMetric(float64(cpu[1].Microseconds())/1e3/n, "pre-cpu-ms/start")
			b.ReportMetric(float64(trip[0].Nanoseconds())/1e3/n/calls, "plain-µs/call")
			b.ReportMetric(float64(trip[1].Nanoseconds())/1e3/n/calls, "pre-µs/call")
		})
	}
}
