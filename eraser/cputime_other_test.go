//go:build !linux

package eraser

import "time"

// threadCPU is not available here.
func threadCPU() (time.Duration, bool) { return 0, false }
