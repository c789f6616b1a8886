package pyai

import "syscall"

// procAttr gives the AI process a session (so no controlling terminal) and
// process group of its own, and kills it if this process dies.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
}
