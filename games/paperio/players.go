package paperio

import (
	"fmt"
	"strings"
	"time"

	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/pyai"
)

// Players are built-in bots ("heuristic:margin=2", package bots), course
// AIs in Python ("py:path/to/ai.py", PyPlayer on package pyai), programs
// speaking docs/PROTOCOL.md ("exec:path/to/bot", ExecPlayer on package
// execai) and the kinds of
// players made from a file that other packages register (learned policies,
// "policy:path/to/policy.npz", from games/paperio/rl).

func (Game) Bots() []game.BotInfo { return bots.Catalog() }

// FileKind is a kind of player made from a file, named "PREFIX:FILE".
type FileKind struct {
	Prefix string // with its colon: "policy:"
	Help   string // a line for paperio bots
	// Canonical, when set, checks the spec's argument (the text after the
	// prefix: for kinds with parameters, more than the file) and returns
	// its canonical form; without it the argument is the file, as given.
	Canonical func(arg string) (string, error)
	// Load reads and checks the file of the spec's argument and returns a
	// maker of its players, which share what was read.
	Load func(arg string) (func() (bots.Bot, error), error)
}

// fileKinds are the kinds registered.
var fileKinds []FileKind

// RegisterFileKind adds a kind of player made from a file. Packages that
// build on this one register their kinds as they start, as games/paperio/rl
// does its learned policies (it plays against this package's players).
func RegisterFileKind(k FileKind) { fileKinds = append(fileKinds, k) }

// fileKind is the kind of a spec with a registered prefix (any case) and
// its file; err says it names no file.
func fileKind(spec string) (k FileKind, path string, ok bool, err error) {
	spec = strings.TrimSpace(spec)
	for _, k := range fileKinds {
		if len(spec) >= len(k.Prefix) && strings.EqualFold(spec[:len(k.Prefix)], k.Prefix) {
			path = strings.TrimSpace(spec[len(k.Prefix):])
			if path == "" {
				return k, "", true, fmt.Errorf("player %q: %s needs a file", spec, k.Prefix)
			}
			return k, path, true, nil
		}
	}
	return FileKind{}, "", false, nil
}

// FileSpecs are the forms of the specs of the kinds registered
// ("policy:FILE"), for the help of the commands that play.
func (Game) FileSpecs() []string {
	var out []string
	for _, k := range fileKinds {
		out = append(out, k.Prefix+"FILE")
	}
	return out
}

// PlayerKinds are the kinds of players besides the built-in bots, for
// paperio bots.
func (Game) PlayerKinds() []string {
	var out []string
	for _, k := range fileKinds {
		out = append(out, k.Help)
	}
	return out
}

// Canonical checks spec: a bot's spec with its parameters sorted and
// defaults left out, "py:PATH" as given, or a registered "PREFIX:PATH" as
// given once its file has been read and checked (a missing or damaged file
// is refused here, before any game).
func (Game) Canonical(spec string) (string, error) {
	k, path, ok, err := fileKind(spec)
	if !ok {
		return game.Canonical(spec, bots.Parse)
	}
	if err == nil && k.Canonical != nil {
		path, err = k.Canonical(path)
	}
	if err == nil {
		_, err = k.Load(path)
	}
	if err != nil {
		return "", err
	}
	return k.Prefix + path, nil
}

// Entrant is the player of a spec, named by it. A file of a registered
// kind is read once, here, for all its instances.
func (g Game) Entrant(spec string, o game.PlayerOptions) (*game.Entrant, error) {
	c, err := g.Canonical(spec)
	if err != nil {
		return nil, err
	}
	if k, path, ok, _ := fileKind(c); ok {
		mk, err := k.Load(path)
		if err != nil {
			return nil, err
		}
		return game.NewEntrant(c, c, mk), nil
	}
	return game.NewEntrant(c, c, func() (bots.Bot, error) { return NewPlayer(c, o) }), nil
}

// NewPlayer builds the player of a canonical spec.
func NewPlayer(spec string, o game.PlayerOptions) (bots.Bot, error) {
	if k, path, ok, err := fileKind(spec); ok {
		if err != nil {
			return nil, err
		}
		mk, err := k.Load(path)
		if err != nil {
			return nil, err
		}
		return mk()
	}
	if path, ok, err := game.PyPath(spec); ok {
		if err != nil {
			return nil, err
		}
		return NewPyPlayer(path, PyOptions(o))
	}
	if path, ok, err := game.ExecPath(spec); ok {
		if err != nil {
			return nil, err
		}
		return NewExecPlayer(path, PyOptions(o))
	}
	return bots.Make(spec)
}

// PyOptions are the options of a course AI process.
func PyOptions(o game.PlayerOptions) pyai.Options {
	p := pyai.Options{TimeBudget: o.Budget, CourseRules: o.CourseRules, Python: o.Python, StderrDir: o.StderrDir}
	if o.Budget == 0 {
		p.TimeBudget = 365 * 24 * time.Hour
	}
	p.Sandbox, _ = pyai.ParseSandbox(o.Sandbox)
	return p
}

// A course AI and a program are paper.io players.
var (
	_ bots.Bot = (*PyPlayer)(nil)
	_ bots.Bot = (*ExecPlayer)(nil)
)
