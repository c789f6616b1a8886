package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// TestCountGain: with steal, a loop's gain is the cells of its rectangle
// and along leg counted one by one on the board (mine nothing, free one,
// the enemy's 1+steal), in positions from games between heuristics.
func TestCountGain(t *testing.T) {
	cfg := paperio.Config{Width: 40, Height: 30, MaxTurns: 400}
	b, _ := Make("heuristic:steal=2")
	h := b.(*heuristic)
	checked := 0
	for g := int64(0); g < 4; g++ {
		starts := testStarts(cfg, 70+g)
		pa, _ := Make("heuristic")
		pb, _ := Make("heuristic")
		s, _ := paperio.NewGame(cfg, starts)
		pa.Reset(s, 0, 0, play.Clock{})
		pb.Reset(s, 1, 0, play.Clock{})
		for k := 0; !s.Over(); k++ {
			if k%37 == 0 {
				checked += checkGains(t, h, s)
			}
			s.Step([2]Bot{pa, pb}[s.ToMove()].Act(s, play.Clock{}))
		}
	}
	if checked < 100 {
		t.Fatalf("only %d loops checked", checked)
	}
}

// checkGains compares countGain with a count cell by cell for loops from
// every cell of the board that fit on it, and returns how many it checked.
func checkGains(t *testing.T, h *heuristic, s *paperio.State) int {
	t.Helper()
	h.me, h.en = 0, 1
	h.bd.load(s, 0)
	bd := &h.bd
	h.counts[0] = prefixSums(h.counts[0], bd.w, bd.h, bd.field, bd.own)
	h.counts[1] = prefixSums(h.counts[1], bd.w, bd.h, bd.field, bd.opp)
	worth := func(x, y int) float64 {
		switch bd.field[x*bd.h+y] {
		case bd.own:
			return 0
		case bd.opp:
			return 1 + h.steal
		}
		return 1
	}
	n := 0
	for x := 0; x < bd.w; x += 3 {
		for y := 0; y < bd.h; y += 3 {
			for out := paperio.Dir(0); out < 4; out++ {
				l := loop{x: x, y: y, out: out, side: out.Right(), shape: shape{depth: 1 + (x+y)%7, width: 1 + (x*y)%9, base: (x + 2*y) % 5}}
				ox, oy, sx, sy := l.out.DX(), l.out.DY(), l.side.DX(), l.side.DY()
				fx, fy := x+l.depth*ox+l.width*sx, y+l.depth*oy+l.width*sy
				if !bd.inside(fx, fy) {
					continue
				}
				want := 0.0
				for i := 1; i <= l.depth; i++ {
					for j := 0; j <= l.width; j++ {
						want += worth(x+i*ox+j*sx, y+i*oy+j*sy)
					}
				}
				for j := l.base + 1; j <= l.width; j++ {
					want += worth(x+j*sx, y+j*sy)
				}
				if got := h.countGain(&l); got != want {
					t.Fatalf("loop %+v: countGain %v, counted %v", l, got, want)
				}
				n++
			}
		}
	}
	return n
}
