// Package pyrand reproduces the random streams of the Python the course's
// reference engines ran on, so that a seed draws here what it drew there:
// CPython's random module (Random) and numpy's legacy global generator
// (RandomState, what np.random.seed and np.random.shuffle use). Both are
// MT19937; they differ in seeding and in how they draw integers. The games'
// own generators (starts, maps, boards) are built on them in their packages.
// Standard library only.
package pyrand

// Random is MT19937 with the seeding and integer sampling of CPython's
// random module (random.seed(int), getrandbits, randrange, randint), so that
// a seed draws the same numbers as it did on the course platform. The
// algorithm and constants are those of Matsumoto and Nishimura (1998).
type Random struct {
	m mt19937
}

// New seeds like random.seed(seed) for an int seed.
func New(seed int64) *Random {
	r := &Random{}
	r.SeedInt(seed)
	return r
}

// SeedInt reseeds r in place like random.seed(seed) for an int seed.
func (r *Random) SeedInt(seed int64) {
	u := uint64(seed)
	if seed < 0 {
		u = uint64(-seed) // Python seeds with abs(n)
	}
	r.Seed(u)
}

// NewUint64 seeds like random.seed(seed) for a non-negative int seed below
// 2^64.
func NewUint64(seed uint64) *Random {
	r := &Random{}
	r.Seed(seed)
	return r
}

// Seed reseeds r in place like random.seed(seed) for a non-negative int seed
// below 2^64: the seed's 32-bit words, least significant first, are the key.
func (r *Random) Seed(seed uint64) {
	key := [2]uint32{uint32(seed), uint32(seed >> 32)}
	n := 1
	if key[1] != 0 {
		n = 2
	}
	r.m.initByArray(key[:n])
}

// Uint32 is genrand_uint32.
func (r *Random) Uint32() uint32 { return r.m.next() }

// RandBelow is random._randbelow(n) for 0 < n < 2^31: getrandbits of
// n.bit_length() bits, redrawn until below n.
func (r *Random) RandBelow(n int) int {
	k := 0
	for v := n; v > 0; v >>= 1 {
		k++
	}
	for {
		v := int(r.Uint32() >> (32 - k))
		if v < n {
			return v
		}
	}
}

// RandInt is random.randint(a, b).
func (r *Random) RandInt(a, b int) int { return a + r.RandBelow(b-a+1) }

// Random is random.random(): a float in [0, 1) with 53 random bits.
func (r *Random) Random() float64 { return r.m.double53() }

// SeedFour reseeds four generators like Seed, seed by seed, in about the
// time Seed takes for one (see initByArrays). The generators must be
// distinct.
func SeedFour(rs [4]*Random, seeds [4]uint64) {
	var ms [4]*mt19937
	var keys [4][2]uint32
	var lens [4]int
	for g, r := range rs {
		ms[g] = &r.m
		keys[g] = [2]uint32{uint32(seeds[g]), uint32(seeds[g] >> 32)}
		lens[g] = 1
		if keys[g][1] != 0 {
			lens[g] = 2
		}
	}
	initByArrays(&ms, &keys, &lens)
}
