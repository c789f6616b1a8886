package rl

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
)

// states calls visit with every state of a few games on boards of several
// sizes, small ones included so that crops reach past every edge: random
// moves, the random bot and the heuristic take turns, so that games have
// territory, bands, enclosures and every kind of end.
func states(t *testing.T, games int, visit func(s *paperio.State)) {
	t.Helper()
	specs := []string{"random", "heuristic", "goround:w=3,h=2"}
	for g := 0; g < games; g++ {
		rng := rand.New(rand.NewPCG(11, uint64(g)))
		c := paperio.Config{Width: 2 * (2 + rng.IntN(12)), Height: 3 + rng.IntN(25), MaxTurns: 20 + rng.IntN(200)}
		if g%5 == 0 {
			c = paperio.DefaultConfig()
			c.MaxTurns = 300
		}
		st, err := paperio.RandomStarts(c, int64(g))
		if err != nil {
			t.Fatal(err)
		}
		s, err := paperio.NewGame(c, st)
		if err != nil {
			t.Fatal(err)
		}
		var players [2]bots.Bot
		for i := range players {
			if players[i], err = bots.Make(specs[rng.IntN(len(specs))]); err != nil {
				t.Fatal(err)
			}
			players[i].Reset(s, i, uint64(g*2+i), play.Clock{})
		}
		visit(s)
		for !s.Over() {
			a := players[s.ToMove()].Act(s, play.Clock{})
			if rng.IntN(4) == 0 {
				a = Actions[rng.IntN(3)]
			}
			s.Step(a)
			visit(s)
		}
	}
}

// TestCropMatchesDefinition: the environment's crop writer gives what
// Observe defines, for crops of every width class, both players, every
// state of games on boards smaller and larger than the crop.
func TestCropMatchesDefinition(t *testing.T) {
	var n int
	for _, k := range []int{1, 3, 7, 9, 11, 15, 17, 31, 63} {
		v := View{Crop: k}
		want := make([]uint8, v.Size(paperio.Config{}))
		got := make([]uint8, len(want))
		var scal [NumScalars]float32
		states(t, 12, func(s *paperio.State) {
			for me := 0; me < 2; me++ {
				Observe(v, s, me, want, scal[:])
				for i := range got {
					got[i] = 7 // whatever was there before must go
				}
				writeCrop(k, s, me, got)
				if !bytes.Equal(got, want) {
					t.Fatalf("crop %d, player %d, half-step %d: %s", k, me+1, s.HalfSteps(), firstDiff(v, got, want))
				}
				n++
			}
		})
	}
	if n < 1000 {
		t.Fatalf("only %d crops compared", n)
	}
}

// firstDiff names the first plane cell where got and want differ.
func firstDiff(v View, got, want []uint8) string {
	sh := v.Shape(paperio.Config{Width: 1, Height: 1})
	if v == Full {
		return "full board differs"
	}
	for i := range got {
		if got[i] != want[i] {
			p, rest := i/(sh[1]*sh[2]), i%(sh[1]*sh[2])
			return fmt.Sprintf("plane %d row %d column %d: %d, want %d", p, rest/sh[2], rest%sh[2], got[i], want[i])
		}
	}
	return "no difference"
}

