package rl

import (
	"fmt"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
)

// guardByDefinition is Exposure{need, way} as the comments of Guard and
// Exposure define it, by scanning the whole board for the band's and the
// territory's cells (and with way, wayByDefinition's way home, its cells
// counted as band when cells).
func guardByDefinition(s *paperio.State, me, need int, way, cells bool) [3]bool {
	x, y, d := s.Head(me)
	ex, ey, _ := s.Head(1 - me)
	dist := func(ax, ay, bx, by int) int { return abs(ax-bx) + abs(ay-by) }
	var safe [3]bool
	var margin [3]int
	best, any := 0, false
	var field [][]int
	if way {
		field = homeField(s, me)
	}
	for i, a := range Actions {
		nx, ny := paperio.StepFrom(x, y, a.Turn(d))
		if !s.Inside(nx, ny) || s.BandAt(nx, ny) == me+1 {
			continue
		}
		safe[i] = true
		switch {
		case s.BandAt(nx, ny) == 2-me && (nx != ex || ny != ey), s.FieldAt(nx, ny) == me+1:
			margin[i] = maxMargin
		default:
			e, h := dist(nx, ny, ex, ey), s.Width()+s.Height()
			for cx := range s.Width() {
				for cy := range s.Height() {
					if s.BandAt(cx, cy) == me+1 {
						e = min(e, dist(cx, cy, ex, ey))
					}
					if s.FieldAt(cx, cy) == me+1 {
						h = min(h, dist(cx, cy, nx, ny))
					}
				}
			}
			if way {
				var near int
				h, near, _ = wayByDefinition(s, me, nx, ny, field)
				if cells {
					e = min(e, near)
				}
			}
			margin[i] = e - h
		}
		if !any || margin[i] > best {
			best, any = margin[i], true
		}
	}
	var ok [3]bool
	for i := range ok {
		ok[i] = safe[i] && (margin[i] >= need || margin[i] == best)
	}
	return ok
}

// wayByDefinition is the fewest moves from (nx, ny) to me's territory
// that do not cross me's band (width × height when none), read from
// homeField's dist, and the enemy's distance to the nearest cell of the
// way Exposure takes (maxMargin when there is none), and the first cell
// of the way at that distance ({-1, -1}: none).
func wayByDefinition(s *paperio.State, me, nx, ny int, dist [][]int) (h, near int, at [2]int) {
	w, ht := s.Width(), s.Height()
	if dist[nx][ny] == farAway {
		return w * ht, maxMargin, [2]int{-1, -1}
	}
	ex, ey, _ := s.Head(1 - me)
	near, at = maxMargin, [2]int{-1, -1}
	for x, y := nx, ny; dist[x][y] > 0; {
		if d := abs(x-ex) + abs(y-ey); d < near {
			near, at = d, [2]int{x, y}
		}
		for _, st := range wayOrder {
			if ax, ay := x+st[0], y+st[1]; s.Inside(ax, ay) && dist[ax][ay] == dist[x][y]-1 {
				x, y = ax, ay
				break
			}
		}
	}
	return dist[nx][ny], near, at
}

// towardByDefinition says, for each of me's safe moves, whether the
// enemy's next move straight on brings it nearer to the cell of the move's
// way home nearest to it (SplitToward's toward before it is limited to
// reach).
func towardByDefinition(s *paperio.State, me int) [3]bool {
	x, y, d := s.Head(me)
	ex, ey, ed := s.Head(1 - me)
	field := homeField(s, me)
	safe := Safe(s, me)
	var toward [3]bool
	for i, a := range Actions {
		nx, ny := paperio.StepFrom(x, y, a.Turn(d))
		if !safe[i] || s.FieldAt(nx, ny) == me+1 || s.BandAt(nx, ny) == 2-me && (nx != ex || ny != ey) {
			continue
		}
		if _, _, at := wayByDefinition(s, me, nx, ny, field); at[0] >= 0 {
			sx, sy := paperio.StepFrom(ex, ey, ed)
			toward[i] = abs(at[0]-sx)+abs(at[1]-sy) < abs(at[0]-ex)+abs(at[1]-ey)
		}
	}
	return toward
}

const farAway = 1 << 20

