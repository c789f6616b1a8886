//go:build !linux

package pyai

// forkSupported: without pidfds, every AI process is a fresh interpreter.
const forkSupported = false

func pidfdKill(fd int) {}
