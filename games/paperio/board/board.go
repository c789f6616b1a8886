// Package board is paper.io's board in the viewer: frames replayed by the
// engine (package paperio) from a record's start and actions, drawn in the
// page by paperio.js (its Script) and here by Draw (render's PNG
// and GIF), replay files (engine/paperio/replay), and the player a person steers
// with the arrow keys. Importing it registers the board; games/all does.
package board

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"image"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/viewer"
)

func init() { viewer.Register(Board{}) }

// Board is paper.io's board in the viewer.
type Board struct{}

//go:embed paperio.js
var script []byte

// Script is the page's renderer of paper.io's frames, paperio.js.
func (Board) Script() []byte { return script }

func (Board) Game() game.Game { return paperiogame.Game{} }

// DatasetColumns are the games table's start and actions.
func (Board) DatasetColumns() (string, string) {
	return game.Column[tables.Game]("Start"), game.Column[tables.Game]("Actions")
}

// Palette indices: the colours of the board, shared by the page and Draw.
const (
	Empty      = 0
	Territory1 = 1 // Territory1 + i: player i's territory
	Band1      = 3 // Band1 + i: player i's band
	Head1      = 5 // Head1 + i: player i's head
	LastMove   = 7 // the ring around the head that just moved
	Enclosed   = 8 // the dot on cells the last move enclosed
)

// Palette is the colours, #rrggbb, by index.
var Palette = []string{
	Empty:          "#f4f4f0",
	Territory1:     "#9ecae1",
	Territory1 + 1: "#fdae6b",
	Band1:          "#3182bd",
	Band1 + 1:      "#e6550d",
	Head1:          "#08306b",
	Head1 + 1:      "#7f2704",
	LastMove:       "#ffd000",
	Enclosed:       "#ffffff",
}

// Values are the figures of every frame.
var Values = []string{"area1", "area2", "band1", "band2", "dist_heads", "band1_to_head2", "band2_to_head1"}

// The state of a frame (what paperio.js reads): one byte per
// cell, column-major (x·H + y), territory owner (0, 1 or 2) in bits 0–1
// and band owner in bits 2–3; then each player's head as x and y (int16,
// little-endian; off the board after a wall hit) and direction (a byte).
const headBytes = 5

// StateLen is the bytes of a frame's state on a w×h board.
func StateLen(w, h int) int { return w*h + 2*headBytes }

// Replay starts replaying r from its start.
func (Board) Replay(r *game.Record) (viewer.Replayer, error) {
	starts, err := paperio.ParseStart(r.Start)
	if err != nil {
		return nil, err
	}
	s, err := paperio.NewGame(paperiogame.EngineConfig(r.Config), starts)
	if err != nil {
		return nil, err
	}
	return &replayer{s: s}, nil
}

// replayer is a game being replayed on the engine.
type replayer struct {
	s *paperio.State
	// prev is the territory before the latest move: the cells it enclosed
	// are marked.
	prev []uint8
}

func (p *replayer) Header() viewer.Header {
	return viewer.Header{Renderer: "paperio", Width: p.s.Width(), Height: p.s.Height(),
		StateLen: StateLen(p.s.Width(), p.s.Height()), Values: Values, Palette: Palette}
}

// Step plays one action (L, R or S).
func (p *replayer) Step(moves []byte) (int, error) {
	a := paperio.Action(moves[0])
	if a != paperio.Left && a != paperio.Right && a != paperio.Straight {
		return 0, fmt.Errorf("action %q: must be L, R or S", moves[0])
	}
	if p.s.Over() {
		return 0, fmt.Errorf("the game is over before its last action")
	}
	p.prev = append(p.prev[:0], p.s.Fields()...)
	p.s.Step(a)
	return 1, nil
}

func (p *replayer) State(dst []byte) {
	f, b := p.s.Fields(), p.s.Bands()
	cells := dst[:len(f)]
	b = b[:len(f)]
	// Eight cells at a time: owners are at most 2, so b<<2 stays within
	// each byte.
	i := 0
	for ; i+8 <= len(cells); i += 8 {
		binary.LittleEndian.PutUint64(cells[i:], binary.LittleEndian.Uint64(f[i:])|binary.LittleEndian.Uint64(b[i:])<<2)
	}
	for ; i < len(cells); i++ {
		cells[i] = f[i] | b[i]<<2
	}
	tail := dst[len(f):]
	for i := range 2 {
		x, y, d := p.s.Head(i)
		binary.LittleEndian.PutUint16(tail[i*headBytes:], uint16(int16(x)))
		binary.LittleEndian.PutUint16(tail[i*headBytes+2:], uint16(int16(y)))
		tail[i*headBytes+4] = byte(d)
	}
}

func (p *replayer) Values(dst []int32) {
	s := p.s
	x1, y1, _ := s.Head(0)
	x2, y2, _ := s.Head(1)
	dst[0], dst[1] = int32(s.Area(0)), int32(s.Area(1))
	dst[2], dst[3] = int32(s.BandLen(0)), int32(s.BandLen(1))
	dst[4] = int32(abs(x1-x2) + abs(y1-y2))
	dst[5], dst[6] = tables.BandToHead(s, 0), tables.BandToHead(s, 1)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Draw paints the frame as paperio.js does: territory fills a
// cell, a band covers it (on territory, but for a one-pixel border of the
// territory below when cells are 4 pixels or more), heads are dark squares, the head that
// just moved has a ring, and cells it just enclosed a dot.
func (p *replayer) Draw(img *image.Paletted, cell int) {
	s := p.s
	w, h := s.Width(), s.Height()
	f, b := s.Fields(), s.Bands()
	inset := 0
	if cell >= 4 {
		inset = 1
	}
	mover := -1
	if s.HalfSteps() > 0 {
		mover = (s.HalfSteps() - 1) & 1
	}
	for x := range w {
		for y := range h {
			c := x*h + y
			px, py := x*cell, y*cell
			fill(img, px, py, cell, cell, fieldColour(f[c]))
			if b[c] != 0 {
				in := inset
				if f[c] == 0 {
					in = 0
				}
				fill(img, px+in, py+in, cell-2*in, cell-2*in, uint8(Band1-1+b[c]))
			}
			if mover >= 0 && len(p.prev) == len(f) && f[c] == uint8(mover+1) && p.prev[c] != f[c] && b[c] == 0 && cell >= 3 {
				d := max(1, cell/3)
				fill(img, px+(cell-d)/2, py+(cell-d)/2, d, d, Enclosed)
			}
		}
	}
	for i := range 2 {
		x, y, _ := s.Head(i)
		if i == mover {
			ring(img, x*cell-1, y*cell-1, cell+2, LastMove)
		}
		fill(img, x*cell, y*cell, cell, cell, uint8(Head1+i))
	}
}

func fieldColour(v uint8) uint8 {
	if v == 0 {
		return Empty
	}
	return Territory1 - 1 + v
}

// fill paints a rectangle, clipped to the image.
func fill(img *image.Paletted, x0, y0, w, h int, c uint8) {
	r := image.Rect(x0, y0, x0+w, y0+h).Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[(y-img.Rect.Min.Y)*img.Stride:]
		for x := r.Min.X; x < r.Max.X; x++ {
			row[x-img.Rect.Min.X] = c
		}
	}
}

// ring paints the border of a square, clipped to the image.
func ring(img *image.Paletted, x0, y0, n int, c uint8) {
	fill(img, x0, y0, n, 1, c)
	fill(img, x0, y0+n-1, n, 1, c)
	fill(img, x0, y0, 1, n, c)
	fill(img, x0+n-1, y0, 1, n, c)
}
