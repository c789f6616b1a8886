package bots

import (
	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

func init() {
	registerBuiltin(botspec.Info{
		Name:    "goround",
		Summary: "the course's simple sample: goes round a fixed w x h rectangle out from its territory and back, again and again",
		Params: []botspec.Param{
			{Name: "w", Default: 8, Min: 1, Max: 100, Int: true, Doc: "width of the rectangle, along the edge of the territory"},
			{Name: "h", Default: 8, Min: 1, Max: 100, Int: true, Doc: "depth of the rectangle: how far it goes out from the territory"},
		},
	}, func(p map[string]float64) Bot { return &goRound{w: int(p["w"]), h: int(p["h"])} })
}

// goRound crosses its territory straight on; where it leaves it, it goes
// round a w x h rectangle (turning right when there is room) back to where
// it left, then carries on.
type goRound struct {
	w, h int
	st   stepper
}

func (b *goRound) Reset(s *paperio.State, me int, seed uint64, _ play.Clock) { b.st.reset(me) }

func (b *goRound) Act(s *paperio.State, _ play.Clock) paperio.Action {
	st := &b.st
	st.bd.load(s, st.me)
	x, y, d := s.Head(st.me)
	band := s.BandLen(st.me)
	if band == 0 && st.bd.mine(x, y) {
		st.clear()
	}
	nd := noDir
	switch {
	case st.homing:
		nd = st.goHome(x, y, d)
	case st.nlegs > 0:
		if nd = st.next(); nd == noDir {
			nd = st.goHome(x, y, d)
		}
	case band == 0 && st.bd.mine(x, y):
		if nd = st.atHome(x, y, d); nd == noDir {
			st.setLegs(st.fitLoop(x, y, d, b.h, b.w, true))
			nd = st.next()
		}
	default:
		nd = st.goHome(x, y, d)
	}
	return st.finish(s, x, y, d, nd)
}
