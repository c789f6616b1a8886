// Package board is stellar's board in the viewer: frames replayed by the
// rules (package stellar) from a record's map and answers, drawn in the
// page by stellar.js (its Script) and here by Draw (render's PNG
// and GIF): the map's edges, the turn's commands as lines in the colour of
// their player, and the nodes as discs in their owner's colour, larger with
// more force. A person plays by choosing commands on the map, turn by turn.
// Importing it registers the board; games/all does.
package board

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"image"
	"math"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	stellargame "github.com/paperio/paperio/games/stellar"
	"github.com/paperio/paperio/viewer"
)

func init() { viewer.Register(Board{}) }

// Board is stellar's board in the viewer.
type Board struct{}

//go:embed stellar.js
var script []byte

// Script is the page's renderer of stellar's frames, stellar.js.
func (Board) Script() []byte { return script }

func (Board) Game() game.Game { return stellargame.Game{} }

// DatasetColumns are the games table's map (MAP@SEED) and answers.
func (Board) DatasetColumns() (string, string) {
	return game.Column[stellargame.GameRow]("Start"), game.Column[stellargame.GameRow]("Moves")
}

// Stream is a record's answers as a stream of turns (what Step reads and a
// live game's watcher hears).
func (Board) Stream(r *game.Record) ([]byte, error) { return stellargame.TurnStream(r.Moves) }

// Palette indices.
const (
	Background = 0
	Edge       = 1
	Neutral    = 2
	Owner1     = 3 // Owner1 + p: player p's nodes and commands
	Selected   = 5 // a node a person picked
)

// Palette is the colours, #rrggbb, by index.
var Palette = []string{
	Background: "#f4f4f0",
	Edge:       "#b8b8b0",
	Neutral:    "#8c8c8c",
	Owner1:     "#2b6cb0",
	Owner1 + 1: "#dd6b20",
	Selected:   "#111111",
}

// Values are the figures of every frame.
var Values = []string{"nodes1", "nodes2", "force1", "force2", "commands1", "commands2", "base1", "base2"}

// The layout: the map is drawn on Size×Size units (Header cells).
const Size = 100

// MaxCommands is the commands of each player drawn a turn.
const MaxCommands = 32

// The state of a frame (what stellar.js reads), little-endian:
//
//	N, E (uint16): nodes and edges
//	N × node: x, y (uint16, tenths of a unit), owner (0 none, 1, 2), forces of players 1 and 2 (float32)
//	E × edge: the two nodes (uint16, 1-based)
//	2 × the player's commands of the turn: count (byte), MaxCommands × (from, to uint16, amount float32)
const (
	nodeBytes = 13
	cmdBytes  = 8
	cmdsBytes = 1 + MaxCommands*cmdBytes
)

// StateLen is the bytes of a frame's state of a map of n nodes and e edges.
func StateLen(n, e int) int { return 4 + n*nodeBytes + 4*e + 2*cmdsBytes }

// Replay starts replaying r from its map.
func (Board) Replay(r *game.Record) (viewer.Replayer, error) {
	s, err := stellargame.StartState(r)
	if err != nil {
		return nil, err
	}
	p := &replayer{s: s, xy: Layout(s.Map())}
	m := s.Map()
	for i := 1; i <= m.N; i++ {
		for _, j := range m.Adj[i] {
			if i < j {
				p.edges = append(p.edges, [2]int{i, j})
			}
		}
	}
	return p, nil
}

type replayer struct {
	s     *stellar.State
	xy    [][2]int // node i's position in tenths of a unit
	edges [][2]int
	cmds  [2][]stellar.Command
}

// Layout places the nodes: the map's coordinates scaled into the square
// (6 units from each side), or a circle for maps without coordinates.
func Layout(m *stellar.Map) [][2]int {
	out := make([][2]int, m.N+1)
	if len(m.XY) <= m.N {
		for i := 1; i <= m.N; i++ {
			a := 2 * math.Pi * float64(i-1) / float64(m.N)
			out[i] = [2]int{int(math.Round(10 * (50 + 44*math.Cos(a)))), int(math.Round(10 * (50 + 44*math.Sin(a))))}
		}
		return out
	}
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for i := 1; i <= m.N; i++ {
		for d := range 2 {
			lo[d], hi[d] = min(lo[d], m.XY[i][d].F), max(hi[d], m.XY[i][d].F)
		}
	}
	span := max(hi[0]-lo[0], hi[1]-lo[1], 1e-9)
	for i := 1; i <= m.N; i++ {
		for d := range 2 {
			off := (span - (hi[d] - lo[d])) / 2 // centred
			out[i][d] = int(math.Round(10 * (6 + 88*(m.XY[i][d].F-lo[d]+off)/span)))
		}
	}
	return out
}

func (p *replayer) Header() viewer.Header {
	return viewer.Header{Renderer: "stellar", Width: Size, Height: Size, StateLen: StateLen(p.s.N(), len(p.edges)),
		Values: Values, Palette: Palette}
}

// Step plays one turn of the stream.
func (p *replayer) Step(moves []byte) (int, error) {
	ans, n, err := stellargame.NextTurn(moves)
	if err != nil {
		return 0, err
	}
	if p.s.Over() {
		return 0, errors.New("the game is over before its last turn")
	}
	for i := range 2 {
		p.cmds[i] = stellargame.Commands(ans[i])
	}
	p.s.StepAnswers(ans[0], ans[1], nil)
	return n, nil
}

