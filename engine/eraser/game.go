package eraser

import (
	"encoding/json"
	"fmt"
	"math"
	"time"
)

// Game is one line of the corpus format (conformance/FORMAT.md): a game
// recorded on the reference engine, or one played here. Players are listed
// in move order (0 moved first, the engine's side 1).
type Game struct {
	ID      string     `json:"id"`
	Seed    int64      `json:"seed"`
	Config  GameConfig `json:"config"`
	Players [2]string  `json:"players"`
	Regen   int        `json:"regen"`            // times the whole board was drawn again (§3.3)
	Init    string     `json:"init"`             // the start board as Board.String writes it
	Moves   []Move     `json:"moves"`            // the applied moves, as returned
	Frames  []Frame    `json:"frames,omitempty"` // the start, then one per move; may be left out
	Result  GameResult `json:"result"`
}

// GameConfig is a game's configuration as the corpus writes it.
type GameConfig struct {
	Size    int     `json:"size"`
	Rows    int     `json:"rows"`
	Colors  string  `json:"colors"`
	MaxTurn int     `json:"max_turn"`
	MaxTime float64 `json:"max_time"` // seconds
}

// Move is a move as the corpus writes it: [[x1, y1], [x2, y2]].
type Move [2][2]int

// UnmarshalJSON reads exactly two cells of two integers each.
func (m *Move) UnmarshalJSON(b []byte) error {
	var cells [][]int
	if err := json.Unmarshal(b, &cells); err != nil {
		return fmt.Errorf("move %s: %v", b, err)
	}
	if len(cells) != 2 || len(cells[0]) != 2 || len(cells[1]) != 2 {
		return fmt.Errorf("move %s: want [[x1, y1], [x2, y2]]", b)
	}
	*m = Move{{cells[0][0], cells[0][1]}, {cells[1][0], cells[1][1]}}
	return nil
}

// Swap converts a recorded move, validating it as the engine did (§8).
func (m Move) Swap() (Swap, error) { return CheckMove(m[0][0], m[0][1], m[1][0], m[1][1]) }

// MoveOf is the move of a swap, as the corpus writes it.
func MoveOf(sw Swap) Move {
	return Move{{int(sw.X1), int(sw.Y1)}, {int(sw.X2), int(sw.Y2)}}
}

// Frame is the state after a move's cascade (frames[0]: the start).
type Frame struct {
	Turn   int         `json:"turn"`
	Ops    string      `json:"ops"`    // operations offered for this move (OpsString); "" at the start
	Digest string      `json:"digest"` // State.Digest
	Tiles  string      `json:"tiles"`  // State.TilesDigest
	Main   string      `json:"main"`   // the main board, (x, y) at 6x+y
	Score  [2]int      `json:"score"`
	Steps  []FrameStep `json:"steps"` // the move's scoring cascade steps
	Combo  [2]int      `json:"combo"`
	High   [2]int      `json:"high"`
	Bar    [Size]int   `json:"bar"`
}

// FrameStep is one scoring step, written [points, removed per column, main
// board after the fall].
type FrameStep struct {
	Points  int
	Removed [Size]int
	Main    string
}

func (f FrameStep) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{f.Points, f.Removed, f.Main})
}

func (f *FrameStep) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if len(raw) != 3 {
		return fmt.Errorf("a step has %d elements, want 3: [points, removed, main]", len(raw))
	}
	if err := json.Unmarshal(raw[0], &f.Points); err != nil {
		return fmt.Errorf("step points: %v", err)
	}
	if err := json.Unmarshal(raw[1], &f.Removed); err != nil {
		return fmt.Errorf("step removed: %v", err)
	}
	if err := json.Unmarshal(raw[2], &f.Main); err != nil {
		return fmt.Errorf("step main: %v", err)
	}
	return nil
}

// GameResult is the result as the corpus writes it.
type GameResult struct {
	Winner int         `json:"winner"`
	Reason string      `json:"reason"`
	Text   string      `json:"text"`
	Scores [2]int      `json:"scores"`
	Length int         `json:"length"`
	Extra  int         `json:"extra"`
	Tie    bool        `json:"tie"`
	Error  *GameError  `json:"error,omitempty"`
	Tags   [][2]string `json:"tags,omitempty"`
	Time   [2]float64  `json:"time"` // think time in seconds, measured
}

// GameError is the AI error that ended a game.
type GameError struct {
	Player   int             `json:"player"`
	Kind     string          `json:"kind"`
	Message  string          `json:"message"`
	Ops      string          `json:"ops,omitempty"`      // offered to the failed call; not for init
	Returned json.RawMessage `json:"returned,omitempty"` // what the call returned, when it returned in time
}

// ConfigOf is the corpus form of a configuration.
func ConfigOf(c Config) GameConfig {
	return GameConfig{Size: Size, Rows: c.Rows, Colors: Letters[:NumColours], MaxTurn: c.MaxTurn, MaxTime: c.MaxTime.Seconds()}
}

