package rl

import (
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
)

// Version is the version of the observation spec (docs/OBSERVATION.md). It
// changes whenever a plane or a scalar changes meaning, order or scale.
const Version = 1

// The planes of an observation, in order. Every value is 0 or 1. "Own" is
// the player the observation is for; "enemy" the other.
const (
	OwnTerritory   = 0
	OwnBand        = 1
	EnemyTerritory = 2
	EnemyBand      = 3
	OwnHead        = 4
	EnemyHead      = 5
	OffBoard       = 6 // crops only: the cell lies off the board
)

// FullPlanes and CropPlanes are the plane counts of the two views.
const (
	FullPlanes = 6
	CropPlanes = 7
)

// The scalars of an observation (float32), in order.
const (
	OwnDir         = 0  // 4 values: one-hot of the own direction, east, south, west, north
	EnemyDir       = 4  // 4 values: one-hot of the enemy's direction turned by the own one: same, right, opposite, left
	RoundsLeft     = 8  // rounds the own player still has to play / rounds of the game
	OwnArea        = 9  // own territory / cells of the board
	EnemyArea      = 10 // enemy territory / cells of the board
	OwnBandCells   = 11 // own band cells / (width + height)
	EnemyBandCells = 12 // enemy band cells / (width + height)
	OwnX           = 13 // own head x / (width - 1): 0 west edge, 1 east edge
	OwnY           = 14 // own head y / (height - 1): 0 north edge, 1 south edge
	EnemyAhead     = 15 // enemy head minus own head along the own direction / (width + height)
	EnemyRight     = 16 // the same to the own player's right
	MovesFirst     = 17 // 1 when the own player is player 1 (moves first), else 0
	HomeAhead      = 18 // the nearest own territory cell (see Home): cells ahead of the head / (width + height)
	HomeRight      = 19 // the same, cells to the right
	HomeDist       = 20 // its Manhattan distance / (width + height); -1 without territory
	BandToEnemy    = 21 // Manhattan distance from the own band's nearest cell to the enemy head / (width + height); -1 without band
	EnemyBandToOwn = 22 // the same from the enemy's band to the own head
	HeadsDist      = 23 // Manhattan distance between the heads / (width + height)
	NumScalars     = 24
)

// MaxCrop is the largest crop.
const MaxCrop = 63

// View chooses an observation: the whole board (Crop 0), an egocentric
// Crop×Crop window (odd Crop) around the player's head, turned so that the
// player faces up, or such a crop followed by a Global×Global coarse map
// of the whole board around the head, turned alike (global.go). A view of
// a global map alone (Crop 0, Global G) is a policy tower's input.
type View struct{ Crop, Global int }

// Full is the whole-board view.
var Full = View{}

// Check reports a view that does not exist.
func (v View) Check() error {
	if v.Crop != 0 && (v.Crop < 1 || v.Crop > MaxCrop || v.Crop%2 == 0) {
		return fmt.Errorf("crop %d: want 0 (the whole board) or an odd size from 1 to %d", v.Crop, MaxCrop)
	}
	if v.Global != 0 {
		return checkGlobal(v.Global)
	}
	return nil
}

// String names the view as the benchmark does: "full", "crop11",
// "global15" or "crop11+global15".
func (v View) String() string {
	g := ""
	if v.Global != 0 {
		g = fmt.Sprintf("global%d", v.Global)
	}
	switch {
	case v.Crop != 0 && g != "":
		return fmt.Sprintf("crop%d+%s", v.Crop, g)
	case g != "":
		return g
	case v.Crop == 0:
		return "full"
	}
	return fmt.Sprintf("crop%d", v.Crop)
}

// Shape is the shape of one observation's first planes (planes, rows,
// columns): the whole board's, the crop's, or the global map's when there
// is nothing else.
func (v View) Shape(c paperio.Config) [3]int {
	switch {
	case v.Crop == 0 && v.Global != 0:
		return v.GlobalShape()
	case v.Crop == 0:
		return [3]int{FullPlanes, c.Height, c.Width}
	}
	return [3]int{CropPlanes, v.Crop, v.Crop}
}

// GlobalShape is the shape of the global map's planes ((0, 0, 0) without
// one).
func (v View) GlobalShape() [3]int {
	if v.Global == 0 {
		return [3]int{}
	}
	return [3]int{GlobalPlanes, v.Global, v.Global}
}

// Size is the number of bytes of one observation's planes: the first
// planes, then the global map's when the view has both.
func (v View) Size(c paperio.Config) int {
	s := v.Shape(c)
	n := s[0] * s[1] * s[2]
	if v.Crop != 0 && v.Global != 0 {
		n += GlobalPlanes * v.Global * v.Global
	}
	return n
}

// Observe writes the observation of state s for player me: planes
// (View.Size bytes) and scalars (NumScalars values). It is the definition
// of the spec in code, written for clarity: a pure function of the state,
// which the fast writers of the environment and the dataset loader are
// tested against.
func Observe(v View, s *paperio.State, me int, planes []uint8, scalars []float32) {
	clear(planes)
	switch {
	case v.Crop != 0:
		observeCrop(v.Crop, s, me, planes)
		if v.Global != 0 {
			observeGlobal(v.Global, s, me, planes[CropPlanes*v.Crop*v.Crop:])
		}
	case v.Global != 0:
		observeGlobal(v.Global, s, me, planes)
	default:
		observeFull(s, me, planes)
	}
	Scalars(s, me, scalars)
}