func (p *replayer) State(dst []byte) {
	s := p.s
	le := binary.LittleEndian
	le.PutUint16(dst, uint16(s.N()))
	le.PutUint16(dst[2:], uint16(len(p.edges)))
	o := 4
	for i := 1; i <= s.N(); i++ {
		le.PutUint16(dst[o:], uint16(p.xy[i][0]))
		le.PutUint16(dst[o+2:], uint16(p.xy[i][1]))
		dst[o+4] = byte(s.Owner(i) + 1)
		f := s.Power(i)
		le.PutUint32(dst[o+5:], math.Float32bits(float32(f[0])))
		le.PutUint32(dst[o+9:], math.Float32bits(float32(f[1])))
		o += nodeBytes
	}
	for _, e := range p.edges {
		le.PutUint16(dst[o:], uint16(e[0]))
		le.PutUint16(dst[o+2:], uint16(e[1]))
		o += 4
	}
	for pl := range 2 {
		cs := p.cmds[pl]
		n := min(len(cs), MaxCommands)
		clear(dst[o : o+cmdsBytes])
		dst[o] = byte(n)
		for k, c := range cs[:n] {
			at := o + 1 + k*cmdBytes
			le.PutUint16(dst[at:], uint16(clampNode(c.From)))
			le.PutUint16(dst[at+2:], uint16(clampNode(c.To)))
			le.PutUint32(dst[at+4:], math.Float32bits(float32(c.Amount)))
		}
		o += cmdsBytes
	}
}

// clampNode keeps a command's node in uint16 (an illegal one is not drawn).
func clampNode(i int) int {
	if i < 0 || i > math.MaxUint16 {
		return 0
	}
	return i
}

func (p *replayer) Values(dst []int32) {
	s := p.s
	n0, n1 := s.NodeCounts()
	a0, a1 := s.ForceSums()
	dst[0], dst[1] = int32(n0), int32(n1)
	dst[2], dst[3] = int32(math.Round(a0)), int32(math.Round(a1))
	dst[4], dst[5] = int32(len(p.cmds[0])), int32(len(p.cmds[1]))
	dst[6] = int32(math.Round(s.Force(s.Base(0), 0)))
	dst[7] = int32(math.Round(s.Force(s.Base(1), 1)))
}

// Draw paints the frame as stellar.js does.
func (p *replayer) Draw(img *image.Paletted, cell int) {
	st := make([]byte, p.Header().StateLen)
	p.State(st)
	DrawState(img, st, cell, 0)
}

// Radius is a node's radius in pixels with force f, cell pixels a unit.
func Radius(f float32, cell int) int {
	return int(float64(cell) * (1 + math.Min(math.Sqrt(float64(f)), 16)/5))
}

// DrawState paints a frame's state, cell pixels a unit, node sel (if not
// 0) ringed: edges, then the turn's commands (a line, and a square two
// thirds of the way to the node it goes to), then the nodes.
func DrawState(img *image.Paletted, st []byte, cell, sel int) {
	le := binary.LittleEndian
	n, e := int(le.Uint16(st)), int(le.Uint16(st[2:]))
	pos := func(i int) (int, int) {
		o := 4 + (i-1)*nodeBytes
		return int(le.Uint16(st[o:])) * cell / 10, int(le.Uint16(st[o+2:])) * cell / 10
	}
	fill(img, 0, 0, Size*cell, Size*cell, Background)
	eo := 4 + n*nodeBytes
	for k := range e {
		x0, y0 := pos(int(le.Uint16(st[eo+4*k:])))
		x1, y1 := pos(int(le.Uint16(st[eo+4*k+2:])))
		line(img, x0, y0, x1, y1, Edge)
	}
	co := eo + 4*e
	for pl := range 2 {
		at := co + pl*cmdsBytes
		for k := range int(st[at]) {
			c := at + 1 + k*cmdBytes
			f, t := int(le.Uint16(st[c:])), int(le.Uint16(st[c+2:]))
			if f < 1 || f > n || t < 1 || t > n {
				continue
			}
			x0, y0 := pos(f)
			x1, y1 := pos(t)
			line(img, x0, y0, x1, y1, uint8(Owner1+pl))
			d := max(2, cell)
			fill(img, x0+(x1-x0)*2/3-d/2, y0+(y1-y0)*2/3-d/2, d, d, uint8(Owner1+pl))
		}
	}
	for i := 1; i <= n; i++ {
		o := 4 + (i-1)*nodeBytes
		x, y := pos(i)
		owner := st[o+4]
		c, f := uint8(Neutral), float32(0)
		if owner > 0 {
			c = uint8(Owner1 + owner - 1)
			f = math.Float32frombits(le.Uint32(st[o+5+4*(int(owner)-1):]))
		}
		r := Radius(f, cell)
		if i == sel {
			disc(img, x, y, r+max(2, cell/2), Selected)
		}
		disc(img, x, y, r, c)
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

// disc paints the pixels within r of (cx, cy).
func disc(img *image.Paletted, cx, cy, r int, c uint8) {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if dx*dx+dy*dy <= r*r {
				fill(img, cx+dx, cy+dy, 1, 1, c)
			}
		}
	}
}

// line paints a one-pixel line (Bresenham's).
func line(img *image.Paletted, x0, y0, x1, y1 int, c uint8) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	err := dx + dy
	for {
		fill(img, x0, y0, 1, 1, c)
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * err
		if e2 >= dy {
			err += dy
			x0 += sx
		}
		if e2 <= dx {
			err += dx
			y0 += sy
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}
