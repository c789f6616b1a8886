package rl

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/paperio/paperio/engine/paperio"
)

// The planes of a global view (docs/OBSERVATION.md): a coarse G×G map of the
// whole board around the own head, turned as the crop is. Every value is
// 0 or 1; a block counts its cells that lie on the board.
const (
	GlobalOwnTerritory   = 0 // more than half of the block's board cells are own territory
	GlobalOwnBand        = 1 // some cell of the block carries the own band
	GlobalEnemyTerritory = 2 // more than half are enemy territory
	GlobalEnemyBand      = 3 // some cell carries the enemy's band
	GlobalOwnHead        = 4 // the own head is in the block
	GlobalEnemyHead      = 5 // the enemy's head is in the block
	GlobalOffBoard       = 6 // more than half of the block's cells lie off the board
	GlobalOwnSome        = 7 // some cell is own territory
	GlobalEnemySome      = 8 // some cell is enemy territory
	GlobalPlanes         = 9
)

// MaxGlobal is the widest global view.
const MaxGlobal = 31

// checkGlobal reports a global view size that does not exist.
func checkGlobal(g int) error {
	if g < 3 || g > MaxGlobal || g%2 == 0 {
		return fmt.Errorf("global %d: want an odd size from 3 to %d", g, MaxGlobal)
	}
	return nil
}

// GlobalBlock is the side S of a G×G global view's blocks on a w×h board:
// the smallest odd S with (G/2)·S + S/2 ≥ max(w, h) − 1, so that the map
// reaches every cell of the board from wherever the head is (15 for G = 15
// on the course board).
func GlobalBlock(g, w, h int) int {
	r, far := g/2, max(w, h)-1
	s := 1
	for r*s+s/2 < far {
		s += 2
	}
	return s
}

// observeGlobal writes the global view of s for player me, block by block,
// as docs/OBSERVATION.md defines it: block (i, j) covers the board cells head +
// a·ahead + b·right with a within S/2 of (r − i)·S and b within S/2 of
// (j − r)·S, r = G/2. It is the definition in code; writeGlobal is the
// fast writer tested against it.
func observeGlobal(g int, s *paperio.State, me int, planes []uint8) {
	clear(planes[:GlobalPlanes*g*g])
	w, h := s.Width(), s.Height()
	bs := GlobalBlock(g, w, h)
	r, hs := g/2, bs/2
	hx, hy, d := s.Head(me)
	ex, ey, _ := s.Head(1 - me)
	ahead, right := d, d.Right()
	for i := range g {
		for j := range g {
			var on, own, opp int
			var ownBand, oppBand, ownHead, oppHead bool
			for a := (r-i)*bs - hs; a <= (r-i)*bs+hs; a++ {
				for b := (j-r)*bs - hs; b <= (j-r)*bs+hs; b++ {
					x := hx + a*ahead.DX() + b*right.DX()
					y := hy + a*ahead.DY() + b*right.DY()
					if !s.Inside(x, y) {
						continue
					}
					on++
					switch s.FieldAt(x, y) {
					case me + 1:
						own++
					case 2 - me:
						opp++
					}
					switch s.BandAt(x, y) {
					case me + 1:
						ownBand = true
					case 2 - me:
						oppBand = true
					}
					ownHead = ownHead || (x == hx && y == hy)
					oppHead = oppHead || (x == ex && y == ey)
				}
			}
			at := i*g + j
			set := func(p int, v bool) {
				if v {
					planes[p*g*g+at] = 1
				}
			}
			set(GlobalOwnTerritory, 2*own > on)
			set(GlobalOwnBand, ownBand)
			set(GlobalEnemyTerritory, 2*opp > on)
			set(GlobalEnemyBand, oppBand)
			set(GlobalOwnHead, ownHead)
			set(GlobalEnemyHead, oppHead)
			set(GlobalOffBoard, 2*(bs*bs-on) > bs*bs)
			set(GlobalOwnSome, own > 0)
			set(GlobalEnemySome, opp > 0)
		}
	}
}