// Config converts the corpus form, checking it.
func (c GameConfig) Config() (Config, error) {
	if c.Size != Size || c.Colors != Letters[:NumColours] {
		return Config{}, fmt.Errorf("config size %d, colors %q: only size %d with colors %q is supported", c.Size, c.Colors, Size, Letters[:NumColours])
	}
	if math.IsNaN(c.MaxTime) || c.MaxTime <= 0 || c.MaxTime > 1e9 {
		return Config{}, fmt.Errorf("config max_time %v: must be a positive number of seconds", c.MaxTime)
	}
	cfg := Config{Rows: c.Rows, MaxTurn: c.MaxTurn, MaxTime: seconds(c.MaxTime)}
	return cfg, cfg.Validate()
}

// seconds converts float seconds to a duration, to the nanosecond.
func seconds(s float64) time.Duration { return time.Duration(math.Round(s * 1e9)) }

// OpsString writes operations as the corpus does: 4 digits x1 y1 x2 y2 each.
func OpsString(ops []Swap) string {
	b := make([]byte, 0, 4*len(ops))
	for _, o := range ops {
		b = append(b, byte('0'+o.X1), byte('0'+o.Y1), byte('0'+o.X2), byte('0'+o.Y2))
	}
	return string(b)
}

// MainString writes a main board as the corpus does: (x, y) at 6x+y.
func MainString(m [Size * Size]Colour) string {
	b := make([]byte, len(m))
	for i, c := range m {
		b[i] = c.Letter()
	}
	return string(b)
}

// check rejects a game that cannot be replayed.
func (g *Game) check() error {
	cfg, err := g.Config.Config()
	if err != nil {
		return err
	}
	if g.Seed < 1 || g.Seed > 1<<32-1 {
		return fmt.Errorf("seed %d: must be between 1 and 2^32−1", g.Seed)
	}
	if g.Regen < 0 {
		return fmt.Errorf("regen %d: must not be negative", g.Regen)
	}
	if _, err := ParseBoard(g.Init, cfg.Rows); err != nil {
		return fmt.Errorf("init: %v", err)
	}
	if len(g.Moves) > 2*cfg.MaxTurn {
		return fmt.Errorf("%d moves for %d per player", len(g.Moves), cfg.MaxTurn)
	}
	for i, m := range g.Moves {
		if _, err := m.Swap(); err != nil {
			return fmt.Errorf("move %d %v: %v", i+1, m, err)
		}
	}
	if n := len(g.Frames); n != 0 && n != len(g.Moves)+1 {
		return fmt.Errorf("%d frames for %d moves: want none or one more than moves", n, len(g.Moves))
	}
	for i, f := range g.Frames {
		if err := f.check(i); err != nil {
			return fmt.Errorf("frame %d: %v", i, err)
		}
	}
	return g.Result.check(len(g.Moves))
}

func (f *Frame) check(i int) error {
	if f.Turn != i {
		return fmt.Errorf("turn %d, want %d", f.Turn, i)
	}
	if err := checkOps(f.Ops); err != nil {
		return err
	}
	if err := checkMain(f.Main); err != nil {
		return err
	}
	for _, st := range f.Steps {
		if err := checkMain(st.Main); err != nil {
			return fmt.Errorf("step: %v", err)
		}
	}
	if !isHex16(f.Digest) || !isHex16(f.Tiles) {
		return fmt.Errorf("digest %q, tiles %q: want 16 hex digits each", f.Digest, f.Tiles)
	}
	return nil
}

func (r *GameResult) check(moves int) error {
	reason, ok := ParseReason(r.Reason)
	if !ok {
		return fmt.Errorf("result reason %q: want one of %v", r.Reason, reasonNames)
	}
	if r.Winner != 0 && r.Winner != 1 {
		return fmt.Errorf("result winner %d: want 0 or 1", r.Winner)
	}
	if r.Length < moves {
		return fmt.Errorf("result length %d for %d moves", r.Length, moves)
	}
	if (reason == ReasonError) != (r.Error != nil) {
		return fmt.Errorf("result reason %q with error %v: an error goes with reason error", r.Reason, r.Error != nil)
	}
	if e := r.Error; e != nil {
		if _, ok := ParseFailKind(e.Kind); !ok {
			return fmt.Errorf("result error kind %q: want init, exception, invalid or timeout", e.Kind)
		}
		if e.Player != 0 && e.Player != 1 {
			return fmt.Errorf("result error player %d: want 0 or 1", e.Player)
		}
		if err := checkOps(e.Ops); err != nil {
			return fmt.Errorf("result error: %v", err)
		}
	}
	return nil
}

func checkOps(s string) error {
	if len(s)%4 != 0 {
		return fmt.Errorf("ops %q: want groups of 4 digits", s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '5' {
			return fmt.Errorf("ops %q: want digits 0 to 5", s)
		}
	}
	return nil
}

func checkMain(s string) error {
	if len(s) != Size*Size {
		return fmt.Errorf("main board %q: want %d letters", s, Size*Size)
	}
	for i := 0; i < len(s); i++ {
		if _, ok := ParseColour(s[i]); !ok {
			return fmt.Errorf("main board %q: letter %q is not one of %s", s, s[i], Letters)
		}
	}
	return nil
}

func isHex16(s string) bool {
	if len(s) != 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
