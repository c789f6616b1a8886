package bots

import (
	"fmt"
	"sort"
	"strings"

	"github.com/paperio/paperio/eraser"
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

// Param describes an integer parameter of a bot.
type Param struct {
	Name     string
	Default  int
	Min, Max int
	Doc      string
	field    func(*Lookahead) *int
}

// LookaheadParams are Lookahead's parameters, their defaults and ranges.
var LookaheadParams = []Param{
	{"depth", 2, 1, 2, "1: own points only; 2: also the opponent's best reply", func(b *Lookahead) *int { return &b.Depth }},
	{"reply", 100, 0, 200, "percent weight of the opponent's best reply", func(b *Lookahead) *int { return &b.Reply }},
	{"ending", 1000, 0, 10000, "points for a move that ends the game ahead", func(b *Lookahead) *int { return &b.Ending }},
	{"combo", 0, 0, 100, "percent of a point per removed cell", func(b *Lookahead) *int { return &b.Combo }},
}

// NewLookahead returns a Lookahead with the defaults, changed by params
// (name → value); an unknown name or a value out of range is an error.
func NewLookahead(params map[string]int) (*Lookahead, error) {
	b := &Lookahead{}
	for _, p := range LookaheadParams {
		*p.field(b) = p.Default
	}
	names := make([]string, 0, len(params))
	for n := range params {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v := params[n]
		p, ok := lookaheadParam(n)
		if !ok {
			var known []string
			for _, p := range LookaheadParams {
				known = append(known, p.Name)
			}
			return nil, fmt.Errorf("lookahead has no parameter %q (it has %s)", n, strings.Join(known, ", "))
		}
		if v < p.Min || v > p.Max {
			return nil, fmt.Errorf("lookahead %s=%d: must be in %d..%d", n, v, p.Min, p.Max)
		}
		*p.field(b) = v
	}
	return b, nil
}

func lookaheadParam(name string) (Param, bool) {
	for _, p := range LookaheadParams {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

func (b *Lookahead) Reset(s *eraser.State, me int, seed uint64) { b.me = me }

// Act returns the first operation of the highest value.
func (b *Lookahead) Act(s *eraser.State) eraser.Swap {
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
