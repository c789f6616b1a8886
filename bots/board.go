package bots

import (
	"math/rand/v2"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/play"
)

// Shared helpers of the built-in bots: directions, a cheap view of the
// board, the band of a player as straight segments, breadth-first paths
// home and a seeded random source. Nothing here allocates per move once the
// buffers have grown to the board's size.

// noDir stands for no direction: no move chosen, or none known.
const noDir engine.Dir = -1

// ahead are the three directions a player facing d may take: straight on,
// right, left (it cannot turn back).
func ahead(d engine.Dir) [3]engine.Dir { return [3]engine.Dir{d, d.Right(), d.Left()} }

// acts are the three actions in the order bots try them.
var acts = [3]engine.Action{engine.Straight, engine.Left, engine.Right}

// actionTo is the action that turns a player facing d towards nd (nd must
// not be the reverse of d).
func actionTo(d, nd engine.Dir) engine.Action {
	switch nd {
	case d.Right():
		return engine.Right
	case d.Left():
		return engine.Left
	}
	return engine.Straight
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
	me, en   int   // player indices
	own, opp uint8 // player ids as stored in the grids
	ex, ey   int   // enemy head
	ed       engine.Dir
}

func (b *board) load(s *engine.State, me int) {
	b.w, b.h = s.Width(), s.Height()
	b.field, b.bands = s.Fields(), s.Bands()
	b.me, b.en = me, 1-me
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
func (b *board) exits(x, y int, d engine.Dir) int {
	n := 0
	for _, nd := range ahead(d) {
		if b.ok(engine.StepFrom(x, y, nd)) {
			n++
		}
	}
	return n
}

// wallDist is how many cells lie between (x, y) and the edge in direction d.
func (b *board) wallDist(x, y int, d engine.Dir) int {
	switch d {
	case engine.East:
		return b.w - 1 - x
	case engine.South:
		return b.h - 1 - y
	case engine.West:
		return x
	}
	return y
}

// safeMove picks a move that cannot lose at once, preferring one with a way
// on afterwards, then straight ahead. When every move loses it picks one
// that at least keeps to the board and off my band; noDir when none does.
func (b *board) safeMove(x, y int, d engine.Dir) engine.Dir {
	best, bestScore := noDir, 0
	for _, nd := range ahead(d) {
		nx, ny := engine.StepFrom(x, y, nd)
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
			if b.notStupid(engine.StepFrom(x, y, nd)) {
				return nd
			}
		}
	}
	return best
}

// seg is a straight piece of a band from (ax, ay) to (bx, by), inclusive.
type seg struct{ ax, ay, bx, by int }

// dist is the Manhattan distance from (x, y) to the nearest cell of g.
func (g *seg) dist(x, y int) int { return segDist(x, y, g.ax, g.ay, g.bx, g.by) }

