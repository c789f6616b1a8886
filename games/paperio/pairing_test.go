package paperio

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
)

func TestMirror(t *testing.T) {
	c := paperio.DefaultConfig() // k = 51 (odd)
	s := paperio.Start{X: 25, Y: 47, Dir: paperio.East}
	m := Mirror(c, s)
	if m != (paperio.Start{X: 76, Y: 47, Dir: paperio.West}) {
		t.Fatalf("mirror %+v", m)
	}
	if Mirror(c, m) != s {
		t.Fatal("mirroring twice must give the start back")
	}
	for _, d := range []paperio.Dir{paperio.South, paperio.North} {
		if Mirror(c, paperio.Start{X: 0, Y: 0, Dir: d}).Dir != d {
			t.Fatal("south and north stay")
		}
	}
	// For odd k the mirror of any course start of player 1 is a course
	// start of player 2: x = k//2 + r ↦ k + k//2 − r.
	for seed := int64(0); seed < 200; seed++ {
		st, _ := paperio.RandomStarts(c, seed)
		for i := range st {
			m := Mirror(c, st[i])
			home := 51*(1-i) + 51/2
			if m.X < home-3 || m.X > home+3 || m.Y != st[i].Y {
				t.Fatalf("seed %d: mirror of player %d's start %+v is %+v, outside the other side's range", seed, i+1, st[i], m)
			}
		}
	}
	first := [2]paperio.Start{{X: 24, Y: 50, Dir: 0}, {X: 78, Y: 49, Dir: 1}}
	if got := SecondHalfStarts(c, first, PairSame); got != first {
		t.Fatalf("same: %+v", got)
	}
	want := [2]paperio.Start{{X: 23, Y: 49, Dir: 1}, {X: 77, Y: 50, Dir: 2}}
	if got := SecondHalfStarts(c, first, PairMirror); got != want {
		t.Fatalf("mirror: %+v, want %+v", got, want)
	}
}
