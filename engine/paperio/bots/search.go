package bots

import (
	"time"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// The search player lives in three files:
//
//	search.go       parameters, budgets and time planning, the choice of each move
//	search_tree.go  alpha-beta with iterative deepening over the engine's Do/Undo
//	search_eval.go  the evaluation: territory, bands, who reaches whose band first

func init() {
	registerBuiltin(botspec.Info{
		Name: "search",
		Summary: "alpha-beta search with iterative deepening over the engine's own rules (make/undo); evaluates territory, " +
			"band size against who can reach whose band before its owner gets home, and the rounds left; its guide's parameters chosen by play-outs; deterministic under a node budget",
		Params: searchParamList(),
	}, func(p map[string]float64) Bot { return newSearcher(p, nil) })
}

// searchParamList are the search bot's parameters.
func searchParamList() []botspec.Param {
	return []botspec.Param{
		{Name: "nodes", Default: defaultNodes, Min: 0, Max: 1e9, Int: true,
			Doc: "half-steps searched per move (0: none, ms or the clock decides; with neither, the default); with it play does not depend on the machine"},
		{Name: "ms", Default: 0, Min: 0, Max: 60000,
			Doc: "wall time per move in milliseconds (0: none); with nodes, a cap. Under a think-time limit the time is also planned over the rounds left"},
		{Name: "depth", Default: 40, Min: 1, Max: 200, Int: true,
			Doc: "deepest iteration, in half-steps"},
		{Name: "guide", Default: guideHeuristic, Min: 0, Max: guideHeuristic, Int: true,
			Doc: "1: the heuristic's plans guide the play, and the search overrules a move only when it sees it trust cells worse than its best; 0: the search alone"},
		{Name: "trust", Default: 300, Min: 0, Max: 100000,
			Doc: "how much better, in cells of its evaluation, the search's best move must be than the guide's for the search to play it"},
		{Name: "near", Default: 12, Min: 0, Max: 400, Int: true,
			Doc: "with a guide, the search runs only when a head is this near (in steps) the other head or a band; elsewhere the guide's move is played (0: search every move)"},
		{Name: "gain", Default: 0.5, Min: 0, Max: 4,
			Doc: "worth of a band's bounding box, per cell, against a cell of territory (the loop it may close)"},
		{Name: "loop", Default: 600, Min: 1, Max: 10302, Int: true,
			Doc: "largest band bounding box counted as gain, in cells: beyond it a band is not worth more"},
		{Name: "way", Default: 0.5, Min: 0, Max: 20,
			Doc: "cost, in cells of territory, of each step a band out still has to go home"},
		{Name: "margin", Default: 2, Min: 0, Max: 10, Int: true,
			Doc: "steps the enemy should need beyond mine to get home before it reaches my band: below this a band is worth less"},
		{Name: "playout", Default: 0, Min: 0, Max: 2000, Int: true,
			Doc: "an exploit of one known opponent, off by default: with a guide, while the enemy's every move has been the default heuristic's, every this many of its moves at home it plays the game out against that heuristic with a few variants of the guide's parameters and follows the best (0: never; with 16 it wins every game against the default heuristic, and does no better than without against anyone else)"},
		{Name: "sim", Default: 4, Min: 0, Max: 2000, Int: true,
			Doc: "with a guide, every this many of its moves at home it plays on simh rounds once for each of a few variants of the guide's parameters against each of models generic enemies (heuristics, never checked against the real enemy) and follows the variant whose leads sum widest (0: never; with the defaults it lifts the win rate against the heuristic from about 75 % to 95 %)"},
		{Name: "simh", Default: 200, Min: 1, Max: 2000, Int: true,
			Doc: "rounds each of sim's play-outs plays on"},
		{Name: "settle", Default: 100, Min: 0, Max: 2000, Int: true,
			Doc: "rounds a play-out may go on past simh while a band is out, so that its lead is read with no loop half-laid (0: read at simh)"},
		{Name: "raid", Default: 0, Min: 0, Max: 1, Int: true,
			Doc: "the guide's raid: 1 lets it go for an enemy band it can reach across its own territory even when the enemy's head is nearer that way than it is (see heuristic)"},
		{Name: "wary", Default: 0, Min: 0, Max: 100, Int: true,
			Doc: "a band-cutter's answer, off by default: once the enemy's head has come within two steps of the band out this many times, the player changes its play for the rest of the game, as cut says (0: never)"},
		{Name: "cut", Default: 0, Min: 0, Max: 1, Int: true,
			Doc: "with wary, the play after the switch: 1 the cutter's (cutter:steal=5,kill=50: safe rectangular loops from home and a band cut wherever it gets there before its owner gets home), the search still watching it near contact, without play-outs; 0 careful: the guide stops stealing loops into the enemy's territory (they leave pockets of territory that a cutter closes in) and the play-outs drop the network's plan"},
		{Name: "models", Default: 3, Min: 1, Max: float64(len(simModels)), Int: true,
			Doc: "generic enemies each variant is played out against, its worth the sum of their leads (the guide; a careful one, maxband=100,margin=2; one that scores loops by their rectangle, steal=0,pace=1; a bold one, maxband=300,margin=1)"},
	}
}

// The guides a search may follow (its guide parameter).
const (
	guideNone      = 0
	guideHeuristic = 1
	guideNet       = 2 // a network's policy (NewNetSearch)
)

// newSearcher is the search player of parameters p (every one of the
// search's, and value when net is set), its moves near the root ordered by
// net's prior when net is set, and guided by net's policy with guide=2.
func newSearcher(p map[string]float64, net Net) *searcher {
	b := &searcher{trust: int32(p["trust"] * unit), near: int(p["near"]), searchParams: searchParams{
		nodes: int64(p["nodes"]), ms: p["ms"], depth: int(p["depth"]),
		gain: int32(p["gain"]*unit + 0.5), margin: int(p["margin"]),
		loop: int(p["loop"]), way: int32(p["way"]*unit + 0.5),
	}}
	switch int(p["guide"]) {
	case guideHeuristic:
		spec := guideSpec
		if p["raid"] > 0 {
			spec += ",raid=1"
		}
		g, err := Make(spec)
		if err != nil {
			panic(err) // the catalog always has it
		}
		b.heur = g.(*heuristic)
		b.guide = b.heur
		if p["playout"] > 0 {
			b.model = newEnemyModel(spec, int(p["playout"]))
		}
		if p["sim"] > 0 {
			b.sim = newSimChooser(spec, int(p["sim"]), int(p["simh"]), int(p["settle"]), int(p["models"]))
		}
		if w := int(p["wary"]); w > 0 {
			b.wary = newWariness(spec, w, p)
		}
	case guideNet:
		b.guide = netGuide{net}
	}
	if net != nil {
		b.tr.prior, b.net = net, net
		b.value = float32(p["value"] * unit)
		if b.sim != nil && p["simnet"] > 0 {
			b.sim.net = net
		}
	}
	return b
}

// guideSpec is the guide's play: the heuristic, its loops scored by the
// cells they really take (an enemy cell three times) over their moves to
// the power 1.5 (quick loops), longer, and with no spare step against the
// enemy, since the search watches the band.
const guideSpec = "heuristic:steal=2,maxband=200,margin=0,pace=1.5"

// defaultNodes is the default node budget: a 2000-round game on the course
// board takes a few seconds.
const defaultNodes = 6000

type searchParams struct {
	nodes  int64   // node budget per move, 0 for none
	ms     float64 // wall time per move, 0 for none
	depth  int     // deepest iteration
	gain   int32   // worth of a band's box cell, in units
	margin int     // wanted spare steps against the enemy
	loop   int     // largest box counted
	way    int32   // cost of a step home, in units
}

// searcher is the search player. Each move it copies the game into its own
// state and searches it with Do and Undo; see search_tree.go.
type searcher struct {
	searchParams
	// guide is the play followed while the search sees no better (nil:
	// none): the heuristic (heur) or a network's policy (net).
	guide Bot
	heur  *heuristic  // the guide when it is the heuristic: its plans, which sim and model choose
	model *enemyModel // the enemy taken for the default heuristic (nil: none)
	sim   *simChooser // the heuristic guide's parameters chosen by play-outs (nil: never)
	wary  *wariness   // the switch to careful play against a band-cutter (nil: never)
	net   Net         // the network that orders the moves near the root (nil: none)
	value float32     // with net, the worth in units of its value head's say (search_net.go)
	trust int32       // the margin the search's best must win by, in units
	near  int         // the distance within which the search runs, with a guide
	me    int
	st    paperio.State
	ev    evaluator
	tr    tree
	// overhead is about what a move costs besides its search (the copy,
	// the evaluation's maps, the guide's move, the judgement), measured:
	// time planning leaves it aside; after is the judgement's share.
	overhead time.Duration
	after    time.Duration
	bd       board        // for moves with no time to search
	undo     paperio.Undo // for the network's values of the root's moves
}

// Think time: under a limited clock the player keeps this share of its
// budget (and at least reserveMin) in reserve, and spreads the rest over
// its rounds left.
const (
	reserveShare = 0.15
	reserveMin   = 200 * time.Millisecond
)

func (b *searcher) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	b.me = me
	if b.tr.prior != nil {
		b.tr.prior.Reset(s)
	}
	if b.guide != nil {
		b.guide.Reset(s, me, seed, c)
	}
	if b.wary != nil {
		b.wary.reset(b)
	}
	if b.sim != nil {
		b.sim.reset(b.heur)
	}
	if b.model != nil {
		b.model.reset(s, me, seed, c, b.heur)
	}
}

