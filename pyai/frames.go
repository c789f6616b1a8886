package pyai

import (
	"bytes"
	"encoding/binary"
	"math"

	"github.com/paperio/paperio/engine"
)

// frameEncoder writes frame records for the driver (see driver.py): the
// header of a frame and the grid columns that changed since the previous
// frame it encoded, so that the AI process receives only what changed.
type frameEncoder struct {
	w, h  int
	field []byte // the grids of the last frame encoded
	band  []byte
}

// timeLeft is one player's timeleft as a frame shows it: seconds, and
// whether it is still the untouched budget (an int, as the course's
// frames showed it before the first charge).
type timeLeft struct {
	sec   float64
	exact bool
}

// start forgets the previous game: the next frame is encoded in full.
func (e *frameEncoder) start(s *engine.State) {
	e.w, e.h = s.Width(), s.Height()
	e.field = e.field[:0]
	e.band = e.band[:0]
}

// appendFrame appends the record of the frame that state s shows.
func (e *frameEncoder) appendFrame(buf []byte, s *engine.State, tl [2]timeLeft) []byte {
	le := binary.LittleEndian
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
	buf, e.field = e.appendColumns(buf, s.Fields(), e.field)
	buf, e.band = e.appendColumns(buf, s.Bands(), e.band)
	return buf
}

// maxPatch is the most cells of a column sent one by one; a column with
// more changes is sent whole. Most moves change one cell of the bands.
const maxPatch = 8

// appendColumns appends the columns of grid that differ from prev (all of
// them when prev is empty) and returns prev updated to grid. A column is
// its number, then either 0 and its H cells, or m (1..maxPatch) and m
// changed cells as (uint32 y, value).
func (e *frameEncoder) appendColumns(buf, grid, prev []byte) ([]byte, []byte) {
	le := binary.LittleEndian
	at := len(buf)
	buf = append(buf, 0, 0, 0, 0)
	n := 0
	full := len(prev) != len(grid)
	if !full && bytes.Equal(grid, prev) { // often so for the territory
		return buf, prev
	}
	for x := 0; x < e.w; x++ {
		col := grid[x*e.h : (x+1)*e.h]
		if full {
			buf = le.AppendUint32(buf, uint32(x))
			buf = append(buf, 0)
			buf = append(buf, col...)
			n++
			continue
		}
		old := prev[x*e.h : (x+1)*e.h]
		if bytes.Equal(col, old) {
			continue
		}
		buf = le.AppendUint32(buf, uint32(x))
		n++
		m, mAt := 0, len(buf)
		buf = append(buf, 0)
		for y := range col {
			if col[y] != old[y] {
				if m++; m > maxPatch {
					break
				}
				buf = le.AppendUint32(buf, uint32(y))
				buf = append(buf, col[y])
			}
		}
		if m > maxPatch { // send it whole
			buf = append(buf[:mAt], 0)
			buf = append(buf, col...)
		} else {
			buf[mAt] = byte(m)
		}
		copy(old, col)
	}
	le.PutUint32(buf[at:], uint32(n))
	if full {
		prev = append(prev[:0], grid...)
	}
	return buf, prev
}
