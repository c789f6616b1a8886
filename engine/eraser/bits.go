package eraser

import "math/bits"

// The main board as bitboards. Cell (x, y) of the main board is bit 8x+y of
// a uint64; the bits of rows 6 and 7 of every column are always zero, so a
// mask shifted by a row (±1) or a column (±8) never carries a cell onto
// another cell of the board: whatever is read from outside the board is 0.

// row0 are the cells with y = 0.
const row0 uint64 = 0x010101010101

func trailingZeros(m uint64) int { return bits.TrailingZeros64(m) }

// numValues is what a cell can hold: the five colours and Empty.
const numValues = NumColours + 1

// values holds one mask per value (Red..Purple, Empty) of the main board.
type values [numValues]uint64

// cellBit is the bit of cell (x, y).
func cellBit(x, y int) uint64 { return 1 << (8*x + y) }

// bitX and bitY are the cell of a bit index.
func bitX(b int) int { return b >> 3 }
func bitY(b int) int { return b & 7 }

// at returns the cells p whose neighbour p + (dx, dy) is in m, for |dy| <= 2.
func at(m uint64, dx, dy int) uint64 {
	d := 8*dx + dy
	if d >= 0 {
		return m >> d
	}
	return m << -d
}

// sameAs returns the cells p that hold the same value as p + (dx, dy): two
// empty cells are the same value ('nan' == 'nan', §5).
func sameAs(has *values, dx, dy int) uint64 {
	var q uint64
	for _, m := range has {
		q |= m & at(m, dx, dy)
	}
	return q
}

// Anchors of the swaps: a horizontal swap ((x,y),(x+1,y)) is anchored at
// (x, y) with x <= 4, a vertical swap ((x,y),(x,y+1)) at (x, y) with y <= 4.
const (
	hAnchors uint64 = 0x3f3f3f3f3f
	vAnchors uint64 = 0x1f1f1f1f1f1f
)

// operations returns the anchors of the horizontal and of the vertical swaps
// that the engine lists (§5), pattern by pattern. Each pattern asks three
// cells to be equal; that is two equalities of neighbours, read from six
// masks of "same value as the neighbour at (dx, dy)". A pattern's range
// condition (x <= 2, y >= 2, ...) is exactly "its cells are on the board",
// which reading 0 off the board already gives.
func operations(has *values) (h, v uint64) {
	e10 := sameAs(has, 1, 0)
	e20 := sameAs(has, 2, 0)
	e01 := sameAs(has, 0, 1)
	e02 := sameAs(has, 0, 2)
	e11 := sameAs(has, 1, 1)
	e1m := sameAs(has, 1, -1) // (1, −1)

	// Horizontal swaps ((x,y),(x+1,y)); cells relative to (x, y).
	h1 := at(e20, 0, 0) & at(e10, 2, 0)                                // (0,0) = (2,0) = (3,0)
	h2 := at(e10, -2, 0) & at(e20, -1, 0)                              // (1,0) = (−2,0) = (−1,0)
	h3 := at(e01, 1, -2)&at(e1m, 0, 0) | at(e01, 0, -2)&at(e11, 0, -1) // (0,0) = (1,−2) = (1,−1) or (1,0) = (0,−2) = (0,−1)
	h4 := at(e01, 1, 1)&at(e11, 0, 0) | at(e01, 0, 1)&at(e1m, 0, 1)    // (0,0) = (1,1) = (1,2) or (1,0) = (0,1) = (0,2)
	h5 := at(e02, 1, -1)&at(e11, 0, 0) | at(e02, 0, -1)&at(e1m, 0, 1)  // (0,0) = (1,−1) = (1,1) or (1,0) = (0,−1) = (0,1)
	h = (h1 | h2 | h3 | h4 | h5) & hAnchors

	// Vertical swaps ((x,y),(x,y+1)).
	v1 := at(e01, 0, 2) & at(e02, 0, 0)                                 // (0,0) = (0,2) = (0,3)
	v2 := at(e01, 0, -2) & at(e02, 0, -1)                               // (0,1) = (0,−2) = (0,−1)
	v3 := at(e10, -2, 1)&at(e1m, -1, 1) | at(e10, -2, 0)&at(e11, -1, 0) // (0,0) = (−2,1) = (−1,1) or (0,1) = (−2,0) = (−1,0)
	v4 := at(e10, 1, 1)&at(e11, 0, 0) | at(e10, 1, 0)&at(e1m, 0, 1)     // (0,0) = (1,1) = (2,1) or (0,1) = (1,0) = (2,0)
	v5 := at(e20, -1, 1)&at(e11, 0, 0) | at(e20, -1, 0)&at(e1m, 0, 1)   // (0,0) = (−1,1) = (1,1) or (0,1) = (−1,0) = (1,0)
	v = (v1 | v2 | v3 | v4 | v5) & vAnchors
	return h, v
}

// listOps appends the swaps of the anchor masks in the engine's order (§5):
// the horizontal ones with x outer and y inner (bit order), then the vertical
// ones with y outer and x inner.
func listOps(buf []Swap, h, v uint64) []Swap {
	for m := h; m != 0; m &= m - 1 {
		b := trailingZeros(m)
		x, y := int8(bitX(b)), int8(bitY(b))
		buf = append(buf, Swap{x, y, x + 1, y})
	}
	for y := 0; y < Size-1; y++ {
		for m := (v >> y) & row0; m != 0; m &= m - 1 {
			x := int8(bitX(trailingZeros(m)))
			buf = append(buf, Swap{x, int8(y), x, int8(y + 1)})
		}
	}
	return buf
}
