package paperio

import (
	"fmt"
	"sync"
)

// Course defaults.
const (
	DefaultWidth    = 102 // W = 2k, k = 51
	DefaultHeight   = 101
	DefaultMaxTurns = 2000
)

// Config is the shape of a game.
type Config struct {
	Width, Height int // Width must be even (W = 2k)
	MaxTurns      int // rounds; each round is a half-step of each player
}

// DefaultConfig is the course board and round count.
func DefaultConfig() Config {
	return Config{Width: DefaultWidth, Height: DefaultHeight, MaxTurns: DefaultMaxTurns}
}

// Validate reports the first thing wrong with the configuration.
func (c Config) Validate() error {
	switch {
	case c.Width < 2 || c.Width%2 != 0:
		return fmt.Errorf("board width %d: must be even and at least 2 (W = 2k)", c.Width)
	case c.Height < 1:
		return fmt.Errorf("board height %d: must be at least 1", c.Height)
	case c.Width*c.Height > 1<<24:
		return fmt.Errorf("board %dx%d: more than %d cells", c.Width, c.Height, 1<<24)
	case c.MaxTurns < 1:
		return fmt.Errorf("turns %d: must be at least 1", c.MaxTurns)
	}
	return nil
}

// geometry holds the read-only tables of one board size, shared by every
// game of that size.
type geometry struct {
	w, h int
	x, y []int32 // coordinates of each cell index
}

var geometries sync.Map // [2]int -> *geometry

func geometryOf(w, h int) *geometry {
	key := [2]int{w, h}
	if g, ok := geometries.Load(key); ok {
		return g.(*geometry)
	}
	g := &geometry{w: w, h: h, x: make([]int32, w*h), y: make([]int32, w*h)}
	for i := range g.x {
		g.x[i], g.y[i] = int32(i/h), int32(i%h)
	}
	actual, _ := geometries.LoadOrStore(key, g)
	return actual.(*geometry)
}

// bbox is a player's bounding box: every cell it has stood on, inclusive.
type bbox struct {
	MinX, MinY, MaxX, MaxY int
}

func (b *bbox) extend(x, y int) {
	b.MinX, b.MaxX = min(b.MinX, x), max(b.MaxX, x)
	b.MinY, b.MaxY = min(b.MinY, y), max(b.MaxY, y)
}

type player struct {
	x, y    int
	dir     Dir
	box     bbox
	area    int     // territory cells
	bandLen int     // band cells
	band    []int32 // band cells in the order they were laid
}

// span is a closed interval of coordinates along one column or row.
type span struct{ lo, hi int32 }

var emptySpan = span{lo: 1<<31 - 1, hi: -1}

// State is one game in progress (or finished).
type State struct {
	geo      *geometry
	w, h     int
	maxTurns int
	field    []uint8 // territory owner per cell: 0 none, 1 or 2 (column-major, x*H+y)
	bands    []uint8 // band owner per cell, same layout
	p        [2]player
	// spans bound each player's territory along every column and row, for
	// enclosure's quick test of whether a cell sees the board's edge: player
	// i's W column spans then its H row spans, at i*(W+H). No territory cell
	// of the player lies outside them. They only widen: cells lost to the
	// enemy leave them wider than needed, which only makes the test say "don't
	// know" more often.
	spans []span
	// terr holds each player's territory as bits, column by column: player
	// i's column x is the nw words at (i*W+x)*nw, bit y for (x, y). It is
	// the territory grid again, in the form enclosure reads fastest.
	terr   []uint64
	nw     int // words per column: ceil(H/64)
	steps  int // half-steps played
	over   bool
	result Result
	fill   *filler // enclosure scratch, allocated on first use, never shared
}

// NewGame starts a game from explicit starts. A start off the board is an
// error.
func NewGame(c Config, starts [2]Start) (*State, error) {
	s := &State{}
	if err := s.Reset(c, starts); err != nil {
		return nil, err
	}
	return s, nil
}

