package board

import (
	"fmt"

	rules "github.com/paperio/paperio/engine/paperio"
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

func (h *human) Reset(_ *rules.State, me int, _ uint64, _ play.Clock) { h.me = me }

// Act takes the next key: on a clock the one pressed since the last move
// (straight on when none), else it waits for one.
func (h *human) Act(v *rules.State, _ play.Clock) rules.Action {
	_, _, d := v.Head(h.me)
	if h.clocked {
		select {
		case k := <-h.in:
			return Turn(d, k)
		default:
			return rules.Straight
		}
	}
	select {
	case k := <-h.in:
		return Turn(d, k)
	case <-h.stop:
		return rules.Straight
	}
}

// keyDirs are the page's key names as directions.
var keyDirs = map[string]rules.Dir{"right": rules.East, "down": rules.South, "left": rules.West, "up": rules.North}

// Turn is the action that takes a head pointing d the way key names.
func Turn(d rules.Dir, key string) rules.Action {
	to, ok := keyDirs[key]
	switch {
	case !ok || to == d || to == d.Opposite():
		return rules.Straight
	case to == d.Left():
		return rules.Left
	}
	return rules.Right
}

// CheckInput takes the page's key names.
func (Board) CheckInput(k string) error {
	if _, ok := keyDirs[k]; ok || k == "straight" {
		return nil
	}
	return fmt.Errorf("key %q: want up, down, left, right or straight", k)
}
