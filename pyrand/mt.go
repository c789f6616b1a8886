package pyrand

// mt19937 is the Mersenne Twister of Matsumoto and Nishimura (1998), the
// generator under both CPython's random module and numpy's legacy
// RandomState. The two differ only in how they seed it and how they turn its
// 32-bit words into numbers.
//
// Reseeding is on the hot path of short games (an RL environment draws a
// course start for every episode, and a start takes a dozen words), so the
// generator twists its words one at a time as they are drawn rather than
// all 624 at once; the words are the same.
type mt19937 struct {
	mt   [624]uint32
	idx  int // next word to draw
	made int // words [0, made) of the current round are twisted
}

// initGenrand is the reference init_genrand(s); the next draw twists.
func (m *mt19937) initGenrand(s uint32) {
	m.mt[0] = s
	for i := 1; i < 624; i++ {
		m.mt[i] = 1812433253*(m.mt[i-1]^(m.mt[i-1]>>30)) + uint32(i)
	}
	m.idx, m.made = 624, 624
}

// arrayBase is init_genrand(19650218), where every init_by_array starts,
// computed once.
var arrayBase = func() [624]uint32 {
	var m mt19937
	m.initGenrand(19650218)
	return m.mt
}()

// initByArray is the reference init_by_array(key). The word just written
// is kept in prev: each word depends on the one before, and reading it back
// from memory would lengthen that chain.
func (m *mt19937) initByArray(key []uint32) {
	m.mt = arrayBase
	m.idx, m.made = 624, 624
	mt := &m.mt
	i, j := 1, 0
	prev := mt[0]
	for k := max(624, len(key)); k > 0; k-- {
		prev = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		mt[i] = prev
		i++
		j++
		if i >= 624 {
			mt[0] = prev // mt[0] = mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := 623; k > 0; k-- {
		prev = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		mt[i] = prev
		i++
		if i >= 624 {
			mt[0] = prev
			i = 1
		}
	}
	mt[0] = 0x80000000
}

// next is genrand_uint32: the next tempered 32-bit word.
func (m *mt19937) next() uint32 {
	if m.idx >= m.made {
		m.twistNext()
	}
	y := m.mt[m.idx]
	m.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// twistNext twists the word at idx (starting a new round after word 623).
// Word i mixes words i and i+1 of the previous round with word i+397
// (indices modulo 624), which is of the new round once i+397 wraps: the
// reference twists all words in order, and so does this, one at a time.
func (m *mt19937) twistNext() {
	const upper, lower, matrixA = 0x80000000, 0x7fffffff, 0x9908b0df
	if m.idx >= 624 {
		m.idx, m.made = 0, 0
	}
	i := m.idx
	next, far := (i+1)%624, (i+397)%624
	y := (m.mt[i] & upper) | (m.mt[next] & lower)
	m.mt[i] = m.mt[far] ^ (y >> 1) ^ (-(y & 1) & matrixA)
	m.made = i + 1
}

// double53 is the float in [0, 1) with 53 random bits that both CPython's
// random() and numpy's random_sample() build from two words.
func (m *mt19937) double53() float64 {
	a, b := m.next()>>5, m.next()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// initByArrays is initByArray for four generators at once, each key of one
// or two words (the keys of 64-bit seeds). Every word of init_by_array
// depends on the word before, so one generator's seeding is a chain of
// 1,247 dependent steps; four chains interleaved take about the time of
// one.
func initByArrays(ms *[4]*mt19937, keys *[4][2]uint32, lens *[4]int) {
	// add[g][p] is what step s of the first loop adds for generator g,
	// p = s mod 2: key[j] + j, with j = s mod len(key).
	var add [4][2]uint32
	for g := range ms {
		ms[g].mt = arrayBase
		ms[g].idx, ms[g].made = 624, 624
		add[g][0] = keys[g][0]
		add[g][1] = keys[g][0]
		if lens[g] == 2 {
			add[g][1] = keys[g][1] + 1
		}
	}
	a, b, c, d := &ms[0].mt, &ms[1].mt, &ms[2].mt, &ms[3].mt
	pa, pb, pc, pd := a[0], b[0], c[0], d[0]
	const m1, m2 = 1664525, 1566083941
	// First loop: steps 0..622 write words 1..623, step 623 wraps to word 1.
	for i := 1; i < 624; i++ {
		p := (i - 1) & 1
		pa = (a[i] ^ ((pa ^ (pa >> 30)) * m1)) + add[0][p]
		pb = (b[i] ^ ((pb ^ (pb >> 30)) * m1)) + add[1][p]
		pc = (c[i] ^ ((pc ^ (pc >> 30)) * m1)) + add[2][p]
		pd = (d[i] ^ ((pd ^ (pd >> 30)) * m1)) + add[3][p]
		a[i], b[i], c[i], d[i] = pa, pb, pc, pd
	}
	a[0], b[0], c[0], d[0] = pa, pb, pc, pd
	pa = (a[1] ^ ((pa ^ (pa >> 30)) * m1)) + add[0][1]
	pb = (b[1] ^ ((pb ^ (pb >> 30)) * m1)) + add[1][1]
	pc = (c[1] ^ ((pc ^ (pc >> 30)) * m1)) + add[2][1]
	pd = (d[1] ^ ((pd ^ (pd >> 30)) * m1)) + add[3][1]
	a[1], b[1], c[1], d[1] = pa, pb, pc, pd
	// Second loop: words 2..623, then word 1 after the wrap.
	for i := 2; i < 624; i++ {
		pa = (a[i] ^ ((pa ^ (pa >> 30)) * m2)) - uint32(i)
		pb = (b[i] ^ ((pb ^ (pb >> 30)) * m2)) - uint32(i)
		pc = (c[i] ^ ((pc ^ (pc >> 30)) * m2)) - uint32(i)
		pd = (d[i] ^ ((pd ^ (pd >> 30)) * m2)) - uint32(i)
		a[i], b[i], c[i], d[i] = pa, pb, pc, pd
	}
	a[0], b[0], c[0], d[0] = pa, pb, pc, pd
	a[1] = (a[1] ^ ((pa ^ (pa >> 30)) * m2)) - 1
	b[1] = (b[1] ^ ((pb ^ (pb >> 30)) * m2)) - 1
	c[1] = (c[1] ^ ((pc ^ (pc >> 30)) * m2)) - 1
	d[1] = (d[1] ^ ((pd ^ (pd >> 30)) * m2)) - 1
	a[0], b[0], c[0], d[0] = 0x80000000, 0x80000000, 0x80000000, 0x80000000
}