// OwnDeadline says the player keeps to the time it is given (play.Timed):
// its think time counts under a course time control, and it plans it.
func (b *searcher) OwnDeadline() bool { return true }

func (b *searcher) Act(s *paperio.State, c play.Clock) paperio.Action {
	a := b.act(s, c)
	if b.model != nil {
		b.model.played(s, a)
	}
	return a
}

// act chooses the move.
func (b *searcher) act(s *paperio.State, c play.Clock) paperio.Action {
	var hint paperio.Action
	if b.wary != nil {
		b.wary.watch(s, b, c)
	}
	if b.model != nil {
		b.model.observe(s, b.me, b.heur)
		b.model.choose(s, b.me, b.heur, c)
	}
	if b.sim != nil && (b.model == nil || !b.model.exact) {
		wasNet := b.sim.netPlan
		b.sim.choose(s, b.me, b.heur, c)
		if wasNet && !b.sim.netPlan {
			b.heur.Reset(s, b.me, 0, c) // its plan is stale after the network's
		}
	}
	// The play-outs above come now and then and are paid for out of the
	// clock already; the overhead below is what every move costs.
	start := time.Now()
	switch {
	case b.sim != nil && b.sim.netPlan:
		hint = b.net.Move(s)
	case b.guide != nil:
		hint = b.guide.Act(s, c)
	}
	if hint != 0 && selfLoss(s, hint) {
		hint = 0 // a guide that would run off the board or onto its band (a network's) is not followed
	}
	b.tr.first = hint
	if hint != 0 && b.quiet(s) {
		return hint
	}
	per := b.moveTime(s, c)
	if per < 0 { // no time to search: a move that does not lose at once
		if hint != 0 {
			return hint
		}
		return b.quickMove(s)
	}
	b.st.CopyFrom(s)
	b.ev.prepare(&b.st, &b.searchParams)
	lim := limits{nodes: b.nodes}
	if per > 0 {
		// The search leaves the time its judgement took last (the
		// network's values) within the move's.
		lim.deadline, lim.timed = start.Add(per-b.after), true
	} else if lim.nodes == 0 { // no budget given: the default one
		lim.nodes = defaultNodes
	}
	searchStart := time.Now()
	move := b.tr.best(&b.st, &b.ev, &b.searchParams, lim)
	searched := time.Now()
	move = b.judge(s, hint, move, c)
	if c.Limited() {
		// What the move took besides the search itself: the copy, the
		// evaluation's maps, the guide's move and the judgement.
		b.overhead = (3*b.overhead + time.Since(start) - searched.Sub(searchStart)) / 4
		b.after = (3*b.after + time.Since(searched)) / 4
	}
	return move
}