// globalScratch is a global writer's reusable memory.
type globalScratch struct {
	bx, by []uint8 // each column's and row's block coordinate along its axis
	runs   []rowRun
	// counts per block i·G + j: board cells, territory and band of player
	// 1 and of player 2
	on, t1, t2, b1, b2 [MaxGlobal * MaxGlobal]int32
}

// rowRun is a stretch of rows [lo, hi) in one block coordinate b.
type rowRun struct {
	lo, hi int
	b      uint8
}

// writeGlobal writes what observeGlobal writes in one pass over the
// players' boxes: the turn of the map only swaps or reverses the axes, so
// a column's block coordinate along one axis and a row's along the other
// are found once; each column is then a few stretches of rows in one
// block, whose board cells are counted without reading the board and
// whose territory and band cells, in the columns and rows the two boxes
// cover, eight at a time (a grid byte is 0, 1 or 2: one bit per player).
func (sc *globalScratch) writeGlobal(g int, s *paperio.State, me int, planes []uint8) {
	w, h := s.Width(), s.Height()
	bs := GlobalBlock(g, w, h)
	r, hs := g/2, bs/2
	hx, hy, d := s.Head(me)
	if cap(sc.bx) < w || cap(sc.by) < h {
		sc.bx, sc.by = make([]uint8, max(w, cap(sc.bx))), make([]uint8, max(h, cap(sc.by)))
	}
	bx, by := sc.bx[:w], sc.by[:h]
	// Block (i, j) from an offset: i = r − ⌊(a + S/2)/S⌋, j = r + ⌊(b + S/2)/S⌋,
	// with a = offset·ahead and b = offset·right along each axis.
	ahead, right := d, d.Right()
	coord := func(off, dirA, dirB int) uint8 {
		if dirA != 0 { // the axis runs along ahead: a row index
			return uint8(r - floorDiv(off*dirA+hs, bs))
		}
		return uint8(r + floorDiv(off*dirB+hs, bs))
	}
	for x := range w {
		bx[x] = coord(x-hx, ahead.DX(), right.DX())
	}
	ug := uint8(g) // coordinates past the map (a head off the board) wrap to ≥ G: skipped
	runs := sc.runs[:0]
	for y := 0; y < h; {
		b, lo := coord(y-hy, ahead.DY(), right.DY()), y
		for y < h && coord(y-hy, ahead.DY(), right.DY()) == b {
			by[y] = b
			y++
		}
		if b < ug {
			runs = append(runs, rowRun{lo, y, b})
		}
	}
	sc.runs = runs
	gg := g * g
	clear(sc.on[:gg])
	clear(sc.t1[:gg])
	clear(sc.t2[:gg])
	clear(sc.b1[:gg])
	clear(sc.b2[:gg])
	// xRow: x gives the row i (facing east or west) or the column j.
	xRow := d.Horizontal()
	at := func(cx, cy uint8) int {
		if xRow {
			return int(cx)*g + int(cy)
		}
		return int(cy)*g + int(cx)
	}
	for x := range w {
		if bx[x] >= ug {
			continue
		}
		for _, rn := range runs {
			sc.on[at(bx[x], rn.b)] += int32(rn.hi - rn.lo)
		}
	}
	// Every territory and band cell of a player lies in its box (the
	// engine clears the boxes alone for a new game): only the columns and
	// rows the boxes cover are read.
	field, bands := s.Fields(), s.Bands()
	var boxes [2][4]int
	for i := range boxes {
		x0, y0, x1, y1 := s.Box(i)
		boxes[i] = [4]int{max(x0, 0), max(y0, 0), min(x1, w-1), min(y1, h-1)}
	}
	for x := min(boxes[0][0], boxes[1][0]); x <= max(boxes[0][2], boxes[1][2]); x++ {
		if bx[x] >= ug {
			continue
		}
		ylo, yhi := h, -1 // the rows of the boxes over column x
		for _, b := range boxes {
			if b[0] <= x && x <= b[2] {
				ylo, yhi = min(ylo, b[1]), max(yhi, b[3])
			}
		}
		for _, rn := range runs {
			lo, hi := max(rn.lo, ylo), min(rn.hi, yhi+1)
			if lo >= hi {
				continue
			}
			k := at(bx[x], rn.b)
			t1, t2, b1, b2 := countCells(field, bands, x*h+lo, hi-lo)
			sc.t1[k] += t1
			sc.t2[k] += t2
			sc.b1[k] += b1
			sc.b2[k] += b2
		}
	}
	own, opp, ownB, oppB := &sc.t1, &sc.t2, &sc.b1, &sc.b2
	if me == 1 {
		own, opp, ownB, oppB = opp, own, oppB, ownB
	}
	planes = planes[:GlobalPlanes*gg]
	clear(planes)
	half := int32(bs * bs)
	for k := range gg {
		on := sc.on[k]
		planes[GlobalOwnTerritory*gg+k] = b2u(2*own[k] > on)
		planes[GlobalOwnBand*gg+k] = b2u(ownB[k] > 0)
		planes[GlobalEnemyTerritory*gg+k] = b2u(2*opp[k] > on)
		planes[GlobalEnemyBand*gg+k] = b2u(oppB[k] > 0)
		planes[GlobalOffBoard*gg+k] = b2u(2*(half-on) > half)
		planes[GlobalOwnSome*gg+k] = b2u(own[k] > 0)
		planes[GlobalEnemySome*gg+k] = b2u(opp[k] > 0)
	}
	if s.Inside(hx, hy) {
		planes[GlobalOwnHead*gg+r*g+r] = 1
	}
	if ex, ey, _ := s.Head(1 - me); s.Inside(ex, ey) && bx[ex] < ug && by[ey] < ug {
		planes[GlobalEnemyHead*gg+at(bx[ex], by[ey])] = 1
	}
}

