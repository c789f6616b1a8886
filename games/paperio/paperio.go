// Package paperio binds paper.io (纸带圈地, the 2018 game; rules in engine/paperio/,
// bots in engine/paperio/bots/) to the shared commands: its settings,
// players, games, dataset tables (games/paperio/tables) and replays
// (engine/paperio/replay). Its course AIs play through PyPlayer and driver.py (on package
// pyai's contained process), its programs through ExecPlayer (on package
// execai). Importing it registers the game as "paperio", the default.
package paperio

import (
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/games/paperio/tables"
)

func init() { game.RegisterDefault(Game{}) }

// Game is paper.io for the shared commands.
type Game struct{}

func (Game) Name() string     { return "paperio" }
func (Game) Info() *game.Info { return &info }

var info = game.Info{
	Title:  "paper.io (纸带圈地)",
	Length: "half_steps", LengthWords: "half-steps",
	Score: "area", ScoreWords: "territory", ScoreUnit: "cells",
	MovesTable: "turns", SchemaVersion: tables.SchemaVersion,
	Pairings: []string{"same", "mirror"},
	Players:  [2]string{"heuristic", "wanderer"},
	Selfplay: []string{"goround", "wanderer", "heuristic"},
	Tune:     "heuristic",
	Reasons: []game.Reason{
		{Code: int(paperio.WAL), Short: "WAL", Name: "wall", Words: paperio.WAL.Words()},
		{Code: int(paperio.TAP), Short: "TAP", Name: "band", Words: paperio.TAP.Words()},
		{Code: int(paperio.SID), Short: "SID", Name: "side", Words: paperio.SID.Words()},
		{Code: int(paperio.FAC), Short: "FAC", Name: "head-on", Words: paperio.FAC.Words()},
		{Code: int(paperio.CIT), Short: "CIT", Name: "territory", Words: paperio.CIT.Words()},
		{Code: int(paperio.ERR), Short: "ERR", Name: "error", Words: paperio.ERR.Words()},
		{Code: int(paperio.OVT), Short: "OVT", Name: "timeout", Words: paperio.OVT.Words()},
		{Code: int(paperio.END), Short: "END", Name: "rounds", Words: paperio.END.Words()},
	},
}

// Config is the board and round count of a game.
type Config struct{ paperio.Config }

func (c Config) String() string {
	return fmt.Sprintf("board %dx%d, %d rounds", c.Width, c.Height, c.MaxTurns)
}

// configJSON is how a plan and a results store keep the settings.
type configJSON struct {
	Width    int `json:"width"`
	Height   int `json:"height"`
	MaxTurns int `json:"max_turns"`
}

// Encode writes {"width":…,"height":…,"max_turns":…}.
func (c Config) Encode() []byte {
	b, _ := json.Marshal(configJSON{c.Width, c.Height, c.MaxTurns})
	return b
}

func (Game) DefaultConfig() game.Config { return Config{paperio.DefaultConfig()} }

func (Game) DecodeConfig(b []byte) (game.Config, error) {
	var j configJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return nil, fmt.Errorf("paperio settings: %v", err)
	}
	return check(paperio.Config{Width: j.Width, Height: j.Height, MaxTurns: j.MaxTurns})
}

// check refuses settings the engine or the dataset cannot hold: the turns
// table stores coordinates as 16-bit integers.
func check(c paperio.Config) (game.Config, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	switch {
	case c.Width >= 1<<15 || c.Height >= 1<<15:
		return nil, fmt.Errorf("board %dx%d: the turns table stores coordinates as 16-bit integers", c.Width, c.Height)
	case c.MaxTurns > 1<<29:
		return nil, fmt.Errorf("turns %d: too many", c.MaxTurns)
	}
	return Config{c}, nil
}

// ConfigFlags adds --size WxH and --turns N.
func (Game) ConfigFlags(fs *flag.FlagSet) func() (game.Config, error) {
	size := fs.String("size", fmt.Sprintf("%dx%d", paperio.DefaultWidth, paperio.DefaultHeight), "paperio: board size WxH (W even, at least 6x3: room for two starts)")
	turns := fs.Int("turns", paperio.DefaultMaxTurns, "rounds per game (paperio: each round is a half-step of each player)")
	return func() (game.Config, error) {
		w, h, err := ParseSize(*size)
		if err != nil {
			return nil, err
		}
		if w < minWidth || h < minHeight {
			return nil, fmt.Errorf("--size %s: too small for two starts; a board holds both players' 3x3 home squares side by side, so at least %dx%d", *size, minWidth, minHeight)
		}
		return check(paperio.Config{Width: w, Height: h, MaxTurns: *turns})
	}
}

// The smallest board that holds two starts apart: two 3x3 home squares
// side by side.
const minWidth, minHeight = 6, 3

// ParseSize reads WxH.
func ParseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(a)
		if err == nil {
			h, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("--size %q: want WxH, e.g. %dx%d", s, paperio.DefaultWidth, paperio.DefaultHeight)
	}
	return w, h, nil
}

// EngineConfig is the engine's configuration of settings c.
func EngineConfig(c game.Config) paperio.Config {
	if pc, ok := c.(Config); ok {
		return pc.Config
	}
	return paperio.DefaultConfig()
}