// judge is the move to play once the search has chosen move, the guide
// hint (0: none): the guide's unless the search sees it trust cells worse
// than its best (with a network's value, the margin widened or narrowed by
// what the network thinks of the two moves).
func (b *searcher) judge(s *paperio.State, hint, move paperio.Action, c play.Clock) paperio.Action {
	if hint == 0 || move == hint {
		return move
	}
	if b.tr.trusts(hint, b.trust+b.valueMargin(hint)) {
		return hint
	}
	// Overruled: the heuristic's plan no longer holds; it plans anew from
	// where the game goes.
	if b.heur != nil {
		b.heur.Reset(s, b.me, 0, c)
	}
	return move
}

// selfLoss reports whether action a takes the player to move off the
// board or onto its own band.
func selfLoss(s *paperio.State, a paperio.Action) bool {
	me := s.ToMove()
	x, y, d := s.Head(me)
	nx, ny := paperio.StepFrom(x, y, a.Turn(d))
	return !s.Inside(nx, ny) || s.BandAt(nx, ny) == me+1
}

// quickMove is a move that does not lose at once if there is one, with
// room after it.
func (b *searcher) quickMove(s *paperio.State) paperio.Action {
	b.bd.load(s, s.ToMove())
	x, y, d := s.Head(s.ToMove())
	if nd := b.bd.safeMove(x, y, d); nd != noDir {
		return actionTo(d, nd)
	}
	return paperio.Straight
}

