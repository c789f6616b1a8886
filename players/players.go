// Package players turns player specs into players for every command that
// plays paper.io: a built-in bot ("heuristic:margin=2", see package bots) or
// a course AI in Python ("py:path/to/ai.py", see package pyai), with the
// options of course AIs given explicitly.
package players

import (
	"fmt"
	"strings"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/label"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// Entrant is a named player with a way to build instances.
type Entrant = play.Entrant[*engine.State, engine.Action]

// PyPrefix starts the spec of a course AI.
const PyPrefix = "py:"

// Maker builds players from specs.
type Maker struct {
	Py pyai.Options // options of course AIs
}

// Canonical checks spec and returns its canonical form: a built-in bot's
// spec with its parameters sorted and defaults left out, or "py:PATH" as
// given.
func Canonical(spec string) (string, error) {
	spec = strings.TrimSpace(spec)
	if path, ok := pyPath(spec); ok {
		if path == "" {
			return "", fmt.Errorf("player %q: py: needs the AI's file (py:path/to/ai.py)", spec)
		}
		return PyPrefix + path, nil
	}
	sp, err := bots.Parse(spec)
	if err != nil {
		return "", fmt.Errorf("%v (or py:FILE for a course AI)", err)
	}
	return sp.String(), nil
}

// pyPath is the file of a "py:" spec (the prefix is case insensitive).
func pyPath(spec string) (string, bool) {
	if len(spec) < len(PyPrefix) || !strings.EqualFold(spec[:len(PyPrefix)], PyPrefix) {
		return "", false
	}
	return strings.TrimSpace(spec[len(PyPrefix):]), true
}

// IsPy reports whether spec names a course AI.
func IsPy(spec string) bool {
	_, ok := pyPath(strings.TrimSpace(spec))
	return ok
}

// New builds a player from spec.
func (m Maker) New(spec string) (bots.Bot, error) {
	if path, ok := pyPath(strings.TrimSpace(spec)); ok {
		if path == "" {
			return nil, fmt.Errorf("player %q: py: needs the AI's file (py:path/to/ai.py)", spec)
		}
		return pyai.New(path, m.Py)
	}
	return bots.Make(spec)
}

// Entrant is the player of spec, named by its canonical spec. The spec is
// checked at once; building waits for the first game.
func (m Maker) Entrant(spec string) (*Entrant, error) {
	c, err := Canonical(spec)
	if err != nil {
		return nil, err
	}
	return &Entrant{Name: c, Spec: c, New: func() (bots.Bot, error) { return m.New(c) }}, nil
}

// Entrants are the players of specs with names that tell them apart: a
// course AI is named by its file stem (label.Players), and a spec given
// twice (a bot against itself) gets " (B)", " (C)"… on its later entries.
// The full spec stays in Spec, and in the data.
func (m Maker) Entrants(specs ...string) ([]*Entrant, error) {
	out := make([]*Entrant, len(specs))
	canon := make([]string, len(specs))
	for i, s := range specs {
		e, err := m.Entrant(s)
		if err != nil {
			return nil, err
		}
		out[i], canon[i] = e, e.Spec
	}
	names := label.Players(canon)
	seen := map[string]int{}
	for i, e := range out {
		e.Name = names[i]
		if n := seen[e.Spec]; n > 0 {
			e.Name = fmt.Sprintf("%s (%c)", e.Name, 'A'+n)
		}
		seen[e.Spec]++
	}
	return out, nil
}

// Check builds an instance of each entrant and returns, for those that
// cannot be built, why: as in the course, such a player is not refused but
// loses every game by ERR, so callers warn.
func Check(es ...*Entrant) map[string]error {
	bad := map[string]error{}
	for _, e := range es {
		p, err := e.New()
		if err != nil {
			bad[e.Name] = err
			continue
		}
		bots.Close(p)
	}
	return bad
}

// SplitList splits a comma-separated list of specs. A spec's own parameters
// are comma-separated too ("heuristic:a=1,b=2"), so an item whose text before
// any ':' holds '=' continues the spec before it.
func SplitList(list string) []string {
	var out []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		first, _, _ := strings.Cut(p, ":")
		if len(out) > 0 && strings.Contains(first, "=") {
			out[len(out)-1] += "," + p
			continue
		}
		out = append(out, p)
	}
	return out
}
