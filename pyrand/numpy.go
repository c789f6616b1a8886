package pyrand

// RandomState is numpy's legacy generator (numpy.random.RandomState, and the
// global one behind numpy.random.seed, shuffle, randint and choice): MT19937
// seeded with init_genrand, integers drawn by masked rejection. numpy keeps
// these streams fixed across versions, so a seed draws what it drew on the
// course platform (numpy's "legacy" sampling, not its newer Generator).
type RandomState struct {
	m mt19937
}

// NewRandomState is numpy.random.RandomState(seed) for an int seed (numpy
// accepts 0 <= seed < 2^32).
func NewRandomState(seed uint32) *RandomState {
	r := &RandomState{}
	r.Seed(seed)
	return r
}

// Seed is numpy.random.seed(seed): init_genrand(seed), in place.
func (r *RandomState) Seed(seed uint32) { r.m.initGenrand(seed) }

// Uint32 is the next raw 32-bit word (randint(0, 2**32, dtype=uint32)).
func (r *RandomState) Uint32() uint32 { return r.m.next() }

// uint64 is numpy's next_uint64 for MT19937: two words, the first one high.
func (r *RandomState) uint64() uint64 {
	hi := uint64(r.m.next())
	return hi<<32 | uint64(r.m.next())
}

// Interval is numpy's random_interval(max): a uniform integer in 0..max by
// masked rejection — words masked with the smallest 2^k-1 >= max, redrawn
// while above max; 0 draws nothing. Legacy shuffle uses it.
func (r *RandomState) Interval(max uint64) uint64 {
	if max == 0 {
		return 0
	}
	mask := fillBits(max)
	if max <= 0xffffffff {
		for {
			if v := uint64(r.m.next()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := r.uint64() & mask; v <= max {
			return v
		}
	}
}

// fillBits is the smallest 2^k-1 that is >= v.
func fillBits(v uint64) uint64 {
	v |= v >> 1
	v |= v >> 2
	v |= v >> 4
	v |= v >> 8
	v |= v >> 16
	v |= v >> 32
	return v
}

// RandInt is the legacy randint(low, high) (high exclusive, low < high, for
// the default int64 dtype): low + a masked-rejection draw of 0..high-low-1.
// A range of exactly 2^32 values takes one raw word; wider ranges draw 64-bit
// words.
func (r *RandomState) RandInt(low, high int64) int64 {
	rng := uint64(high) - uint64(low) - 1
	switch {
	case rng == 0:
		return low
	case rng == 0xffffffff:
		return low + int64(r.m.next())
	case rng == 1<<64-1:
		return low + int64(r.uint64())
	}
	return low + int64(r.Interval(rng))
}

// Choice is the index drawn by the legacy choice(a) for a population of n
// elements (no size, no p, with replacement): randint(0, n).
func (r *RandomState) Choice(n int) int { return int(r.RandInt(0, int64(n))) }

// RandomSample is random_sample(): a float in [0, 1) with 53 random bits.
func (r *RandomState) RandomSample() float64 { return r.m.double53() }

// Shuffle is the legacy RandomState.shuffle of a 1-d sequence: Fisher–Yates
// from the end, for i = n-1 down to 1 swap a[i] with a[Interval(i)].
func Shuffle[T any](r *RandomState, a []T) {
	for i := len(a) - 1; i > 0; i-- {
		j := r.Interval(uint64(i))
		a[i], a[j] = a[j], a[i]
	}
}
