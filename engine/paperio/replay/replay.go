// Package replay reads and writes the project's replay format: one JSON
// object per line, as in the reference recordings (start, actions, result and
// optional per-frame digests), gzip-compressed when the file name ends in .gz.
package replay

import (
	"encoding/json"
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
)

// Game is one line of a replay file.
type Game struct {
	ID       string    `json:"id"`
	Players  [2]string `json:"players"`
	Seed     int64     `json:"seed"`
	Size     [2]int    `json:"size"`
	MaxTurns int       `json:"max_turns"`
	Init     [2]Init   `json:"init"`
	Actions  string    `json:"actions"` // one of L, R, S per half-step
	Result   Result    `json:"result"`
	Frames   *Frames   `json:"frames,omitempty"`
}

// Init is a player's start.
type Init struct {
	X         int `json:"x"`
	Y         int `json:"y"`
	Direction int `json:"direction"`
}

// Result is the course's result triple in JSON form.
type Result struct {
	// Winner is the file's form of paperio.Winner (FromEngine writes it,
	// EngineWinner reads it): 0, 1 or null for a draw.
	Winner *int            `json:"winner"`
	Reason int             `json:"reason"`
	Scores *[2]int         `json:"scores,omitempty"` // reasons 3 and -3
	Extra  json.RawMessage `json:"extra,omitempty"`  // reasons 1 and 4 (and -1: the AI's error text)
}

// Frames are per-frame checks, the start frame first: one more than actions.
type Frames struct {
	Digest []string `json:"digest"`
	Pos    [][6]int `json:"pos"`
	Area   [][2]int `json:"area"`
	Band   [][2]int `json:"band"`
}

// Config is the game's board and round count.
func (g *Game) Config() paperio.Config {
	return paperio.Config{Width: g.Size[0], Height: g.Size[1], MaxTurns: g.MaxTurns}
}

// Starts are the two players' starts.
func (g *Game) Starts() [2]paperio.Start {
	var s [2]paperio.Start
	for i, in := range g.Init {
		s[i] = paperio.Start{X: in.X, Y: in.Y, Dir: paperio.Dir(in.Direction)}
	}
	return s
}

// FromEngine converts an engine result. errText is kept as extra for ERR.
// EngineWinner is the recorded winner as the engine encodes it.
func (r Result) EngineWinner() paperio.Winner {
	if r.Winner == nil {
		return paperio.Draw
	}
	return paperio.Winner(*r.Winner)
}

func FromEngine(r paperio.Result, errText string) Result {
	out := Result{Reason: int(r.Reason)}
	if r.Winner != paperio.Draw {
		w := int(r.Winner)
		out.Winner = &w
	}
	switch r.Reason {
	case paperio.FAC, paperio.END:
		sc := r.Scores
		out.Scores = &sc
	case paperio.TAP:
		out.Extra = json.RawMessage(fmt.Sprint(r.Extra))
	case paperio.CIT:
		out.Extra = json.RawMessage(fmt.Sprint(r.Extra == 1))
	case paperio.ERR:
		if errText != "" {
			b, _ := json.Marshal(errText)
			out.Extra = b
		}
	}
	return out
}

// Equal compares two results as a replay must: winner and reason always,
// scores and extra where the reason has them (not an ERR's error text,
// which a replay cannot reproduce).
func (r Result) Equal(o Result) bool {
	if (r.Winner == nil) != (o.Winner == nil) || (r.Winner != nil && *r.Winner != *o.Winner) || r.Reason != o.Reason {
		return false
	}
	switch paperio.Reason(r.Reason) {
	case paperio.FAC, paperio.END:
		return r.Scores != nil && o.Scores != nil && *r.Scores == *o.Scores
	case paperio.TAP, paperio.CIT:
		return string(r.Extra) == string(o.Extra)
	}
	return true
}

func (r Result) String() string {
	w := "null"
	if r.Winner != nil {
		w = fmt.Sprint(*r.Winner)
	}
	s := fmt.Sprintf("{winner %s, reason %d", w, r.Reason)
	if r.Scores != nil {
		s += fmt.Sprintf(", scores %v", *r.Scores)
	}
	if len(r.Extra) > 0 && r.Reason != int(paperio.ERR) {
		s += ", extra " + string(r.Extra)
	}
	return s + "}"
}

// Snapshot appends the current state of s as a frame.
func (f *Frames) Snapshot(s *paperio.State) {
	x1, y1, d1 := s.Head(0)
	x2, y2, d2 := s.Head(1)
	f.Digest = append(f.Digest, fmt.Sprintf("%016x", s.Digest()))
	f.Pos = append(f.Pos, [6]int{x1, y1, int(d1), x2, y2, int(d2)})
	f.Area = append(f.Area, [2]int{s.Area(0), s.Area(1)})
	f.Band = append(f.Band, [2]int{s.BandLen(0), s.BandLen(1)})
}
