package paperio

import (
	"fmt"
	"strings"
)

// This file holds the test oracle: refGame is a slow, literal reading of
// RULES.md that shares no code with the engine. It keeps the grids as
// [x][y] arrays, checks "has a band" by scanning the grid, and encloses with
// a full-board flood fill from the board's edge (Enclosing, step 2, word for
// word). Tests step a State and a refGame side by side and compare them after
// every half-step.

// refDX and refDY are the steps of directions 0 east, 1 south, 2 west, 3 north.
var (
	refDX = [4]int{1, 0, -1, 0}
	refDY = [4]int{0, 1, 0, -1}
)

type refPlayer struct {
	x, y, dir              int
	minX, minY, maxX, maxY int // bounding box of the cells stood on
	moves                  int // half-steps played (turnleft = max_turns - moves)
}

type refGame struct {
	w, h, maxTurns int
	field, band    [][]int // [x][y]: 0 none, 1 or 2 (player id)
	p              [2]refPlayer
	steps          int
	over           bool
	res            Result
	enclosures     int // enclosures done (for test statistics)
	taken          int // cells taken by step 2 of enclosing (statistics)
}

func newRef(c Config, st [2]Start) *refGame {
	g := &refGame{w: c.Width, h: c.Height, maxTurns: c.MaxTurns}
	g.field = make([][]int, g.w)
	g.band = make([][]int, g.w)
	for x := range g.field {
		g.field[x] = make([]int, g.h)
		g.band[x] = make([]int, g.h)
	}
	for i, s := range st {
		g.p[i] = refPlayer{x: s.X, y: s.Y, dir: int(s.Dir), minX: s.X - 1, minY: s.Y - 1, maxX: s.X + 1, maxY: s.Y + 1}
		// The 3x3 start square, clipped; player 2 paints last.
		for x := s.X - 1; x <= s.X+1; x++ {
			for y := s.Y - 1; y <= s.Y+1; y++ {
				if g.on(x, y) {
					g.field[x][y] = i + 1
				}
			}
		}
		pl := &g.p[i]
		pl.minX, pl.minY = max(pl.minX, 0), max(pl.minY, 0)
		pl.maxX, pl.maxY = min(pl.maxX, g.w-1), min(pl.maxY, g.h-1)
	}
	return g
}

func (g *refGame) on(x, y int) bool { return 0 <= x && x < g.w && 0 <= y && y < g.h }

func (g *refGame) endWith(winner int, r Reason, extra int) {
	g.over = true
	g.res = Result{Winner: Winner(winner), Reason: r, Extra: extra}
}

// endOnScores ends the game on the territory counts (FAC and END).
func (g *refGame) endOnScores(r Reason) {
	var sc [2]int
	for x := range g.field {
		for _, v := range g.field[x] {
			if v != 0 {
				sc[v-1]++
			}
		}
	}
	w := Draw
	if sc[0] > sc[1] {
		w = 0
	} else if sc[1] > sc[0] {
		w = 1
	}
	g.over = true
	g.res = Result{Winner: w, Reason: r, Extra: -1, Scores: sc}
}

// step plays one half-step of the player to move.
func (g *refGame) step(a Action) {
	if g.over {
		return
	}
	p := g.steps % 2
	e := 1 - p
	P, E := p+1, e+1
	me, en := &g.p[p], &g.p[e]
	switch a {
	case 'L':
		me.dir = (me.dir + 3) % 4
	case 'R':
		me.dir = (me.dir + 1) % 4
	}
	me.moves++
	g.steps++
	x, y := me.x+refDX[me.dir], me.y+refDY[me.dir]
	me.x, me.y = x, y
	switch {
	case !g.on(x, y): // 1. wall
		g.endWith(e, WAL, -1)
	default:
		// 2. bounding box
		me.minX, me.maxX = min(me.minX, x), max(me.maxX, x)
		me.minY, me.maxY = min(me.minY, y), max(me.maxY, y)
		switch {
		case en.x == x && en.y == y: // 3. meeting the enemy head
			if g.field[x][y] == P {
				g.enclose(P)
				g.endWith(p, CIT, 1)
				break
			}
			g.band[x][y] = P
			switch {
			case g.field[x][y] == E:
				g.endWith(e, CIT, 0)
			case me.dir%2 != en.dir%2:
				g.endWith(p, SID, -1)
			default:
				g.endOnScores(FAC)
			}
		case g.band[x][y] != 0: // 4. hitting a band
			owner := g.band[x][y]
			g.ordinary(P, x, y)
			g.endWith(2-owner, TAP, p)
		default: // 5. ordinary move
			g.ordinary(P, x, y)
		}
	}
	if !g.over && g.steps == 2*g.maxTurns {
		g.endOnScores(END)
	}
}

