package board

import (
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// HumanSpec is the spec recorded for a person's side of a game.
const HumanSpec = "human"

// Human is a player steered from the page: the arrow keys (or WASD) name
// the direction to go; the way the head points, or "straight", goes on;
// the opposite way cannot be taken and goes on too.
func (Board) Human(in <-chan string, clocked bool, stop <-chan struct{}) *game.Entrant {
	return game.NewEntrant(HumanSpec, HumanSpec, func() (bots.Bot, error) {
		return &human{in: in, clocked: clocked, stop: stop}, nil
	})
}

type human struct {
	in      <-chan string
	clocked bool
	stop    <-chan struct{}
	me      int
}

func (h *human) Reset(_ *paperio.State, me int, _ uint64, _ play.Clock) { h.me = me }

// Act takes the next key: on a clock the one pressed since the last move
// (straight on when none), else it waits for one.
func (h *human) Act(v *paperio.State, _ play.Clock) paperio.Action {
	_, _, d := v.Head(h.me)
	if h.clocked {
		select {
		case k := <-h.in:
			return Turn(d, k)
		default:
			return paperio.Straight
		}
	}
	select {
	case k := <-h.in:
		return Turn(d, k)
	case <-h.stop:
		return paperio.Straight
	}
}

// keyDirs are the page's key names as directions.
var keyDirs = map[string]paperio.Dir{"right": paperio.East, "down": paperio.South, "left": paperio.West, "up": paperio.North}

// Turn is the action that takes a head pointing d the way key names.
func Turn(d paperio.Dir, key string) paperio.Action {
	to, ok := keyDirs[key]
	switch {
	case !ok || to == d || to == d.Opposite():
		return paperio.Straight
	case to == d.Left():
		return paperio.Left
	}
	return paperio.Right
}

// CheckInput takes the page's key names.
func (Board) CheckInput(k string) error {
	if _, ok := keyDirs[k]; ok || k == "straight" {
		return nil
	}
	return fmt.Errorf("key %q: want up, down, left, right or straight", k)
}
