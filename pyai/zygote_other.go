//go:build !linux

package pyai

import (
	"errors"
	"time"
)

// forkSupported: without pidfds, every AI process is a fresh interpreter.
const forkSupported = false

func pidfdKill(fd int) {}

func packetPair() ([2]int, error) { return [2]int{}, errors.New("no fork server here") }

func pidfdWait(fd int, d time.Duration) {}
