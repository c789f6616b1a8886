package paperio

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/paperio/paperio/engine/paperio"
)

// frameEncoder writes frame records for the driver (see driver.py): the
// header of a frame and the grid columns that changed since the previous
// frame it encoded, so that the AI process receives only what changed.
type frameEncoder struct {
	w, h  int
	field []byte // the grids of the last frame encoded
	band  []byte
	steps int // the half-steps of the last frame encoded
}

// timeLeft is one player's timeleft as a frame shows it: seconds, and
// whether it is still the untouched budget (an int, as the course's
// frames showed it before the first charge).
type timeLeft struct {
	sec   float64
	exact bool
}

// frameHeader is the size of a frame record's header (driver.py's FRAME):
// turnleft 2 x int32, timeleft 2 x float64, the int bits, 2 heads of
// (int32, int32, uint8), and the counts of changed field and band columns.
const frameHeader = 8 + 16 + 1 + 2*9 + 8

// start forgets the previous game: the next frame is encoded in full.
func (e *frameEncoder) start(s *paperio.State) {
	e.w, e.h = s.Width(), s.Height()
	e.field = e.field[:0]
	e.band = e.band[:0]
	e.steps = -1
}

// appendFrame appends the record of the frame that state s shows.
func (e *frameEncoder) appendFrame(buf []byte, s *paperio.State, tl [2]timeLeft) []byte {
	le := binary.LittleEndian
	at := len(buf)
	buf = le.AppendUint32(buf, uint32(int32(s.TurnsLeft(0))))
	buf = le.AppendUint32(buf, uint32(int32(s.TurnsLeft(1))))
	var ints byte
	for i, t := range tl {
		buf = le.AppendUint64(buf, math.Float64bits(t.sec))
		if t.exact {
			ints |= 1 << i
		}
	}
	buf = append(buf, ints)
	for i := range 2 {
		x, y, d := s.Head(i)
		buf = le.AppendUint32(buf, uint32(int32(x)))
		buf = le.AppendUint32(buf, uint32(int32(y)))
		buf = append(buf, byte(d))
	}
	buf = append(buf, 0, 0, 0, 0, 0, 0, 0, 0) // the column counts, filled in below
	box := e.changeBox(s)
	var nf, nb int
	buf, e.field, nf = e.appendColumns(buf, s.Fields(), e.field, box)
	buf, e.band, nb = e.appendColumns(buf, s.Bands(), e.band, box)
	le.PutUint32(buf[at+frameHeader-8:], uint32(nf))
	le.PutUint32(buf[at+frameHeader-4:], uint32(nb))
	e.steps = s.HalfSteps()
	return buf
}

// changeBox bounds the cells that can differ from the last frame encoded.
// A half-step changes the grids only inside the mover's bounding box (its
// band is laid where it stands, and what it encloses lies within its
// territory, which the box holds), so when s is one half-step after that
// frame only the box is compared. Otherwise, the whole board.
func (e *frameEncoder) changeBox(s *paperio.State) rect {
	all := rect{0, 0, e.w - 1, e.h - 1}
	n := s.HalfSteps()
	if e.steps < 0 || n != e.steps+1 {
		return all
	}
	x0, y0, x1, y1 := s.Box((n - 1) & 1)
	return rect{max(x0, 0), max(y0, 0), min(x1, e.w-1), min(y1, e.h-1)}
}

// rect is an inclusive rectangle of cells.
type rect struct{ MinX, MinY, MaxX, MaxY int }

// maxPatch is the most cells of a column sent one by one; a column with
// more changes is sent whole. Most moves change one cell of the bands.
const maxPatch = 8

// appendColumns appends the columns of grid that differ from prev (all of
// them when prev is empty) and returns prev updated to grid and how many
// columns were appended. Only the cells inside box are compared: the
// caller knows the others did not change. A column is its number, then
// either 0 and its H cells, or m (1..maxPatch) and m changed cells as
// (uint32 y, value).
func (e *frameEncoder) appendColumns(buf, grid, prev []byte, box rect) ([]byte, []byte, int) {
	le := binary.LittleEndian
	if len(prev) != len(grid) { // the first frame: every column whole
		for x := 0; x < e.w; x++ {
			buf = le.AppendUint32(buf, uint32(x))
			buf = append(buf, 0)
			buf = append(buf, grid[x*e.h:(x+1)*e.h]...)
		}
		return buf, append(prev[:0], grid...), e.w
	}
	n := 0
	for x := box.MinX; x <= box.MaxX; x++ {
		lo, hi := x*e.h+box.MinY, x*e.h+box.MaxY+1
		seg, old := grid[lo:hi], prev[lo:hi]
		if bytes.Equal(seg, old) {
			continue
		}
		buf = le.AppendUint32(buf, uint32(x))
		n++
		m, mAt := 0, len(buf)
		buf = append(buf, 0)
		for i := range seg {
			if seg[i] != old[i] {
				if m++; m > maxPatch {
					break
				}
				buf = le.AppendUint32(buf, uint32(box.MinY+i))
				buf = append(buf, seg[i])
			}
		}
		if m > maxPatch { // send it whole
			buf = append(buf[:mAt], 0)
			buf = append(buf, grid[x*e.h:(x+1)*e.h]...)
		} else {
			buf[mAt] = byte(m)
		}
		copy(old, seg)
	}
	return buf, prev, n
}
