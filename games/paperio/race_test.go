//go:build race

package paperio

// raceEnabled: the race detector slows the Go side tenfold, so the
// figures are not measured.
const raceEnabled = true
