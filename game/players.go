package game

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/label"
)

// PyPrefix starts the spec of a course AI in Python, in every game.
const PyPrefix = "py:"

// PyPath is the file of a "py:FILE" spec (the prefix is case insensitive):
// ok says the spec is one, err that it names no file.
func PyPath(spec string) (path string, ok bool, err error) {
	spec = strings.TrimSpace(spec)
	if len(spec) < len(PyPrefix) || !strings.EqualFold(spec[:len(PyPrefix)], PyPrefix) {
		return "", false, nil
	}
	path = strings.TrimSpace(spec[len(PyPrefix):])
	if path == "" {
		return "", true, fmt.Errorf("player %q: py: needs the AI's file (py:path/to/ai.py)", spec)
	}
	return path, true, nil
}

// ExecPrefix starts the spec of an executable player, in every game: a
// program in any language speaking docs/PROTOCOL.md on its standard input
// and output (package execai).
const ExecPrefix = "exec:"

// ExecPath is the program of an "exec:FILE" spec (the prefix is case
// insensitive): ok says the spec is one, err that it names no file.
func ExecPath(spec string) (path string, ok bool, err error) {
	spec = strings.TrimSpace(spec)
	if len(spec) < len(ExecPrefix) || !strings.EqualFold(spec[:len(ExecPrefix)], ExecPrefix) {
		return "", false, nil
	}
	path = strings.TrimSpace(spec[len(ExecPrefix):])
	if path == "" {
		return "", true, fmt.Errorf("player %q: exec: needs the player's program (exec:path/to/bot; arguments through a wrapper script)", spec)
	}
	return path, true, nil
}

// Entrants are the players of specs with names that tell them apart: a
// course AI is named by its file stem (label.Players), and a spec given
// twice (a bot against itself) gets " (B)", " (C)"… on its later entries.
// The full spec stays in Spec, and in the data.
func Entrants(g Game, o PlayerOptions, specs ...string) ([]*Entrant, error) {
	out := make([]*Entrant, len(specs))
	canon := make([]string, len(specs))
	for i, s := range specs {
		e, err := g.Entrant(s, o)
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

// Canonical is Game.Canonical for a game whose bots are a botspec catalog
// (parse is the catalog's Parse): "py:PATH" and "exec:PATH" as given, or
// the bot's spec with its parameters sorted and defaults left out.
func Canonical(spec string, parse func(string) (botspec.Spec, error)) (string, error) {
	if path, ok, err := PyPath(spec); ok {
		return PyPrefix + path, err
	}
	if path, ok, err := ExecPath(spec); ok {
		return ExecPrefix + path, err
	}
	sp, err := parse(spec)
	if err != nil {
		return "", fmt.Errorf("%v (or py:FILE for a course AI, exec:FILE for a program)", err)
	}
	return sp.String(), nil
}

// ExpandPy reads one spec of a list of players: a "py:" spec naming a
// folder ("py:teams/") stands for every .py file in it (names starting
// with _ or . left out: helper modules), and one with a glob pattern
// ("py:teams/t_*.py") for the files it matches, each as a "py:FILE" spec,
// sorted; anything else is itself. A folder or pattern that matches no
// file is an error.
func ExpandPy(spec string) ([]string, error) {
	path, ok, err := PyPath(spec)
	if err != nil || !ok {
		return []string{spec}, err
	}
	var files []string
	switch st, statErr := os.Stat(path); {
	case statErr == nil && st.IsDir():
		ents, err := os.ReadDir(path)
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", spec, err)
		}
		for _, e := range ents {
			n := e.Name()
			if !e.IsDir() && strings.HasSuffix(n, ".py") && !strings.HasPrefix(n, "_") && !strings.HasPrefix(n, ".") {
				files = append(files, filepath.Join(path, n))
			}
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("player %q: folder %s holds no .py file", spec, path)
		}
	case statErr != nil && strings.ContainsAny(path, "*?["):
		m, err := filepath.Glob(path)
		if err != nil {
			return nil, fmt.Errorf("player %q: %v", spec, err)
		}
		for _, f := range m {
			if st, err := os.Stat(f); err == nil && !st.IsDir() {
				files = append(files, f)
			}
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("player %q: no file matches %s", spec, path)
		}
	default:
		return []string{spec}, nil
	}
	sort.Strings(files)
	for i, f := range files {
		files[i] = PyPrefix + f
	}
	return files, nil
}