// wayOrder is the order of the neighbours of a cell that a way home tries.
var wayOrder = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// homeField is every cell's fewest moves to me's territory that do not
// cross me's band (farAway when there is no way), by relaxation: sweeps
// over the board, forth and back, until nothing changes.
func homeField(s *paperio.State, me int) [][]int {
	w, ht := s.Width(), s.Height()
	dist := make([][]int, w)
	for x := range dist {
		dist[x] = make([]int, ht)
		for y := range dist[x] {
			dist[x][y] = farAway
			if s.FieldAt(x, y) == me+1 {
				dist[x][y] = 0
			}
		}
	}
	for changed, back := true, false; changed; back = !back {
		changed = false
		for i := range w * ht {
			if back {
				i = w*ht - 1 - i
			}
			x, y := i/ht, i%ht
			if s.BandAt(x, y) == me+1 || dist[x][y] == 0 {
				continue
			}
			for _, st := range wayOrder {
				if ax, ay := x+st[0], y+st[1]; s.Inside(ax, ay) && dist[ax][ay]+1 < dist[x][y] {
					dist[x][y], changed = dist[ax][ay]+1, true
				}
			}
		}
	}
	return dist
}

// TestGuardMatchesDefinition: the exposure mask is its definition in every
// state of games on boards of many sizes, for both players; and it does
// mask moves that Safe allows, in states where some move is safe from
// exposure and in states where none is. So is GuardMargin with a margin of
// 3, which masks more moves in some states, and Exposure with the way home
// as well, which masks more than that in some; and Split takes that rule
// apart into the moves the way's length alone allows and those its cells
// forbid, the latter not empty in some states; and SplitToward marks
// those of the latter whose way's cell nearest to the enemy lies ahead of
// it, some of them and not all.
func TestGuardMatchesDefinition(t *testing.T) {
	var n, masked, cornered, stricter, wayStricter, reached, headed, unheaded int
	states(t, 60, func(s *paperio.State) {
		if s.Over() {
			return
		}
		for me := range 2 {
			got, want := Guard(s, me), guardByDefinition(s, me, 1, false, false)
			if got != want {
				x, y, d := s.Head(me)
				t.Fatalf("half-step %d, player %d at (%d, %d) facing %d: Guard %v, definition %v", s.HalfSteps(), me, x, y, d, got, want)
			}
			got3, want3 := GuardMargin(s, me, 3), guardByDefinition(s, me, 3, false, false)
			if got3 != want3 {
				t.Fatalf("half-step %d, player %d: GuardMargin 3 %v, definition %v", s.HalfSteps(), me, got3, want3)
			} else if got3 != got {
				stricter++
			}
			gotW, wantW := (Exposure{Margin: 3, Way: true}).Allow(s, me), guardByDefinition(s, me, 3, true, true)
			if gotW != wantW {
				t.Fatalf("half-step %d, player %d: Exposure{3, way} %v, definition %v", s.HalfSteps(), me, gotW, wantW)
			} else if gotW != got3 {
				wayStricter++
			}
			allow, reach := Exposure{Margin: 3, Way: true}.Split(s, me)
			loose := guardByDefinition(s, me, 3, true, false)
			for i := range allow {
				if allow[i] != (wantW[i] || loose[i]) || reach[i] != (allow[i] && !wantW[i]) {
					t.Fatalf("half-step %d, player %d: Split %v %v; the way's length alone allows %v, the rule %v", s.HalfSteps(), me, allow, reach, loose, wantW)
				}
			}
			if reach != [3]bool{} {
				reached++
			}
			allowT, reachT, toward := Exposure{Margin: 3, Way: true}.SplitToward(s, me)
			def := towardByDefinition(s, me)
			for i := range toward {
				if allowT != allow || reachT != reach || toward[i] != (reach[i] && def[i]) {
					t.Fatalf("half-step %d, player %d: SplitToward %v %v %v; Split %v %v, the enemy heads for the way's nearest cell %v",
						s.HalfSteps(), me, allowT, reachT, toward, allow, reach, def)
				}
			}
			if toward != [3]bool{} {
				headed++
			}
			if toward != reach {
				unheaded++
			}
			n++
			if got != Safe(s, me) {
				masked++
				if margins := guardMargins(s, me); max(margins[0], margins[1], margins[2]) < 1 {
					cornered++
				}
			}
		}
	})
	if masked == 0 || cornered == 0 || masked == cornered || stricter == 0 || wayStricter == 0 || reached == 0 || headed == 0 || unheaded == 0 {
		t.Fatalf("%d states: %d masked a safe move, %d with no move out of reach, %d masked more at margin 3, %d otherwise with the way home, %d only for the way's cells, %d of those with the enemy heading for the way, %d with a move it does not head for: want some of each kind",
			n, masked, cornered, stricter, wayStricter, reached, headed, unheaded)
	}
	t.Logf("%d states: %d masked a safe move, %d of them with no move out of reach", n, masked, cornered)
}

