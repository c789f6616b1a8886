package eraser

import (
	"fmt"
	"time"
)

// A tile is a main-board cell: its colour in the low 3 bits and, above them,
// the position x0·Rows + y0 where the tile was generated, its tile id (§2).
// An empty cell is the tile Empty (id 'nan').
type tile uint32

func (t tile) colour() Colour { return Colour(t & 7) }
func (t tile) pos() int       { return int(t >> 3) }

func makeTile(c Colour, pos int) tile {
	if c == Empty {
		return tile(Empty)
	}
	return tile(c) | tile(pos)<<3
}

// State is one game (RULES.md §4): the board, the scores and the turn. A new
// state is at the start of the first round; Move plays the mover's swap and
// runs the rounds on to the next question, so that Over, Ops and ToMove
// always describe the move about to be asked for.
//
// The reserve never changes (only the main board is swapped and matched): a
// column of the whole board is its six main-board cells, then the column's
// reserve cells not yet fallen, then as many empty cells as have fallen. So
// the state keeps the start board (shared by every copy, and drawn from the
// seed only as far as the falls reach), the 6×6 main board as tiles and
// bitboards, and a count per column of the cells that fell — and a copy is a
// few hundred bytes.
type State struct {
	cfg   Config
	seed  int64
	regen int
	start *startBoard // the start board, drawn as far as play has reached

	tiles [48]tile  // the main board, cell (x, y) at 8x+y
	has   values    // the main board as one mask per value
	taken [Size]int // cells fallen into each column from its reserve (= removed from it)

	hOps, vOps uint64 // this round's operations (§5), as anchor masks
	turn       int    // moves made, plus one for a failed call (§4)
	depth      int    // scoring steps of the last move's cascade
	lastSwap   Swap   // the last move made (valid), for players that are told it
	moved      bool   // a move has been made
	score      [2]int // by player: 0 moves first
	combo      [2]int
	high       [2]int
	last       bool // an empty cell is in the main board: this round's move is the last (§4.3)
	over       bool
	fail       Failure
	think      [2]time.Duration
	hist       history
	steps      *[]Step // where Move logs its cascade steps, when asked to
}

// New starts a game: the board drawn from the numpy seed (§3), ready for the
// first mover's move.
func New(cfg Config, seed int64) (*State, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	b, regen, err := drawStart(cfg.Rows, seed)
	if err != nil {
		return nil, err
	}
	s := newState(cfg, b)
	s.seed, s.regen = seed, regen
	return s, nil
}

// NewFromBoard starts a game on a given board (any colours, empty cells
// included). Tile ids are the cells' positions (§3.3). The board is kept,
// not copied: it must not change afterwards.
func NewFromBoard(cfg Config, b Board) (*State, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if b.Rows != cfg.Rows || len(b.Cells) != Size*cfg.Rows {
		return nil, fmt.Errorf("board of %d rows (%d cells) for a configuration of %d rows", b.Rows, len(b.Cells), cfg.Rows)
	}
	for i, c := range b.Cells {
		if c > Empty {
			return nil, fmt.Errorf("board cell %d holds %v", i, c)
		}
	}
	return newState(cfg, givenBoard(b)), nil
}

// newState starts a game on a start board whose main board is drawn.
func newState(cfg Config, b *startBoard) *State {
	s := &State{cfg: cfg, start: b}
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			pos := x*cfg.Rows + y
			s.tiles[8*x+y] = makeTile(b.cells[pos], pos)
		}
	}
	s.has = bitboards(Board{Rows: cfg.Rows, Cells: b.cells})
	s.beginRound()
	return s
}

// DrawAll draws the whole start board now, where a game drawn from a seed
// draws the reserve's blocks as falls reach them. Call it before the state
// or its copies are read from other goroutines: reading a cell not drawn yet
// writes it.
func (s *State) DrawAll() { s.start.all() }

// StartBoard is the start board (drawn whole; it must not be changed).
func (s *State) StartBoard() Board { return Board{Rows: s.cfg.Rows, Cells: s.start.all()} }

// CopyFrom makes s an exact copy of src; it allocates nothing. The copy
// shares src's read-only start board and does not log cascade steps.
// Look-ahead bots copy the game into a scratch state and play on the copy.
func (s *State) CopyFrom(src *State) {
	*s = *src
	s.steps = nil
}

// Clone returns a new, independent copy of s.
func (s *State) Clone() *State {
	c := &State{}
	c.CopyFrom(s)
	return c
}

// Config is the game's configuration.
func (s *State) Config() Config { return s.cfg }

// Rows of the whole board.
func (s *State) Rows() int { return s.cfg.Rows }

// Seed is the numpy seed the board was drawn from (0 for NewFromBoard), and
// Regen how many times the whole board was drawn again (§3.3).
func (s *State) Seed() int64 { return s.seed }
func (s *State) Regen() int  { return s.regen }

// Turn is the engine's turn counter: moves made, plus one for a move call
// that failed (§4).
func (s *State) Turn() int { return s.turn }

