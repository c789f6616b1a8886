//go:build race

package pyai

// raceEnabled: the race detector slows the Go side tenfold, so the
// figures are not measured.
const raceEnabled = true
