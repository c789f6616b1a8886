package pyrand

// More of CPython's random module, for the games whose maps and sample AIs
// draw with it (stellar: random.seed before each map, the sample AI's
// randint): reseeding in place and the samplers built on random() and
// _randbelow, each as CPython 3.11 computes it.

// GetRandBits is random.getrandbits(k) for 1 <= k <= 64: 32-bit words,
// least significant first, the last one cut to the bits still needed.
func (r *Random) GetRandBits(k int) uint64 {
	if k < 1 || k > 64 {
		panic("pyrand: GetRandBits wants 1 <= k <= 64")
	}
	if k <= 32 {
		return uint64(r.Uint32() >> (32 - k))
	}
	lo := uint64(r.Uint32())
	return lo | uint64(r.Uint32()>>(64-k))<<32
}

// RandRange is random.randrange(start, stop) for start < stop.
func (r *Random) RandRange(start, stop int) int { return start + r.RandBelow(stop-start) }

// Uniform is random.uniform(a, b): a + (b-a)·random().
func (r *Random) Uniform(a, b float64) float64 { return a + (b-a)*r.Random() }

// Shuffle is random.shuffle on a sequence of n items, swapping through swap:
// for i from n-1 down to 1, j = _randbelow(i+1), swap items i and j.
func (r *Random) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.RandBelow(i+1))
	}
}
