//go:build !linux

package engine

import "time"

func threadCPU() time.Duration { return 0 }
