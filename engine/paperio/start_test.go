package paperio

import (
	"fmt"
	"strings"
	"testing"

	"github.com/paperio/paperio/pyrand"
)

// TestRandomStartsReference: the start drawn for a reference game's seed and
// board is the start the game was recorded with, for all 206 games.
func TestRandomStartsReference(t *testing.T) {
	n := 0
	for _, file := range []string{"public.jsonl.gz", "edge.jsonl.gz"} {
		for _, g := range loadRecords(t, file) {
			n++
			got, err := RandomStarts(g.config(), g.Seed)
			if err != nil {
				t.Errorf("%s %s: %v", file, g.ID, err)
				continue
			}
			if got != g.starts() {
				t.Errorf("%s %s (seed %d, %dx%d): RandomStarts %+v, recorded %+v", file, g.ID, g.Seed, g.Size[0], g.Size[1], got, g.starts())
			}
		}
	}
	if n != 206 {
		t.Errorf("%d reference games, want 206", n)
	}
}

func TestRandomStartsDeterministic(t *testing.T) {
	c := DefaultConfig()
	distinct := map[[2]Start]bool{}
	for seed := int64(0); seed < 100; seed++ {
		a, err := RandomStarts(c, seed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := RandomStarts(c, seed)
		if a != b {
			t.Fatalf("seed %d: %+v then %+v", seed, a, b)
		}
		if neg, _ := RandomStarts(c, -seed); neg != a { // Python seeds with abs(n)
			t.Fatalf("seed %d: %+v, seed %d: %+v", seed, a, -seed, neg)
		}
		distinct[a] = true
		// The course board's ranges (RULES.md, "Players and start").
		if a[0].X < 22 || a[0].X > 28 || a[1].X < 73 || a[1].X > 79 || a[0].Y < 47 || a[0].Y > 53 || a[1].Y < 47 || a[1].Y > 53 {
			t.Errorf("seed %d: starts %+v outside the course ranges", seed, a)
		}
	}
	if len(distinct) < 90 {
		t.Errorf("100 seeds gave only %d distinct starts", len(distinct))
	}
}

// TestStartDrawerReused: one drawer used for seed after seed, on boards of
// several sizes (narrow ones redraw), draws what RandomStarts draws, one
// seed at a time or several (not a multiple of four) at once.
func TestStartDrawerReused(t *testing.T) {
	var d StartDrawer
	for seed := int64(-50); seed < 400; seed++ {
		c := Config{Width: 2 * (1 + int(seed&63)%60), Height: 1 + int(seed*7&127), MaxTurns: 10}
		seeds := []int64{seed * 1000003, seed << 33, -seed, seed*seed + 1, seed * 977, seed - 1<<40}[:1+int(seed&7)%6]
		many := make([][2]Start, len(seeds))
		errMany := d.Draw(c, seeds, many)
		for i, s := range seeds {
			want, werr := RandomStarts(c, s)
			got, err := d.Starts(c, s)
			if got != want || (err == nil) != (werr == nil) {
				t.Fatalf("seed %d on %dx%d: drawer %+v (%v), RandomStarts %+v (%v)", s, c.Width, c.Height, got, err, want, werr)
			}
			if werr == nil && errMany == nil && many[i] != want {
				t.Fatalf("seeds %v on %dx%d: Draw gives %+v for seed %d, RandomStarts %+v", seeds, c.Width, c.Height, many[i], s, want)
			}
			if werr != nil && errMany == nil {
				t.Fatalf("seeds %v on %dx%d: Draw accepted seed %d (%v)", seeds, c.Width, c.Height, s, werr)
			}
		}
	}
}

// firstDraw is the course's formula with no redraw.
func firstDraw(c Config, seed int64) [2]Start {
	r := pyrand.New(seed)
	k := c.Width / 2
	var st [2]Start
	for i := range st {
		st[i].X = k*i + k/2 + r.RandInt(-3, 3)
		st[i].Y = c.Height/2 + r.RandInt(-3, 3)
	}
	for i := range st {
		st[i].Dir = Dir(r.RandBelow(4))
	}
	return st
}

// TestRandomStartsNarrow: on boards with k < 6 the formula can fall off the
// board; RandomStarts must then draw again (or say it cannot), never return
// an off-board start, and must keep the course's first draw whenever that is
// on the board.
func TestRandomStartsNarrow(t *testing.T) {
	redrawn, failed := 0, 0
	for k := 1; k < 6; k++ {
		for h := 1; h <= 9; h++ {
			c := Config{Width: 2 * k, Height: h, MaxTurns: 10}
			for seed := int64(0); seed < 60; seed++ {
				st, err := RandomStarts(c, seed)
				if err != nil {
					failed++
					if !strings.Contains(err.Error(), fmt.Sprintf("%dx%d", c.Width, c.Height)) {
						t.Errorf("error does not name the board: %v", err)
					}
					continue
				}
				for i, s := range st {
					if s.X < 0 || s.X >= c.Width || s.Y < 0 || s.Y >= c.Height || s.Dir < 0 || s.Dir > 3 {
						t.Fatalf("%dx%d seed %d: player %d starts off the board: %+v", c.Width, c.Height, seed, i+1, st)
					}
				}
				first := firstDraw(c, seed)
				if c.onBoard(first[0]) && c.onBoard(first[1]) {
					if st != first {
						t.Errorf("%dx%d seed %d: %+v, but the first draw %+v is on the board", c.Width, c.Height, seed, st, first)
					}
				} else {
					redrawn++
				}
				if _, err := NewGame(c, st); err != nil {
					t.Errorf("%dx%d seed %d: NewGame rejects the drawn start: %v", c.Width, c.Height, seed, err)
				}
			}
		}
	}
	if redrawn == 0 {
		t.Error("no narrow board needed a redraw: the test does not test it")
	}
	t.Logf("%d starts drawn again, %d boards with no start found", redrawn, failed)
}

func TestNewGameErrors(t *testing.T) {
	ok := [2]Start{{2, 2, East}, {7, 2, West}}
	for _, tc := range []struct {
		c      Config
		starts [2]Start
		want   string // part of the error
	}{
		{Config{11, 10, 5}, ok, "must be even"},
		{Config{0, 10, 5}, ok, "must be even"},
		{Config{-2, 10, 5}, ok, "must be even"},
		{Config{10, 0, 5}, ok, "height 0"},
		{Config{10, 10, 0}, ok, "turns 0"},
		{Config{10, 10, -3}, ok, "turns -3"},
		{Config{1 << 13, 1 << 12, 5}, ok, "cells"},
		{Config{10, 10, 5}, [2]Start{{10, 2, East}, {7, 2, West}}, "player 1 at (10,2) is off the 10x10 board"},
		{Config{10, 10, 5}, [2]Start{{2, 2, East}, {7, -1, West}}, "player 2 at (7,-1) is off the 10x10 board"},
		{Config{10, 10, 5}, [2]Start{{2, 2, 4}, {7, 2, West}}, "direction 4 of player 1"},
		{Config{10, 10, 5}, [2]Start{{2, 2, East}, {7, 2, -1}}, "direction -1 of player 2"},
	} {
		s, err := NewGame(tc.c, tc.starts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewGame(%+v, %+v) = %v, %v; want an error with %q", tc.c, tc.starts, s, err, tc.want)
		}
		if _, err := RandomStarts(tc.c, 1); tc.c.Validate() != nil && err == nil {
			t.Errorf("RandomStarts accepts %+v", tc.c)
		}
	}
	s, err := NewGame(Config{10, 10, 5}, ok)
	if err != nil {
		t.Fatal(err)
	}
	if s.Area(0) != 9 || s.Area(1) != 9 || s.BandLen(0) != 0 || s.Over() || s.MaxTurns() != 5 || s.Width() != 10 || s.Height() != 10 {
		t.Errorf("a new game: areas %d %d, band %d, over %v", s.Area(0), s.Area(1), s.BandLen(0), s.Over())
	}
	// Corners clip the start square.
	s, err = NewGame(Config{2, 1, 5}, [2]Start{{0, 0, East}, {1, 0, West}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Area(0) != 0 || s.Area(1) != 2 { // player 2's square covers the whole board
		t.Errorf("2x1 board: areas %d %d, want 0 and 2", s.Area(0), s.Area(1))
	}
}

func TestStartString(t *testing.T) {
	st := [2]Start{{X: 25, Y: 50, Dir: 1}, {X: 76, Y: 48, Dir: 3}}
	s := StartString(st)
	if s != "25,50,1:76,48,3" {
		t.Fatalf("StartString = %q", s)
	}
	back, err := ParseStart(s)
	if err != nil || back != st {
		t.Fatalf("ParseStart(%q) = %v, %v", s, back, err)
	}
	if _, err := ParseStart("1,2,3"); err == nil {
		t.Fatal("ParseStart accepted a single start")
	}
}
