package pyai

import (
	"os"
	"syscall"
	"time"
	"unsafe"
)

// forkSupported: course AIs run as children of a fork server (zygote.go).
const forkSupported = true

// pidfdKill sends SIGKILL to the process of pidfd fd.
func pidfdKill(fd int) {
	if fd >= 0 {
		syscall.Syscall6(sysPidfdSendSignal, uintptr(fd), uintptr(syscall.SIGKILL), 0, 0, 0, 0)
	}
}

// sysPidfdSendSignal is pidfd_send_signal(2)'s number, the same on every
// architecture.
const sysPidfdSendSignal = 424

// packetPair is a pair of connected SOCK_SEQPACKET sockets, closed on exec.
func packetPair() ([2]int, error) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return fds, os.NewSyscallError("socketpair", err)
	}
	return fds, nil
}

// pidfdWait waits until the process of pidfd fd has ended, at most d.
func pidfdWait(fd int, d time.Duration) {
	fds := [1]pollFd{{fd: int32(fd), events: pollIn}}
	ts := syscall.NsecToTimespec(int64(d))
	syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
}
