//go:build unix && !linux

package pyai

// Games are not pinned to CPUs here.

func allowedCPUs() []int   { return nil }
func setAffinity(int, int) {}
func pinThread(int)        {}
func unpinThread()         {}
