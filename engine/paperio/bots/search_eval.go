package bots

import "github.com/paperio/paperio/engine/paperio"

// The evaluation scores a state for the player to move: its value less the
// enemy's. A player's value is
//
//   - its territory;
//   - plus, with a band out that it can still close before its rounds run
//     out, gain times the cells of the band's bounding box that are not yet its
//     own (the loop it may close), up to
//     loop cells, less way for each step it still has to go home;
//   - less a lost game's worth when the enemy can step on its band before it
//     gets home (both counted in half-steps, the player to move first; when
//     both bands can be hit, only the band hit first counts), and less a
//     little for every step short of margin that it has to spare;
//   - at home with no band, less a little for each step to the edge of its
//     territory, so that it goes out rather than waits.
//
// The enemy's distance to a band is a Manhattan distance, which no path
// beats: to the band at the root it is read from a map made there (a
// distance transform, two passes over the board), to the cells laid in the
// search it is measured one by one. The way home is the shortest path that
// does not cross the player's own band at the root (a breadth-first search
// from its territory), so a player does not wall itself off from home, and
// that does not begin with a step back (headWay).

// Worths in units (see unit).
const (
	lostWorth  = 2000 * unit // a band the enemy can hit first: nearly a lost game
	shortWorth = 40 * unit   // each step of margin short
	waitWorth  = unit        // each step from the edge of home
	distFar    = 1 << 14     // farther than any distance on a board
)

// evaluator holds the maps of the root state and what the search changes
// that they do not show.
type evaluator struct {
	p      *searchParams
	w, h   int
	home   [2][]int16 // distance to the player's territory
	band   [2][]int16 // distance to the player's band at the root
	exit   [2][]int16 // distance to a cell that is not the player's territory
	root   [2]int     // band length at the root
	box    [2]bandBox // bounding box of the band at the root
	closed [2]int     // bands closed on the path from the root
	queue  []int32    // wayHome's
	owned  [2][]int32 // prefix sums of each player's territory: cells at x' < x, y' < y, at x*(h+1)+y
}

type bandBox struct{ minX, minY, maxX, maxY int }

func (b *bandBox) add(x, y int) {
	b.minX, b.maxX = min(b.minX, x), max(b.maxX, x)
	b.minY, b.maxY = min(b.minY, y), max(b.maxY, y)
}

func (b bandBox) area() int {
	if b.maxX < b.minX {
		return 0
	}
	return (b.maxX - b.minX + 1) * (b.maxY - b.minY + 1)
}

var emptyBox = bandBox{distFar, distFar, -distFar, -distFar}

// prepare makes the root's maps.
func (e *evaluator) prepare(s *paperio.State, p *searchParams) {
	e.p = p
	e.w, e.h = s.Width(), s.Height()
	f, bands := s.Fields(), s.Bands()
	for i := range 2 {
		own := uint8(i + 1)
		e.home[i] = e.wayHome(e.home[i], f, bands, own)
		e.exit[i] = distanceTo(e.exit[i], e.w, e.h, func(c int) bool { return f[c] != own })
		e.owned[i] = prefixSums(e.owned[i], e.w, e.h, f, own)
		e.root[i], e.box[i], e.closed[i] = s.BandLen(i), emptyBox, 0
		if e.root[i] > 0 {
			e.band[i] = distanceTo(e.band[i], e.w, e.h, func(c int) bool { return bands[c] == own })
			for _, c := range s.Band(i) {
				x, y := s.XY(int(c))
				e.box[i].add(x, y)
			}
		}
	}
}

// distanceTo fills d (grown to the board) with every cell's Manhattan
// distance to the nearest cell where src holds: one pass forwards, one
// backwards, which is exact for Manhattan distance. Cells beyond any source
// get distFar.
func distanceTo(d []int16, w, h int, src func(c int) bool) []int16 {
	n := w * h
	if cap(d) < n {
		d = make([]int16, n)
	}
	d = d[:n]
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			c := x*h + y
			v := int16(distFar)
			if src(c) {
				v = 0
			} else {
				if x > 0 {
					v = min(v, d[c-h]+1)
				}
				if y > 0 {
					v = min(v, d[c-1]+1)
				}
			}
			d[c] = v
		}
	}
	for x := w - 1; x >= 0; x-- {
		for y := h - 1; y >= 0; y-- {
			c := x*h + y
			v := d[c]
			if x < w-1 {
				v = min(v, d[c+h]+1)
			}
			if y < h-1 {
				v = min(v, d[c+1]+1)
			}
			d[c] = v
		}
	}
	return d
}