// guardMargins are the margins of the safe moves (minMargin for the
// others).
func guardMargins(s *paperio.State, me int) [3]int {
	m := [3]int{minMargin, minMargin, minMargin}
	x, y, d := s.Head(me)
	safe := Safe(s, me)
	for i, a := range Actions {
		if safe[i] {
			nx, ny := paperio.StepFrom(x, y, a.Turn(d))
			m[i], _, _ = moveMargin(s, me, nx, ny, nil)
		}
	}
	return m
}

// TestPolicyPlaysGuard: a policy whose meta asks for mask_exposure takes,
// in every state of games between wanderer and heuristic (either side),
// the move of the highest logit among those Guard allows; in some of them
// that is not the move the same network takes without the mask. So do
// policies with exposure_margin 3, and with exposure_way as well, each
// taking another move than the one before in some states; and one with
// exposure_way_soft, which takes the highest logit among the moves
// Exposure.Split allows, those the way's cells forbid lowered, another move
// than the hard rule's in some states; and one with exposure_way_toward as
// well, which lowers those whose cell lies ahead of the enemy by that
// instead (and, at a soft penalty of 0, those alone), another move than
// without it in some states.
func TestPolicyPlaysGuard(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 30, MaxTurns: 300}
	const meta = `{"towers": [{"view": "crop11", "conv": [{"out": 8, "k": 3, "pad": 1}]}], "hidden": [16]%s}`
	guarded, err := LoadPolicy(writePolicy(t, fmt.Sprintf(meta, `, "mask_exposure": true`), c, 5))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := LoadPolicy(writePolicy(t, fmt.Sprintf(meta, ""), c, 5))
	if err != nil {
		t.Fatal(err)
	}
	wide, err := LoadPolicy(writePolicy(t, fmt.Sprintf(meta, `, "mask_exposure": true, "exposure_margin": 3`), c, 5))
	if err != nil {
		t.Fatal(err)
	}
	way, err := LoadPolicy(writePolicy(t, fmt.Sprintf(meta, `, "mask_exposure": true, "exposure_margin": 3, "exposure_way": true`), c, 5))
	if err != nil {
		t.Fatal(err)
	}
	soft, err := LoadPolicy(writePolicy(t, fmt.Sprintf(meta, `, "mask_exposure": true, "exposure_margin": 3, "exposure_way": true, "exposure_way_soft": 0.25`), c, 5))
	if err != nil {
		t.Fatal(err)
	}
	toward, err := LoadPolicy(writePolicy(t, fmt.Sprintf(meta, `, "mask_exposure": true, "exposure_margin": 3, "exposure_way": true, "exposure_way_soft": 0, "exposure_way_toward": 1000`), c, 5))
	if err != nil {
		t.Fatal(err)
	}
	var moves, changed, widened, wayed, softened, headed int
	for seed := range int64(12) {
		side := int(seed & 1)
		pl, bare, w3, ww, ws, wt := guarded.NewPlayer(), plain.NewPlayer(), wide.NewPlayer(), way.NewPlayer(), soft.NewPlayer(), toward.NewPlayer()
		var p [2]bots.Bot
		p[side], _ = bots.Make("wanderer")
		p[1-side], _ = bots.Make("heuristic")
		st, err := paperio.RandomStarts(c, seed)
		if err != nil {
			t.Fatal(err)
		}
		s, err := paperio.NewGame(c, st)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p {
			p[i].Reset(s, i, uint64(seed)*2+uint64(i), play.Clock{})
		}
		pl.Reset(s, side, 0, play.Clock{})
		bare.Reset(s, side, 0, play.Clock{})
		w3.Reset(s, side, 0, play.Clock{})
		ww.Reset(s, side, 0, play.Clock{})
		ws.Reset(s, side, 0, play.Clock{})
		wt.Reset(s, side, 0, play.Clock{})
		for !s.Over() {
			if s.ToMove() == side {
				ok := Guard(s, side)
				logits, a := pl.Decide(s, side)
				if want := choose(logits, true, ok); a != want {
					t.Fatalf("seed %d, half-step %d: action %d, want %d (logits %v, allowed %v)", seed, s.HalfSteps(), a, want, logits, ok)
				}
				if _, b := bare.Decide(s, side); b != a {
					changed++
				}
				logits3, a3 := w3.Decide(s, side)
				if want := choose(logits3, true, GuardMargin(s, side, 3)); a3 != want {
					t.Fatalf("seed %d, half-step %d: margin 3: action %d, want %d", seed, s.HalfSteps(), a3, want)
				}
				if a3 != a {
					widened++
				}
				logitsW, aw := ww.Decide(s, side)
				if want := choose(logitsW, true, Exposure{Margin: 3, Way: true}.Allow(s, side)); aw != want {
					t.Fatalf("seed %d, half-step %d: margin 3 and the way home: action %d, want %d", seed, s.HalfSteps(), aw, want)
				}
				if aw != a3 {
					wayed++
				}
				logitsS, as := ws.Decide(s, side)
				allow, reach := Exposure{Margin: 3, Way: true}.Split(s, side)
				for i := range logitsS {
					if reach[i] {
						logitsS[i] -= 0.25
					}
				}
				if want := choose(logitsS, true, allow); as != want {
					t.Fatalf("seed %d, half-step %d: the way's cells soft: action %d, want %d", seed, s.HalfSteps(), as, want)
				}
				if as != aw {
					softened++
				}
				logitsT, at := wt.Decide(s, side)
				_, _, heads := Exposure{Margin: 3, Way: true}.SplitToward(s, side)
				plainT := logitsT
				for i := range logitsT {
					if heads[i] {
						logitsT[i] -= 1000
					}
				}
				if want := choose(logitsT, true, allow); at != want {
					t.Fatalf("seed %d, half-step %d: the way's cells ahead of the enemy alone: action %d, want %d", seed, s.HalfSteps(), at, want)
				}
				if at != choose(plainT, true, allow) {
					headed++
				}
				moves++
			}
			s.Step(p[s.ToMove()].Act(s, play.Clock{}))
		}
	}
	if changed == 0 || widened == 0 || wayed == 0 || softened == 0 || headed == 0 {
		t.Fatalf("%d moves: the mask changed the network's move %d times, a margin of 3 the mask's %d times, the way home margin 3's %d times, its cells soft the way's %d times, a larger penalty ahead of the enemy the soft one's %d times",
			moves, changed, widened, wayed, softened, headed)
	}
	t.Logf("%d moves, %d changed by the mask, %d more by a margin of 3, %d more by the way home, %d by its cells soft, %d by the cells ahead of the enemy alone",
		moves, changed, widened, wayed, softened, headed)
}