// TestObserveByHand checks the definition itself on a small position:
// where each plane's cells are, the crop's turn, and the scalars.
func TestObserveByHand(t *testing.T) {
	c := paperio.Config{Width: 10, Height: 8, MaxTurns: 50}
	// Player 1 at (2,3) facing north, player 2 at (7,4) facing west.
	s, err := paperio.NewGame(c, [2]paperio.Start{{X: 2, Y: 3, Dir: paperio.North}, {X: 7, Y: 4, Dir: paperio.West}})
	if err != nil {
		t.Fatal(err)
	}
	s.Step(paperio.Straight) // player 1 to (2,2): still home
	s.Step(paperio.Straight) // player 2 to (6,4): home
	s.Step(paperio.Straight) // player 1 to (2,1): a band cell
	full := make([]uint8, Full.Size(c))
	var sc [NumScalars]float32
	Observe(Full, s, 1, full, sc[:]) // player 2's view, player 2 to move
	at := func(p, x, y int) uint8 { return full[(p*c.Height+y)*c.Width+x] }
	checks := []struct {
		what string
		got  uint8
		want uint8
	}{
		{"own territory at (7,4)", at(OwnTerritory, 7, 4), 1},
		{"own territory at (5,4)", at(OwnTerritory, 5, 4), 0},
		{"enemy territory at (1,2)", at(EnemyTerritory, 1, 2), 1},
		{"enemy band at (2,1)", at(EnemyBand, 2, 1), 1},
		{"own band at (2,1)", at(OwnBand, 2, 1), 0},
		{"own head at (6,4)", at(OwnHead, 6, 4), 1},
		{"enemy head at (2,1)", at(EnemyHead, 2, 1), 1},
	}
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("%s: %d, want %d", ch.what, ch.got, ch.want)
		}
	}
	if n := bytes.Count(full, []byte{1}); n != 9+9+1+1+1 {
		t.Errorf("%d cells set, want 21", n)
	}
	wantSc := map[int]float32{
		OwnDir + int(paperio.West): 1, EnemyDir + 1: 1, // north is west turned right
		RoundsLeft: 49.0 / 50, OwnArea: 9.0 / 80, EnemyArea: 9.0 / 80,
		OwnBandCells: 0, EnemyBandCells: 1.0 / 18, OwnX: 6.0 / 9, OwnY: 4.0 / 7,
		EnemyAhead: 4.0 / 18, EnemyRight: 3.0 / 18, MovesFirst: 0,
		BandToEnemy: -1, EnemyBandToOwn: 7.0 / 18, // player 1's band cell (2,1) is 4 + 3 from (6,4)
		HeadsDist: 7.0 / 18,
	}
	for i, v := range sc {
		if v != wantSc[i] {
			t.Errorf("scalar %d: %v, want %v", i, v, wantSc[i])
		}
	}

	// Player 1's 5x5 crop, facing north: row 0 is two cells ahead.
	v := View{Crop: 5}
	crop := make([]uint8, v.Size(c))
	Observe(v, s, 0, crop, sc[:])
	// Its home: (2,2), the first own cell of ring 1 (ahead (2,0) and right
	// (3,1) are not), straight behind.
	if sc[HomeAhead] != -1.0/18 || sc[HomeRight] != 0 || sc[HomeDist] != 1.0/18 {
		t.Errorf("player 1's home: %v %v %v, want one cell behind", sc[HomeAhead], sc[HomeRight], sc[HomeDist])
	}
	plane := func(p int) []uint8 { return crop[p*25 : (p+1)*25] }
	wantOff := []uint8{ // (0..4, -1) is off the board: row 0
		1, 1, 1, 1, 1,
		0, 0, 0, 0, 0,
		0, 0, 0, 0, 0,
		0, 0, 0, 0, 0,
		0, 0, 0, 0, 0,
	}
	wantTerr := []uint8{ // row i is y = i-1, column j is x = j: the square's rows y 2 and 3
		0, 0, 0, 0, 0,
		0, 0, 0, 0, 0,
		0, 0, 0, 0, 0,
		0, 1, 1, 1, 0,
		0, 1, 1, 1, 0,
	}
	if !slices.Equal(plane(OffBoard), wantOff) || !slices.Equal(plane(OwnTerritory), wantTerr) {
		t.Errorf("crop facing north: off %v territory %v", plane(OffBoard), plane(OwnTerritory))
	}
	if plane(OwnHead)[12] != 1 || plane(OwnBand)[12] != 1 {
		t.Errorf("crop: the head and its band cell belong at the centre")
	}

	// Player 2's crop, facing west: ahead is x-1, right is north (y-1).
	Observe(v, s, 1, crop, sc[:])
	// Row i is x = 4+i; column j is y = 6-j (left is south). The square is
	// x 6..8, y 3..5.
	wantTerr = []uint8{
		0, 0, 0, 0, 0,
		0, 0, 0, 0, 0,
		0, 1, 1, 1, 0,
		0, 1, 1, 1, 0,
		0, 1, 1, 1, 0,
	}
	if !slices.Equal(plane(OwnTerritory), wantTerr) {
		t.Errorf("crop facing west: territory %v", plane(OwnTerritory))
	}
	if bytes.Count(plane(EnemyHead), []byte{1}) != 0 {
		t.Errorf("crop facing west: the enemy at (2,1) is out of a 5x5 window")
	}
}

