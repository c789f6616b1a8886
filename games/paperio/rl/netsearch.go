package rl

import (
	"fmt"
	"strings"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
)

// NetSearchPrefix starts the spec of the network-guided search:
// "netsearch:FILE", FILE a weights file, or
// "netsearch:KEY=VALUE,...:FILE" with the search's parameters
// (bots.NetSearchInfo). It plays the network's move (what policy:FILE
// plays) unless, near contact, the search sees it trust cells worse than
// its best, the search's moves near the root ordered by the network's
// logits; its defaults hold a node budget, so that its play does not
// depend on the machine.
//
// The parameters are the text before the first ':' after the prefix when
// that text holds '=' or is empty; otherwise the whole rest is the file,
// so "netsearch:runs/a:b.npz" names the file a:b.npz in runs, and a file
// whose name has '=' before a ':' is written after an empty parameter
// list, "netsearch::x=1:y.npz".
const NetSearchPrefix = "netsearch:"

// netSearchParams reads and checks the parameters of netsearch specs.
var netSearchParams = func() *botspec.Catalog[map[string]float64] {
	var c botspec.Catalog[map[string]float64]
	c.Register(bots.NetSearchInfo(), func(p map[string]float64) map[string]float64 { return p })
	return &c
}()

// splitNetSearch splits the argument of a netsearch spec (the text after
// the prefix) into its parameters, checked, and its file.
func splitNetSearch(arg string) (botspec.Spec, string, error) {
	arg = strings.TrimSpace(arg)
	params, path := "", arg
	if head, tail, ok := strings.Cut(arg, ":"); ok && (head == "" || strings.Contains(head, "=")) {
		params, path = head, strings.TrimSpace(tail)
	}
	sp, err := netSearchParams.Parse(bots.NetSearchName + ":" + params)
	if err != nil {
		return botspec.Spec{}, "", fmt.Errorf("player %q: %v", NetSearchPrefix+arg, err)
	}
	if path == "" {
		return botspec.Spec{}, "", fmt.Errorf("player %q: %s needs the weights file (%spath/to/policy.npz or %skey=value,...:path/to/policy.npz)", NetSearchPrefix+arg, NetSearchPrefix, NetSearchPrefix, NetSearchPrefix)
	}
	return sp, path, nil
}

// canonicalNetSearch is the canonical argument of a netsearch spec: the
// parameters that differ from their defaults, sorted, then the file; the
// file alone when none do (behind an empty list when it would read as
// parameters).
func canonicalNetSearch(arg string) (string, error) {
	sp, path, err := splitNetSearch(arg)
	if err != nil {
		return "", err
	}
	params := strings.TrimPrefix(strings.TrimPrefix(sp.String(), bots.NetSearchName), ":")
	if head, _, ok := strings.Cut(path, ":"); params == "" && !(ok && (head == "" || strings.Contains(head, "="))) {
		return path, nil
	}
	return params + ":" + path, nil
}

// loadNetSearch reads a netsearch spec's file once and returns a maker of
// its players.
func loadNetSearch(arg string) (func() (bots.Bot, error), error) {
	sp, path, err := splitNetSearch(arg)
	if err != nil {
		return nil, err
	}
	p, err := LoadPolicy(path)
	if err != nil {
		return nil, err
	}
	return func() (bots.Bot, error) { return p.NewNetSearch(sp) }, nil
}

// NewNetSearch is the network-guided search of parameters sp (a spec of
// bots.NetSearchInfo's parameters). Each player has its own buffers.
func (p *Policy) NewNetSearch(sp botspec.Spec) (bots.Bot, error) {
	params, err := netSearchParams.New(sp)
	if err != nil {
		return nil, err
	}
	return bots.NewNetSearch(params, &searchNet{pl: p.NewPlayer()}), nil
}

// searchNet is a policy as the search's network (bots.Net).
type searchNet struct{ pl *PolicyPlayer }

func (n *searchNet) Reset(s *paperio.State) { n.pl.Reset(s, 0, 0, play.Clock{}) }

// Prior is the network's logits for the player to move (Left, Straight,
// Right: Actions' order).
func (n *searchNet) Prior(s *paperio.State) [3]float32 {
	logits, _ := n.pl.Evaluate(s, s.ToMove())
	return logits
}

// Move is the policy's move for the player to move: PolicyPlayer's, its
// masks applied.
func (n *searchNet) Move(s *paperio.State) paperio.Action {
	_, a := n.pl.Decide(s, s.ToMove())
	return Actions[a]
}

// Value is the value head's output for the player to move.
func (n *searchNet) Value(s *paperio.State) float32 {
	_, v := n.pl.Evaluate(s, s.ToMove())
	return v
}

// NewSearcher is the search player of spec ("search" or
// "search:key=value,...", the built-in bot's parameters, its guide the
// heuristic) with its moves ordered by the policy's logits near the root
// (bots.NewSearchWithPrior). Each player has its own buffers.
func (p *Policy) NewSearcher(spec string) (bots.Bot, error) {
	return bots.NewSearchWithPrior(spec, &searchNet{pl: p.NewPlayer()})
}
