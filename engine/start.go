package engine

import "fmt"

// Starts are drawn exactly as the course platform drew them, so that a seed
// gives the same start here as there: Python's random module (the Mersenne
// Twister MT19937, seeded with random.seed(seed)) draws
//
//	r1, r2 = randint(-3, 3), randint(-3, 3)   for player 1, then player 2
//	d      = randrange(4)                     for player 1, then player 2
//
// and player i (index) starts at x = k·i + k//2 + r1, y = h//2 + r2 facing d.
// On boards narrow enough for that to fall off the board (k < 6), the
// generator draws a whole new pair from where it stands until both starts
// are on the board.

// RandomStarts returns the course's starts for seed on a board of the given
// configuration.
func RandomStarts(c Config, seed int64) ([2]Start, error) {
	if err := c.Validate(); err != nil {
		return [2]Start{}, err
	}
	mt := NewPyRandom(seed)
	k, h := c.Width/2, c.Height
	for try := 0; try < 1000; try++ {
		var st [2]Start
		for i := range st {
			st[i].X = k*i + k/2 + mt.RandInt(-3, 3)
			st[i].Y = h/2 + mt.RandInt(-3, 3)
		}
		for i := range st {
			st[i].Dir = mt.RandBelow(4)
		}
		if c.onBoard(st[0]) && c.onBoard(st[1]) {
			return st, nil
		}
	}
	return [2]Start{}, fmt.Errorf("board %dx%d: no start on the board after 1000 draws", c.Width, c.Height)
}

func (c Config) onBoard(s Start) bool {
	return s.X >= 0 && s.X < c.Width && s.Y >= 0 && s.Y < c.Height
}

// PyRandom is MT19937 with the seeding and integer sampling of CPython's
// random module (random.seed(int), getrandbits, randrange, randint), so that
// a seed draws the same numbers as it did on the course platform. The
// algorithm and constants are those of Matsumoto and Nishimura (1998).
type PyRandom struct {
	mt  [624]uint32
	idx int
}

// NewPyRandom seeds like random.seed(seed) for an int seed.
func NewPyRandom(seed int64) *PyRandom {
	u := uint64(seed)
	if seed < 0 {
		u = uint64(-seed) // Python seeds with abs(n)
	}
	key := []uint32{uint32(u)}
	if hi := uint32(u >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &PyRandom{}
	r.initByArray(key)
	return r
}

func (r *PyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < 624; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.idx = 624
}

func (r *PyRandom) initByArray(key []uint32) {
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
func (r *PyRandom) Uint32() uint32 {
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

func (r *PyRandom) twist() {
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
func (r *PyRandom) RandBelow(n int) int {
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
func (r *PyRandom) RandInt(a, b int) int { return a + r.RandBelow(b-a+1) }

// Random is random.random(): a float in [0, 1) with 53 random bits.
func (r *PyRandom) Random() float64 {
	a, b := r.Uint32()>>5, r.Uint32()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}
