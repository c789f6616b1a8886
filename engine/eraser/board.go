package eraser

import "fmt"

// Board is a whole board: Size columns × Rows rows, stored column-major as
// the engine's board[x][y] (RULES.md §2): cell (x, y) is Cells[x·Rows + y],
// x the column from the left, y the row from the bottom. The main board is
// the rows y < Size; the rows above are the reserve.
type Board struct {
	Rows  int
	Cells []Colour
}

// NewBoard returns an empty board of the given rows.
func NewBoard(rows int) Board {
	b := Board{Rows: rows, Cells: make([]Colour, Size*rows)}
	for i := range b.Cells {
		b.Cells[i] = Empty
	}
	return b
}

// At is cell (x, y).
func (b Board) At(x, y int) Colour { return b.Cells[x*b.Rows+y] }

// String writes the board as the corpus's init does: Size·Rows letters,
// cell (x, y) at x·Rows + y, '.' for an empty cell.
func (b Board) String() string {
	out := make([]byte, len(b.Cells))
	for i, c := range b.Cells {
		out[i] = c.Letter()
	}
	return string(out)
}

// ParseBoard reads a board written as String writes it.
func ParseBoard(s string, rows int) (Board, error) {
	if rows < Size || rows%Size != 0 {
		return Board{}, fmt.Errorf("rows %d: must be a positive multiple of %d", rows, Size)
	}
	if len(s) != Size*rows {
		return Board{}, fmt.Errorf("board of %d characters, want %d (%d columns of %d rows)", len(s), Size*rows, Size, rows)
	}
	b := Board{Rows: rows, Cells: make([]Colour, len(s))}
	for i := 0; i < len(s); i++ {
		c, ok := ParseColour(s[i])
		if !ok {
			return Board{}, fmt.Errorf("board character %d is %q: want one of %s", i, s[i], Letters)
		}
		b.Cells[i] = c
	}
	return b, nil
}
