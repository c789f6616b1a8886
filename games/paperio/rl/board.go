package rl

import "github.com/paperio/paperio/engine/paperio"

// fullBoard keeps a full-board observation (observeFull's planes) up to
// date as a game is played, changing only what a half-step changed: the
// mover's head, the cell under it and, when territory changed hands, the
// mover's box (where every enclosure happens). A half-step then costs a few
// bytes instead of the whole board, which is what lets the environment
// give full boards at millions of steps a second. It is tested against
// Observe after every half-step.
type fullBoard struct {
	own   int       // whose view the planes hold
	heads [2][2]int // each head where it was last drawn
	area  [2]int    // territory counts when last drawn
	band  [2]int    // band counts when last drawn
	boxes [2][4]int // each player's box when last drawn: where erase clears
	drawn bool      // the planes hold a game (else they may hold anything)
}

// start draws the new game s for player own. The planes hold the game
// drawn before, if any, on a board of the same size (only its boxes are
// cleared), or anything.
func (b *fullBoard) start(s *paperio.State, own int, planes []uint8) {
	if b.drawn {
		b.erase(s.Width(), s.Height(), planes)
	} else {
		clear(planes)
	}
	b.own, b.drawn = own, true
	for i := range 2 {
		b.redraw(s, planes, i)
		b.heads[i] = [2]int{-1, -1}
		b.moveHead(s, planes, i)
		b.boxes[i] = box(s, i)
	}
	b.area = [2]int{s.Area(0), s.Area(1)}
	b.band = [2]int{s.BandLen(0), s.BandLen(1)}
}

// erase clears the territory, band and head planes of the game drawn.
func (b *fullBoard) erase(w, h int, planes []uint8) {
	n := w * h
	for _, bx := range b.boxes {
		for y := bx[1]; y <= bx[3]; y++ {
			for p := OwnTerritory; p <= EnemyBand; p++ {
				row := p*n + y*w
				clear(planes[row+bx[0] : row+bx[2]+1])
			}
		}
	}
	for i, hd := range b.heads {
		if hd[0] >= 0 {
			plane := OwnHead
			if i != b.own {
				plane = EnemyHead
			}
			planes[plane*n+hd[1]*w+hd[0]] = 0
		}
	}
}

func box(s *paperio.State, i int) [4]int {
	x0, y0, x1, y1 := s.Box(i)
	return [4]int{x0, y0, x1, y1}
}

// update draws the half-step just played in s.
func (b *fullBoard) update(s *paperio.State, planes []uint8) {
	if s.HalfSteps() == 0 {
		return
	}
	m := (s.HalfSteps() - 1) & 1
	x, y := b.moveHead(s, planes, m)
	if s.Inside(x, y) {
		b.cell(s, planes, x, y)
	}
	if s.Area(0) != b.area[0] || s.Area(1) != b.area[1] || s.BandLen(m) < b.band[m] {
		b.redraw(s, planes, m)
	}
	b.boxes[m] = box(s, m)
	b.area = [2]int{s.Area(0), s.Area(1)}
	b.band = [2]int{s.BandLen(0), s.BandLen(1)}
}

// flip turns the planes into the other player's view.
func (b *fullBoard) flip(w, h int, planes []uint8) {
	n := w * h
	for _, pair := range [3][2]int{{OwnTerritory, EnemyTerritory}, {OwnBand, EnemyBand}, {OwnHead, EnemyHead}} {
		a, c := planes[pair[0]*n:(pair[0]+1)*n], planes[pair[1]*n:(pair[1]+1)*n]
		for i := range a {
			a[i], c[i] = c[i], a[i]
		}
	}
	b.own ^= 1
}

// moveHead moves player i's head mark to where its head is and returns
// that place.
func (b *fullBoard) moveHead(s *paperio.State, planes []uint8, i int) (x, y int) {
	w, h := s.Width(), s.Height()
	plane := OwnHead
	if i != b.own {
		plane = EnemyHead
	}
	if old := b.heads[i]; old[0] >= 0 {
		planes[(plane*h+old[1])*w+old[0]] = 0
	}
	x, y, _ = s.Head(i)
	if s.Inside(x, y) {
		planes[(plane*h+y)*w+x] = 1
		b.heads[i] = [2]int{x, y}
	} else {
		b.heads[i] = [2]int{-1, -1}
	}
	return x, y
}

// cell draws the territory and band planes of cell (x, y).
func (b *fullBoard) cell(s *paperio.State, planes []uint8, x, y int) {
	w, h := s.Width(), s.Height()
	c := x*h + y
	f, bd := s.Fields()[c], s.Bands()[c]
	own, opp := uint8(b.own+1), uint8(2-b.own)
	at := y*w + x
	n := w * h
	planes[OwnTerritory*n+at] = b2u(f == own)
	planes[EnemyTerritory*n+at] = b2u(f == opp)
	planes[OwnBand*n+at] = b2u(bd == own)
	planes[EnemyBand*n+at] = b2u(bd == opp)
}

// redraw draws the territory and band planes of player i's box.
func (b *fullBoard) redraw(s *paperio.State, planes []uint8, i int) {
	x0, y0, x1, y1 := s.Box(i)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			b.cell(s, planes, x, y)
		}
	}
}

func b2u(v bool) uint8 {
	if v {
		return 1
	}
	return 0
}
