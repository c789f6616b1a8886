package board

import (
	"fmt"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// HumanSpec is the spec recorded for a person's side of a game.
const HumanSpec = "human"

// Human is a player steered from the page: each word is a swap, the digits
// x1 y1 x2 y2 of two adjacent cells the person clicked. On a clock, a move
// without a click is the first operation offered.
func (Board) Human(in <-chan string, clocked bool, stop <-chan struct{}) *game.Entrant {
	return game.NewEntrant(HumanSpec, HumanSpec, func() (bots.Bot, error) {
		return &human{in: in, clocked: clocked, stop: stop}, nil
	})
}

// CheckInput takes a swap of two adjacent main-board cells.
func (Board) CheckInput(w string) error {
	_, err := ParseSwap(w)
	return err
}

// ParseSwap reads a swap as the page sends it: "x1y1x2y2", 4 digits.
func ParseSwap(w string) (eraser.Swap, error) {
	if len(w) != 4 {
		return eraser.Swap{}, fmt.Errorf("swap %q: want 4 digits x1 y1 x2 y2", w)
	}
	var d [4]int
	for i := range d {
		if w[i] < '0' || w[i] > '9' {
			return eraser.Swap{}, fmt.Errorf("swap %q: want 4 digits x1 y1 x2 y2", w)
		}
		d[i] = int(w[i] - '0')
	}
	sw, err := eraser.CheckMove(d[0], d[1], d[2], d[3])
	if err != nil {
		return eraser.Swap{}, fmt.Errorf("swap %q: %v", w, err)
	}
	return sw, nil
}

type human struct {
	in      <-chan string
	clocked bool
	stop    <-chan struct{}
	ops     []eraser.Swap
}

func (h *human) Reset(*eraser.State, int, uint64, play.Clock) {}

// Act takes the next swap: on a clock the one clicked since the last move
// (else the first operation), else it waits for one.
func (h *human) Act(s *eraser.State, _ play.Clock) eraser.Swap {
	if h.clocked {
		select {
		case w := <-h.in:
			if sw, err := ParseSwap(w); err == nil {
				return sw
			}
		default:
		}
		return h.first(s)
	}
	for {
		select {
		case w := <-h.in:
			if sw, err := ParseSwap(w); err == nil {
				return sw
			}
		case <-h.stop:
			return h.first(s)
		}
	}
}

// first is the first operation offered (a harmless move when none is).
func (h *human) first(s *eraser.State) eraser.Swap {
	h.ops = s.Ops(h.ops[:0])
	if len(h.ops) > 0 {
		return h.ops[0]
	}
	return eraser.Swap{X1: 0, Y1: 0, X2: 1, Y2: 0}
}
