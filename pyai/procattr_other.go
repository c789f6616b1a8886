//go:build unix && !linux

package pyai

import "syscall"

// procAttr gives the AI process a session (so no controlling terminal) and
// process group of its own.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true}
}