// segDist is the Manhattan distance from (x, y) to the nearest cell of the
// axis-parallel segment (ax, ay)-(bx, by).
func segDist(x, y, ax, ay, bx, by int) int {
	return boxDist(x, y, min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
}

// far is larger than any distance on a board.
const far = 1 << 30

// track keeps a player's band as straight segments, updated from the cells
// laid since the last look. Bands are paths of adjacent cells, so a band of
// n cells with few turns costs a few segments to measure.
type track struct {
	n                      int   // band cells seen
	first                  int32 // first cell of the band seen
	last                   int   // last cell seen
	segs                   []seg
	dir                    engine.Dir // direction of the last segment; noDir while it is one cell
	minX, minY, maxX, maxY int        // bounding box of the band
}

func (t *track) reset() {
	t.n, t.dir = 0, noDir
	t.segs = t.segs[:0]
}

// update brings the track up to date with player i's band.
func (t *track) update(s *engine.State, i int) {
	band := s.Band(i)
	if len(band) < t.n || (t.n > 0 && band[0] != t.first) {
		t.reset()
	}
	h := s.Height()
	for _, c := range band[t.n:] {
		ci := int(c)
		// A band cell is usually next to the one before: no division.
		d := noDir
		if len(t.segs) > 0 {
			switch ci - t.last {
			case h:
				d = engine.East
			case 1:
				d = engine.South
			case -h:
				d = engine.West
			case -1:
				d = engine.North
			}
		}
		var x, y int
		if d != noDir {
			g := &t.segs[len(t.segs)-1]
			x, y = engine.StepFrom(g.bx, g.by, d)
		} else {
			x, y = ci/h, ci%h
		}
		t.last = ci
		t.add(x, y, d)
	}
	if len(band) > 0 {
		t.first = band[0]
	}
	t.n = len(band)
}

// add appends cell (x, y), reached from the last cell in direction d (noDir:
// not from the last cell).
func (t *track) add(x, y int, d engine.Dir) {
	if len(t.segs) == 0 {
		t.segs = append(t.segs, seg{x, y, x, y})
		t.dir = noDir
		t.minX, t.maxX, t.minY, t.maxY = x, x, y, y
		return
	}
	t.minX, t.maxX = min(t.minX, x), max(t.maxX, x)
	t.minY, t.maxY = min(t.minY, y), max(t.maxY, y)
	last := &t.segs[len(t.segs)-1]
	switch {
	case d == noDir: // not next to the last cell: a new piece
		t.segs = append(t.segs, seg{x, y, x, y})
		t.dir = noDir
	case t.dir == noDir || t.dir == d:
		last.bx, last.by = x, y
		t.dir = d
	default: // a turn: the new piece starts at the corner
		t.segs = append(t.segs, seg{last.bx, last.by, x, y})
		t.dir = d
	}
}

// boxDist is the Manhattan distance from (x, y) to the band's bounding box:
// a lower bound of dist.
func (t *track) boxDist(x, y int) int {
	if len(t.segs) == 0 {
		return far
	}
	return boxDist(x, y, t.minX, t.minY, t.maxX, t.maxY)
}

// boxDist is the Manhattan distance from (x, y) to the nearest cell of the
// box x0..x1 × y0..y1 (0 inside it).
func boxDist(x, y, x0, y0, x1, y1 int) int {
	return max(x0-x, 0, x-x1) + max(y0-y, 0, y-y1)
}

// dist is the Manhattan distance from (x, y) to the nearest band cell.
func (t *track) dist(x, y int) int {
	best := far
	for i := range t.segs {
		if d := t.segs[i].dist(x, y); d < best {
			best = d
			if d == 0 {
				break
			}
		}
	}
	return best
}

// pather finds shortest paths on the board with a breadth-first search,
// reusing its memory from search to search.
type pather struct {
	mark  []uint32
	epoch uint32
	from  []uint8 // direction of the step that reached a cell
	queue []int32
	path  []uint8 // the last path found, as directions
}

func (p *pather) begin(n int) {
	if len(p.mark) != n {
		p.mark = make([]uint32, n)
		p.from = make([]uint8, n)
		p.epoch = 0
	}
	p.epoch++
	if p.epoch == 0 {
		clear(p.mark)
		p.epoch = 1
	}
	p.queue = p.queue[:0]
}

// home finds a shortest way from (x, y), facing d, to a cell of my
// territory that crosses no band of mine and does not turn back on its first
// step. It returns the directions of the path (valid until the next search)
// or nil when there is none.
func (p *pather) home(b *board, x, y int, d engine.Dir) []uint8 {
	h := b.h
	p.begin(b.w * h)
	p.path = p.path[:0]
	start := int32(x*h + y)
	if b.inside(x, y) {
		p.mark[start] = p.epoch
	}
	target := int32(-1)
	for _, nd := range ahead(d) {
		nx, ny := engine.StepFrom(x, y, nd)
		if !b.ok(nx, ny) {
			continue
		}
		c := int32(nx*h + ny)
		p.mark[c], p.from[c] = p.epoch, uint8(nd)
		if b.field[c] == b.own {
			target = c
			break
		}
		p.queue = append(p.queue, c)
	}
	for q := 0; target < 0 && q < len(p.queue); q++ {
		c := p.queue[q]
		cx, cy := int(c)/h, int(c)%h
		for nd := engine.East; nd <= engine.North; nd++ {
			nx, ny := engine.StepFrom(cx, cy, nd)
			if !b.inside(nx, ny) {
				continue
			}
			n := int32(nx*h + ny)
			if p.mark[n] == p.epoch || b.bands[n] == b.own {
				continue
			}
			p.mark[n], p.from[n] = p.epoch, uint8(nd)
			if b.field[n] == b.own {
				target = n
				break
			}
			p.queue = append(p.queue, n)
		}
	}
	if target < 0 {
		return nil
	}
	return p.trace(target, start, h)
}

// frontier finds a shortest way from (x, y), facing d, across my territory
// to a cell outside it whose Manhattan distance from the enemy's head is at
// least minEnemy and which has room ahead, looking at no more than limit
// cells. It returns the directions (the last one steps out of the
// territory) or nil.
func (p *pather) frontier(b *board, x, y int, d engine.Dir, minEnemy, limit int) []uint8 {
	h := b.h
	p.begin(b.w * h)
	p.path = p.path[:0]
	start := int32(x*h + y)
	p.mark[start] = p.epoch
	p.queue = append(p.queue, start)
	for q := 0; q < len(p.queue) && q < limit; q++ {
		c := p.queue[q]
		cx, cy := int(c)/h, int(c)%h
		for nd := engine.East; nd <= engine.North; nd++ {
			if q == 0 && nd == d.Opposite() {
				continue // no turning back on the first step
			}
			nx, ny := engine.StepFrom(cx, cy, nd)
			if uint(nx) >= uint(b.w) || uint(ny) >= uint(h) {
				continue
			}
			n := int32(nx*h + ny)
			if p.mark[n] == p.epoch || b.bands[n] == b.own {
				continue
			}
			p.mark[n], p.from[n] = p.epoch, uint8(nd)
			if b.field[n] == b.own {
				p.queue = append(p.queue, n)
				continue
			}
			if absInt(nx-b.ex)+absInt(ny-b.ey) >= minEnemy && b.wallDist(nx, ny, nd) >= 2 {
				return p.trace(n, start, h)
			}
		}
	}
	return nil
}

// trace turns the search's marks into the path from start to target.
func (p *pather) trace(target, start int32, h int) []uint8 {
	for c := target; c != start; {
		nd := p.from[c]
		p.path = append(p.path, nd)
		cx, cy := engine.StepFrom(int(c)/h, int(c)%h, engine.Dir(nd).Opposite())
		c = int32(cx*h + cy)
	}
	for i, j := 0, len(p.path)-1; i < j; i, j = i+1, j-1 {
		p.path[i], p.path[j] = p.path[j], p.path[i]
	}
	return p.path
}

// rng is a small seeded random source (PCG); bots own one each, so games
// are reproducible from their seeds.
type rng struct{ pcg rand.PCG }

func (r *rng) seed(s uint64) { r.pcg.Seed(s, play.Mix(s^0x5851f42d4c957f2d)) }

// intn returns a uniform integer in [0, n).
func (r *rng) intn(n int) int {
	return int((r.pcg.Uint64() >> 32) * uint64(n) >> 32)
}
