package bots

import (
	"math"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

func init() {
	registerBuiltin(botspec.Info{
		Name: "cutter",
		Summary: "the course-style hunter's play (examples/bots/python/course/hunter.py) in Go: safe rectangular loops from home, " +
			"each promised out of the enemy's reach, and a band cut wherever it gets there before the enemy gets home; " +
			"with steal=5,kill=50 it plays as bandit.py",
		Params: []botspec.Param{
			{Name: "steal", Default: 3, Min: 0, Max: 100, Doc: "worth of an enemy cell a loop takes, a free cell being 1"},
			{Name: "kill", Default: 30, Min: 1, Max: 400, Int: true, Doc: "how far, in steps, it looks for a certain kill"},
			{Name: "hunt", Default: 1, Min: 0, Max: 1, Int: true, Doc: "1: heads for the enemy's band, staying safe, when no kill is certain"},
			{Name: "pace", Default: 0.8, Min: 0, Max: 4, Doc: "a loop scores its worth over its moves to this power"},
			{Name: "rush", Default: 0.25, Min: 0, Max: 1, Doc: "how fast the enemy is assumed to come at a loop being chosen, in steps a move"},
		},
	}, func(p map[string]float64) Bot {
		return &cutter{steal: p["steal"], kill: int(p["kill"]), hunt: p["hunt"] > 0, pace: p["pace"], rush: p["rush"]}
	})
}

// cutter plays as the course-style hunter does, move for move where the
// think time is ample (hunter thinks less when its clock runs short; the
// cutter never does). Its loops are rectangles from home scored by what the
// box they span is worth over their moves; a loop is chosen only when the
// enemy's head is further from every cell of its band than the loop needs
// to get home, and kept only while that holds.
type cutter struct {
	steal, pace, rush float64
	kill              int
	hunt              bool

	s       *paperio.State
	me, en  int // player indices
	mid     int // my id on the board (me+1)
	eid     int // the enemy's
	mx, my  int // my head
	md      paperio.Dir
	ex, ey  int // the enemy's head
	ed      paperio.Dir
	plan    []int32 // the cells to step on, ending on my territory
	pre     []float64
	parent  []int32
	stamp   []uint32
	gen     uint32
	queue   []int32
	pathBuf []int32
	steps   []int
	arena   []int32 // the paths found this move (bfs), reused move after move
	cells   []int32 // scratch: the loop being tried
	best    []int32 // scratch: the best loop so far
	way     []int32 // scratch: a step and the way home after it
}

// Shapes of the loops tried: how far out, how wide, and how much longer
// the way back may be than the way out.
var (
	cutLegs   = [...]int{2, 3, 5, 7, 9, 12, 15, 19, 24, 30, 36}
	cutWidths = [...]int{1, 2, 4, 6, 8, 11, 14, 18, 23, 29, 36}
)

const (
	cutBack       = 8
	cutMarginPlan = 2 // spare enemy steps when a loop is chosen
	cutMarginRun  = 1 // ... and on every move out of territory
	cutFar        = 1 << 20
)

func (b *cutter) Reset(s *paperio.State, me int, _ uint64, _ play.Clock) {
	b.me, b.en = me, 1-me
	b.mid, b.eid = me+1, 2-me
	b.plan = b.plan[:0]
	// Boards of one size share the buffers; a board of the same cell count
	// but another shape needs other prefix sums.
	n, np := s.Width()*s.Height(), (s.Width()+1)*(s.Height()+1)
	if len(b.stamp) != n || len(b.pre) != np {
		b.parent, b.stamp, b.gen = make([]int32, n), make([]uint32, n), 0
		b.pre = make([]float64, np)
	}
}

func (b *cutter) Act(s *paperio.State, _ play.Clock) paperio.Action {
	b.s = s
	b.arena = b.arena[:0]
	b.mx, b.my, b.md = s.Head(b.me)
	b.ex, b.ey, b.ed = s.Head(b.en)
	return actionTo(b.md, b.choose())
}

func (b *cutter) cell(x, y int) int32 { return int32(b.s.Index(x, y)) }
func (b *cutter) xy(c int32) (int, int) {
	return b.s.XY(int(c))
}
func (b *cutter) mine(x, y int) bool { return b.s.FieldAt(x, y) == b.mid }
func (b *cutter) enemyDist(x, y int) int {
	return absInt(x-b.ex) + absInt(y-b.ey)
}

func (b *cutter) choose() paperio.Dir {
	s := b.s
	var buf, safeBuf [3]paperio.Dir
	moves := buf[:0]
	for _, d := range ahead(b.md) {
		x, y := paperio.StepFrom(b.mx, b.my, d)
		if s.Inside(x, y) && s.BandAt(x, y) != b.mid {
			moves = append(moves, d)
		}
	}
	if len(moves) == 0 {
		return b.md // walled in: every move loses
	}
	for _, d := range moves {
		if b.wins(d) {
			return d
		}
	}
	safe := safeBuf[:0]
	for _, d := range moves {
		if !b.nearHead(d) {
			safe = append(safe, d)
		}
	}
	if len(safe) > 0 {
		moves = safe
	}
	if path := b.killPath(); path != nil {
		b.plan = b.plan[:0]
		return b.toward(path[0])
	}
	home := b.mine(b.mx, b.my)
	plan := b.checkPlan(b.plan)
	if plan == nil {
		if home {
			plan = b.makePlan()
		} else {
			plan = b.pathHome()
		}
	}
	if plan == nil {
		b.plan = b.plan[:0]
		return b.stay(moves)
	}
	b.plan = append(b.plan[:0], plan...) // plan may lie in b.plan: read it anew
	plan = b.plan
	d := b.toward(plan[0])
	for _, m := range moves {
		if m == d {
			return d
		}
	}
	return moves[0]
}

// wins reports whether moving d wins at once: onto the enemy's band, or
// onto its head where the rules give the win to the mover.
func (b *cutter) wins(d paperio.Dir) bool {
	x, y := paperio.StepFrom(b.mx, b.my, d)
	if x == b.ex && y == b.ey {
		f := b.s.FieldAt(x, y)
		return f == b.mid || (f != b.eid && d.Horizontal() != b.ed.Horizontal())
	}
	return b.s.BandAt(x, y) == b.eid
}

// nearHead reports whether moving d meets the enemy's head where the rules
// do not give the mover the win, or puts the head off territory next to it.
func (b *cutter) nearHead(d paperio.Dir) bool {
	x, y := paperio.StepFrom(b.mx, b.my, d)
	lim := 1
	if b.mine(x, y) {
		lim = 0
	}
	return b.enemyDist(x, y) <= lim
}

func (b *cutter) toward(c int32) paperio.Dir {
	x, y := b.xy(c)
	for d := paperio.East; d <= paperio.North; d++ {
		if nx, ny := paperio.StepFrom(b.mx, b.my, d); nx == x && ny == y {
			return d
		}
	}
	return b.md
}

// exposed is the smallest enemy distance to a cell of my band, now or laid
// along path (cells on my territory are not band).
func (b *cutter) exposed(path []int32) int {
	best := cutFar
	for _, c := range b.s.Band(b.me) {
		best = min(best, b.enemyDist(b.xy(c)))
	}
	for _, c := range path {
		if x, y := b.xy(c); !b.mine(x, y) {
			best = min(best, b.enemyDist(x, y))
		}
	}
	return best
}

// checkPlan is plan cut where it now closes, or nil when it no longer leads
// home safely.
func (b *cutter) checkPlan(plan []int32) []int32 {
	s := b.s
	if len(plan) > 0 && plan[0] == b.cell(b.mx, b.my) {
		plan = plan[1:]
	}
	if len(plan) == 0 {
		return nil
	}
	if x, y := b.xy(plan[0]); absInt(x-b.mx)+absInt(y-b.my) != 1 {
		return nil
	}
	out := !b.mine(b.mx, b.my)
	closed := false
	for i, c := range plan {
		x, y := b.xy(c)
		if s.BandAt(x, y) == b.mid {
			return nil
		}
		if b.mine(x, y) {
			if out {
				plan, closed = plan[:i+1], true
				break
			}
		} else {
			out = true
		}
	}
	if !closed || len(plan) > s.TurnsLeft(b.me) {
		return nil
	}
	if b.exposed(plan) >= len(plan)+cutMarginRun {
		return plan
	}
	// The whole loop is no longer out of the enemy's reach: one more move
	// along it is still fine if the way home from there is.
	if b.safeStep(plan[0], cutMarginRun) {
		return plan
	}
	return nil
}

// safeStep reports whether, after stepping onto c, the way home from there
// keeps the band margin steps out of the enemy's reach.
func (b *cutter) safeStep(c int32, margin int) bool {
	home := b.pathHomeFrom(c, b.exposed([]int32{c}))
	if home == nil {
		return false
	}
	b.way = append(append(b.way[:0], c), home...)
	return b.exposed(b.way) >= len(home)+1+margin
}

// prefix fills b.pre with prefix sums of what each cell is worth taking:
// mine 0, free 1, the enemy's steal; pre[(x+1)*(h+1)+y+1] sums the box
// from (0, 0) to (x, y).
func (b *cutter) prefix() {
	s := b.s
	w, h := s.Width(), s.Height()
	worth := [3]float64{1, 1, 1}
	worth[b.mid], worth[b.eid] = 0, b.steal
	f := s.Fields()
	for x := 0; x < w; x++ {
		run := 0.0
		for y := 0; y < h; y++ {
			run += worth[f[x*h+y]]
			b.pre[(x+1)*(h+1)+y+1] = b.pre[x*(h+1)+y+1] + run
		}
	}
}

// makePlan is the best safe rectangular loop from home, as the cells to
// step on.
func (b *cutter) makePlan() []int32 {
	b.prefix()
	left := b.s.TurnsLeft(b.me)
	best, cells := b.best[:0], b.cells
	found, bestScore := false, 0.0
	for _, d1 := range ahead(b.md) {
		for _, turn := range [2]paperio.Dir{1, 3} {
			d2 := (d1 + turn) & 3
			d3 := (d2 + turn) & 3
			for _, a := range cutLegs {
				for _, w := range cutWidths {
					var ok bool
					cells, ok = b.walk(cells[:0], [3]paperio.Dir{d1, d2, d3}, [3]int{a, w, a + cutBack})
					if !ok || len(cells) > left {
						continue
					}
					score := b.worth(cells) / math.Pow(float64(len(cells)), b.pace)
					if score > bestScore && float64(b.exposed(cells)) >= b.risk(cells, d1)+cutMarginPlan {
						best, bestScore, found = append(best[:0], cells...), score, true
					}
				}
			}
		}
	}
	b.best, b.cells = best, cells
	if !found {
		return nil
	}
	return best
}

// risk is the enemy distance a loop needs when chosen: at each of its
// moves, the way the enemy has come by then (rush a move: it seldom heads
// straight at us) plus the way home from there, which is the rest of the
// loop or, cut short, about as far as the loop is out (and two to turn).
func (b *cutter) risk(cells []int32, d1 paperio.Dir) float64 {
	exited := false
	var x0, y0 int
	need := 0.0
	for j, c := range cells {
		x, y := b.xy(c)
		if !exited {
			if b.mine(x, y) {
				continue
			}
			exited, x0, y0 = true, x, y
		}
		depth := absInt((x-x0)*d1.DX()+(y-y0)*d1.DY()) + 2
		need = math.Max(need, b.rush*float64(j+1)+float64(min(len(cells)-j-1, depth)))
	}
	return need
}

// walk appends to cells those of a loop of three legs from the head, up
// to where it closes on my territory; false if it runs off the board, into
// my band, or does not close.
func (b *cutter) walk(cells []int32, dirs [3]paperio.Dir, lens [3]int) ([]int32, bool) {
	s := b.s
	x, y := b.mx, b.my
	out := false
	for i, d := range dirs {
		for range lens[i] {
			x, y = paperio.StepFrom(x, y, d)
			if !s.Inside(x, y) {
				return cells, false
			}
			cells = append(cells, b.cell(x, y))
			switch {
			case b.mine(x, y):
				if out {
					return cells, true
				}
			case s.BandAt(x, y) == b.mid:
				return cells, false
			default:
				out = true
			}
		}
	}
	return cells, false
}

// worth is what the box of the loop's cells off my territory is worth.
func (b *cutter) worth(cells []int32) float64 {
	x0, y0, x1, y1 := math.MaxInt, math.MaxInt, -1, -1
	for _, c := range cells {
		x, y := b.xy(c)
		if b.mine(x, y) {
			continue
		}
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	h1 := b.s.Height() + 1
	x1, y1 = x1+1, y1+1
	return b.pre[x1*h1+y1] - b.pre[x0*h1+y1] - b.pre[x1*h1+y0] + b.pre[x0*h1+y0]
}

// bfs searches breadth-first from (x, y), its first step along the three
// directions a head going d may take, never onto a cell blocked rejects;
// the path to the first cell goal accepts within limit steps, or nil.
func (b *cutter) bfs(x, y int, d paperio.Dir, blocked, goal func(x, y int) bool, limit int) []int32 {
	s := b.s
	if b.gen++; b.gen == 0 { // wrapped: old stamps could pass for this search's
		clear(b.stamp)
		b.gen = 1
	}
	start := b.cell(x, y)
	b.stamp[start] = b.gen
	q := b.queue[:0]
	steps := b.steps[:0]
	for _, nd := range ahead(d) {
		nx, ny := paperio.StepFrom(x, y, nd)
		if !s.Inside(nx, ny) || blocked(nx, ny) {
			continue
		}
		c := b.cell(nx, ny)
		if b.stamp[c] == b.gen {
			continue
		}
		b.stamp[c], b.parent[c] = b.gen, start
		q = append(q, c)
		steps = append(steps, 1)
	}
	for i := 0; i < len(q); i++ {
		c, n := q[i], steps[i]
		cx, cy := b.xy(c)
		if goal(cx, cy) {
			path := b.pathBuf[:0]
			for c != start {
				path = append(path, c)
				c = b.parent[c]
			}
			at := len(b.arena)
			for j := len(path) - 1; j >= 0; j-- {
				b.arena = append(b.arena, path[j])
			}
			out := b.arena[at:len(b.arena):len(b.arena)]
			b.queue, b.pathBuf, b.steps = q, path, steps
			return out
		}
		if n >= limit {
			continue
		}
		for nd := paperio.East; nd <= paperio.North; nd++ {
			nx, ny := paperio.StepFrom(cx, cy, nd)
			if !s.Inside(nx, ny) {
				continue
			}
			nc := b.cell(nx, ny)
			if b.stamp[nc] == b.gen || blocked(nx, ny) {
				continue
			}
			b.stamp[nc], b.parent[nc] = b.gen, c
			q = append(q, nc)
			steps = append(steps, n+1)
		}
	}
	b.queue, b.steps = q, steps
	return nil
}

func (b *cutter) myBand(x, y int) bool    { return b.s.BandAt(x, y) == b.mid }
func (b *cutter) enemyBand(x, y int) bool { return b.s.BandAt(x, y) == b.eid }

func (b *cutter) pathHome() []int32 {
	return b.bfs(b.mx, b.my, b.md, b.myBand, b.mine, b.s.Width()+b.s.Height())
}

// pathHomeFrom is the way home after stepping onto c (my band then on the
// cell I leave), if it is shorter than limit.
func (b *cutter) pathHomeFrom(c int32, limit int) []int32 {
	x, y := b.xy(c)
	homeNow := b.mine(b.mx, b.my)
	blocked := func(nx, ny int) bool {
		return b.myBand(nx, ny) || (nx == b.mx && ny == b.my && !homeNow)
	}
	return b.bfs(x, y, b.toward(c), blocked, b.mine, limit)
}

// enemyHome is how many moves the enemy needs to close its band at best,
// counted up to kill.
func (b *cutter) enemyHome() int {
	theirs := func(x, y int) bool { return b.s.FieldAt(x, y) == b.eid }
	path := b.bfs(b.ex, b.ey, b.ed, b.enemyBand, theirs, b.kill)
	if path == nil {
		return cutFar
	}
	return len(path)
}

// killPath is a way onto the enemy's band that gets there no later than
// the enemy can close it, and keeps my band out of its reach meanwhile.
func (b *cutter) killPath() []int32 {
	eband := b.s.Band(b.en)
	if len(eband) == 0 {
		return nil
	}
	near := cutFar
	for _, c := range eband {
		x, y := b.xy(c)
		near = min(near, absInt(x-b.mx)+absInt(y-b.my))
	}
	if near > b.kill {
		return nil
	}
	limit := min(b.enemyHome(), b.kill)
	if near > limit {
		return b.hunting(near)
	}
	path := b.bfs(b.mx, b.my, b.md, b.myBand, b.enemyBand, limit)
	if path == nil {
		return b.hunting(near)
	}
	if b.exposed(path[:len(path)-1]) < len(path) {
		return nil
	}
	return path
}

// hunting is the way toward the enemy's band (near cells off as the crow
// flies; a few more on the way) while the first step stays on my territory
// or safe off it: the enemy must go home early.
func (b *cutter) hunting(near int) []int32 {
	if !b.hunt {
		return nil
	}
	path := b.bfs(b.mx, b.my, b.md, b.myBand, b.enemyBand, near+4)
	if path == nil {
		return nil
	}
	if x, y := b.xy(path[0]); b.mine(x, y) || b.safeStep(path[0], cutMarginPlan) {
		return path
	}
	return nil
}

// stay keeps on my territory when no loop is safe: straight on if it can,
// else the move that keeps furthest from the enemy.
func (b *cutter) stay(moves []paperio.Dir) paperio.Dir {
	var buf [3]paperio.Dir
	home := buf[:0]
	for _, d := range moves {
		if b.mine(paperio.StepFrom(b.mx, b.my, d)) {
			home = append(home, d)
		}
	}
	if len(home) > 0 {
		if home[0] == b.md {
			x, y := paperio.StepFrom(b.mx, b.my, b.md)
			if x, y = paperio.StepFrom(x, y, b.md); b.s.Inside(x, y) && b.mine(x, y) {
				return b.md
			}
		}
		moves = home
	}
	best, far := moves[0], -1
	for _, d := range moves {
		if e := b.enemyDist(paperio.StepFrom(b.mx, b.my, d)); e > far {
			best, far = d, e
		}
	}
	return best
}