// ordinary is rule 5 for player id P on (x, y).
func (g *refGame) ordinary(P, x, y int) {
	if g.field[x][y] != P {
		g.band[x][y] = P
		return
	}
	hasBand := false
	for cx := range g.band {
		for _, v := range g.band[cx] {
			hasBand = hasBand || v == P
		}
	}
	if hasBand {
		g.enclose(P)
	}
}

// enclose is "Enclosing" for player id P, done the plain way.
func (g *refGame) enclose(P int) {
	g.enclosures++
	for x := range g.band {
		for y, v := range g.band[x] {
			if v == P {
				g.band[x][y] = 0
				g.field[x][y] = P
			}
		}
	}
	cut := cutOff(g.field, P)
	for x := range cut {
		for y, c := range cut[x] {
			if c {
				g.field[x][y] = P
				g.taken++
			}
		}
	}
}

// cutOff is the oracle of Enclosing step 2: it marks every cell that is not
// player P's territory and cannot reach the board's edge through 4-connected
// cells that are not P's territory. It floods from every edge cell over the
// whole board.
func cutOff(field [][]int, P int) [][]bool {
	w, h := len(field), len(field[0])
	reach := make([][]bool, w)
	for x := range reach {
		reach[x] = make([]bool, h)
	}
	var stack [][2]int
	push := func(x, y int) {
		if x < 0 || x >= w || y < 0 || y >= h || reach[x][y] || field[x][y] == P {
			return
		}
		reach[x][y] = true
		stack = append(stack, [2]int{x, y})
	}
	for x := 0; x < w; x++ {
		push(x, 0)
		push(x, h-1)
	}
	for y := 0; y < h; y++ {
		push(0, y)
		push(w-1, y)
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for d := 0; d < 4; d++ {
			push(c[0]+refDX[d], c[1]+refDY[d])
		}
	}
	cut := make([][]bool, w)
	for x := range cut {
		cut[x] = make([]bool, h)
		for y := range cut[x] {
			cut[x][y] = field[x][y] != P && !reach[x][y]
		}
	}
	return cut
}

// fieldGrid reads a State's territory grid into [x][y] form.
func fieldGrid(s *State) [][]int {
	g := make([][]int, s.Width())
	for x := range g {
		g[x] = make([]int, s.Height())
		for y := range g[x] {
			g[x][y] = s.FieldAt(x, y)
		}
	}
	return g
}

// recount counts territory and band cells of both players from the grids.
func recount(s *State) (area, band [2]int) {
	for x := 0; x < s.Width(); x++ {
		for y := 0; y < s.Height(); y++ {
			if v := s.FieldAt(x, y); v != 0 {
				area[v-1]++
			}
			if v := s.BandAt(x, y); v != 0 {
				band[v-1]++
			}
		}
	}
	return
}

