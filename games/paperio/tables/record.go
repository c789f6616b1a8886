package tables

import (
	"math"

	"github.com/paperio/paperio/engine/paperio"
)

// Recorder builds the Turn rows of one game while it is played: Start before
// the first half-step, Step after each, Finish at the end. Its distances are
// kept up to date incrementally (a head moves one cell per half-step), so a
// row costs about the length of the bands, not the size of the board. A
// Recorder is reused game after game and allocates nothing once its buffers
// have grown to the longest game.
type Recorder struct {
	game    int64
	area    [2]int32 // areas after the latest half-step
	home    [2]home  // distance from head i to its own territory
	band    [2]int32 // band i to the other head after the latest half-step; -1 none
	bandAt  [2]int   // index in band i's list of a cell at that distance; -1 unknown
	bandLen [2]int
	rows    []Turn
	opt     []opts  // optional columns of each row; -1 is null
	vals    []int32 // backing store of the optional columns' pointers
	acts    []byte  // actions played
}

// opts holds a row's nullable columns until Finish gives them pointers.
type opts struct{ b1h2, b2h1, home1, home2 int32 }

// Start begins recording game gameID. The first Step reads the start
// position from the state it is given.
func (r *Recorder) Start(gameID int64) {
	r.game = gameID
	r.rows, r.opt, r.acts = r.rows[:0], r.opt[:0], r.acts[:0]
}

// Step records the half-step just played with action a; s is the state
// after it.
func (r *Recorder) Step(s *paperio.State, a paperio.Action) {
	m := (s.HalfSteps() - 1) & 1 // the mover
	e := 1 - m
	mx, my, md := s.Head(m)
	area := [2]int32{int32(s.Area(0)), int32(s.Area(1))}
	switch {
	case s.HalfSteps() == 1:
		// The first half-step cannot change a territory (no band has been
		// laid yet), so the areas before it are those after it.
		r.area = area
		r.home[0].search(s, 0, 0)
		r.home[1].search(s, 1, 0)
	case s.Inside(mx, my) && s.FieldAt(mx, my) == m+1:
		// The mover's territory only grows on its own move, and only when it
		// stands on it.
		r.home[m] = home{0, s.Index(mx, my)}
	default:
		// Otherwise its territory is as it was and the head moved one cell.
		r.home[m].step(s, m)
	}
	// The enemy's territory only shrinks, when the mover encloses some of
	// it; its head stood still, so its distance can only have grown.
	if area[e] < r.area[e] {
		r.home[e].search(s, e, r.home[e].d)
	}

	t := Turn{
		GameID:   r.game,
		HalfStep: int32(s.HalfSteps()),
		Player:   int8(m + 1),
		Action:   byte(a),
		X:        int16(mx),
		Y:        int16(my),
		Dir:      int8(md),
		Area1:    area[0],
		Area2:    area[1],
		Band1:    int32(s.BandLen(0)),
		Band2:    int32(s.BandLen(1)),
		Ratio:    Ratio(area[0], area[1]),
		Gain:     area[m] - r.area[m],
		Taken:    r.area[e] - area[e],
	}
	x1, y1, _ := s.Head(0)
	x2, y2, _ := s.Head(1)
	t.DistHeads = int32(abs(x1-x2) + abs(y1-y2))
	// When the mover's band grew by one cell (the one under its head) and
	// the enemy's head stood still, only the new cell can be nearer than
	// before; otherwise, and for the enemy's band (the mover's head moved),
	// the band is searched.
	//
	// The enemy's band did not change (unless the game is over), so its
	// distance moved by at most one: the cell nearest before is looked at
	// first, and a cell one nearer ends the search.
	var band [2]int32
	at := r.bandAt
	if n := s.BandLen(m); n > 1 && n == r.bandLen[m]+1 && !s.Over() && s.HalfSteps() > 1 {
		band[m] = min(r.band[m], t.DistHeads)
		if t.DistHeads < r.band[m] {
			at[m] = len(s.Band(m)) - 1
		}
	} else {
		band[m], at[m] = bandToHead(s, m, -1, 0)
	}
	if r.band[e] >= 0 && s.BandLen(e) == r.bandLen[e] && !s.Over() && s.HalfSteps() > 1 {
		band[e], at[e] = bandToHead(s, e, r.bandAt[e], max(r.band[e]-1, 0))
	} else {
		band[e], at[e] = bandToHead(s, e, -1, 0)
	}
	r.bandAt = at
	r.rows = append(r.rows, t)
	r.opt = append(r.opt, opts{b1h2: band[0], b2h1: band[1], home1: r.home[0].d, home2: r.home[1].d})
	r.acts = append(r.acts, byte(a))
	r.area, r.band = area, band
	r.bandLen = [2]int{s.BandLen(0), s.BandLen(1)}
}

