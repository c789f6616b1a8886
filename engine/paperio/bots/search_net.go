package bots

import (
	"fmt"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/play"
)

// The search with a learned network inside (games/paperio/rl's
// netsearch:FILE). By default (guide=1) the heuristic guides it as it guides
// the search bot, the network's logits order the search's moves near the
// root (a Prior), and the play-outs that choose the guide's parameters
// weigh the network's own play as one more plan (simnet=1), followed while
// it leads: measured, that is the stronger form with the networks the
// trainer makes today. With guide=2 the network's policy takes the
// heuristic's place as the guide, its move played wherever the heuristic's
// would be (in quiet positions, and near contact unless the search sees it
// trust cells worse than its best), and its value head, where the search would overrule it, says how
// much the network itself prefers its move to the search's, which widens or
// narrows the trust by value cells per unit of difference; the play-outs
// that choose the heuristic's parameters (sim, playout) do not apply then.

// Net is a learned network for the search: a policy and a value for the
// player to move. It must be deterministic for the search to be.
type Net interface {
	Prior
	// Move is the network's own move for the player to move in s: what
	// the policy plays alone (its greedy move, its masks applied).
	Move(s *paperio.State) paperio.Action
	// Value is the network's expected result of s for the player to move,
	// in [-1, 1] (0 without a value head). s must be as it was after the
	// call.
	Value(s *paperio.State) float32
}

// NetSearchName is the name of the network-guided search's parameters
// (NetSearchInfo).
const NetSearchName = "netsearch"

// NetSearchInfo describes the network-guided search and its parameters:
// the search's, its guide the network by default, less the play-outs that
// tune the heuristic guide, and value.
func NetSearchInfo() botspec.Info {
	var ps []botspec.Param
	for _, p := range searchParamList() {
		switch p.Name {
		case "guide":
			p.Default, p.Max = guideHeuristic, guideNet
			p.Doc = "1: the heuristic guides the play with its play-outs, as the search bot's, the network ordering the search's moves (the stronger with today's networks: docs/SEARCH.md); 2: the network's policy guides it (its move is played wherever the search's guide's would be) and the search overrules a move only when it sees it trust cells worse than its best; 0: the search alone"
		case "trust":
			p.Default = netTrust
		case "raid":
			p.Default = netRaid
		case "wary":
			p.Default = netWary
		case "cut":
			p.Default = netCut
		case "playout":
			continue
		case "sim", "simh", "settle", "models":
			p.Doc = "with guide=1 only: " + p.Doc
		}
		ps = append(ps, p)
	}
	ps = append(ps, botspec.Param{Name: "simnet", Default: netSimNet, Min: 0, Max: 1, Int: true,
		Doc: "with guide=1 and sim: 1 plays the network's own moves out as one more plan beside the guide's variants, and follows the network until the next choice when its play-outs end with the widest lead (the stronger by far with the trainer's networks: docs/SEARCH.md); 0: the guide's variants only"})
	ps = append(ps, botspec.Param{Name: "value", Default: netValue, Min: 0, Max: 100000,
		Doc: "with a guide, where the search would overrule it: cells of trust added per unit by which the network's value head (in [-1, 1]) prefers the guide's move to the search's, taken off when it prefers the search's (0: the value head unused)"})
	return botspec.Info{
		Name:    NetSearchName,
		Summary: "the search bot with a learned network inside: the network orders the search's moves near the root, its own play is weighed in the play-outs as one more plan and followed when it leads (simnet), and with guide=2 its move is played unless the search sees it trust cells worse than its best near contact; deterministic under a node budget",
		Params:  ps,
	}
}

// The network-guided search's defaults where they differ from the search
// bot's, chosen by play against the search bot (raid and wary against the
// course-style band-cutter, at no cost against the search bot).
const (
	netTrust  = 300
	netValue  = 0
	netSimNet = 1
	netRaid   = 1
	netWary   = 2
	netCut    = 1
)

// NewNetSearch is the network-guided search with parameters p (every one of
// NetSearchInfo's; a botspec.Catalog of it fills in the defaults).
func NewNetSearch(p map[string]float64, n Net) Bot { return newSearcher(p, n) }

// NewSearchWithPrior is the search player of spec ("search" with its
// parameters) with its moves ordered by pr at the plies near the root:
// the root's move from the guide first, then the previous iteration's
// principal variation, then pr's order. Everything else is the search's.
func NewSearchWithPrior(spec string, pr Prior) (Bot, error) {
	b, err := Make(spec)
	if err != nil {
		return nil, err
	}
	s, ok := b.(*searcher)
	if !ok {
		return nil, fmt.Errorf("%q is not a search spec (search or search:key=value,...)", spec)
	}
	s.tr.prior = pr
	return s, nil
}

// netGuide is a network's policy as the search's guide.
type netGuide struct{ n Net }

// Reset does nothing: the search resets the network as its prior.
func (netGuide) Reset(*paperio.State, int, uint64, play.Clock) {}

func (g netGuide) Act(s *paperio.State, _ play.Clock) paperio.Action { return g.n.Move(s) }

// valueMargin is what the trust in the guide's move hint gains, in units,
// from the network's value: value times how much better the network finds
// the state after hint than after the search's best move (negative when it
// finds it worse). A move that ends the game is left to the search.
func (b *searcher) valueMargin(hint paperio.Action) int32 {
	top := b.tr.top()
	if b.net == nil || b.value == 0 || top == 0 || top == hint {
		return 0
	}
	vh, okh := b.childValue(hint)
	vt, okt := b.childValue(top)
	if !okh || !okt {
		return 0
	}
	return int32(b.value * (vh - vt))
}

// childValue is the network's value, for the player to move at the root,
// of the state after a: the negation of the value for the player who moves
// next. ok is false when a ends the game.
func (b *searcher) childValue(a paperio.Action) (v float32, ok bool) {
	s := &b.st
	s.Do(a, &b.undo)
	if !s.Over() {
		v, ok = -b.net.Value(s), true
	}
	s.Undo(&b.undo)
	return v, ok
}
