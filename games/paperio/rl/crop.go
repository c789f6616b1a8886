package rl

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/paperio/paperio/engine/paperio"
)

// writeCrop writes the crop planes of s for player me as observeCrop
// defines them, fast: it is the environment's inner loop. Each row of the
// crop is a straight line of board cells, read as bytes that hold the
// cell's territory owner and band owner (0, 1 or 2: one bit per player),
// so that each plane's bytes of a row are made eight at a time with a
// shift and a mask. Crops narrower than eight cells take the plain way.
func writeCrop(k int, s *paperio.State, me int, planes []uint8) {
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
func cropInside(k int, s *paperio.State, me int) bool {
	x, y, _ := s.Head(me)
	r := k / 2
	return x-r >= 0 && x+r < s.Width() && y-r >= 0 && y+r < s.Height()
}

// writeCropEdge writes a crop that reaches past the board's edge (or is
// wider than writeCropInside goes): each row is gathered cell by cell, the
// cells off the board marked.
func writeCropEdge(k int, s *paperio.State, me int, planes []uint8) {
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

// writeCropInside writes a crop that lies on the board, eight cells at a
// time. The crop covers a k×k block of the board: block column c is grid
// column hx-r+c, rows hy-r to hy+r, whose cells lie next to each other in
// the grids (they are column-major) and are read as two words of eight
// cells, from 0 and from k-8 (overlapping unless k is 16). Facing east, row
// i of the crop is block column k-1-i as it is; facing north, the crop is
// the block transposed, which is done on 8×8 blocks of bytes. Facing west
// or south the crop is the east or north one of the block turned by half a
// turn, which reversing the order of the columns and the bytes of each
// column gives.
func writeCropInside(k int, s *paperio.State, me int, planes []uint8) {
	r := k / 2
	hx, hy, d := s.Head(me)
	h := s.Height()
	field, bands := s.Fields(), s.Bands()
	// Block column c goes to row k-1-c of the crop facing east, row c
	// facing west (turned by half a turn), and to g[c] or g[k-1-c] facing
	// north or south, to be transposed.
	var g, rows [maxFastCrop][2]uint64 // rows: row i of the crop, cells 0..7 and k-8..k-1
	dst := &rows
	if !d.Horizontal() {
		dst = &g
	}
	at, step := 0, 1
	if d == paperio.East || d == paperio.South {
		at, step = k-1, -1
	}
	turned := d == paperio.West || d == paperio.South
	// One check for every load below: the block's last column ends at
	// first + (k-1)·h + k.
	first := (hx-r)*h + hy - r
	f := unsafe.Pointer(unsafe.SliceData(field[first : first+(k-1)*h+k]))
	bd := unsafe.Pointer(unsafe.SliceData(bands[first : first+(k-1)*h+k]))
	for c, off := 0, 0; c < k; c, off = c+1, off+h {
		lo, hi := codes(f, bd, off), codes(f, bd, off+k-8)
		if turned {
			lo, hi = bits.ReverseBytes64(hi), bits.ReverseBytes64(lo)
		}
		dst[at] = [2]uint64{lo, hi}
		at += step
	}
	if !d.Horizontal() {
		// Rows i0..i0+7 and columns j0..j0+7 of the crop are the
		// transposed 8×8 block of block columns j0..j0+7, cells i0..i0+7.
		// A code uses the low four bits of its byte, so the blocks of
		// cells 0..7 and k-8..k-1 travel together, the second in the high
		// four bits: one transpose moves both.
		for wj, j0 := range [2]int{0, k - 8} {
			c := g[j0 : j0+8]
			t0, t1, t2, t3, t4, t5, t6, t7 := transpose8(
				c[0][0]|c[0][1]<<4, c[1][0]|c[1][1]<<4, c[2][0]|c[2][1]<<4, c[3][0]|c[3][1]<<4,
				c[4][0]|c[4][1]<<4, c[5][0]|c[5][1]<<4, c[6][0]|c[6][1]<<4, c[7][0]|c[7][1]<<4)
			// Rows k-8..7 get both blocks; the second, written last, wins,
			// and both hold the same cells there.
			const lo = 0x0f0f0f0f0f0f0f0f
			rw := rows[0:8]
			rw[0][wj], rw[1][wj], rw[2][wj], rw[3][wj] = t0&lo, t1&lo, t2&lo, t3&lo
			rw[4][wj], rw[5][wj], rw[6][wj], rw[7][wj] = t4&lo, t5&lo, t6&lo, t7&lo
			rw = rows[k-8 : k]
			rw[0][wj], rw[1][wj], rw[2][wj], rw[3][wj] = t0>>4&lo, t1>>4&lo, t2>>4&lo, t3>>4&lo
			rw[4][wj], rw[5][wj], rw[6][wj], rw[7][wj] = t4>>4&lo, t5>>4&lo, t6>>4&lo, t7>>4&lo
		}
	}
	writeRows(k, me, &rows, planes)

	kk := k * k
	clear(planes[OwnHead*kk : CropPlanes*kk]) // the head planes and the off-board one
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

// writeRows writes the territory and band planes of a crop from the codes
// of its rows (cells 0..7 and k-8..k-1 of each). A code byte holds player
// 1's bit then player 2's for territory (bits 0, 1) and band (bits 2, 3);
// for player 2 the bits of each pair are swapped first, so that every
// plane is a fixed shift and a mask of the codes. One pass writes the four
// planes of a row: eight stores, their shifts constants.
func writeRows(k, me int, rows *[maxFastCrop][2]uint64, planes []uint8) {
	kk := k * k
	// One check for every store below: row i's words lie at i·k and
	// i·k+k-8 of each of the four planes, all within 4·kk.
	base := unsafe.Pointer(unsafe.SliceData(planes[:4*kk]))
	ob, et, eb := OwnBand*kk, EnemyTerritory*kk, EnemyBand*kk
	for i, at := 0, 0; i < k; i, at = i+1, at+k {
		a, b := rows[i][0], rows[i][1]
		if me == 1 {
			a, b = a>>1&fives|a&fives<<1, b>>1&fives|b&fives<<1
		}
		bt := at + k - 8
		put8(base, at, a&ones)
		put8(base, bt, b&ones)
		put8(base, ob+at, a>>2&ones)
		put8(base, ob+bt, b>>2&ones)
		put8(base, et+at, a>>1&ones)
		put8(base, et+bt, b>>1&ones)
		put8(base, eb+at, a>>3&ones)
		put8(base, eb+bt, b>>3&ones)
	}
}

// put8 stores v little-endian at byte off of base, unchecked: the caller
// has checked that the eight bytes lie in base's slice.
func put8(base unsafe.Pointer, off int, v uint64) {
	binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(base, off))[:], v)
}

// fives has bits 0 and 2 of every byte set: player 1's bits of a code.
const fives = 0x0505050505050505

// codes reads the eight cells from byte off of the territory and band
// grids on, unchecked (the caller checked the range), as bytes holding
// territory | band<<2.
func codes(field, bands unsafe.Pointer, off int) uint64 {
	return get8(field, off) | get8(bands, off)<<2
}

// get8 loads eight bytes little-endian from byte off of base, unchecked.
func get8(base unsafe.Pointer, off int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(base, off))[:])
}

