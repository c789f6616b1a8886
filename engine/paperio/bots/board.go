package bots

import "github.com/paperio/paperio/engine/paperio"

// Shared helpers of the built-in bots: directions and a cheap view of the
// board (track.go keeps a band as straight pieces, pather.go finds paths,
// rng.go draws random numbers). Nothing here allocates per move once the
// buffers have grown to the board's size.

// noDir stands for no direction: no move chosen, or none known.
const noDir paperio.Dir = -1

// ahead are the three directions a player facing d may take: straight on,
// right, left (it cannot turn back).
func ahead(d paperio.Dir) [3]paperio.Dir { return [3]paperio.Dir{d, d.Right(), d.Left()} }

// acts are the three actions in the order bots try them.
var acts = [3]paperio.Action{paperio.Straight, paperio.Left, paperio.Right}

// actionTo is the action that turns a player facing d towards nd (nd must
// not be the reverse of d).
func actionTo(d, nd paperio.Dir) paperio.Action {
	switch nd {
	case d.Right():
		return paperio.Right
	case d.Left():
		return paperio.Left
	}
	return paperio.Straight
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// board is a view of a state for one player, refreshed at every Act.
type board struct {
	w, h     int
	field    []uint8
	bands    []uint8
	own, opp uint8       // player ids as stored in the grids
	ex, ey   int         // enemy head
	ed       paperio.Dir // and its direction
}

func (b *board) load(s *paperio.State, me int) {
	b.w, b.h = s.Width(), s.Height()
	b.field, b.bands = s.Fields(), s.Bands()
	b.own, b.opp = uint8(me+1), uint8(2-me)
	b.ex, b.ey, b.ed = s.Head(1 - me)
}

func (b *board) inside(x, y int) bool { return uint(x) < uint(b.w) && uint(y) < uint(b.h) }

// mine reports whether (x, y) is on the board and my territory.
func (b *board) mine(x, y int) bool {
	return b.inside(x, y) && b.field[x*b.h+y] == b.own
}

// ok reports whether stepping onto (x, y) cannot lose at once by the
// player's own doing: the cell is on the board, carries no band of mine and
// is not the enemy's head standing on the enemy's territory.
func (b *board) ok(x, y int) bool {
	if !b.inside(x, y) {
		return false
	}
	c := x*b.h + y
	if b.bands[c] == b.own {
		return false
	}
	return !(x == b.ex && y == b.ey && b.field[c] == b.opp)
}

// notStupid reports whether stepping onto (x, y) keeps to the board and off
// my own band: the least a move must do when every move loses anyway.
func (b *board) notStupid(x, y int) bool {
	return b.inside(x, y) && b.bands[x*b.h+y] != b.own
}

// exits counts the moves that are ok from (x, y) when facing d.
func (b *board) exits(x, y int, d paperio.Dir) int {
	n := 0
	for _, nd := range ahead(d) {
		if b.ok(paperio.StepFrom(x, y, nd)) {
			n++
		}
	}
	return n
}

// hasExit reports whether some move is ok from (x, y) when facing d:
// exits(x, y, d) > 0, without looking past the first.
func (b *board) hasExit(x, y int, d paperio.Dir) bool {
	for _, nd := range ahead(d) {
		if b.ok(paperio.StepFrom(x, y, nd)) {
			return true
		}
	}
	return false
}

// wallDist is how many cells lie between (x, y) and the edge in direction d.
func (b *board) wallDist(x, y int, d paperio.Dir) int {
	switch d {
	case paperio.East:
		return b.w - 1 - x
	case paperio.South:
		return b.h - 1 - y
	case paperio.West:
		return x
	}
	return y
}

// safeMove picks a move that cannot lose at once, preferring one with a way
// on afterwards, then straight ahead. When every move loses it picks one
// that at least keeps to the board and off my band; noDir when none does.
func (b *board) safeMove(x, y int, d paperio.Dir) paperio.Dir {
	best, bestScore := noDir, 0
	for _, nd := range ahead(d) {
		nx, ny := paperio.StepFrom(x, y, nd)
		if !b.ok(nx, ny) {
			continue
		}
		sc := 1 + b.exits(nx, ny, nd)
		if sc > bestScore {
			best, bestScore = nd, sc
		}
	}
	if best == noDir { // every move loses: at least not by my own doing
		for _, nd := range ahead(d) {
			if b.notStupid(paperio.StepFrom(x, y, nd)) {
				return nd
			}
		}
	}
	return best
}
