package bots

import (
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// Wariness: the search's answer to a band-cutter. The guide steals loops
// into the enemy's territory (steal=2), which wins against players that
// farm, but the loops leave pockets of the player's territory inside the
// enemy's, and an enemy that waits beside its border and cuts any band it
// can reach closes its own short loop round a pocket the player stands in:
// the player is then out, far from home, and its band is cut. Such an
// enemy shows itself: its head comes within wareNear steps of the player's
// band again and again, which the farming players (the heuristic, the
// search) seldom do. After wary such approaches the player plays
// carefully for the rest of the game: its guide no longer steals, and its
// play-outs no longer weigh the network's plan (learned from the stealing
// guide). With cut=1 it plays as such an enemy plays instead: the cutter
// (cutter.go) guides it, which beats the careful guide against one.

// wareNear is the distance from the enemy's head to the player's band
// that counts as an approach.
const wareNear = 2

// wariness counts the enemy's approaches and makes the switch.
type wariness struct {
	need     int             // approaches before the switch
	seen     int             // approaches so far
	near     bool            // the enemy's head was near the band at the last move
	careful  bool            // switched, for the rest of the game
	original *simChooser     // the chooser to go back to in a new game
	sim      *simChooser     // the careful guide's chooser (nil without play-outs)
	params   heuristicParams // the careful guide's parameters
	own      heuristicParams // the guide's own, for a new game when no chooser restores them
	cutter   Bot             // the careful guide when it is the cutter (nil: the careful heuristic)
}

// cutterSpec is the cutter's play, with cut=1, once wary: the band-cutter's
// own, bolder (bandit.py's settings), which beat the careful guide against
// hunter (docs/SEARCH.md).
const cutterSpec = "cutter:steal=5,kill=50"

// wareSpec is what the careful guide sets over the guide's parameters.
const wareSpec = "steal=0"

// newWariness is the switch after need approaches from the heuristic guide
// of spec guide to the same without stealing; p are the search's
// parameters, whose play-outs the careful guide keeps.
func newWariness(guide string, need int, p map[string]float64) *wariness {
	w := &wariness{need: need, params: variantParams(guide, wareSpec), own: variantParams(guide, "")}
	if p["cut"] > 0 {
		c, err := Make(cutterSpec)
		if err != nil {
			panic(err) // the catalog always has it
		}
		w.cutter = c
		return w // the cutter has no play-outs
	}
	if p["sim"] > 0 {
		w.sim = newSimChooser(overSpec(guide, wareSpec), int(p["sim"]), int(p["simh"]), int(p["settle"]), int(p["models"]))
	}
	return w
}

// reset starts a game unwary, with the search's own chooser (which sets
// the guide's parameters when there is one) and the guide's parameters.
func (w *wariness) reset(b *searcher) {
	if w.careful {
		b.sim = w.original
		b.heur.heuristicParams = w.own
		b.guide = b.heur
	}
	w.seen, w.near, w.careful, w.original = 0, false, false, b.sim
}

// watch counts an approach in s (the player to move is b's) and switches
// b to careful play at the wary-th.
func (w *wariness) watch(s *paperio.State, b *searcher, c play.Clock) {
	if !w.careful && w.note(bandNear(s, b.me, wareNear)) {
		w.turn(s, b, c)
	}
}

// note counts an approach when near starts one (the enemy was not near
// the band the move before), and reports whether it is the wary-th.
func (w *wariness) note(near bool) bool {
	start := near && !w.near
	w.near = near
	if start {
		w.seen++
	}
	return start && w.seen == w.need
}

// turn makes b careful for the rest of the game: its guide (b has the
// heuristic's, as only it makes a wariness) no longer steals, with the
// careful chooser's play-outs when it has them; or, with the cutter, the
// cutter guides it with no play-outs.
func (w *wariness) turn(s *paperio.State, b *searcher, c play.Clock) {
	w.careful = true
	if w.cutter != nil {
		b.guide, b.sim = w.cutter, nil
		w.cutter.Reset(s, b.me, 0, c)
		return
	}
	b.heur.heuristicParams = w.params
	if w.sim != nil {
		b.sim = w.sim
		w.sim.reset(b.heur) // the same parameters, its first variant
	}
	b.heur.Reset(s, b.me, 0, c) // its plan may steal
}

// bandNear reports whether player me has a band out with a cell within d
// steps of the other player's head.
func bandNear(s *paperio.State, me, d int) bool {
	if s.BandLen(me) == 0 {
		return false
	}
	ex, ey, _ := s.Head(1 - me)
	x0, y0, x1, y1 := s.Box(me)
	if (rect{x0, y0, x1, y1}).dist(ex, ey) > d {
		return false
	}
	for _, c := range s.Band(me) {
		x, y := s.XY(int(c))
		if absInt(x-ex)+absInt(y-ey) <= d {
			return true
		}
	}
	return false
}