// checkInvariants checks what must hold of any State: the counts equal a
// recount of the grids, the band lists hold every band cell once, and (when
// withCut is set) no cell that is not a player's territory is cut off from the
// edge by it, which the fast enclosure relies on. The last can only change
// when the territory grid does, so callers ask for it only then.
func checkInvariants(s *State, withCut bool) error {
	if err := terrMatches(s); err != nil {
		return err
	}
	area, band := recount(s)
	for i := 0; i < 2; i++ {
		if s.Area(i) != area[i] || s.BandLen(i) != band[i] {
			return fmt.Errorf("player %d: counts area %d band %d, recount area %d band %d", i+1, s.Area(i), s.BandLen(i), area[i], band[i])
		}
		seen := make([]bool, s.Width()*s.Height())
		live := 0
		for _, c := range s.Band(i) {
			if seen[c] {
				return fmt.Errorf("player %d: cell %d twice in the band list", i+1, c)
			}
			seen[c] = true
			x, y := s.XY(int(c))
			if s.Index(x, y) != int(c) {
				return fmt.Errorf("XY(%d) = (%d,%d), Index gives %d", c, x, y, s.Index(x, y))
			}
			if s.BandAt(x, y) == i+1 {
				live++
			}
		}
		if live != band[i] {
			return fmt.Errorf("player %d: band list holds %d of its %d band cells", i+1, live, band[i])
		}
	}
	if !withCut {
		return nil
	}
	field := fieldGrid(s)
	for P := 1; P <= 2; P++ {
		cut := cutOff(field, P)
		for x := range cut {
			for y, c := range cut[x] {
				if c {
					return fmt.Errorf("cell (%d,%d) is cut off from the edge by player %d's territory", x, y, P)
				}
			}
		}
	}
	return nil
}

// compareRef reports the first difference between the engine and the oracle.
func compareRef(s *State, g *refGame) error {
	if s.HalfSteps() != g.steps {
		return fmt.Errorf("half-steps %d, oracle %d", s.HalfSteps(), g.steps)
	}
	if s.Over() != g.over {
		return fmt.Errorf("over %v, oracle %v (%+v)", s.Over(), g.over, g.res)
	}
	if g.over && s.Result() != g.res {
		return fmt.Errorf("result %+v, oracle %+v", s.Result(), g.res)
	}
	if s.ToMove() != g.steps%2 {
		return fmt.Errorf("to move %d, oracle %d", s.ToMove(), g.steps%2)
	}
	for i := 0; i < 2; i++ {
		rp := g.p[i]
		if x, y, d := s.Head(i); x != rp.x || y != rp.y || int(d) != rp.dir {
			return fmt.Errorf("player %d head (%d,%d,%d), oracle (%d,%d,%d)", i+1, x, y, d, rp.x, rp.y, rp.dir)
		}
		if b, want := s.p[i].box, (bbox{rp.minX, rp.minY, rp.maxX, rp.maxY}); b != want {
			return fmt.Errorf("player %d box %+v, oracle %+v", i+1, b, want)
		}
		if tl := s.TurnsLeft(i); tl != g.maxTurns-rp.moves {
			return fmt.Errorf("player %d turns left %d, oracle %d", i+1, tl, g.maxTurns-rp.moves)
		}
	}
	for x := 0; x < g.w; x++ {
		for y := 0; y < g.h; y++ {
			if f := s.FieldAt(x, y); f != g.field[x][y] {
				return fmt.Errorf("territory at (%d,%d) is %d, oracle %d", x, y, f, g.field[x][y])
			}
			if b := s.BandAt(x, y); b != g.band[x][y] {
				return fmt.Errorf("band at (%d,%d) is %d, oracle %d", x, y, b, g.band[x][y])
			}
		}
	}
	return nil
}

// picture draws a State for failure messages: territory as 1 and 2, band as
// a and b, heads as A and B, empty as a dot.
func picture(s *State) string {
	var sb strings.Builder
	for y := 0; y < s.Height(); y++ {
		for x := 0; x < s.Width(); x++ {
			ch := byte('.')
			if f := s.FieldAt(x, y); f != 0 {
				ch = byte('0' + f)
			}
			if b := s.BandAt(x, y); b != 0 {
				ch = byte('a' - 1 + b)
			}
			for i := 0; i < 2; i++ {
				if hx, hy, _ := s.Head(i); hx == x && hy == y {
					ch = byte('A' + i)
				}
			}
			sb.WriteByte(ch)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// terrMatches checks the territory bits against the territory grid.
func terrMatches(s *State) error {
	for i := 0; i < 2; i++ {
		for x := 0; x < s.Width(); x++ {
			for y := 0; y < s.nw*64; y++ {
				bit := s.terr[(i*s.w+x)*s.nw+y/64]>>(y%64)&1 == 1
				if want := y < s.Height() && s.FieldAt(x, y) == i+1; bit != want {
					return fmt.Errorf("player %d: territory bit of (%d,%d) is %v, the grid says %v", i+1, x, y, bit, want)
				}
			}
		}
	}
	return nil
}