// TestGlobalByHand checks the global map's definition on the position of
// TestObserveByHand: blocks of 7 cells for a 3×3 map of a 10×8 board, what
// "some" and "more than half" mean, and the turn.
func TestGlobalByHand(t *testing.T) {
	for _, tc := range []struct{ g, w, h, want int }{{3, 10, 8, 7}, {15, 102, 101, 15}, {13, 102, 101, 17}, {11, 102, 101, 19}} {
		if got := GlobalBlock(tc.g, tc.w, tc.h); got != tc.want {
			t.Errorf("GlobalBlock(%d, %d, %d) = %d, want %d", tc.g, tc.w, tc.h, got, tc.want)
		}
	}
	c := paperio.Config{Width: 10, Height: 8, MaxTurns: 50}
	s, err := paperio.NewGame(c, [2]paperio.Start{{X: 2, Y: 3, Dir: paperio.North}, {X: 7, Y: 4, Dir: paperio.West}})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 { // player 1 to (2,1), a band cell; player 2 to (6,4)
		s.Step(paperio.Straight)
	}
	v := View{Global: 3}
	g := make([]uint8, v.Size(c))
	var sc [NumScalars]float32
	Observe(v, s, 0, g, sc[:])
	plane := func(p int) []uint8 { return g[p*9 : (p+1)*9] }
	// Player 1 faces north from (2,1): the centre block is x -1..5, y -2..4
	// (30 board cells, 9 of them its square: some, not most); the block to
	// its right, x 6..12, holds 20 board cells (mostly off), six of player
	// 2's square and its head.
	want := map[int][]uint8{
		GlobalOffBoard:       {1, 1, 1, 1, 0, 1, 1, 1, 1},
		GlobalOwnTerritory:   {0, 0, 0, 0, 0, 0, 0, 0, 0},
		GlobalOwnSome:        {0, 0, 0, 0, 1, 0, 0, 0, 0},
		GlobalOwnBand:        {0, 0, 0, 0, 1, 0, 0, 0, 0},
		GlobalOwnHead:        {0, 0, 0, 0, 1, 0, 0, 0, 0},
		GlobalEnemySome:      {0, 0, 0, 0, 0, 1, 0, 0, 1},
		GlobalEnemyTerritory: {0, 0, 0, 0, 0, 0, 0, 0, 0},
		GlobalEnemyHead:      {0, 0, 0, 0, 0, 1, 0, 0, 0},
		GlobalEnemyBand:      {0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	for p, w := range want {
		if !slices.Equal(plane(p), w) {
			t.Errorf("player 1, plane %d: %v, want %v", p, plane(p), w)
		}
	}
	// Player 2 faces west from (6,4): ahead is x-1, right is y-1. Player
	// 1's head (2,1) is 4 ahead and 3 right: the block ahead, (0, 1); its
	// square, 3 to 5 ahead, spans the blocks (0, 1) and (1, 1).
	Observe(v, s, 1, g, sc[:])
	want = map[int][]uint8{
		GlobalEnemyHead: {0, 1, 0, 0, 0, 0, 0, 0, 0},
		GlobalEnemySome: {0, 1, 0, 0, 1, 0, 0, 0, 0},
		GlobalEnemyBand: {0, 1, 0, 0, 0, 0, 0, 0, 0},
		GlobalOwnSome:   {0, 0, 0, 0, 1, 0, 0, 0, 0},
		GlobalOffBoard:  {1, 1, 1, 1, 0, 1, 1, 1, 1}, // the block ahead: x -4..2, 21 of 49 cells on the board
	}
	for p, w := range want {
		if !slices.Equal(plane(p), w) {
			t.Errorf("player 2, plane %d: %v, want %v", p, plane(p), w)
		}
	}
}
