// Package bots holds built-in players of stellar (星际群落): the course's
// sample AI, an idle player, and a family of tunable heuristic players, with
// a catalog of their parameters and a loop that plays a game between two of
// them. Bots keep no global state and allocate nothing per turn once warm.
package bots

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/paperio/paperio/stellar"
)

// Bot plays one side of a game. A bot is used by one game at a time and must
// be ready for a new game after Reset.
type Bot interface {
	// Reset prepares the bot for a new game on s in which it plays me (0 or
	// 1); seed drives any randomness, so the same seed gives the same game.
	Reset(s *stellar.State, me int, seed uint64)
	// Act returns the commands for the turn about to be played. The slice
	// belongs to the bot and is valid until its next Act.
	Act(s *stellar.State) []stellar.Command
}

// ParamInfo documents one numeric parameter of a bot.
type ParamInfo struct {
	Name     string
	Default  float64
	Min, Max float64 // the allowed range, inclusive
	Int      bool    // only whole numbers
	Doc      string
}

// Info describes a built-in bot.
type Info struct {
	Name    string
	Summary string
	Params  []ParamInfo
	make    func(p map[string]float64) Bot
}

var catalog = []Info{sampleInfo, idleInfo, greedyInfo}

// Catalog lists the built-in bots, sorted by name.
func Catalog() []Info {
	out := append([]Info(nil), catalog...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// New makes the built-in bot called name with the given parameters; a
// missing parameter takes its default.
func New(name string, params map[string]float64) (Bot, error) {
	for _, in := range catalog {
		if in.Name != name {
			continue
		}
		p := map[string]float64{}
		for _, pi := range in.Params {
			p[pi.Name] = pi.Default
		}
		for k, v := range params {
			pi, ok := in.param(k)
			if !ok {
				return nil, fmt.Errorf("bot %s has no parameter %q (it has: %s)", name, k, in.paramNames())
			}
			if math.IsNaN(v) || v < pi.Min || v > pi.Max || (pi.Int && v != math.Trunc(v)) {
				return nil, fmt.Errorf("bot %s: parameter %s=%v is out of range %v..%v", name, k, v, pi.Min, pi.Max)
			}
			p[k] = v
		}
		return in.make(p), nil
	}
	var names []string
	for _, in := range Catalog() {
		names = append(names, in.Name)
	}
	return nil, fmt.Errorf("unknown bot %q (built in: %s)", name, strings.Join(names, ", "))
}

func (in Info) param(name string) (ParamInfo, bool) {
	for _, p := range in.Params {
		if p.Name == name {
			return p, true
		}
	}
	return ParamInfo{}, false
}

func (in Info) paramNames() string {
	if len(in.Params) == 0 {
		return "none"
	}
	var n []string
	for _, p := range in.Params {
		n = append(n, p.Name)
	}
	return strings.Join(n, ", ")
}

// Match plays games between bots, reusing one State from game to game.
type Match struct {
	s *stellar.State
}

// Play plays a whole game on m between b[0] (player 0) and b[1] and returns
// its result. Bot p is reset with seed+p.
func (mt *Match) Play(m *stellar.Map, b [2]Bot, seed uint64) (stellar.Result, error) {
	if mt.s == nil {
		s, err := stellar.NewState(m)
		if err != nil {
			return stellar.Result{}, err
		}
		mt.s = s
	} else if err := mt.s.Reset(m); err != nil {
		return stellar.Result{}, err
	}
	s := mt.s
	b[0].Reset(s, 0, seed)
	b[1].Reset(s, 1, seed+1)
	for !s.Over() {
		// Both AIs see the state at the start of the turn (RULES §4).
		c0 := b[0].Act(s)
		c1 := b[1].Act(s)
		s.Step(c0, c1)
	}
	return s.Result(), nil
}

// State is the state of the last game played (for looking at it).
func (mt *Match) State() *stellar.State { return mt.s }