// Finish completes the rows of the finished game s (outcome, reward, done
// and the nullable columns) and returns them. The rows are valid until the
// next Start.
func (r *Recorder) Finish(s *paperio.State) []Turn {
	n := len(r.rows)
	if cap(r.vals) < 4*n {
		r.vals = make([]int32, 4*n)
	}
	vals := r.vals[:4*n]
	winner := s.Result().Winner // player index or paperio.Draw
	for i := range r.rows {
		t := &r.rows[i]
		o := r.opt[i]
		v := vals[4*i : 4*i+4 : 4*i+4]
		v[0], v[1], v[2], v[3] = o.b1h2, o.b2h1, o.home1, o.home2
		t.Band1ToHead2 = nullable(&v[0])
		t.Band2ToHead1 = nullable(&v[1])
		t.HomeDist1 = nullable(&v[2])
		t.HomeDist2 = nullable(&v[3])
		t.Outcome = int8(winner.Outcome(int(t.Player) - 1))
		t.Done, t.Reward = false, 0
	}
	if n > 0 && s.Over() {
		last := &r.rows[n-1]
		last.Done, last.Reward = true, last.Outcome
	}
	return r.rows
}

// Actions are the actions played so far, one byte (L, R or S) each. The
// slice is valid until the next Start.
func (r *Recorder) Actions() []byte { return r.acts }

// GameRow is the games-table row of the finished game s: id and seed as
// given, players' specs p1 and p2, the game's configuration c and starts, and
// the actions played (Recorder.Actions).
func GameRow(id, seed int64, p1, p2 string, c paperio.Config, starts [2]paperio.Start, s *paperio.State, actions []byte) Game {
	res := s.Result()
	g := Game{
		GameID: id, Seed: seed, P1: p1, P2: p2,
		Width: int32(c.Width), Height: int32(c.Height), MaxTurns: int32(c.MaxTurns),
		Winner: res.Winner.Code(), Reason: int8(res.Reason), Extra: int8(res.Extra),
		HalfSteps: int32(s.HalfSteps()),
		Area1:     int32(s.Area(0)), Area2: int32(s.Area(1)),
		Start:   paperio.StartString(starts),
		Actions: string(actions),
	}
	return g
}

// Ratio is area1 / (area1 + area2), or 0.5 when both are 0.
func Ratio(a1, a2 int32) float32 {
	if a1+a2 == 0 {
		return 0.5
	}
	return float32(float64(a1) / float64(a1+a2))
}

// BandToHead is the Manhattan distance from player i's nearest band cell to
// the other player's head, or -1 when player i has no band.
//
// While the game goes on, a band is a path: each cell is next to the one
// laid before it, so the distances of neighbouring cells in the list differ
// by at most one, and after a cell at distance d the next d-best cells
// cannot beat the best distance so far; the scan jumps over them. When the
// game has ended a band may have lost cells to the other player's band, so
// the last row is measured cell by cell.
func BandToHead(s *paperio.State, i int) int32 {
	d, _ := bandToHead(s, i, -1, 0)
	return d
}

// bandToHead is BandToHead, and the index in the band list of a cell at
// that distance (-1 when the game is over). The cell at index hint (when
// not -1) is measured first, and the search ends at a cell at distance
// floor or less: the caller knows none is nearer.
func bandToHead(s *paperio.State, i, hint int, floor int32) (int32, int) {
	if s.BandLen(i) == 0 {
		return -1, -1
	}
	hx, hy, _ := s.Head(1 - i)
	band := s.Band(i)
	best, at := int32(math.MaxInt32), -1
	if s.Over() {
		own, bands := uint8(i+1), s.Bands()
		for _, c := range band {
			if bands[c] == own {
				x, y := s.XY(int(c))
				best = min(best, int32(abs(x-hx)+abs(y-hy)))
			}
		}
		return best, -1
	}
	if hint >= 0 && hint < len(band) {
		x, y := s.XY(int(band[hint]))
		best, at = int32(abs(x-hx)+abs(y-hy)), hint
	}
	for j := 0; j < len(band) && best > floor; {
		x, y := s.XY(int(band[j]))
		d := int32(abs(x-hx) + abs(y-hy))
		if d < best {
			best, at = d, j
		}
		j += int(d-best) + 1
	}
	return best, at
}

func nullable(v *int32) *int32 {
	if *v < 0 {
		return nil
	}
	return v
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// home tracks the distance from a player's head to its own territory and a
// territory cell at that distance.
type home struct {
	d  int32 // -1: no territory
	at int   // a nearest territory cell (index), when d >= 0
}

// search finds the distance from scratch; the territory is known to hold
// no cell nearer than from.
func (h *home) search(s *paperio.State, i int, from int32) {
	x, y, _ := s.Head(i)
	h.d = -1
	if s.Area(i) == 0 {
		return
	}
	// Beyond any cell, even from a head just off the board.
	if d, c := s.NearestTerritory(i, x, y, s.Width()+s.Height()+1, int(from)); d >= 0 {
		h.d, h.at = int32(d), c
	}
}

// step updates the distance after the head moved one cell while the
// territory stayed as it was. The nearest cell is now at least d-1 away, and
// the remembered one at most d+1: only distances in between need a look.
func (h *home) step(s *paperio.State, i int) {
	if h.d < 0 {
		return
	}
	x, y, _ := s.Head(i)
	cx, cy := s.XY(h.at)
	dc := abs(x-cx) + abs(y-cy)
	if d, c := s.NearestTerritory(i, x, y, dc, int(max(h.d-1, 0))); d >= 0 {
		h.d, h.at = int32(d), c
		return
	}
	h.d = int32(dc)
}
