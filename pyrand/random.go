// Package pyrand reproduces the random streams of the Python the course's
// reference engines ran on, so that a seed draws here what it drew there:
// CPython's random module (Random). The games' own generators (starts, maps,
// boards) are built on it in their packages. Standard library only.
package pyrand

// Random is MT19937 with the seeding and integer sampling of CPython's
// random module (random.seed(int), getrandbits, randrange, randint), so that
// a seed draws the same numbers as it did on the course platform. The
// algorithm and constants are those of Matsumoto and Nishimura (1998).
type Random struct {
	mt  [624]uint32
	idx int
}

// New seeds like random.seed(seed) for an int seed.
func New(seed int64) *Random {
	u := uint64(seed)
	if seed < 0 {
		u = uint64(-seed) // Python seeds with abs(n)
	}
	key := []uint32{uint32(u)}
	if hi := uint32(u >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &Random{}
	r.initByArray(key)
	return r
}

func (r *Random) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < 624; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = 624
}

func (r *Random) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	for k := max(624, len(key)); k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := 623; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// Uint32 is genrand_uint32.
func (r *Random) Uint32() uint32 {
	if r.idx >= 624 {
		r.twist()
	}
	y := r.mt[r.idx]
	r.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

func (r *Random) twist() {
	const upper, lower, matrixA = 0x80000000, 0x7fffffff, 0x9908b0df
	for i := 0; i < 624; i++ {
		y := (r.mt[i] & upper) | (r.mt[(i+1)%624] & lower)
		v := r.mt[(i+397)%624] ^ (y >> 1)
		if y&1 != 0 {
			v ^= matrixA
		}
		r.mt[i] = v
	}
	r.idx = 0
}

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
func (r *Random) Random() float64 {
	a, b := r.Uint32()>>5, r.Uint32()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}