// TestWayWindow: the way home found in a window around the head (and in a
// larger one when a target is too far, up to the whole board) is the way
// found searching the whole board, for every target of every state of bot
// games, and some states needed a larger window or the whole board.
func TestWayWindow(t *testing.T) {
	var n, grown, whole int
	var win, board wayFinder
	states(t, 60, func(s *paperio.State) {
		if s.Over() {
			return
		}
		for me := range 2 {
			safe := Safe(s, me)
			if s.Area(me) == 0 || safe == [3]bool{} {
				continue
			}
			win.search(s, me, safe)
			x, y, d := s.Head(me)
			var targets [][2]int
			for i, a := range Actions {
				if safe[i] {
					nx, ny := paperio.StepFrom(x, y, a.Turn(d))
					targets = append(targets, [2]int{nx, ny})
				}
			}
			board.fill(s, me, 0, 0, s.Width(), s.Height(), targets)
			ex, ey, _ := s.Head(1 - me)
			for _, c := range targets {
				h, near, at := win.way(s, c[0], c[1], ex, ey)
				h0, near0, at0 := board.way(s, c[0], c[1], ex, ey)
				if h != h0 || near != near0 || at != at0 {
					t.Fatalf("half-step %d, player %d, move to (%d, %d): in the window %dx%d at (%d, %d) the way is %d, %d, %d; on the board %d, %d, %d",
						s.HalfSteps(), me, c[0], c[1], win.ww, win.wh, win.x0, win.y0, h, near, at, h0, near0, at0)
				}
			}
			n++
			r0 := windowSlack + max(FindHome(s, me, 0).R, 0)
			if win.ww > 2*r0+1 || win.wh > 2*r0+1 {
				grown++
			}
			if win.ww == s.Width() && win.wh == s.Height() && (2*r0+1 < s.Width() || 2*r0+1 < s.Height()) {
				whole++
			}
		}
	})
	if n == 0 || grown == 0 || whole == 0 {
		t.Fatalf("%d states: a larger window in %d, the whole board in %d", n, grown, whole)
	}
	t.Logf("%d states: a larger window in %d, the whole board in %d", n, grown, whole)
}
