// Package board is eraser's board in the viewer: frames replayed by the
// rules (package eraser) from a record's board seed and swaps, drawn in the
// page by eraser.js (its Script) and here by Draw (render's PNG
// and GIF): the main board with the bottom of the reserve above it, and
// beside it the move's cascade — the board before the swap, the swap
// marked, then the board after each scoring step. A person plays by
// clicking two cells to swap. Importing it registers the board; games/all
// does.
package board

import (
	_ "embed"
	"errors"
	"fmt"
	"image"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/game"
	erasergame "github.com/paperio/paperio/games/eraser"
	"github.com/paperio/paperio/viewer"
)

func init() { viewer.Register(Board{}) }

// Board is eraser's board in the viewer.
type Board struct{}

//go:embed eraser.js
var script []byte

// Script is the page's renderer of eraser's frames, eraser.js.
func (Board) Script() []byte { return script }

func (Board) Game() game.Game { return erasergame.Game{} }

// DatasetColumns are the games table's board seed and swaps.
func (Board) DatasetColumns() (string, string) {
	return game.Column[erasergame.GameRow]("BoardSeed"), game.Column[erasergame.GameRow]("Swaps")
}

// Palette indices: a colour's index is its eraser.Colour (Empty included).
const (
	Background = 6
	Mark       = 7 // the swapped cells
)

// Palette is the colours, #rrggbb, by index.
var Palette = []string{
	eraser.Red:    "#e8413c",
	eraser.Blue:   "#3a78c2",
	eraser.Green:  "#4caf50",
	eraser.Yellow: "#f2c21b",
	eraser.Purple: "#8e4fb0",
	eraser.Empty:  "#d6d6d0",
	Background:    "#f4f4f0",
	Mark:          "#111111",
}

// Values are the figures of every frame: the scores, the move's points and
// cascade depth, the combos, the operations offered next, then the points
// of each of the first MaxSteps scoring steps.
var Values = []string{"score1", "score2", "points", "depth", "combo1", "combo2", "high1", "high2", "ops",
	"step1", "step2", "step3", "step4", "step5", "step6", "step7", "step8", "step9"}

// The state of a frame (what eraser.js reads), cells at 6x+y
// (x the column from the left, y the row from the bottom), colours as
// eraser.Colour:
const (
	MaxSteps    = 9  // cascade steps drawn
	ReserveRows = 3  // reserve rows drawn above the main board
	offMain     = 0  // 36: the main board after the move
	offReserve  = 36 // 6×3: reserve rows 6..8, cell 3x+(y−6)
	offSwap     = 54 // 4: x1 y1 x2 y2 of the move (255: none, the start)
	offBefore   = 58 // 36: the main board before the move
	offSteps    = 94 // 1: steps drawn; then MaxSteps × 36: the board after each step's fall
	StateLen    = offSteps + 1 + MaxSteps*36
)

// The layout in units (Header cells): a board cell is 4×4 units on the
// main board and 1×1 on the small boards of the cascade.
const (
	Width   = 39
	Height  = 37
	mainTop = ReserveRows*4 + 1
)

// smallAt is where small board i sits: 0 the board before the move, then
// the steps, five to a column.
func smallAt(i int) (x, y int) { return 26 + 7*(i/5), 7 * (i % 5) }

// Replay starts replaying r from its board.
func (Board) Replay(r *game.Record) (viewer.Replayer, error) {
	seed := erasergame.BoardSeed(r.Seed)
	if r.Start != "" {
		var err error
		if seed, err = erasergame.ParseStart(r.Start); err != nil {
			return nil, err
		}
	}
	s, err := eraser.New(erasergame.RulesConfig(r.Config), seed)
	if err != nil {
		return nil, err
	}
	p := &replayer{s: s, before: s.Main(), swap: [4]byte{255, 255, 255, 255}}
	s.SetStepLog(&p.steps)
	return p, nil
}

type replayer struct {
	s      *eraser.State
	before [36]eraser.Colour
	swap   [4]byte
	steps  []eraser.Step
	points int
}

func (p *replayer) Header() viewer.Header {
	return viewer.Header{Renderer: "eraser", Width: Width, Height: Height, StateLen: StateLen, Values: Values, Palette: Palette}
}

