// Package stellar binds stellar (星际群落, the 2021 game; rules in package
// stellar, bots in engine/stellar/bots, course AIs through pyai) to the shared
// commands: its settings (maps, turns, the time limit of a call), players,
// games through the play loop, dataset tables (dataset.go), replays in the
// course's recording format and result texts. Importing it registers the
// game as "stellar".
//
// Both players decide on the same view each turn (play.Game's Movers is 3).
// A course AI is limited per call, as the course limited it (MAX_TIME, the
// --call-time setting, 0.1 s by default): a call that raises or overruns
// counts as an empty command list for that turn, and only an AI that fails
// to load loses (RULES §8). The loop's think-time budget per game (the
// CLI's --time) never ends a stellar game: it bounds an AI's load, the
// import and player_class(id), and nothing else.
package stellar

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
)

func init() { game.Register(Game{}) }

// Game is stellar for the shared commands.
type Game struct{}

func (Game) Name() string     { return "stellar" }
func (Game) Info() *game.Info { return &info }

var info = game.Info{
	Title:  "stellar (星际群落)",
	Length: "turns", LengthWords: "turns",
	Score: "force", ScoreWords: "total force", ScoreUnit: "troops",
	MovesTable: "turns", SchemaVersion: SchemaVersion,
	Budget:   "load time %gs per course AI (each call has its own limit)",
	Pairings: []string{"same"},
	// RULES §8: a failed or late call counts as no commands for that turn
	// only; a failed load loses.
	Failures: "ERR: games with a failed call, OVT: games with an answer after the call time; either counts as no commands for that turn and the game goes on (a failed load loses)",
	Late:     "late (answered after the call time: no commands that turn, the game went on)",
	Reasons: []game.Reason{
		{Code: int(stellar.Base), Short: "base", Name: "base", Words: "a base fell"},
		{Code: int(stellar.BothBases), Short: "both_bases", Name: "both bases", Words: "both bases fell in one turn; decided on points"},
		{Code: int(stellar.LimitNodes), Short: "limit_nodes", Name: "nodes", Words: "turn limit; more nodes"},
		{Code: int(stellar.LimitArmy), Short: "limit_army", Name: "force", Words: "turn limit; equal nodes, larger total force"},
		{Code: int(stellar.LimitDraw), Short: "limit_draw", Name: "draw", Words: "turn limit; equal nodes and total force"},
		{Code: int(stellar.InitError), Short: "init_error", Name: "load error", Words: "an AI failed to load"},
	},
}

// Defaults of the settings: the course's main map, MAX_TURN and MAX_TIME.
const (
	DefaultMap      = "hex_7_0.35_0.1"
	DefaultCallTime = 100 * time.Millisecond
)

// Config is the settings of a game.
type Config struct {
	// Maps are the map kinds (generators with their parameters, or fixed
	// maps). A game with seed s is played on Maps[s mod len(Maps)], drawn
	// with seed s as the course's generator drew it; a paired game has the
	// same seed, so the same map.
	Maps []stellar.MapSpec
	// Turns is the number of AI turns after which the game is decided on
	// points (MAX_TURN, 100).
	Turns int
	// CallTime is the time limit of one call of a course AI (MAX_TIME,
	// 0.1 s); 0 is unlimited. Built-in bots are not timed.
	CallTime time.Duration
}

// DefaultConfig is the course's settings.
func (Game) DefaultConfig() game.Config {
	sp, _ := stellar.ParseMapSpec(DefaultMap)
	return Config{Maps: []stellar.MapSpec{sp}, Turns: stellar.MaxTurn, CallTime: DefaultCallTime}
}

func (c Config) String() string {
	return fmt.Sprintf("map %s, %d turns, %s s per call", c.MapNames(), c.Turns, strconv.FormatFloat(c.CallTime.Seconds(), 'g', -1, 64))
}

// MapNames lists the map kinds, comma-separated, as --map takes them.
func (c Config) MapNames() string {
	names := make([]string, len(c.Maps))
	for i, m := range c.Maps {
		names[i] = m.String()
	}
	return strings.Join(names, ",")
}

// configJSON is how a plan and a results store keep the settings.
type configJSON struct {
	Maps     []string `json:"maps"`
	Turns    int      `json:"turns"`
	CallTime float64  `json:"call_time"` // seconds
}

