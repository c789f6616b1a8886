package pyai

import (
	"os"
	"syscall"
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
