package rl

import (
	"encoding/binary"
	"math/bits"

	"github.com/paperio/paperio/engine"
)

// writeCrop writes the crop planes of s for player me as observeCrop
// defines them, fast: it is the environment's inner loop. Each row of the
// crop is a straight line of board cells, read as bytes that hold the
// cell's territory owner and band owner (0, 1 or 2: one bit per player),
// so that each plane's bytes of a row are made eight at a time with a
// shift and a mask. Crops narrower than eight cells take the plain way.
func writeCrop(k int, s *engine.State, me int, planes []uint8) {
	switch {
	case k < 8:
		clear(planes)
		observeCrop(k, s, me, planes)
	case k > maxFastCrop || !cropInside(k, s, me):
		writeCropEdge(k, s, me, planes)
	default:
		writeCropInside(k, s, me, planes)
	}
}

// maxFastCrop is the widest crop writeCropInside writes: two words a row.
const maxFastCrop = 16

// cropInside reports whether player me's crop lies on the board.
func cropInside(k int, s *engine.State, me int) bool {
	x, y, _ := s.Head(me)
	r := k / 2
	return x-r >= 0 && x+r < s.Width() && y-r >= 0 && y+r < s.Height()
}

// writeCropEdge writes a crop that reaches past the board's edge (or is
// wider than writeCropInside goes): each row is gathered cell by cell, the
// cells off the board marked.
func writeCropEdge(k int, s *engine.State, me int, planes []uint8) {
	kk := k * k
	planes = planes[:CropPlanes*kk]
	r := k / 2
	hx, hy, d := s.Head(me)
	ax, ay := d.DX(), d.DY()
	rx, ry := d.Right().DX(), d.Right().DY()
	w, h := s.Width(), s.Height()
	field, bands := s.Fields(), s.Bands()
	stride := rx*h + ry // from one cell of a row to the next, in the grids
	ownT, oppT, ownB, oppB := uint(me), uint(1-me), uint(2+me), uint(3-me)
	var cb, ob [MaxCrop + 1]uint8 // a row's codes (see writeCropInside) and off-board marks
	for i := 0; i < k; i++ {
		// Cell j of row i is (x0 + j·rx, y0 + j·ry).
		x0 := hx + (r-i)*ax - r*rx
		y0 := hy + (r-i)*ay - r*ry
		lo, hi := clipLine(0, k-1, x0, rx, w)
		lo, hi = clipLine(lo, hi, y0, ry, h)
		for j := range k {
			cb[j], ob[j] = 0, 1
		}
		c := (x0+lo*rx)*h + y0 + lo*ry
		for j := lo; j <= hi; j++ {
			cb[j], ob[j] = field[c]|bands[c]<<2, 0
			c += stride
		}
		// Words of eight cells end at k-8 at the latest: the last one
		// overlaps the one before rather than spilling past the row.
		for off := 0; ; off += 8 {
			off = min(off, k-8)
			cw := binary.LittleEndian.Uint64(cb[off:])
			at := i*k + off
			put(planes[OwnTerritory*kk+at:], cw>>ownT&ones)
			put(planes[OwnBand*kk+at:], cw>>ownB&ones)
			put(planes[EnemyTerritory*kk+at:], cw>>oppT&ones)
			put(planes[EnemyBand*kk+at:], cw>>oppB&ones)
			put(planes[OffBoard*kk+at:], binary.LittleEndian.Uint64(ob[off:]))
			if off == k-8 {
				break
			}
		}
	}
	heads := planes[OwnHead*kk : (EnemyHead+1)*kk]
	clear(heads)
	if s.Inside(hx, hy) {
		planes[OwnHead*kk+r*k+r] = 1
	}
	ex, ey, _ := s.Head(1 - me)
	if s.Inside(ex, ey) {
		// Invert the crop's map: ahead = r - i, right = j - r.
		dx, dy := ex-hx, ey-hy
		i := r - (dx*ax + dy*ay)
		j := r + (dx*rx + dy*ry)
		if i >= 0 && i < k && j >= 0 && j < k {
			planes[EnemyHead*kk+i*k+j] = 1
		}
	}
}

// ones has the lowest bit of every byte set.
const ones = 0x0101010101010101

func put(b []uint8, v uint64) { binary.LittleEndian.PutUint64(b, v) }

// clipLine narrows [lo, hi] to the j with 0 ≤ v0 + j·dv < n, for dv in
// -1, 0, 1; the range comes back empty (lo > hi) when no j is left.
func clipLine(lo, hi, v0, dv, n int) (int, int) {
	switch {
	case dv > 0:
		return max(lo, -v0), min(hi, n-1-v0)
	case dv < 0:
		return max(lo, v0-(n-1)), min(hi, v0)
	case v0 < 0 || v0 >= n:
		return 1, 0
	}
	return lo, hi
}

