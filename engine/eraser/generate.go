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
	b, regen, err := drawStart(rows, seed)
	if err != nil {
		return Board{}, 0, err
	}
	return Board{Rows: rows, Cells: b.all()}, regen, nil
}

// startBoard is a game's start board, drawn as play reaches it. Block k of
// the board only depends on the numpy stream after block k−1, and whether
// the engine draws the whole board again depends on block 0 alone (§3.3):
// so once block 0 offers an operation, the blocks above it can wait until a
// fall needs their cells. A game between random players draws about 60 of
// its 200 blocks, and drawing all of them would cost more than the game.
//
// A start board is shared by every copy of its game (CopyFrom); only the
// blocks not yet drawn are ever written, always with the same colours, and
// a board read from more than one goroutine must be drawn whole first
// (State.DrawAll).
type startBoard struct {
	rows  int
	cells []Colour   // column-major, cell (x, y) at x·rows + y; rows >= drawn not drawn yet
	drawn int        // rows drawn, a multiple of Size
	gen   *generator // draws the next block; nil once every block is drawn
}

// drawStart draws block 0 of the start board of a seed, and the whole board
// again while block 0 has no operation (§3.3: rare, and then every block of
// the discarded draw advances the stream). It returns how many times the
// board was drawn again.
func drawStart(rows int, seed int64) (*startBoard, int, error) {
	if seed < 1 || seed > 1<<32-1 {
		return nil, 0, fmt.Errorf("seed %d: must be between 1 and %d (the course's engine leaves numpy unseeded for 0)", seed, uint64(1<<32-1))
	}
	if rows < Size || rows%Size != 0 || rows > MaxRows {
		return nil, 0, fmt.Errorf("rows %d: must be a positive multiple of %d, at most %d", rows, Size, MaxRows)
	}
	g := &generator{rs: pyrand.NewRandomState(uint32(seed))}
	b := &startBoard{rows: rows, cells: make([]Colour, Size*rows), gen: g}
	for regen := 0; ; regen++ {
		g.drawBlock(b.cells, rows, 0)
		has := bitboards(Board{Rows: rows, Cells: b.cells})
		if h, v := operations(&has); h|v != 0 {
			b.drawn = Size
			if rows == Size {
				b.gen = nil
			}
			return b, regen, nil
		}
		for k := 1; k < rows/Size; k++ {
			g.drawBlock(b.cells, rows, k)
		}
	}
}

// givenBoard is a start board given whole (NewFromBoard).
func givenBoard(b Board) *startBoard {
	return &startBoard{rows: b.Rows, cells: b.Cells, drawn: b.Rows}
}

// at is cell (x, y) of the start board, drawing the blocks up to row y.
func (b *startBoard) at(x, y int) Colour {
	if y >= b.drawn {
		b.drawTo(y)
	}
	return b.cells[x*b.rows+y]
}

// drawTo draws the blocks up to the one that holds row y.
func (b *startBoard) drawTo(y int) {
	for b.drawn <= y {
		b.gen.drawBlock(b.cells, b.rows, b.drawn/Size)
		b.drawn += Size
	}
	if b.drawn == b.rows {
		b.gen = nil
	}
}

// all draws every block and returns the whole board's cells.
func (b *startBoard) all() []Colour {
	if b.drawn < b.rows {
		b.drawTo(b.rows - 1)
	}
	return b.cells
}

// generator holds numpy's global stream and the fix-up's scratch set.
type generator struct {
	rs  *pyrand.RandomState
	bad cellSet
	blk [Size * Size]Colour // blk[6x+y], the flat order numpy shuffles
}

// drawBlock draws block k into the cells of a board of rows rows (§3.3):
// board[x][6k+y] = block_k[x][y].
func (g *generator) drawBlock(cells []Colour, rows, k int) {
	g.generateBlock()
	for x := 0; x < Size; x++ {
		copy(cells[x*rows+Size*k:x*rows+Size*k+Size], g.blk[Size*x:Size*x+Size])
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
