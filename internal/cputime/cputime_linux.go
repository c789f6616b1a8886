package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Linux's CPU-time clocks (<linux/time.h>), which package syscall lacks.
// They count to the nanosecond, the slice running now included, where
// getrusage's figures can stand still for a scheduler tick (4 ms at 250
// Hz): a benchmark shorter than that would read no CPU time at all, and
// the short stretches a benchmark times within a game would be coarse.
const (
	clockProcessCPUTime = 2 // CLOCK_PROCESS_CPUTIME_ID
	clockThreadCPUTime  = 3 // CLOCK_THREAD_CPUTIME_ID
)

// Thread is the CPU time (user and system) the calling OS thread has used;
// false where it cannot be read. The caller locks its goroutine to the
// thread (runtime.LockOSThread), or the figure mixes goroutines.
func Thread() (time.Duration, bool) { return clock(clockThreadCPUTime) }

// Process is the CPU time (user and system) of the whole process: every
// thread, the garbage collector's included.
func Process() (time.Duration, bool) { return clock(clockProcessCPUTime) }

func clock(id uintptr) (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
