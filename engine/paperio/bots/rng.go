package bots

import (
	"math/rand/v2"

	"github.com/paperio/paperio/play"
)

// rng is a small seeded random source (PCG); bots own one each, so games
// are reproducible from their seeds.
type rng struct{ pcg rand.PCG }

func (r *rng) seed(s uint64) { r.pcg.Seed(s, play.Mix(s^0x5851f42d4c957f2d)) }

// intn returns a uniform integer in [0, n).
func (r *rng) intn(n int) int {
	return int((r.pcg.Uint64() >> 32) * uint64(n) >> 32)
}
