// Package cputime reads the CPU time of the calling thread and of the
// process, for benchmarks. The machines the benchmarks run on are shared:
// while a benchmark waits for a core the wall clock runs on but its CPU
// time does not, so benchmarks report CPU time beside wall time, and
// figures per CPU-second stay comparable between a quiet and a busy
// machine.
package cputime

import (
	"runtime"
	"testing"
	"time"
)

// Clock measures the CPU time of a benchmark.
type Clock struct {
	b     *testing.B
	now   func() (time.Duration, bool)
	start time.Duration
	ok    bool
}

// Start locks the benchmark to its OS thread until it ends (so that the
// thread's CPU time is the benchmark's), reports its allocations and starts
// a clock of the thread's CPU time.
func Start(b *testing.B) *Clock {
	runtime.LockOSThread()
	b.Cleanup(runtime.UnlockOSThread)
	return start(b, Thread)
}

// StartProcess reports the benchmark's allocations and starts a clock of
// the whole process's CPU time, for benchmarks whose work runs on several
// goroutines.
func StartProcess(b *testing.B) *Clock { return start(b, Process) }

func start(b *testing.B, now func() (time.Duration, bool)) *Clock {
	b.ReportAllocs()
	c := &Clock{b: b, now: now}
	c.start, c.ok = now()
	return c
}

// Stop reports the CPU time per op as cpu-ns/op and returns the CPU time
// since the clock started; false, and nothing reported, where it cannot be
// read or none has passed.
func (c *Clock) Stop() (time.Duration, bool) {
	now, ok := c.now()
	if !c.ok || !ok || now <= c.start || c.b.N == 0 {
		return 0, false
	}
	cpu := now - c.start
	c.b.ReportMetric(float64(cpu.Nanoseconds())/float64(c.b.N), "cpu-ns/op")
	return cpu, true
}

// Rate reports n things done in the whole benchmark (every op together)
// per second of wall time as UNIT/s and, when cpu (from Stop) is not 0,
// per second of CPU time as UNIT/cpu-s.
func Rate(b *testing.B, n float64, unit string, cpu time.Duration) {
	b.ReportMetric(n/b.Elapsed().Seconds(), unit+"/s")
	if cpu > 0 {
		b.ReportMetric(n/cpu.Seconds(), unit+"/cpu-s")
	}
}
