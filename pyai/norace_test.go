//go:build !race

package pyai

const raceEnabled = false