// countCells counts, among the n cells of the grids from c on, the bytes
// of field and of bands (each 0, 1 or 2) that are 1 and that are 2, eight
// at a time. The last few cells are read as a word too, its bytes past the
// run masked off, unless the word would reach past the grids' end.
func countCells(field, bands []uint8, c, n int) (t1, t2, b1, b2 int32) {
	var f1, f2, g1, g2 int
	add := func(f, b uint64) {
		f1 += bits.OnesCount64(f & ones)
		f2 += bits.OnesCount64(f & (ones << 1))
		g1 += bits.OnesCount64(b & ones)
		g2 += bits.OnesCount64(b & (ones << 1))
	}
	for ; n >= 8; c, n = c+8, n-8 {
		add(binary.LittleEndian.Uint64(field[c:]), binary.LittleEndian.Uint64(bands[c:]))
	}
	if n > 0 {
		if c+8 <= len(field) && c+8 <= len(bands) {
			mask := uint64(1)<<(8*n) - 1
			add(binary.LittleEndian.Uint64(field[c:])&mask, binary.LittleEndian.Uint64(bands[c:])&mask)
		} else {
			a1, a2 := countBits(field[c : c+n])
			c1, c2 := countBits(bands[c : c+n])
			return int32(f1) + a1, int32(f2) + a2, int32(g1) + c1, int32(g2) + c2
		}
	}
	return int32(f1), int32(f2), int32(g1), int32(g2)
}

// countBits counts the bytes of b (each 0, 1 or 2) that are 1 and that
// are 2, eight at a time.
func countBits(b []uint8) (ones1, twos int32) {
	var c1, c2 int
	for len(b) >= 8 {
		v := binary.LittleEndian.Uint64(b)
		c1 += bits.OnesCount64(v & ones)
		c2 += bits.OnesCount64(v & (ones << 1))
		b = b[8:]
	}
	for _, v := range b {
		c1 += int(v & 1)
		c2 += int(v >> 1 & 1)
	}
	return int32(c1), int32(c2)
}

// floorDiv is a / b rounded down (b > 0).
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