// Reset makes s a new game from explicit starts, as NewGame does, reusing
// s's buffers when the board keeps its size: a reinforcement-learning
// environment starts a game every few dozen half-steps, and a fresh course
// board costs more than those half-steps. Only the players' boxes are
// cleared: they hold every territory and band cell (see Box). On an error
// s is left as it was.
func (s *State) Reset(c Config, starts [2]Start) error {
	if err := c.Validate(); err != nil {
		return err
	}
	for i, st := range starts {
		if st.X < 0 || st.X >= c.Width || st.Y < 0 || st.Y >= c.Height {
			return fmt.Errorf("start of player %d at (%d,%d) is off the %dx%d board", i+1, st.X, st.Y, c.Width, c.Height)
		}
		if !st.Dir.Valid() {
			return fmt.Errorf("start direction %d of player %d: must be 0 (east), 1 (south), 2 (west) or 3 (north)", st.Dir, i+1)
		}
	}
	n := c.Width * c.Height
	if s.geo != nil && s.w == c.Width && s.h == c.Height && len(s.field) == n {
		for i := range s.p {
			s.clearBox(i)
		}
	} else {
		s.geo, s.w, s.h = geometryOf(c.Width, c.Height), c.Width, c.Height
		s.field, s.bands = make([]uint8, n), make([]uint8, n)
		s.nw = (c.Height + 63) / 64
		s.terr = make([]uint64, 2*c.Width*s.nw)
		s.spans = make([]span, 2*(c.Width+c.Height))
		for i := range s.spans {
			s.spans[i] = emptySpan
		}
		s.fill = nil
	}
	s.maxTurns, s.steps, s.over, s.result = c.MaxTurns, 0, false, Result{}
	for i, st := range starts {
		band := s.p[i].band[:0]
		if band == nil {
			band = make([]int32, 0, 256)
		}
		s.p[i] = player{x: st.X, y: st.Y, dir: st.Dir,
			box:  bbox{max(st.X-1, 0), max(st.Y-1, 0), min(st.X+1, c.Width-1), min(st.Y+1, c.Height-1)},
			band: band}
		s.paintSquare(i, st.X, st.Y)
	}
	return nil
}

// clearBox empties the territory and band grids inside player i's box,
// and its spans of the box's columns and rows (a span only widens over a
// territory cell).
func (s *State) clearBox(i int) {
	b := s.p[i].box
	for x := b.MinX; x <= b.MaxX; x++ {
		lo, hi := x*s.h+b.MinY, x*s.h+b.MaxY+1
		clear(s.field[lo:hi])
		clear(s.bands[lo:hi])
		// Player i's territory bits: all of its territory lies in its box.
		for k := (i*s.w + x) * s.nw; k < (i*s.w+x+1)*s.nw; k++ {
			s.terr[k] = 0
		}
	}
	base := i * (s.w + s.h)
	for x := b.MinX; x <= b.MaxX; x++ {
		s.spans[base+x] = emptySpan
	}
	for y := b.MinY; y <= b.MaxY; y++ {
		s.spans[base+s.w+y] = emptySpan
	}
}

// paintSquare gives player i the 3x3 square around (x, y), clipped to the
// board. Player 2's square is painted last and wins any overlap, as in the
// reference engine.
func (s *State) paintSquare(i, x, y int) {
	for cx := max(x-1, 0); cx <= min(x+1, s.w-1); cx++ {
		for cy := max(y-1, 0); cy <= min(y+1, s.h-1); cy++ {
			s.setFieldXY(cx*s.h+cy, cx, cy, uint8(i+1))
			s.widen(i, cx, cy)
		}
	}
}

// widen makes player i's column and row spans cover cell (x, y), which has
// become its territory.
func (s *State) widen(i, x, y int) {
	col := &s.spans[i*(s.w+s.h)+x]
	row := &s.spans[i*(s.w+s.h)+s.w+y]
	col.lo, col.hi = min(col.lo, int32(y)), max(col.hi, int32(y))
	row.lo, row.hi = min(row.lo, int32(x)), max(row.hi, int32(x))
}

// seesEdge reports that (x, y) reaches the board's edge in a straight line
// without crossing player i's territory: a cell outside the player's span of
// its column or row. (A false answer means "not known".)
func (s *State) seesEdge(i int, x, y int32) bool {
	base := int32(i * (s.w + s.h))
	col, row := s.spans[base+x], s.spans[base+int32(s.w)+y]
	return y < col.lo || y > col.hi || x < row.lo || x > row.hi
}