// observeFull: plane p, row y, column x is planes[(p*H + y)*W + x]; row 0
// is the north edge (y = 0), column 0 the west edge. The board is not
// turned.
func observeFull(s *paperio.State, me int, planes []uint8) {
	w, h := s.Width(), s.Height()
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			ps, n := cellPlanes(s, me, x, y)
			for _, p := range ps[:n] {
				planes[(p*h+y)*w+x] = 1
			}
		}
	}
	for i, plane := range [2]int{OwnHead, EnemyHead} {
		x, y, _ := s.Head(me ^ i)
		if s.Inside(x, y) {
			planes[(plane*h+y)*w+x] = 1
		}
	}
}

// cellPlanes are the territory and band planes set at an on-board cell:
// the first n of ps (an array, not a slice, so that the small crops that
// players write move after move allocate nothing).
func cellPlanes(s *paperio.State, me, x, y int) (ps [2]int, n int) {
	switch s.FieldAt(x, y) {
	case me + 1:
		ps[n], n = OwnTerritory, n+1
	case 2 - me:
		ps[n], n = EnemyTerritory, n+1
	}
	switch s.BandAt(x, y) {
	case me + 1:
		ps[n], n = OwnBand, n+1
	case 2 - me:
		ps[n], n = EnemyBand, n+1
	}
	return ps, n
}

// observeCrop: plane p, row i, column j is planes[(p*K + i)*K + j]. The own
// head is at the centre (r, r), r = K/2, facing up: row 0 is r cells ahead
// of the head, column 0 r cells to its left. Cell (i, j) is the board cell
// head + (r-i)·ahead + (j-r)·right, where ahead is the own direction and
// right the direction after a right turn.
func observeCrop(k int, s *paperio.State, me int, planes []uint8) {
	r := k / 2
	hx, hy, d := s.Head(me)
	ex, ey, _ := s.Head(1 - me)
	ahead, right := d, d.Right()
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			x := hx + (r-i)*ahead.DX() + (j-r)*right.DX()
			y := hy + (r-i)*ahead.DY() + (j-r)*right.DY()
			at := i*k + j
			if !s.Inside(x, y) {
				planes[OffBoard*k*k+at] = 1
				continue
			}
			ps, n := cellPlanes(s, me, x, y)
			for _, p := range ps[:n] {
				planes[p*k*k+at] = 1
			}
			if x == hx && y == hy {
				planes[OwnHead*k*k+at] = 1
			}
			if x == ex && y == ey {
				planes[EnemyHead*k*k+at] = 1
			}
		}
	}
}

// Scalars writes the NumScalars scalars of the observation of s for player
// me.
func Scalars(s *paperio.State, me int, out []float32) {
	bands := [2]int32{tables.BandToHead(s, me), tables.BandToHead(s, 1-me)}
	scalars(s, me, FindHome(s, me, 0), bands, out)
}

// scalars is Scalars with player me's home found already, and the
// distances from its band to the enemy head and from the enemy's band to
// its head.
func scalars(s *paperio.State, me int, home Home, bands [2]int32, out []float32) {
	_ = out[NumScalars-1]
	w, h := s.Width(), s.Height()
	x, y, d := s.Head(me)
	ex, ey, ed := s.Head(1 - me)
	for i := 0; i < 8; i++ {
		out[i] = 0
	}
	out[OwnDir+int(d&3)] = 1
	out[EnemyDir+int((ed-d)&3)] = 1
	out[RoundsLeft] = float32(s.TurnsLeft(me)) / float32(s.MaxTurns())
	cells, span := float32(w*h), float32(w+h)
	out[OwnArea] = float32(s.Area(me)) / cells
	out[EnemyArea] = float32(s.Area(1-me)) / cells
	out[OwnBandCells] = float32(s.BandLen(me)) / span
	out[EnemyBandCells] = float32(s.BandLen(1-me)) / span
	out[OwnX] = float32(x) / float32(max(w-1, 1))
	out[OwnY] = float32(y) / float32(max(h-1, 1))
	right := d.Right()
	out[EnemyAhead] = float32((ex-x)*d.DX()+(ey-y)*d.DY()) / span
	out[EnemyRight] = float32((ex-x)*right.DX()+(ey-y)*right.DY()) / span
	out[MovesFirst] = 0
	if me == 0 {
		out[MovesFirst] = 1
	}
	out[HomeAhead] = float32(home.A) / span
	out[HomeRight] = float32(home.B) / span
	out[HomeDist] = -1
	if home.R >= 0 {
		out[HomeDist] = float32(home.R) / span
	}
	out[HeadsDist] = float32(abs(ex-x)+abs(ey-y)) / span
	out[BandToEnemy] = distance(bands[0], span)
	out[EnemyBandToOwn] = distance(bands[1], span)
}

// distance scales a distance, leaving -1 (none) as it is.
func distance(d int32, span float32) float32 {
	if d < 0 {
		return -1
	}
	return float32(d) / span
}