// ToMove is the player whose move is asked for next: 0 (the first mover, the
// engine's side 1) or 1 (the second mover, side 0).
func (s *State) ToMove() int { return s.turn & 1 }

// MoveNumber is the mover's own move number, 1..MaxTurn, as the engine
// passes it to the AI ((turn+1)//2 after the turn count goes up).
func (s *State) MoveNumber() int { return s.turn/2 + 1 }

// Score, Combo and High are player p's total points, cells removed in its
// current (or last) move, and the largest combo it has reached (§4.9).
func (s *State) Score(p int) int { return s.score[p] }
func (s *State) Combo(p int) int { return s.combo[p] }
func (s *State) High(p int) int  { return s.high[p] }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.over }

// Last reports that the move about to be asked for is the last one: the main
// board has an empty cell (§4.3).
func (s *State) Last() bool { return s.last }

// HasEmpty reports that the main board has an empty cell (the reserve of a
// column ran out); it never goes away (§4.3, §6).
func (s *State) HasEmpty() bool { return s.has[Empty] != 0 }

// At is cell (x, y) of the whole board, 0 <= y < Rows.
func (s *State) At(x, y int) Colour {
	if y < Size {
		return s.tiles[8*x+y].colour()
	}
	if k := y + s.taken[x]; k < s.cfg.Rows {
		return s.start.at(x, k)
	}
	return Empty
}

// TileAt is the tile id of cell (x, y): where the tile was generated, or
// ok false for an empty cell ('nan', §2).
func (s *State) TileAt(x, y int) (x0, y0 int, ok bool) {
	pos := 0
	if y < Size {
		t := s.tiles[8*x+y]
		if t.colour() == Empty {
			return 0, 0, false
		}
		pos = t.pos()
	} else {
		k := y + s.taken[x]
		if k >= s.cfg.Rows || s.start.at(x, k) == Empty {
			return 0, 0, false
		}
		pos = x*s.cfg.Rows + k
	}
	return pos / s.cfg.Rows, pos % s.cfg.Rows, true
}

// Main is the main board, cell (x, y) at 6x+y (the corpus's order).
func (s *State) Main() (m [Size * Size]Colour) {
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			m[Size*x+y] = s.tiles[8*x+y].colour()
		}
	}
	return m
}

// Board returns a copy of the whole board.
func (s *State) Board() Board {
	b := Board{Rows: s.cfg.Rows, Cells: make([]Colour, Size*s.cfg.Rows)}
	for x := 0; x < Size; x++ {
		for y := 0; y < s.cfg.Rows; y++ {
			b.Cells[x*b.Rows+y] = s.At(x, y)
		}
	}
	return b
}

// Removed is the number of cells removed from column x so far.
func (s *State) Removed(x int) int { return s.taken[x] }

// Bar is the viewer's reserve gauge of column x (§7): Rows − 8 minus the
// cells removed from the column, clipped at 0. Display only.
func (s *State) Bar(x int) int { return max(0, s.cfg.Rows-Size-2-s.taken[x]) }

// Ops appends the operations offered to the mover (§5), in the engine's
// order, to buf and returns it; none when the game is over.
func (s *State) Ops(buf []Swap) []Swap {
	if s.over {
		return buf
	}
	return listOps(buf, s.hOps, s.vOps)
}

// Offers reports whether sw is one of the operations offered to the mover
// (the two cells in either order).
func (s *State) Offers(sw Swap) bool {
	if s.over || sw.Check() != nil {
		return false
	}
	x, y := min(sw.X1, sw.X2), min(sw.Y1, sw.Y2)
	bit := uint64(1) << (8*int(x) + int(y))
	if sw.Y1 == sw.Y2 {
		return s.hOps&bit != 0
	}
	return s.vOps&bit != 0
}

// LastMove is the swap of the last move made, as the mover gave it; ok is
// false before the first. (The course gave each AI the moves made so far.)
func (s *State) LastMove() (sw Swap, ok bool) { return s.lastSwap, s.moved }

// Count is the number of main-board cells that hold c (Empty included).
func (s *State) Count(c Colour) int { return popCount(s.has[c]) }

// Depth is the number of scoring steps of the last move's cascade (0 for a
// move that scored nothing).
func (s *State) Depth() int { return s.depth }

// NumOps is the number of operations offered to the mover.
func (s *State) NumOps() int {
	if s.over {
		return 0
	}
	return popCount(s.hOps) + popCount(s.vOps)
}

// AddThinkTime adds d to player p's think time. Equal final scores are
// decided by think time (§7); the runner measures it and enforces MaxTime.
func (s *State) AddThinkTime(p int, d time.Duration) { s.think[p] += d }

// SetThinkTimes sets both players' think times (for a replayed game).
func (s *State) SetThinkTimes(t [2]time.Duration) { s.think = t }

// ThinkTime is player p's total think time.
func (s *State) ThinkTime(p int) time.Duration { return s.think[p] }
