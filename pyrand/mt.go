package pyrand

// mt19937 is the Mersenne Twister of Matsumoto and Nishimura (1998), the
// generator under both CPython's random module and numpy's legacy
// RandomState. The two differ only in how they seed it and how they turn its
// 32-bit words into numbers.
type mt19937 struct {
	mt  [624]uint32
	idx int
}

// initGenrand is the reference init_genrand(s); the next draw twists.
func (m *mt19937) initGenrand(s uint32) {
	m.mt[0] = s
	for i := 1; i < 624; i++ {
		m.mt[i] = 1812433253*(m.mt[i-1]^(m.mt[i-1]>>30)) + uint32(i)
	}
	m.idx = 624
}

// initByArray is the reference init_by_array(key).
func (m *mt19937) initByArray(key []uint32) {
	m.initGenrand(19650218)
	i, j := 1, 0
	for k := max(624, len(key)); k > 0; k-- {
		m.mt[i] = (m.mt[i] ^ ((m.mt[i-1] ^ (m.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			m.mt[0] = m.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := 623; k > 0; k-- {
		m.mt[i] = (m.mt[i] ^ ((m.mt[i-1] ^ (m.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			m.mt[0] = m.mt[623]
			i = 1
		}
	}
	m.mt[0] = 0x80000000
}

// next is genrand_uint32: the next tempered 32-bit word.
func (m *mt19937) next() uint32 {
	if m.idx >= 624 {
		m.twist()
	}
	y := m.mt[m.idx]
	m.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

func (m *mt19937) twist() {
	const upper, lower, matrixA = 0x80000000, 0x7fffffff, 0x9908b0df
	for i := 0; i < 624; i++ {
		y := (m.mt[i] & upper) | (m.mt[(i+1)%624] & lower)
		v := m.mt[(i+397)%624] ^ (y >> 1)
		if y&1 != 0 {
			v ^= matrixA
		}
		m.mt[i] = v
	}
	m.idx = 0
}

// double53 is the float in [0, 1) with 53 random bits that both CPython's
// random() and numpy's random_sample() build from two words.
func (m *mt19937) double53() float64 {
	a, b := m.next()>>5, m.next()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}