// transpose8 transposes an 8×8 matrix of bytes held as eight words (word
// t, byte j): the quarters are swapped, then the quarters of each quarter,
// then single bytes. It works on variables rather than an array, which the
// compiler keeps in registers.
func transpose8(w0, w1, w2, w3, w4, w5, w6, w7 uint64) (uint64, uint64, uint64, uint64, uint64, uint64, uint64, uint64) {
	const m32, m16, m8 = 0x00000000ffffffff, 0x0000ffff0000ffff, 0x00ff00ff00ff00ff
	w0, w4 = swapBits(w0, w4, 32, m32)
	w1, w5 = swapBits(w1, w5, 32, m32)
	w2, w6 = swapBits(w2, w6, 32, m32)
	w3, w7 = swapBits(w3, w7, 32, m32)
	w0, w2 = swapBits(w0, w2, 16, m16)
	w1, w3 = swapBits(w1, w3, 16, m16)
	w4, w6 = swapBits(w4, w6, 16, m16)
	w5, w7 = swapBits(w5, w7, 16, m16)
	w0, w1 = swapBits(w0, w1, 8, m8)
	w2, w3 = swapBits(w2, w3, 8, m8)
	w4, w5 = swapBits(w4, w5, 8, m8)
	w6, w7 = swapBits(w6, w7, 8, m8)
	return w0, w1, w2, w3, w4, w5, w6, w7
}

// swapBits exchanges the bits of a at mask<<n with those of b at mask.
func swapBits(a, b uint64, n uint, mask uint64) (uint64, uint64) {
	t := (a>>n ^ b) & mask
	return a ^ t<<n, b ^ t
}
