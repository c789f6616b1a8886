//go:build unix && !linux

package pyai

// Games are not pinned to CPUs here.

func allowedCPUs() []int   { return nil }
func setAffinity(int, int) {}

// PinThread does nothing here.
func PinThread(int) {}

// UnpinThread does nothing here.
func UnpinThread() {}
