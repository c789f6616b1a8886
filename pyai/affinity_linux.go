package pyai

import (
	"runtime"
	"sync"
	"syscall"
	"unsafe"
)

// cpuSet is a CPU mask of sched_setaffinity(2), for up to 1024 CPUs.
type cpuSet [16]uint64

// startMask is the CPUs this process may use, as it started.
var startMask = sync.OnceValue(func() *cpuSet {
	var m cpuSet
	_, _, e := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m)))
	if e != 0 {
		return nil
	}
	return &m
})

// allowedCPUs lists the CPUs this process may use.
var allowedCPUs = sync.OnceValue(func() []int {
	m := startMask()
	if m == nil {
		return nil
	}
	var list []int
	for c := range len(m) * 64 {
		if m[c/64]&(1<<(c%64)) != 0 {
			list = append(list, c)
		}
	}
	return list
})

// setAffinity pins thread or process pid (0: the calling thread) to cpu,
// or lets it use every allowed CPU again when cpu is -1. It is a wish:
// errors are ignored.
func setAffinity(pid, cpu int) {
	var m cpuSet
	if cpu < 0 {
		if sm := startMask(); sm != nil {
			m = *sm
		} else {
			return
		}
	} else {
		m[cpu/64] = 1 << (cpu % 64)
	}
	syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, uintptr(pid), unsafe.Sizeof(m), uintptr(unsafe.Pointer(&m)))
}

// PinThread keeps the calling goroutine on its thread and the thread on
// cpu, until UnpinThread.
func PinThread(cpu int) {
	runtime.LockOSThread()
	setAffinity(0, cpu)
}

// UnpinThread lets the calling goroutine's thread run anywhere again and
// the goroutine leave it.
func UnpinThread() {
	setAffinity(0, -1)
	runtime.UnlockOSThread()
}