// setFieldXY changes the territory of cell c, at (x, y), and keeps the area
// counts and the territory bits.
func (s *State) setFieldXY(c, x, y int, owner uint8) {
	k, bit := x*s.nw+y>>6, uint64(1)<<(y&63)
	if old := s.field[c]; old != 0 {
		s.p[old-1].area--
		s.terr[(int(old)-1)*s.w*s.nw+k] &^= bit
	}
	s.field[c] = owner
	if owner != 0 {
		s.p[owner-1].area++
		s.terr[(int(owner)-1)*s.w*s.nw+k] |= bit
	}
}

// CopyFrom makes s an exact copy of src, reusing s's buffers when they fit:
// after the first copy it allocates nothing. Look-ahead bots copy the game
// into a scratch state and play on the copy.
func (s *State) CopyFrom(src *State) {
	if s == src {
		return
	}
	old := *s // s's own buffers, to be reused
	*s = *src
	s.field = append(old.field[:0], src.field...)
	s.bands = append(old.bands[:0], src.bands...)
	s.spans = append(old.spans[:0], src.spans...)
	s.terr = append(old.terr[:0], src.terr...)
	for i := range s.p {
		s.p[i].band = append(old.p[i].band[:0], src.p[i].band...)
	}
	s.fill = old.fill
	if s.fill != nil && !s.fill.fits(s) {
		s.fill = nil
	}
}

// Clone returns a new, independent copy of s.
func (s *State) Clone() *State {
	c := &State{}
	c.CopyFrom(s)
	return c
}

// Width and Height of the board.
func (s *State) Width() int  { return s.w }
func (s *State) Height() int { return s.h }

// MaxTurns is the number of rounds of the game.
func (s *State) MaxTurns() int { return s.maxTurns }

// HalfSteps played so far.
func (s *State) HalfSteps() int { return s.steps }

// ToMove is the index (0 or 1) of the player whose half-step is next.
func (s *State) ToMove() int { return s.steps & 1 }

// TurnsLeft is the course's turnleft[i]: rounds player i has still to play.
func (s *State) TurnsLeft(i int) int { return s.maxTurns - (s.steps+1-i)/2 }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Result is the outcome of a finished game.
func (s *State) Result() Result { return s.result }

// Head returns player i's head position and direction. After a WAL loss the
// head is off the board, as in the reference engine's final frame.
func (s *State) Head(i int) (x, y int, dir Dir) { return s.p[i].x, s.p[i].y, s.p[i].dir }

// Area is player i's territory cell count.
func (s *State) Area(i int) int { return s.p[i].area }

// BandLen is player i's band cell count.
func (s *State) BandLen(i int) int { return s.p[i].bandLen }

// Box is player i's bounding box, inclusive: every cell it has stood on and
// its start square. It holds all of the player's territory and band, since
// a player lays band only where it stands and encloses only inside its box.
func (s *State) Box(i int) (minX, minY, maxX, maxY int) {
	b := s.p[i].box
	return b.MinX, b.MinY, b.MaxX, b.MaxY
}

// Band returns player i's band cells (cell indices, see XY) in the order they
// were laid. The slice is read-only and valid until the next Step.
func (s *State) Band(i int) []int32 { return s.p[i].band }

// Inside reports whether (x, y) is on the board.
func (s *State) Inside(x, y int) bool { return x >= 0 && x < s.w && y >= 0 && y < s.h }

// Index of cell (x, y); the grids are column-major.
func (s *State) Index(x, y int) int { return x*s.h + y }

// XY of a cell index.
func (s *State) XY(c int) (x, y int) { return int(s.geo.x[c]), int(s.geo.y[c]) }

// FieldAt is the territory owner of (x, y): 0 none, 1 or 2 (player id).
func (s *State) FieldAt(x, y int) int { return int(s.field[x*s.h+y]) }

// BandAt is the band owner of (x, y): 0 none, 1 or 2 (player id).
func (s *State) BandAt(x, y int) int { return int(s.bands[x*s.h+y]) }

// Fields and Bands expose the grids (column-major, x*Height+y) read-only,
// for feature extraction and digests.
func (s *State) Fields() []uint8 { return s.field }
func (s *State) Bands() []uint8  { return s.bands }
