package paperio

// Make/undo for look-ahead: Do plays a half-step as Step does and keeps in
// an Undo what it needs to take that half-step back exactly; Undo does so.
// A search that walks a game tree depth first then pays about what Step
// costs per node, where a copy of a course board (CopyFrom) costs as much
// as dozens of half-steps.
//
// Step itself is not touched: Do looks at the move before playing it. A
// move changes one cell, the players and the game's counters, except when
// it closes the band (it steps onto its own territory with a band out, or
// onto the enemy's head there): enclosure changes cells only inside the
// mover's box, which the move cannot widen (its territory lies inside),
// so Do keeps the box's cells, the mover's spans over it and its band.

// Undo holds what Do needs to undo one half-step. Its buffers are reused
// from one Do to the next: a search keeps one Undo per ply.
type Undo struct {
	p      [2]player
	steps  int
	over   bool
	result Result
	cell   int   // the cell stepped onto, -1 when none (off the board or game over)
	band   uint8 // the band mark it carried

	// The enclosure's part, when closes is true.
	closes bool
	box    bbox
	field  []uint8  // the box's territory, column by column
	bands  []uint8  // and its bands
	spans  []span   // the mover's column spans over the box, then its row spans
	terr   []uint64 // both players' territory bits over the box's columns
	myBand []int32  // the mover's band cells in order
}

// Do plays action a for the player to move, as Step does, and saves in u
// what Undo needs to take it back. It reports whether the game is over.
func (s *State) Do(a Action, u *Undo) bool {
	u.p, u.steps, u.over, u.result = s.p, s.steps, s.over, s.result
	u.cell, u.closes = -1, false
	if !s.over {
		pi := s.steps & 1
		p := &s.p[pi]
		d := a.Turn(p.dir)
		x, y := p.x+d.DX(), p.y+d.DY()
		if uint(x) < uint(s.w) && uint(y) < uint(s.h) {
			c := x*s.h + y
			u.cell, u.band = c, s.bands[c]
			e := &s.p[1-pi]
			if s.field[c] == uint8(pi+1) && (p.bandLen > 0 || (e.x == x && e.y == y)) {
				s.saveBox(pi, u)
			}
		}
	}
	return s.Step(a)
}

// saveBox keeps what an enclosure by player pi may change.
func (s *State) saveBox(pi int, u *Undo) {
	b := s.p[pi].box
	u.closes, u.box = true, b
	u.field, u.bands = u.field[:0], u.bands[:0]
	for x := b.MinX; x <= b.MaxX; x++ {
		lo, hi := x*s.h+b.MinY, x*s.h+b.MaxY+1
		u.field = append(u.field, s.field[lo:hi]...)
		u.bands = append(u.bands, s.bands[lo:hi]...)
	}
	base := pi * (s.w + s.h)
	u.spans = append(u.spans[:0], s.spans[base+b.MinX:base+b.MaxX+1]...)
	u.spans = append(u.spans, s.spans[base+s.w+b.MinY:base+s.w+b.MaxY+1]...)
	u.myBand = append(u.myBand[:0], s.p[pi].band...)
	u.terr = u.terr[:0]
	for j := range 2 {
		k := j*s.w + b.MinX
		u.terr = append(u.terr, s.terr[k*s.nw:(k+b.MaxX-b.MinX+1)*s.nw]...)
	}
}

// Undo takes back the half-step that Do saved in u. The half-steps done
// after it must have been undone first, latest first.
func (s *State) Undo(u *Undo) {
	if u.closes {
		pi := u.steps & 1
		b := u.box
		n := b.MaxY - b.MinY + 1
		for x, k := b.MinX, 0; x <= b.MaxX; x, k = x+1, k+n {
			lo := x*s.h + b.MinY
			copy(s.field[lo:lo+n], u.field[k:k+n])
			copy(s.bands[lo:lo+n], u.bands[k:k+n])
		}
		base := pi * (s.w + s.h)
		nx := b.MaxX - b.MinX + 1
		copy(s.spans[base+b.MinX:], u.spans[:nx])
		copy(s.spans[base+s.w+b.MinY:], u.spans[nx:])
		for j := range 2 {
			copy(s.terr[(j*s.w+b.MinX)*s.nw:], u.terr[j*nx*s.nw:(j+1)*nx*s.nw])
		}
		// Later half-steps may have written over the band's cells
		// (enclosure empties the list, and it grows again in place).
		u.p[pi].band = append(u.p[pi].band[:0], u.myBand...)
	} else if u.cell >= 0 {
		s.bands[u.cell] = u.band
	}
	s.p, s.steps, s.over, s.result = u.p, u.steps, u.over, u.result
}
