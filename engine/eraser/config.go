package eraser

import (
	"fmt"
	"time"
)

// Course defaults (RULES.md §1). Size and the colours are fixed: the board
// generator is specific to them.
const (
	Size           = 6 // the main board is Size × Size; the board has Size columns
	DefaultRows    = 1200
	DefaultMaxTurn = 100
	DefaultMaxTime = 60 * time.Second
	MaxRows        = 1 << 20 // a bound that keeps tile ids and memory small
)

// Config is the shape of a game: the board's rows (main board plus reserve),
// the moves per player, and the think time per player, which the game's
// runner enforces (the engine only records the times it is given).
type Config struct {
	Rows    int           // rows of the whole board, a multiple of Size; the reserve is Rows−Size rows
	MaxTurn int           // moves per player: a game has at most 2·MaxTurn moves
	MaxTime time.Duration // total think time per player per game
}

// DefaultConfig is the course's configuration.
func DefaultConfig() Config {
	return Config{Rows: DefaultRows, MaxTurn: DefaultMaxTurn, MaxTime: DefaultMaxTime}
}

// Validate reports the first thing wrong with the configuration.
func (c Config) Validate() error {
	switch {
	case c.Rows < Size || c.Rows%Size != 0:
		return fmt.Errorf("rows %d: must be a positive multiple of %d", c.Rows, Size)
	case c.Rows > MaxRows:
		return fmt.Errorf("rows %d: at most %d", c.Rows, MaxRows)
	case c.MaxTurn < 1 || c.MaxTurn > MaxRows:
		return fmt.Errorf("max turn %d: must be between 1 and %d", c.MaxTurn, MaxRows)
	case c.MaxTime <= 0:
		return fmt.Errorf("max time %v: must be positive", c.MaxTime)
	}
	return nil
}
