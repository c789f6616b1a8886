package pyai

import (
	"runtime"
	"sync"
	"weak"

	"github.com/paperio/paperio/engine"
)

// A frame shows both players' time left. Each Player charges only its own
// time, so the Players of one game share a gameClock (found through the
// game's *engine.State) where each records its time left after every
// charge; a side that is not a Player (a Go bot) shows the untouched
// budget throughout. A clock is forgotten when its game's state is
// garbage-collected.
type gameClock struct {
	mu   sync.Mutex
	hist [2][]clockMark
}

// clockMark says that from half-step from on, the frames show left.
type clockMark struct {
	from int
	left timeLeft
}

var (
	clocksMu sync.Mutex
	clocks   = map[weak.Pointer[engine.State]]*gameClock{}
)

// clockOf returns the clock of game s, making it if needed.
func clockOf(s *engine.State) *gameClock {
	k := weak.Make(s)
	clocksMu.Lock()
	defer clocksMu.Unlock()
	c := clocks[k]
	if c == nil {
		c = &gameClock{}
		clocks[k] = c
		runtime.AddCleanup(s, func(k weak.Pointer[engine.State]) {
			clocksMu.Lock()
			delete(clocks, k)
			clocksMu.Unlock()
		}, k)
	}
	return c
}

// mark records player i's time left from half-step from on.
func (c *gameClock) mark(i, from int, left timeLeft) {
	c.mu.Lock()
	defer c.mu.Unlock()
	h := c.hist[i]
	for len(h) > 0 && h[len(h)-1].from >= from { // a newer charge for the same frame
		h = h[:len(h)-1]
	}
	c.hist[i] = append(h, clockMark{from, left})
}

// at returns both players' time left in the frame after half-step step;
// a player with no marks shows def.
func (c *gameClock) at(step int, def timeLeft) [2]timeLeft {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out [2]timeLeft
	for i := range out {
		out[i] = def
		h := c.hist[i]
		for k := len(h) - 1; k >= 0; k-- {
			if h[k].from <= step {
				out[i] = h[k].left
				break
			}
		}
	}
	return out
}
