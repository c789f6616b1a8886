package eraser

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// Digest is the corpus's board digest: the first 16 hex digits of SHA-256 of
// the whole board written as Board.String writes it.
func (s *State) Digest() string {
	buf := make([]byte, 0, Size*s.cfg.Rows)
	for x := 0; x < Size; x++ {
		for y := 0; y < s.cfg.Rows; y++ {
			buf = append(buf, s.At(x, y).Letter())
		}
	}
	return digest16(buf)
}

// TilesDigest is the corpus's tile-id digest: the first 16 hex digits of
// SHA-256 of every cell's tile id, in the board's cell order, joined by ','
// — an id is 'r%04dc%04d' % (y0, x0), or 'nan' for an empty cell (§2).
func (s *State) TilesDigest() string {
	buf := make([]byte, 0, 11*Size*s.cfg.Rows)
	for x := 0; x < Size; x++ {
		for y := 0; y < s.cfg.Rows; y++ {
			if x+y > 0 {
				buf = append(buf, ',')
			}
			x0, y0, ok := s.TileAt(x, y)
			buf = appendID(buf, x0, y0, ok)
		}
	}
	return digest16(buf)
}

// appendPadded is Python's '%04d' for v >= 0.
func appendPadded(buf []byte, v int) []byte {
	for d := 1000; d > 1 && v < d; d /= 10 {
		buf = append(buf, '0')
	}
	return strconv.AppendInt(buf, int64(v), 10)
}

func digest16(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// digester computes both digests of many states of one game fast: a
// column's cells above the main board are a suffix of its start column's
// reserve, then empty cells, so their text is prepared once per game and
// copied (Digest and TilesDigest are the plain versions it is tested against).
type digester struct {
	rows    int
	letters []byte        // the start board's letters, column-major
	ids     [Size][]byte  // per column, "id," for every reserve cell of the start board
	idOff   [Size][]int32 // where each reserve cell's id starts in ids
	buf     []byte
}

func newDigester(s *State) *digester {
	start := s.start.all()
	d := &digester{rows: s.cfg.Rows, letters: []byte(Board{Rows: s.cfg.Rows, Cells: start}.String())}
	for x := 0; x < Size; x++ {
		for y := Size; y < d.rows; y++ {
			d.idOff[x] = append(d.idOff[x], int32(len(d.ids[x])))
			d.ids[x] = appendID(d.ids[x], x, y, start[x*d.rows+y] != Empty)
			d.ids[x] = append(d.ids[x], ',')
		}
		d.idOff[x] = append(d.idOff[x], int32(len(d.ids[x])))
	}
	return d
}

// digests are s.Digest() and s.TilesDigest(); s must be a state of the game
// the digester was made for.
func (d *digester) digests(s *State) (board, tiles string) {
	rest := d.rows - Size
	b := d.buf[:0]
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			b = append(b, s.tiles[8*x+y].colour().Letter())
		}
		k := min(s.taken[x], rest) // reserve cells fallen; as many empty cells on top
		b = append(b, d.letters[x*d.rows+Size+k:(x+1)*d.rows]...)
		for i := 0; i < k; i++ {
			b = append(b, '.')
		}
	}
	board = digest16(b)
	b = b[:0]
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			t := s.tiles[8*x+y]
			b = appendID(b, t.pos()/d.rows, t.pos()%d.rows, t.colour() != Empty)
			b = append(b, ',')
		}
		k := min(s.taken[x], rest)
		b = append(b, d.ids[x][d.idOff[x][k]:]...)
		for i := 0; i < k; i++ {
			b = append(b, "nan,"...)
		}
	}
	tiles = digest16(b[:len(b)-1])
	d.buf = b
	return board, tiles
}

// appendID appends a tile id: 'r%04dc%04d' % (y0, x0), or 'nan'.
func appendID(b []byte, x0, y0 int, ok bool) []byte {
	if !ok {
		return append(b, "nan"...)
	}
	b = append(b, 'r')
	b = appendPadded(b, y0)
	b = append(b, 'c')
	return appendPadded(b, x0)
}
