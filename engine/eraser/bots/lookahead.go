package bots

import (
	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/play"
)

// Lookahead weighs each operation by the points it scores now, minus a share
// of the best points the opponent can answer with, and knows that a move
// after which the game ends decides it. Every parameter is an integer, for
// tuners.
type Lookahead struct {
	Depth  int // 1: own points only; 2: also the opponent's best reply
	Reply  int // percent: weight of the opponent's best reply (depth 2)
	Ending int // points: worth of a move that ends the game ahead (−Ending if behind)
	Combo  int // percent of a point per cell removed (a longer cascade breaks up the board more)

	me      int
	scratch [2]eraser.State
	ops     [2][]eraser.Swap
}

// LookaheadParams are Lookahead's parameters, their defaults and ranges.
var LookaheadParams = []botspec.Param{
	{Name: "depth", Default: 2, Min: 1, Max: 2, Int: true, Doc: "1: own points only; 2: also the opponent's best reply"},
	{Name: "reply", Default: 100, Min: 0, Max: 200, Int: true, Doc: "percent weight of the opponent's best reply"},
	{Name: "ending", Default: 1000, Min: 0, Max: 10000, Int: true, Doc: "points for a move that ends the game ahead (minus as many behind)"},
	{Name: "combo", Default: 0, Min: 0, Max: 100, Int: true, Doc: "percent of a point per removed cell"},
}

// NewLookahead returns a Lookahead with the default parameters.
func NewLookahead() *Lookahead { return lookaheadOf(nil) }

// lookaheadOf is a Lookahead with the parameters p (a missing one takes
// its default); the catalog has checked them.
func lookaheadOf(p map[string]float64) *Lookahead {
	b := &Lookahead{}
	for _, d := range LookaheadParams {
		v, ok := p[d.Name]
		if !ok {
			v = d.Default
		}
		*b.field(d.Name) = int(v)
	}
	return b
}

// field is the parameter called name.
func (b *Lookahead) field(name string) *int {
	switch name {
	case "depth":
		return &b.Depth
	case "reply":
		return &b.Reply
	case "ending":
		return &b.Ending
	}
	return &b.Combo
}

func (b *Lookahead) Reset(s *eraser.State, me int, seed uint64, _ play.Clock) { b.me = me }

// Act returns the first operation of the highest value.
func (b *Lookahead) Act(s *eraser.State, _ play.Clock) eraser.Swap {
	b.ops[0] = s.Ops(b.ops[0][:0])
	best, bestValue := eraser.Swap{}, 0
	for i, op := range b.ops[0] {
		if v := b.value(s, op); i == 0 || v > bestValue {
			best, bestValue = op, v
		}
	}
	return best
}

// value is the worth of op for the mover of s, in hundredths of a point.
func (b *Lookahead) value(s *eraser.State, op eraser.Swap) int {
	after := &b.scratch[0]
	v := b.moveValue(after, s, op)
	if after.Over() || b.Depth < 2 {
		return v
	}
	reply := &b.scratch[1]
	b.ops[1] = after.Ops(b.ops[1][:0])
	bestReply := 0
	for i, r := range b.ops[1] {
		if rv := b.moveValue(reply, after, r); i == 0 || rv > bestReply {
			bestReply = rv
		}
	}
	return v - b.Reply*bestReply/100
}

// moveValue plays op on a copy of s in dst and returns its worth for the
// mover: points, the combo's share, and the end of the game if it ends.
func (b *Lookahead) moveValue(dst, s *eraser.State, op eraser.Swap) int {
	p := s.ToMove()
	dst.CopyFrom(s)
	dst.Move(op)
	v := 100*(dst.Score(p)-s.Score(p)) + b.Combo*dst.Combo(p)
	if dst.Over() {
		switch diff := dst.Score(p) - dst.Score(1-p); {
		case diff > 0:
			v += 100 * b.Ending
		case diff < 0:
			v -= 100 * b.Ending
		}
	}
	return v
}
