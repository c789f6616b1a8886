package eraser

// The board generator visits the cells it redraws in the iteration order of
// a CPython set of (x, y) tuples (RULES.md §3.4). cellSet reproduces that
// order for the cells of one 6×6 block: CPython's tuple hash, and its set
// table with linear probes, perturbation and resizing.

// xxHash-style primes of CPython's tuple hash.
const (
	xxPrime1 uint64 = 11400714785074694791
	xxPrime2 uint64 = 14029467366897019727
	xxPrime5 uint64 = 2870177450012600261
)

// tupleHash is hash((a, b)) for small non-negative ints a, b (an int hashes
// to itself), as unsigned 64-bit.
func tupleHash(a, b uint64) uint64 {
	acc := xxPrime5
	for _, lane := range [2]uint64{a, b} {
		acc += lane * xxPrime2
		acc = acc<<31 | acc>>33
		acc *= xxPrime1
	}
	acc += 2 ^ (xxPrime5 ^ 3527539)
	if acc == 1<<64-1 {
		return 1546275796
	}
	return acc
}

// blockHash[6x+y] is hash((x, y)).
var blockHash = func() (h [Size * Size]uint64) {
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			h[Size*x+y] = tupleHash(uint64(x), uint64(y))
		}
	}
	return h
}()

const (
	setMinSize    = 8
	linearProbes  = 9
	perturbShift  = 5
	setMaxSlots   = 128 // 36 distinct keys never grow a table past 128 slots
	emptySlotCell = -1
)

// cellSet is a CPython set of block cells (6x+y), from empty: adds only.
type cellSet struct {
	slot [setMaxSlots]int8 // cell in each slot, emptySlotCell when free
	mask int
	fill int
}

func (s *cellSet) reset() {
	s.mask = setMinSize - 1
	s.fill = 0
	for i := 0; i <= s.mask; i++ {
		s.slot[i] = emptySlotCell
	}
}

// add is set.add((x, y)) for cell c = 6x+y.
func (s *cellSet) add(c int) {
	if !s.insert(c, true) {
		return
	}
	s.fill++
	if s.fill*5 >= s.mask*3 {
		s.resize()
	}
}

// insert puts c in its slot by CPython's probe sequence: the slot hash&mask,
// then (when they fit) the next linearProbes slots, then a perturbed jump.
// With checkPresent it stops at a slot already holding c and reports false.
func (s *cellSet) insert(c int, checkPresent bool) bool {
	h := blockHash[c]
	mask := uint64(s.mask)
	i := h & mask
	perturb := h
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := i; j <= i+uint64(probes); j++ {
			switch int(s.slot[j]) {
			case emptySlotCell:
				s.slot[j] = int8(c)
				return true
			case c:
				if checkPresent {
					return false
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// resize grows the table to the smallest power of two above 4·fill and
// re-inserts the keys in slot order, as set_table_resize does.
func (s *cellSet) resize() {
	old := s.slot
	oldMask := s.mask
	size := setMinSize
	for size <= 4*s.fill {
		size <<= 1
	}
	s.mask = size - 1
	for i := 0; i <= s.mask; i++ {
		s.slot[i] = emptySlotCell
	}
	for i := 0; i <= oldMask; i++ {
		if old[i] != emptySlotCell {
			s.insert(int(old[i]), false)
		}
	}
}

// cells lists the set in iteration order: slot order.
func (s *cellSet) cells() []int {
	var out []int
	for i := 0; i <= s.mask; i++ {
		if s.slot[i] != emptySlotCell {
			out = append(out, int(s.slot[i]))
		}
	}
	return out
}

// len is the number of cells in the set.
func (s *cellSet) len() int { return s.fill }
