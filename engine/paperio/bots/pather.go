package bots

import "github.com/paperio/paperio/engine/paperio"

// pather finds shortest paths on the board with a breadth-first search,
// reusing its memory from search to search.
type pather struct {
	mark  []uint32
	epoch uint32
	from  []uint8 // direction of the step that reached a cell
	queue []spot  // cells reached and not yet expanded, in order
	path  []uint8 // the last path found, as directions
}

// spot is a cell of the search by its coordinates, which spares a division
// per cell.
type spot struct{ x, y int32 }

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
func (p *pather) home(b *board, x, y int, d paperio.Dir) []uint8 {
	h := b.h
	p.begin(b.w * h)
	p.path = p.path[:0]
	start := int32(x*h + y)
	if b.inside(x, y) {
		p.mark[start] = p.epoch
	}
	target := int32(-1)
	for _, nd := range ahead(d) {
		nx, ny := paperio.StepFrom(x, y, nd)
		if !b.ok(nx, ny) {
			continue
		}
		c := int32(nx*h + ny)
		p.mark[c], p.from[c] = p.epoch, uint8(nd)
		if b.field[c] == b.own {
			target = c
			break
		}
		p.queue = append(p.queue, spot{int32(nx), int32(ny)})
	}
	for q := 0; target < 0 && q < len(p.queue); q++ {
		cx, cy := int(p.queue[q].x), int(p.queue[q].y)
		for nd := paperio.East; nd <= paperio.North; nd++ {
			nx, ny := paperio.StepFrom(cx, cy, nd)
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
			p.queue = append(p.queue, spot{int32(nx), int32(ny)})
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
func (p *pather) frontier(b *board, x, y int, d paperio.Dir, minEnemy, limit int) []uint8 {
	h := b.h
	p.begin(b.w * h)
	p.path = p.path[:0]
	start := int32(x*h + y)
	p.mark[start] = p.epoch
	p.queue = append(p.queue, spot{int32(x), int32(y)})
	for q := 0; q < len(p.queue) && q < limit; q++ {
		cx, cy := int(p.queue[q].x), int(p.queue[q].y)
		for nd := paperio.East; nd <= paperio.North; nd++ {
			if q == 0 && nd == d.Opposite() {
				continue // no turning back on the first step
			}
			nx, ny := paperio.StepFrom(cx, cy, nd)
			if uint(nx) >= uint(b.w) || uint(ny) >= uint(h) {
				continue
			}
			n := int32(nx*h + ny)
			if p.mark[n] == p.epoch || b.bands[n] == b.own {
				continue
			}
			p.mark[n], p.from[n] = p.epoch, uint8(nd)
			if b.field[n] == b.own {
				p.queue = append(p.queue, spot{int32(nx), int32(ny)})
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
		nd := paperio.Dir(p.from[c])
		p.path = append(p.path, uint8(nd))
		c -= int32(nd.DX()*h + nd.DY()) // one step back
	}
	for i, j := 0, len(p.path)-1; i < j; i, j = i+1, j-1 {
		p.path[i], p.path[j] = p.path[j], p.path[i]
	}
	return p.path
}