// Step plays one swap, 4 digits x1 y1 x2 y2.
func (p *replayer) Step(moves []byte) (int, error) {
	if len(moves) < 4 {
		return 0, fmt.Errorf("swap %q: want 4 digits", moves)
	}
	sws, err := erasergame.DecodeSwaps(moves[:4])
	if err != nil {
		return 0, err
	}
	if p.s.Over() {
		return 0, errors.New("the game is over before its last swap")
	}
	p.before = p.s.Main()
	sw := sws[0]
	p.swap = [4]byte{byte(sw.X1), byte(sw.Y1), byte(sw.X2), byte(sw.Y2)}
	mover := p.s.ToMove()
	was := p.s.Score(mover)
	p.s.Move(sw) // an illegal swap ends the game, as it did when played
	p.points = p.s.Score(mover) - was
	return 4, nil
}

func (p *replayer) State(dst []byte) {
	m := p.s.Main()
	for i, c := range m {
		dst[offMain+i] = byte(c)
		dst[offBefore+i] = byte(p.before[i])
	}
	for x := range eraser.Size {
		for r := range ReserveRows {
			dst[offReserve+ReserveRows*x+r] = byte(p.s.At(x, eraser.Size+r))
		}
	}
	copy(dst[offSwap:], p.swap[:])
	n := min(len(p.steps), MaxSteps)
	if p.swap[0] == 255 {
		n = 0
	}
	dst[offSteps] = byte(n)
	for i := range MaxSteps {
		row := dst[offSteps+1+36*i : offSteps+1+36*(i+1)]
		if i < n {
			for j, c := range p.steps[i].Main {
				row[j] = byte(c)
			}
		} else {
			clear(row)
		}
	}
}

func (p *replayer) Values(dst []int32) {
	s := p.s
	dst[0], dst[1] = int32(s.Score(0)), int32(s.Score(1))
	moved := p.swap[0] != 255
	dst[2], dst[3] = 0, 0
	if moved {
		dst[2], dst[3] = int32(p.points), int32(len(p.steps))
	}
	dst[4], dst[5] = int32(s.Combo(0)), int32(s.Combo(1))
	dst[6], dst[7] = int32(s.High(0)), int32(s.High(1))
	dst[8] = int32(s.NumOps())
	for i := range MaxSteps {
		dst[9+i] = 0
		if moved && i < len(p.steps) {
			dst[9+i] = int32(p.steps[i].Points)
		}
	}
}

// Draw paints the frame as eraser.js does.
func (p *replayer) Draw(img *image.Paletted, cell int) {
	var st [StateLen]byte
	p.State(st[:])
	DrawState(img, st[:], cell)
}

// DrawState paints a frame's state: the background, the reserve rows and
// the main board (cells of 4 units, a pixel apart when cells are 8 pixels
// or more), the swapped cells framed, the small boards of the cascade.
func DrawState(img *image.Paletted, st []byte, cell int) {
	fill(img, 0, 0, Width*cell, Height*cell, Background)
	big := 4 * cell
	gap := 0
	if big >= 8 {
		gap = 1
	}
	for x := range eraser.Size {
		for r := range ReserveRows {
			fill(img, x*big+gap, (ReserveRows-1-r)*big+gap, big-2*gap, big-2*gap, st[offReserve+ReserveRows*x+r])
		}
		for y := range eraser.Size {
			fill(img, x*big+gap, mainTop*cell+(5-y)*big+gap, big-2*gap, big-2*gap, st[offMain+6*x+y])
		}
	}
	moved := st[offSwap] != 255
	if moved {
		for c := range 2 {
			x, y := int(st[offSwap+2*c]), int(st[offSwap+2*c+1])
			ring(img, x*big, mainTop*cell+(5-y)*big, big, max(1, cell/2), Mark)
		}
	}
	small := func(i int, b []byte) {
		bx, by := smallAt(i)
		for x := range eraser.Size {
			for y := range eraser.Size {
				fill(img, (bx+x)*cell, (by+5-y)*cell, cell, cell, b[6*x+y])
			}
		}
	}
	if !moved {
		return
	}
	small(0, st[offBefore:offBefore+36])
	if cell >= 3 { // the swap on the board before it: a dot in each cell
		d := max(1, cell/3)
		bx, by := smallAt(0)
		for c := range 2 {
			x, y := int(st[offSwap+2*c]), int(st[offSwap+2*c+1])
			fill(img, (bx+x)*cell+(cell-d)/2, (by+5-y)*cell+(cell-d)/2, d, d, Mark)
		}
	}
	for i := range int(st[offSteps]) {
		small(1+i, st[offSteps+1+36*i:])
	}
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

// ring paints the border, t pixels thick, of an n-pixel square.
func ring(img *image.Paletted, x0, y0, n, t int, c uint8) {
	fill(img, x0, y0, n, t, c)
	fill(img, x0, y0+n-t, n, t, c)
	fill(img, x0, y0, t, n, c)
	fill(img, x0+n-t, y0, t, n, c)
}
