// Package bots holds built-in players of stellar (星际群落): the course's
// sample AI, an idle player, and two families of tunable heuristic players
// (greedy, rush), with a catalog of their parameters (package botspec) and a
// loop that plays a game between two of them. Bots keep no global state and allocate nothing per turn once warm.
package bots

import (
	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/stellar"
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

// catalog holds the built-in stellar bots (sample, idle, greedy, rush), in
// the spec catalog every game uses: "greedy:keep=30,split=2".
var catalog botspec.Catalog[Bot]

func init() {
	for _, b := range []struct {
		info botspec.Info
		make func(p map[string]float64) Bot
	}{
		{sampleInfo, func(map[string]float64) Bot { return &Sample{} }},
		{idleInfo, func(map[string]float64) Bot { return idle{} }},
		{greedyInfo, newGreedy},
		{rushInfo, newRush},
	} {
		catalog.Register(b.info, b.make)
	}
}

// Catalog describes the built-in bots, sorted by name.
func Catalog() []botspec.Info { return catalog.Infos() }

// Parse reads a bot spec: "name" or "name:key=value,key=value".
func Parse(spec string) (botspec.Spec, error) { return catalog.Parse(spec) }

// Make parses spec and builds the bot.
func Make(spec string) (Bot, error) { return catalog.Make(spec) }

// New makes the built-in bot called name with the given parameters; a
// missing parameter takes its default.
func New(name string, params map[string]float64) (Bot, error) {
	sp, err := catalog.Spec(name, params)
	if err != nil {
		return nil, err
	}
	return catalog.New(sp)
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
