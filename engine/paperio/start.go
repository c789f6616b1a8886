package paperio

import (
	"fmt"
	"strconv"
	"strings"

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
	if err := c.Validate(); err != nil {
		return [2]Start{}, err
	}
	var mt pyrand.Random
	mt.SeedInt(seed)
	return draw(&mt, c)
}

// StartDrawer draws the course's starts (see RandomStarts) with generators
// it keeps, so that drawing allocates nothing, and four seeds at a time
// when asked for several: a reinforcement-learning environment draws a start
// for every episode, and seeding the generator costs more than the
// half-steps of a short episode.
type StartDrawer struct{ mt [4]pyrand.Random }

// Starts returns the course's starts for seed, as RandomStarts does.
func (d *StartDrawer) Starts(c Config, seed int64) ([2]Start, error) {
	if err := c.Validate(); err != nil {
		return [2]Start{}, err
	}
	d.mt[0].SeedInt(seed)
	return draw(&d.mt[0], c)
}

// Draw sets starts[i] to the course's starts for seeds[i] (len(starts) ≥
// len(seeds)), seeding four generators at once.
func (d *StartDrawer) Draw(c Config, seeds []int64, starts [][2]Start) error {
	if err := c.Validate(); err != nil {
		return err
	}
	rs := [4]*pyrand.Random{&d.mt[0], &d.mt[1], &d.mt[2], &d.mt[3]}
	for lo := 0; lo < len(seeds); lo += 4 {
		var four [4]uint64 // past the end: seed 0, drawn for nothing
		n := 0
		for g := 0; g < 4 && lo+g < len(seeds); g++ {
			four[g] = absSeed(seeds[lo+g])
			n++
		}
		pyrand.SeedFour(rs, four)
		for g := 0; g < n; g++ {
			st, err := draw(rs[g], c)
			if err != nil {
				return err
			}
			starts[lo+g] = st
		}
	}
	return nil
}

// absSeed is the seed as Python's random.seed reads an int: its absolute
// value.
func absSeed(seed int64) uint64 {
	if seed < 0 {
		return uint64(-seed)
	}
	return uint64(seed)
}

// draw makes the course's draws from a seeded generator.
func draw(mt *pyrand.Random, c Config) ([2]Start, error) {
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

// StartString writes starts as "x,y,d:x,y,d"; ParseStart reads it back.
func StartString(st [2]Start) string {
	return fmt.Sprintf("%d,%d,%d:%d,%d,%d", st[0].X, st[0].Y, st[0].Dir, st[1].X, st[1].Y, st[1].Dir)
}

// ParseStart reads a start written by StartString (player 1, then player
// 2): the one reader of that form, for the games table, replays and the
// CLI's --start.
func ParseStart(s string) ([2]Start, error) {
	var st [2]Start
	parts := strings.Split(s, ":")
	if len(parts) != 2 {
		return st, fmt.Errorf("start %q: want x,y,d:x,y,d (player 1, then player 2)", s)
	}
	for i, p := range parts {
		f := strings.Split(p, ",")
		if len(f) != 3 {
			return st, fmt.Errorf("start %q: want x,y,d:x,y,d (player 1, then player 2)", s)
		}
		var v [3]int
		for j := range f {
			n, err := strconv.Atoi(strings.TrimSpace(f[j]))
			if err != nil {
				return st, fmt.Errorf("start %q: %q is not a whole number", s, f[j])
			}
			v[j] = n
		}
		st[i] = Start{X: v[0], Y: v[1], Dir: Dir(v[2])}
	}
	return st, nil
}