// writeCropInside writes a crop that lies on the board, a row of eight
// cells at a time. A row of the crop runs along a column of the grids (which
// are column-major) when the player faces east or west: its cells are read
// eight at a time. Facing north or south a row runs across columns; the
// crop's columns are read instead, eight cells at a time, and turned into
// rows by transposing 8×8 blocks of bytes.
func writeCropInside(k int, s *engine.State, me int, planes []uint8) {
	kk := k * k
	planes = planes[:CropPlanes*kk]
	r := k / 2
	hx, hy, d := s.Head(me)
	h := s.Height()
	field, bands := s.Fields(), s.Bands()
	// A row (or column) is two words of eight cells: from 0 and from k-8,
	// overlapping unless k is 16.
	offs := [2]int{0, k - 8}
	var rows [maxFastCrop][2]uint64 // codes of row i, cells offs[w]...
	switch d {
	case engine.East: // row i is column hx+r-i, cell j at y = hy-r+j
		for i := 0; i < k; i++ {
			base := (hx+r-i)*h + hy - r
			rows[i] = [2]uint64{codes(field, bands, base), codes(field, bands, base+k-8)}
		}
	case engine.West: // row i is column hx-r+i, cell j at y = hy+r-j
		for i := 0; i < k; i++ {
			base := (hx-r+i)*h + hy + r - 7
			rows[i] = [2]uint64{bits.ReverseBytes64(codes(field, bands, base)), bits.ReverseBytes64(codes(field, bands, base-(k-8)))}
		}
	default:
		// North: column j is grid column hx-r+j, row i at y = hy-r+i.
		// South: column j is grid column hx+r-j, row i at y = hy+r-i.
		for _, i0 := range offs {
			for bj, j0 := range offs {
				var blk [8]uint64
				for t := 0; t < 8; t++ {
					j := j0 + t
					if d == engine.North {
						blk[t] = codes(field, bands, (hx-r+j)*h+hy-r+i0)
					} else {
						blk[t] = bits.ReverseBytes64(codes(field, bands, (hx+r-j)*h+hy+r-i0-7))
					}
				}
				transpose8(&blk)
				for t := 0; t < 8; t++ {
					rows[i0+t][bj] = blk[t]
				}
			}
		}
	}
	// A code byte holds player 1's bit then player 2's for territory (bits
	// 0, 1) and band (bits 2, 3): each plane is a shift and a mask.
	ownT, oppT, ownB, oppB := uint(me), uint(1-me), uint(2+me), uint(3-me)
	for i := 0; i < k; i++ {
		for w, off := range offs {
			at := i*k + off
			c := rows[i][w]
			put(planes[OwnTerritory*kk+at:], c>>ownT&ones)
			put(planes[OwnBand*kk+at:], c>>ownB&ones)
			put(planes[EnemyTerritory*kk+at:], c>>oppT&ones)
			put(planes[EnemyBand*kk+at:], c>>oppB&ones)
		}
	}
	clear(planes[OwnHead*kk:]) // the head planes and the off-board one

	planes[OwnHead*kk+r*k+r] = 1
	ex, ey, _ := s.Head(1 - me)
	if s.Inside(ex, ey) {
		dx, dy := ex-hx, ey-hy
		rt := d.Right()
		i := r - (dx*d.DX() + dy*d.DY())
		j := r + (dx*rt.DX() + dy*rt.DY())
		if i >= 0 && i < k && j >= 0 && j < k {
			planes[EnemyHead*kk+i*k+j] = 1
		}
	}
}

// codes reads the eight cells from c on as bytes holding territory |
// band<<2.
func codes(field, bands []uint8, c int) uint64 {
	return binary.LittleEndian.Uint64(field[c:c+8]) | binary.LittleEndian.Uint64(bands[c:c+8])<<2
}

// transpose8 transposes an 8×8 matrix of bytes held as eight words (word
// t, byte j): the quarters are swapped, then the quarters of each quarter,
// then single bytes.
func transpose8(w *[8]uint64) {
	for j := 0; j < 4; j++ {
		t := (w[j]>>32 ^ w[j+4]) & 0x00000000ffffffff
		w[j] ^= t << 32
		w[j+4] ^= t
	}
	for _, j := range [4]int{0, 1, 4, 5} {
		t := (w[j]>>16 ^ w[j+2]) & 0x0000ffff0000ffff
		w[j] ^= t << 16
		w[j+2] ^= t
	}
	for j := 0; j < 8; j += 2 {
		t := (w[j]>>8 ^ w[j+1]) & 0x00ff00ff00ff00ff
		w[j] ^= t << 8
		w[j+1] ^= t
	}
}
