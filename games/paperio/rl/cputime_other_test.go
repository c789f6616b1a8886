//go:build !linux

package rl

import "time"

func threadCPU() time.Duration { return 0 }
