//go:build !linux

package cputime

import "time"

// Thread is not read on this system: benchmarks report wall time only.
func Thread() (time.Duration, bool) { return 0, false }

// Process is not read on this system.
func Process() (time.Duration, bool) { return 0, false }
