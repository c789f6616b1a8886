package bots

import "github.com/paperio/paperio/engine/paperio"

// leg is a straight run of n moves in direction dir.
type leg struct {
	dir paperio.Dir
	n   int
}

// stepper drives the simple loop bots (goround, wanderer): it follows a list
// of legs, heads home by the shortest way when told to, and never makes a
// move that loses at once while a safe one exists.
type stepper struct {
	me     int
	bd     board
	legs   [6]leg
	nlegs  int
	li, lk int // current leg and moves made in it
	homing bool
	route  []uint8 // way home, as directions
	ri     int
	path   pather
}

func (st *stepper) reset(me int) {
	st.me = me
	st.clear()
}

// clear forgets the loop and the way home (the band has closed).
func (st *stepper) clear() {
	st.nlegs, st.li, st.lk = 0, 0, 0
	st.homing = false
	st.route, st.ri = nil, 0
}

func (st *stepper) setLegs(ls [4]leg) {
	st.nlegs, st.li, st.lk = 0, 0, 0
	for _, l := range ls {
		if l.n > 0 {
			st.legs[st.nlegs] = l
			st.nlegs++
		}
	}
}

// next is the direction of the next move along the legs, or noDir when
// they are done.
func (st *stepper) next() paperio.Dir {
	for st.li < st.nlegs && st.lk >= st.legs[st.li].n {
		st.li++
		st.lk = 0
	}
	if st.li >= st.nlegs {
		return noDir
	}
	st.lk++
	return st.legs[st.li].dir
}

// goHome is the direction of the next move of the shortest way home,
// searched again when the way found before is used up or blocked; noDir
// when there is none.
func (st *stepper) goHome(x, y int, d paperio.Dir) paperio.Dir {
	st.homing = true
	if st.ri < len(st.route) {
		nd := paperio.Dir(st.route[st.ri])
		if nd != d.Opposite() && st.bd.ok(paperio.StepFrom(x, y, nd)) {
			st.ri++
			return nd
		}
	}
	st.route, st.ri = st.path.home(&st.bd, x, y, d), 0
	if len(st.route) == 0 {
		return noDir
	}
	st.ri = 1
	return paperio.Dir(st.route[0])
}

// atHome is the move of a player on its territory with no loop under way:
// straight on, turning along the edge of the board. It returns -1 when the
// cell ahead is outside the territory (time to start a loop).
func (st *stepper) atHome(x, y int, d paperio.Dir) paperio.Dir {
	ax, ay := paperio.StepFrom(x, y, d)
	if st.bd.inside(ax, ay) {
		if st.bd.mine(ax, ay) {
			return d
		}
		return noDir
	}
	for _, nd := range [2]paperio.Dir{d.Right(), d.Left()} {
		if st.bd.mine(paperio.StepFrom(x, y, nd)) {
			return nd
		}
	}
	return d.Right()
}

// finish turns the chosen direction into an action. A move that would lose
// at once is replaced by a safe one; the loop is then given up and, with a
// band out, the player heads home.
func (st *stepper) finish(s *paperio.State, x, y int, d, nd paperio.Dir) paperio.Action {
	if nd != noDir && nd != d.Opposite() && st.bd.ok(paperio.StepFrom(x, y, nd)) {
		return actionTo(d, nd)
	}
	alt := st.bd.safeMove(x, y, d)
	st.nlegs = 0
	if s.BandLen(st.me) > 0 {
		st.homing = true
		st.route, st.ri = nil, 0
	}
	if alt == noDir {
		return paperio.Straight
	}
	return actionTo(d, alt)
}

// fitLoop sizes a rectangle of depth a and width b that starts from the
// territory cell (x, y) going out in direction out: it turns to the side
// preferred first (right when right is true) if the width fits there, else
// to the side with more room, and shrinks what does not fit on the board.
func (st *stepper) fitLoop(x, y int, out paperio.Dir, a, b int, right bool) [4]leg {
	lat, other := out.Right(), out.Left()
	if !right {
		lat, other = other, lat
	}
	if st.bd.wallDist(x, y, lat) < b && st.bd.wallDist(x, y, other) > st.bd.wallDist(x, y, lat) {
		lat = other
	}
	a = max(1, min(a, st.bd.wallDist(x, y, out)))
	b = min(b, st.bd.wallDist(x, y, lat))
	return [4]leg{{out, a}, {lat, b}, {out.Opposite(), a}, {lat.Opposite(), b}}
}
