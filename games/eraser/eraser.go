// Package eraser binds eraser (星际消战, the 2023 course's match-3 duel;
// rules in package eraser (engine/eraser), bots in engine/eraser/bots, course
// AIs through pyai) to the shared commands: its settings, players, games,
// dataset tables and replays. Importing it registers the game as "eraser".
//
// Players are numbered in move order, as the corpus numbers them: player 1
// (index 0) moves first — the course engine's side 1, built with
// isFirst=True.
package eraser

import (
	"encoding/json"
	"flag"
	"fmt"
	"time"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/game"
)

func init() { game.Register(Game{}) }

// Game is eraser for the shared commands.
type Game struct{}

func (Game) Name() string     { return "eraser" }
func (Game) Info() *game.Info { return &info }

// Result codes of the games table: the corpus's reasons, with an AI's
// error split by kind (a constructor's or a move call's exception, an
// illegal answer, a time-out), as paper.io tells ERR from OVT.
const (
	CodeTurns   = 0 // every move played: "Reach the maximum turn number"
	CodeNoMove  = 1 // no operation left: "No eraserable moves"
	CodeEmpty   = 2 // a column ran out of blocks: "Run out of blocks"
	CodeError   = 3 // an AI raised an error (in its constructor or a move call)
	CodeInvalid = 4 // an AI returned an illegal move (the engine's InvalidMove)
	CodeTimeout = 5 // an AI ran out of think time (the engine's Timeout)
)

var info = game.Info{
	Title:  "eraser (星际消战)",
	Length: "moves", LengthWords: "moves",
	Score: "score", ScoreWords: "score", ScoreUnit: "points",
	MovesTable: "moves", SchemaVersion: SchemaVersion,
	Pairings: []string{"same"},
	Reasons: []game.Reason{
		{Code: CodeTurns, Short: "TURNS", Name: "turns", Words: "every move was played"},
		{Code: CodeNoMove, Short: "NOMOVE", Name: "no move", Words: "the mover had no operation left"},
		{Code: CodeEmpty, Short: "EMPTY", Name: "empty", Words: "a column ran out of blocks"},
		{Code: CodeError, Short: "ERROR", Name: "error", Words: "an AI raised an error"},
		{Code: CodeInvalid, Short: "INVALID", Name: "invalid", Words: "an AI returned an illegal move"},
		{Code: CodeTimeout, Short: "TIMEOUT", Name: "timeout", Words: "an AI ran out of think time"},
	},
}

// ReasonCode is the result code of a game's result.
func ReasonCode(r eraser.Result) int {
	if r.Reason != eraser.ReasonError {
		return int(r.Reason) // turns, nomove and empty are 0, 1 and 2 in both
	}
	switch r.Error.Kind {
	case eraser.FailInvalid:
		return CodeInvalid
	case eraser.FailTimeout:
		return CodeTimeout
	}
	return CodeError
}

// Config is the board's rows and the moves per player. The think time per
// player is the commands' --time (the course's 60 s by default), not a
// setting of the game.
type Config struct{ eraser.Config }

func (c Config) String() string {
	return fmt.Sprintf("%d rows, %d moves per player", c.Rows, c.MaxTurn)
}

// configJSON is how a plan and a results store keep the settings.
type configJSON struct {
	Rows    int `json:"rows"`
	MaxTurn int `json:"max_turn"`
}

// Encode writes {"rows":…,"max_turn":…}.
func (c Config) Encode() []byte {
	b, _ := json.Marshal(configJSON{c.Rows, c.MaxTurn})
	return b
}

func (Game) DefaultConfig() game.Config { return Config{eraser.DefaultConfig()} }

func (Game) DecodeConfig(b []byte) (game.Config, error) {
	var j configJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("eraser settings: %v", err)
	}
	return check(j.Rows, j.MaxTurn)
}

// maxTurn bounds the moves per player: the moves table counts moves in
// 32-bit integers, and a game that long is no course game anyway.
const maxTurn = 1 << 20

func check(rows, turns int) (game.Config, error) {
	c := eraser.DefaultConfig()
	c.Rows, c.MaxTurn = rows, turns
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if turns > maxTurn {
		return nil, fmt.Errorf("turns %d: at most %d moves per player", turns, maxTurn)
	}
	return Config{c}, nil
}

// ConfigFlags adds --rows N and --turns N.
func (Game) ConfigFlags(fs *flag.FlagSet) func() (game.Config, error) {
	rows := fs.Int("rows", eraser.DefaultRows, "eraser: rows of the whole board (the 6 of the main board and the reserve above it), a multiple of 6")
	turns := fs.Int("turns", eraser.DefaultMaxTurn, "eraser: moves per player (a game has at most twice as many)")
	return func() (game.Config, error) {
		c, err := check(*rows, *turns)
		if err != nil {
			return nil, fmt.Errorf("--rows %d --turns %d: %v", *rows, *turns, err)
		}
		return c, nil
	}
}

// DefaultThinkTime is the course's think time per player per game: the
// commands' --time when it is not given.
func (Game) DefaultThinkTime() time.Duration { return eraser.DefaultMaxTime }

// RulesConfig is the rules' configuration of settings c. Its MaxTime is
// the think time the game was played with (the worker sets it from the
// budget; settings read back from a plan or a store have the course's).
func RulesConfig(c game.Config) eraser.Config {
	if ec, ok := c.(Config); ok {
		return ec.Config
	}
	return eraser.DefaultConfig()
}

// BoardSeed is the numpy seed of a game's board (RULES.md §3): the game's
// seed itself when it is one numpy takes (1 ≤ seed < 2^32), so that seed s
// gives the course's board of seed s; any other seed (self-play derives
// 63-bit ones, and 0 leaves numpy unseeded in the course's engine) is
// folded into that range as 1 + seed mod (2^32 − 1).
func BoardSeed(seed int64) int64 {
	if seed >= 1 && seed <= 1<<32-1 {
		return seed
	}
	return 1 + int64(uint64(seed)%(1<<32-1))
}
