package paperio

import "math/bits"

// NearestTerritory returns the Manhattan distance from (x, y) to player i's
// nearest territory cell and that cell's index, looking only at distances
// below bound; -1, -1 when there is none. (x, y) may lie off the board. A
// search that knows no cell is nearer than floor passes it: the first cell
// found at floor or less ends the search.
//
// It reads the territory a column at a time as bits (see State.terr): the
// nearest cell of a column is a bit scan, and the columns are taken
// outwards from x until they lie too far to beat the best found, so the cost
// is about the distance, not the square of it as a search of rings of cells.
func (s *State) NearestTerritory(i, x, y, bound, floor int) (d, cell int) {
	best, at := bound, -1
	// A row off the board: distances pass through the nearest row on it.
	yc := min(max(y, 0), s.h-1)
	extra := abs(y - yc)
	terr := s.terr[i*s.w*s.nw : (i+1)*s.w*s.nw]
	for dx := 0; dx < best && best > floor; dx++ {
		for side, cx := range [2]int{x - dx, x + dx} {
			if cx < 0 || cx >= s.w || (dx == 0 && side == 1) {
				continue
			}
			col := terr[cx*s.nw : cx*s.nw+s.nw]
			// Only a cell within r rows of yc beats best: most columns
			// have none, which a mask of those rows tells at once.
			r := best - dx - extra - 1
			if r < 0 || !anyBit(col, max(yc-r, 0), min(yc+r, s.h-1)) {
				continue
			}
			if dy, cy := nearestBit(col, yc); cy >= 0 && dx+extra+dy < best {
				best, at = dx+extra+dy, cx*s.h+cy
			}
		}
	}
	if at < 0 {
		return -1, -1
	}
	return best, at
}

// anyBit reports whether a column's words have a bit set in lo..hi.
func anyBit(col []uint64, lo, hi int) bool {
	for k := lo >> 6; k <= hi>>6; k++ {
		m := col[k]
		if k == lo>>6 {
			m &= ^uint64(0) << uint(lo&63)
		}
		if k == hi>>6 {
			m &= ^uint64(0) >> uint(63-hi&63)
		}
		if m != 0 {
			return true
		}
	}
	return false
}

// nearestBit returns the distance from bit y to the nearest set bit of a
// column's words and that bit; -1 for the bit when none is set.
func nearestBit(col []uint64, y int) (d, at int) {
	d, at = 1<<62, -1
	k, o := y>>6, uint(y&63)
	if m := col[k] >> o; m != 0 { // at or above y
		d, at = bits.TrailingZeros64(m), y+bits.TrailingZeros64(m)
	} else {
		for j := k + 1; j < len(col); j++ {
			if col[j] != 0 {
				at = j*64 + bits.TrailingZeros64(col[j])
				d = at - y
				break
			}
		}
	}
	if m := col[k] << (63 - o); m != 0 { // at or below y
		if n := bits.LeadingZeros64(m); n < d {
			d, at = n, y-n
		}
		return d, at
	}
	for j := k - 1; j >= 0; j-- {
		if col[j] != 0 {
			if c := j*64 + 63 - bits.LeadingZeros64(col[j]); y-c < d {
				d, at = y-c, c
			}
			break
		}
	}
	return d, at
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