// wayHome fills d with every cell's number of steps to the player's
// territory, on paths that do not cross its band (a band cell may be the
// first step, as the head stands on one); far when there is none.
func (e *evaluator) wayHome(d []int16, f, bands []uint8, own uint8) []int16 {
	n := e.w * e.h
	if cap(d) < n {
		d = make([]int16, n)
	}
	d = d[:n]
	q := e.queue[:0]
	for c := range d {
		d[c] = distFar
		if f[c] == own {
			d[c] = 0
			q = append(q, int32(c))
		}
	}
	h := int32(e.h)
	for k := 0; k < len(q); k++ {
		c := q[k]
		x, y := c/h, c%h
		next := d[c] + 1
		for j := range 4 {
			nx, ny := x+nbDX[j], y+nbDY[j]
			if nx < 0 || ny < 0 || int(nx) >= e.w || ny >= h {
				continue
			}
			m := nx*h + ny
			if d[m] <= next {
				continue
			}
			d[m] = next
			if bands[m] != own { // a band cell is reached, not crossed
				q = append(q, m)
			}
		}
	}
	e.queue = q
	return d
}

var nbDX, nbDY = [4]int32{1, -1, 0, 0}, [4]int32{0, 0, 1, -1}

// prefixSums fills p with the counts of own cells below and left of every
// corner, so that any box's count takes four reads (ownedIn).
func prefixSums(p []int32, w, h int, f []uint8, own uint8) []int32 {
	n := (w + 1) * (h + 1)
	if cap(p) < n {
		p = make([]int32, n)
	}
	p = p[:n]
	clear(p[:h+1])
	for x := 0; x < w; x++ {
		row, prev := p[(x+1)*(h+1):], p[x*(h+1):]
		row[0] = 0
		var col int32
		for y := 0; y < h; y++ {
			if f[x*h+y] == own {
				col++
			}
			row[y+1] = prev[y+1] + col
		}
	}
	return p
}

// ownedIn is the number of player i's cells in box b.
func (e *evaluator) ownedIn(i int, b bandBox) int {
	p, h := e.owned[i], e.h+1
	return int(p[(b.maxX+1)*h+b.maxY+1] - p[b.minX*h+b.maxY+1] - p[(b.maxX+1)*h+b.minY] + p[b.minX*h+b.minY])
}

// bandView is what the evaluation needs of one player's band.
type bandView struct {
	reach int // the enemy head's distance to the band
	box   bandBox
}

// view measures player i's band in s against the enemy head at (ex, ey).
func (e *evaluator) view(s *paperio.State, i, ex, ey int) bandView {
	v := bandView{reach: distFar, box: emptyBox}
	band := s.Band(i)
	if e.closed[i] == 0 && e.root[i] > 0 {
		v.reach, v.box = int(e.band[i][ex*e.h+ey]), e.box[i]
		band = band[e.root[i]:]
	}
	for _, c := range band {
		x, y := s.XY(int(c))
		v.reach = min(v.reach, absInt(x-ex)+absInt(y-ey))
		v.box.add(x, y)
	}
	return v
}

// headWay is player i's number of steps home from its head at (x, y),
// heading dir, with a band out: the map's way from the best of the three
// cells ahead that is not its band. The map's way from the head itself may
// begin with the step back, which the rules do not allow: a head one step
// off its territory, heading away, is three steps from home, not one.
func (e *evaluator) headWay(s *paperio.State, i, x, y int, dir paperio.Dir) int {
	d := distFar
	for _, a := range acts {
		nx, ny := paperio.StepFrom(x, y, a.Turn(dir))
		if s.Inside(nx, ny) && s.BandAt(nx, ny) != i+1 {
			d = min(d, 1+int(e.home[i][nx*e.h+ny]))
		}
	}
	return d
}

// score is the state's worth for the player to move.
func (e *evaluator) score(s *paperio.State) int32 {
	tm := s.ToMove()
	var val [2]int32
	hitAt := [2]int{distFar, distFar} // half-steps until the enemy can hit the player's band
	for i := range 2 {
		val[i] = int32(s.Area(i)) * unit
		x, y, dir := s.Head(i)
		c := x*e.h + y
		if s.BandLen(i) == 0 {
			val[i] -= waitWorth * int32(e.exit[i][c])
			continue
		}
		ex, ey, _ := s.Head(1 - i)
		v := e.view(s, i, ex, ey)
		d := e.headWay(s, i, x, y, dir)
		// Half-steps from now to my arrival home and to the enemy's
		// step on my band, the player to move going first.
		toHome, toHit := 2*d, 2*v.reach
		if tm == i {
			toHome--
		} else {
			toHit--
		}
		if toHit < toHome {
			hitAt[i] = toHit
			continue
		}
		if d <= s.TurnsLeft(i) {
			val[i] += e.p.gain * int32(min(v.box.area()-e.ownedIn(i, v.box), e.p.loop))
		}
		val[i] -= e.p.way * int32(d)
		if spare := (toHit - toHome) / 2; spare < e.p.margin {
			val[i] -= shortWorth * int32(e.p.margin-spare)
		}
	}
	switch {
	case hitAt[0] < hitAt[1]:
		val[0] -= lostWorth
	case hitAt[1] < hitAt[0]:
		val[1] -= lostWorth
	case hitAt[0] < distFar: // both at once: the player to move hits first
		val[1-tm] -= lostWorth
	}
	return val[tm] - val[1-tm]
}
