package bots

import (
	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

func init() {
	registerBuiltin(botspec.Info{
		Name:    "wanderer",
		Summary: "makes ever bigger loops out of its territory in random directions, heading home by the shortest way when its band gets long",
		Params: []botspec.Param{
			{Name: "start", Default: 4, Min: 1, Max: 50, Int: true, Doc: "size of the first loop (depth and width, varied at random by up to a third)"},
			{Name: "grow", Default: 3, Min: 0, Max: 20, Int: true, Doc: "how much each loop is bigger than the last"},
			{Name: "max", Default: 30, Min: 1, Max: 100, Int: true, Doc: "largest loop size; after it the loops start small again"},
			{Name: "band", Default: 80, Min: 4, Max: 1000, Int: true, Doc: "band length at which it gives up the loop and heads home"},
		},
	}, func(p map[string]float64) Bot {
		return &wanderer{start: int(p["start"]), grow: int(p["grow"]), max: int(p["max"]), band: int(p["band"])}
	})
}

// wanderer leaves home in a random direction, crosses its territory and
// goes round a rectangle of the current size, turning to a random side; each
// loop is bigger than the last until the largest size, then it starts small
// again.
type wanderer struct {
	start, grow, max, band int
	size                   int
	chosen                 bool // the direction of this trip from home is chosen
	st                     stepper
	r                      rng
}

func (b *wanderer) Reset(s *paperio.State, me int, seed uint64, _ play.Clock) {
	b.st.reset(me)
	b.r.seed(seed)
	b.size, b.chosen = b.start, false
}

// vary returns n changed at random by up to a third.
func (b *wanderer) vary(n int) int {
	k := n / 3
	return max(1, n-k+b.r.intn(2*k+1))
}

func (b *wanderer) Act(s *paperio.State, _ play.Clock) paperio.Action {
	st := &b.st
	st.bd.load(s, st.me)
	x, y, d := s.Head(st.me)
	band := s.BandLen(st.me)
	if band == 0 && st.bd.mine(x, y) && (st.nlegs > 0 || st.homing) {
		st.clear() // a loop has closed: the next one is bigger
		b.size += b.grow
		if b.size > b.max {
			b.size = b.start
		}
		b.chosen = false
	}
	nd := noDir
	switch {
	case st.homing:
		nd = st.goHome(x, y, d)
	case band >= b.band:
		nd = st.goHome(x, y, d)
	case st.nlegs > 0:
		if nd = st.next(); nd == noDir {
			nd = st.goHome(x, y, d)
		}
	case band == 0 && st.bd.mine(x, y):
		if !b.chosen {
			b.chosen = true
			nd = ahead(d)[b.r.intn(3)]
			if st.bd.inside(paperio.StepFrom(x, y, nd)) {
				if !st.bd.mine(paperio.StepFrom(x, y, nd)) {
					st.setLegs(st.fitLoop(x, y, nd, b.vary(b.size), b.vary(b.size), b.r.intn(2) == 0))
					nd = st.next()
				}
				break
			}
		}
		if nd = st.atHome(x, y, d); nd == noDir {
			st.setLegs(st.fitLoop(x, y, d, b.vary(b.size), b.vary(b.size), b.r.intn(2) == 0))
			nd = st.next()
		}
	default:
		nd = st.goHome(x, y, d)
	}
	return st.finish(s, x, y, d, nd)
}
