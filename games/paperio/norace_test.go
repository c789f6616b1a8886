//go:build !race

package paperio

const raceEnabled = false
