package engine

import (
	"fmt"

	"github.com/paperio/paperio/pyrand"
)

// Starts are drawn exactly as the course platform drew them, so that a seed
// gives the same start here as there: Python's random module (the Mersenne
// Twister MT19937, seeded with random.seed(seed)) draws
//
//	r1, r2 = randint(-3, 3), randint(-3, 3)   for player 1, then player 2
//	d      = randrange(4)                     for player 1, then player 2
//
// and player i (index) starts at x = k·i + k//2 + r1, y = h//2 + r2 facing d.
// On boards narrow enough for that to fall off the board (k < 6), the
// generator draws a whole new pair from where it stands until both starts
// are on the board.

// RandomStarts returns the course's starts for seed on a board of the given
// configuration.
func RandomStarts(c Config, seed int64) ([2]Start, error) {
	var d StartDrawer
	return d.Starts(c, seed)
}

// StartDrawer draws the course's starts (see RandomStarts) with a generator
// it keeps, so that drawing allocates nothing: an RL environment draws a
// start for every episode.
type StartDrawer struct{ mt pyrand.Random }

// Starts returns the course's starts for seed, as RandomStarts does.
func (d *StartDrawer) Starts(c Config, seed int64) ([2]Start, error) {
	if err := c.Validate(); err != nil {
		return [2]Start{}, err
	}
	mt := &d.mt
	mt.SeedInt(seed)
	k, h := c.Width/2, c.Height
	for try := 0; try < 1000; try++ {
		var st [2]Start
		for i := range st {
			st[i].X = k*i + k/2 + mt.RandInt(-3, 3)
			st[i].Y = h/2 + mt.RandInt(-3, 3)
		}
		for i := range st {
			st[i].Dir = Dir(mt.RandBelow(4))
		}
		if c.onBoard(st[0]) && c.onBoard(st[1]) {
			return st, nil
		}
	}
	return [2]Start{}, fmt.Errorf("board %dx%d: no start on the board after 1000 draws", c.Width, c.Height)
}

func (c Config) onBoard(s Start) bool {
	return s.X >= 0 && s.X < c.Width && s.Y >= 0 && s.Y < c.Height
}