// Encode writes {"maps":[…],"turns":…,"call_time":…}.
func (c Config) Encode() []byte {
	names := make([]string, len(c.Maps))
	for i, m := range c.Maps {
		names[i] = m.String()
	}
	b, _ := json.Marshal(configJSON{names, c.Turns, c.CallTime.Seconds()})
	return b
}

func (Game) DecodeConfig(b []byte) (game.Config, error) {
	var j configJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("stellar settings: %v", err)
	}
	return newConfig(strings.Join(j.Maps, ","), j.Turns, j.CallTime)
}

// ConfigFlags adds --map, --turns and --call-time.
func (Game) ConfigFlags(fs *flag.FlagSet) func() (game.Config, error) {
	maps := fs.String("map", DefaultMap, "stellar: the map kind `SPEC[,SPEC…]` (hex_A_PNODE_PEDGE, tree_BRIDGE_LO_HI_DEPTH, g_design2, g_design1, g_design3); "+
		"a game is played on one of them chosen by its seed, the map drawn from the seed as the course drew it")
	turns := fs.Int("turns", stellar.MaxTurn, "stellar: AI turns before the game is decided on points (the course's MAX_TURN)")
	callTime := fs.Float64("call-time", DefaultCallTime.Seconds(), "stellar: time limit of one call of a course AI (py:) in seconds, the course's MAX_TIME; "+
		"a call that overruns it counts as an empty command list; 0 = unlimited")
	return func() (game.Config, error) { return newConfig(*maps, *turns, *callTime) }
}

// newConfig checks settings.
func newConfig(maps string, turns int, callTime float64) (Config, error) {
	var c Config
	for _, name := range strings.Split(maps, ",") {
		sp, err := ParseMap(strings.TrimSpace(name))
		if err != nil {
			return c, err
		}
		c.Maps = append(c.Maps, sp)
	}
	switch {
	case turns < 1 || turns > 1<<15-1:
		return c, fmt.Errorf("--turns %d: want 1..32767", turns)
	case math.IsNaN(callTime) || callTime < 0 || callTime > 3600:
		return c, fmt.Errorf("--call-time %v: want 0 (unlimited) up to 3600 seconds", callTime)
	}
	c.Turns = turns
	c.CallTime = time.Duration(callTime * float64(time.Second))
	return c, nil
}

// ParseMap reads a map kind and checks that its generator can make maps:
// the hexagon needs 4 <= a <= 30 and probabilities below 1 (the reference
// tries forever otherwise), the tree whole branches and a depth of at least
// 1. The datasets keep node counts as 16-bit integers: a tree may have at
// most 16384 nodes, and a hexagon of side 30 has fewer than 3000.
func ParseMap(s string) (stellar.MapSpec, error) {
	sp, err := stellar.ParseMapSpec(s)
	if err != nil {
		return sp, fmt.Errorf("--map: %v", err)
	}
	p := sp.Params
	whole := func(x float64) bool { return x == math.Trunc(x) }
	switch sp.Gen {
	case stellar.GenHex:
		if !whole(p[0]) || p[0] < 4 || p[0] > 30 || p[1] < 0 || p[1] >= 1 || p[2] < 0 || p[2] >= 1 {
			return sp, fmt.Errorf("--map %s: want hex_A_PNODE_PEDGE with a whole A in 4..30 and probabilities in [0, 1)", s)
		}
	case stellar.GenTree:
		if !whole(p[1]) || !whole(p[2]) || !whole(p[3]) || p[1] < 0 || p[2] < p[1] || p[3] < 1 || treeNodes(p[2], p[3]) > 1<<14 {
			return sp, fmt.Errorf("--map %s: want tree_BRIDGE_LO_HI_DEPTH with whole 0 <= LO <= HI, DEPTH >= 1 and at most 16384 nodes", s)
		}
	}
	return sp, nil
}

// treeNodes is the most nodes a tree map with hi branches and the given
// depth can have: twice the nodes above its last level, plus the last.
func treeNodes(hi, depth float64) float64 {
	total, level := 0.0, 1.0
	for d := 1.0; d <= depth && total < 1e9; d++ {
		total += 2 * level
		level *= hi
	}
	return total
}

// configOf is the settings of c (the defaults for another game's).
func configOf(c game.Config) Config {
	if sc, ok := c.(Config); ok {
		return sc
	}
	return Game{}.DefaultConfig().(Config)
}

// MapFor is the map kind of a game with the given seed.
func (c Config) MapFor(seed int64) stellar.MapSpec {
	return c.Maps[uint64(seed)%uint64(len(c.Maps))]
}
