package bots

import (
	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

func init() {
	registerBuiltin(botspec.Info{
		Name:    "random",
		Summary: "random walker: each step picks at random among the moves that neither leave the board nor land on its own band (when one exists), preferring those with a way on; it looks only one step ahead, so it walls itself in and runs into its own band in most games",
	}, func(map[string]float64) Bot { return &randomBot{} })
}

// randomBot walks at random but never loses at once when it can help it.
// It looks one step ahead only: it seldom finds its way home, its band
// winds around it, and most of its games end with it running into that
// band.
type randomBot struct {
	me int
	r  rng
	bd board
}

func (b *randomBot) Reset(s *paperio.State, me int, seed uint64, _ play.Clock) {
	b.me = me
	b.r.seed(seed)
}

func (b *randomBot) Act(s *paperio.State, _ play.Clock) paperio.Action {
	b.bd.load(s, b.me)
	x, y, d := s.Head(b.me)
	// Score each move: 0 leaves the board or hits my band, 1 loses to the
	// enemy's head, 2 is a dead end, 3 has a way on.
	var choice [3]paperio.Action
	n, best := 0, 0
	for _, a := range acts {
		nd := a.Turn(d)
		nx, ny := paperio.StepFrom(x, y, nd)
		sc := 0
		switch {
		case b.bd.ok(nx, ny):
			sc = 2
			if b.bd.hasExit(nx, ny, nd) {
				sc = 3
			}
		case b.bd.notStupid(nx, ny):
			sc = 1
		}
		if sc > best {
			best, n = sc, 0
		}
		if sc == best {
			choice[n] = a
			n++
		}
	}
	return choice[b.r.intn(n)]
}
