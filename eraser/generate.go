package eraser

import (
	"fmt"

	"github.com/paperio/paperio/pyrand"
)

// Generate draws the start board of a game from its numpy seed exactly as the
// course's engine did (RULES.md §3): Rows/Size blocks of 6×6 stacked upward,
// each drawn by generateBlock, all of them drawn again (the stream
// continuing) while the main board offers no operation. It returns the board
// and how many times it was drawn again. The seed must be in 1..2^32−1: the
// engine does not seed numpy at all for 0 (HAZARD §3.1), so no board follows
// from it.
func Generate(rows int, seed int64) (Board, int, error) {
	if seed < 1 || seed > 1<<32-1 {
		return Board{}, 0, fmt.Errorf("seed %d: must be between 1 and %d (the course's engine leaves numpy unseeded for 0)", seed, uint64(1<<32-1))
	}
	if rows < Size || rows%Size != 0 || rows > MaxRows {
		return Board{}, 0, fmt.Errorf("rows %d: must be a positive multiple of %d, at most %d", rows, Size, MaxRows)
	}
	g := generator{rs: pyrand.NewRandomState(uint32(seed))}
	b := Board{Rows: rows, Cells: make([]Colour, Size*rows)}
	for regen := 0; ; regen++ {
		g.fill(b)
		has := bitboards(b)
		if h, v := operations(&has); h|v != 0 {
			return b, regen, nil
		}
	}
}

// generator holds numpy's global stream and the fix-up's scratch set.
type generator struct {
	rs  *pyrand.RandomState
	bad cellSet
	blk [Size * Size]Colour // blk[6x+y], the flat order numpy shuffles
}

// fill draws every block of b, bottom up (§3.3): board[x][6k+y] = block_k[x][y].
func (g *generator) fill(b Board) {
	for k := 0; k < b.Rows/Size; k++ {
		g.generateBlock()
		for x := 0; x < Size; x++ {
			copy(b.Cells[x*b.Rows+Size*k:x*b.Rows+Size*k+Size], g.blk[Size*x:Size*x+Size])
		}
	}
}

// blockRowColour is which of the shuffled colours fills each row y of a
// block before its cells are shuffled: rows 0 and 1 the first (§3.2 step 2).
var blockRowColour = [Size]int{0, 0, 1, 2, 3, 4}

// generateBlock is the engine's generate_board (§3.2).
func (g *generator) generateBlock() {
	idx := [NumColours]Colour{Red, Blue, Green, Yellow, Purple}
	pyrand.Shuffle(g.rs, idx[:]) // step 1
	for x := 0; x < Size; x++ {  // step 2
		for y := 0; y < Size; y++ {
			g.blk[Size*x+y] = idx[blockRowColour[y]]
		}
	}
	pyrand.Shuffle(g.rs, g.blk[:]) // step 3: the 36 cells as one flat array
	for g.findTriples() > 0 {      // step 4
		g.redrawTriples()
	}
}

// redrawTriples sets every cell of the set of runs to choice(colours), in
// the set's iteration order (§3.2 step 4, §3.4); a new colour may equal the
// old one.
func (g *generator) redrawTriples() {
	s := &g.bad
	for i := 0; i <= s.mask; i++ {
		if c := s.slot[i]; c != emptySlotCell {
			g.blk[c] = Colour(g.rs.Choice(NumColours))
		}
	}
}

// findTriples is the engine's triples(blk) for a block (§3.2): a new set of
// the middle cells of every straight run of three, added in the engine's
// order. It returns the set's size. The runs are found on bitboards; the
// set is only built, in order, when there are some.
func (g *generator) findTriples() int {
	var has values
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			has[g.blk[Size*x+y]] |= cellBit(x, y)
		}
	}
	var alongX, alongY uint64 // middles of runs along x, along y
	for _, m := range has[:NumColours] {
		alongX |= m & (m << 8) & (m >> 8)
		alongY |= m & (m << 1) & (m >> 1)
	}
	g.bad.reset()
	if alongX|alongY == 0 {
		return 0
	}
	for i := 0; i < Size-2; i++ {
		for j := 0; j < Size; j++ {
			if alongX&cellBit(i+1, j) != 0 { // cells (i, j), (i+1, j), (i+2, j)
				g.bad.add(Size*(i+1) + j)
			}
			if alongY&cellBit(j, i+1) != 0 { // cells (j, i), (j, i+1), (j, i+2)
				g.bad.add(Size*j + i + 1)
			}
		}
	}
	return g.bad.len()
}

// bitboards are the value masks of b's main board (see bits.go).
func bitboards(b Board) (has values) {
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			has[b.At(x, y)] |= cellBit(x, y)
		}
	}
	return has
}
