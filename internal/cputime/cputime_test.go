package cputime

import (
	"flag"
	"runtime"
	"testing"
	"time"
)

var sink uint64

// spin keeps the thread busy for a little while.
func spin() {
	x := sink
	for i := 0; i < 10000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

// spinCPU keeps the thread busy until it has used d of CPU time; false if
// it has not after 10 s (where CPU time cannot be read, at once).
func spinCPU(d time.Duration) bool {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok := Thread()
	for w0 := time.Now(); ok && time.Since(w0) < 10*time.Second; {
		spin()
		if t1, _ := Thread(); t1-t0 >= d {
			return true
		}
	}
	return false
}

// On Linux the thread's CPU time grows while it works, by no more than the
// wall time that passed, and the process's is at least the thread's.
// Elsewhere neither is read.
func TestThreadAndProcess(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok := Thread()
	if _, pok := Process(); runtime.GOOS != "linux" {
		if ok || pok {
			t.Errorf("read on %s: thread %v, process %v", runtime.GOOS, ok, pok)
		}
		return
	}
	if !ok {
		t.Fatal("the thread's CPU time cannot be read")
	}
	// Work until 20 ms of CPU time have passed; on a busy machine that can
	// take longer than 20 ms, never 10 s.
	w0 := time.Now()
	if !spinCPU(20 * time.Millisecond) {
		t1, _ := Thread()
		t.Fatalf("the thread's CPU time grew by %v in 10 s of work", t1-t0)
	}
	t1, _ := Thread()
	if wall := time.Since(w0); t1-t0 > wall+time.Millisecond {
		t.Errorf("thread CPU time grew by %v in %v of wall time: not the thread's alone", t1-t0, wall)
	}
	p, ok := Process()
	if !ok || p < t1 {
		t.Errorf("process CPU time %v (%v) is less than the thread's %v", p, ok, t1)
	}
}

// withBenchtime runs the benchmarks of a test for a fixed number of ops, so
// that the test stays short.
func withBenchtime(t *testing.T, ops string) {
	f := flag.Lookup("test.benchtime")
	old := f.Value.String()
	if err := f.Value.Set(ops); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

// A benchmark's Clock reports cpu-ns/op and its rates on Linux: at least
// the CPU time each op spends, at most its wall time.
func TestClock(t *testing.T) {
	withBenchtime(t, "20x")
	for _, c := range []struct {
		name  string
		start func(*testing.B) *Clock
	}{{"thread", Start}, {"process", StartProcess}} {
		r := testing.Benchmark(func(b *testing.B) {
			clock := c.start(b)
			for b.Loop() {
				if !spinCPU(time.Millisecond) && runtime.GOOS == "linux" {
					b.Fatal("no CPU time used in 10 s")
				}
			}
			cpu, _ := clock.Stop()
			Rate(b, float64(3*b.N), "spins", cpu)
		})
		cpuOp, ok := r.Extra["cpu-ns/op"]
		if runtime.GOOS != "linux" {
			if ok || r.Extra["spins/cpu-s"] != 0 {
				t.Errorf("%s: CPU figures on %s: %v", c.name, runtime.GOOS, r.Extra)
			}
			continue
		}
		if wall := float64(r.NsPerOp()); cpuOp < 1e6 || cpuOp > wall*1.2+1e5 {
			t.Errorf("%s: %.0f cpu-ns/op for %.0f ns/op of 1 ms of CPU time each", c.name, cpuOp, wall)
		}
		if got, want := r.Extra["spins/cpu-s"], 3/(cpuOp/1e9); got < want*0.99 || got > want*1.01 {
			t.Errorf("%s: %.1f spins/cpu-s, want %.1f", c.name, got, want)
		}
		if r.Extra["spins/s"] <= 0 {
			t.Errorf("%s: no spins/s: %v", c.name, r.Extra)
		}
	}
}