// moveTime is the wall time this move may take: ms, capped under a
// limited clock by an even share of what is left over the rounds left
// (0: no time limit; negative: not even the time to prepare a search).
func (b *searcher) moveTime(s *paperio.State, c play.Clock) time.Duration {
	per := time.Duration(b.ms * float64(time.Millisecond))
	if !c.Limited() {
		return per
	}
	reserve := max(time.Duration(reserveShare*float64(c.Budget)), reserveMin)
	rounds := max(s.TurnsLeft(s.ToMove()), 1)
	share := (c.Left[s.ToMove()] - reserve) / time.Duration(rounds)
	if share < 2*b.overhead+50*time.Microsecond {
		return -1
	}
	if per == 0 || share < per {
		per = share
	}
	return per
}

// quiet reports whether no head is within near steps (Manhattan, which no
// path beats) of the other head or of a band: then no move can hit a band
// or a head within the search's horizon, and the guide's move stands.
func (b *searcher) quiet(s *paperio.State) bool {
	if b.near == 0 {
		return false
	}
	var hx, hy [2]int
	for i := range 2 {
		hx[i], hy[i], _ = s.Head(i)
	}
	if absInt(hx[0]-hx[1])+absInt(hy[0]-hy[1]) <= b.near {
		return false
	}
	for i := range 2 { // player i's band against the other's head
		x0, y0, x1, y1 := s.Box(i)
		if s.BandLen(i) == 0 || (rect{x0, y0, x1, y1}).dist(hx[1-i], hy[1-i]) > b.near {
			continue
		}
		for _, c := range s.Band(i) {
			x, y := s.XY(int(c))
			if absInt(x-hx[1-i])+absInt(y-hy[1-i]) <= b.near {
				return false
			}
		}
	}
	return true
}
