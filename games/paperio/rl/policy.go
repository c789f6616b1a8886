package rl

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/policy"
	"github.com/paperio/paperio/pyai"
)

// PolicyPrefix starts the spec of a learned policy: "policy:FILE", FILE
// a weights file (docs/POLICY.md).
const PolicyPrefix = "policy:"

// PolicyPath is the file of a "policy:FILE" spec (the prefix is case
// insensitive): ok says the spec is one, err that it names no file.
func PolicyPath(spec string) (path string, ok bool, err error) {
	return prefixPath(spec, PolicyPrefix)
}

// prefixPath is the file of a spec "PREFIX:FILE" (the prefix is case
// insensitive): ok says the spec is one, err that it names no file.
func prefixPath(spec, prefix string) (path string, ok bool, err error) {
	spec = strings.TrimSpace(spec)
	if len(spec) < len(prefix) || !strings.EqualFold(spec[:len(prefix)], prefix) {
		return "", false, nil
	}
	path = strings.TrimSpace(spec[len(prefix):])
	if path == "" {
		return "", true, fmt.Errorf("player %q: %s needs the weights file (%spath/to/policy.npz)", spec, prefix, prefix)
	}
	return path, true, nil
}

// ParseView reads a view's name, as View.String writes it: "full",
// "cropK", "globalG" or "cropK+globalG".
func ParseView(s string) (View, error) {
	if s == "full" {
		return Full, nil
	}
	bad := fmt.Errorf("view %q: want full, cropK (e.g. crop11), globalG (global15) or cropK+globalG", s)
	var v View
	first, second, two := strings.Cut(s, "+")
	for i, part := range []string{first, second} {
		if i == 1 && !two {
			break
		}
		if k, ok := strings.CutPrefix(part, "crop"); ok && i == 0 {
			if v.Crop = size(k); v.Crop == 0 {
				return View{}, bad
			}
		} else if g, ok := strings.CutPrefix(part, "global"); ok && (i == 1 || !two) {
			if v.Global = size(g); v.Global == 0 {
				return View{}, bad
			}
		} else {
			return View{}, bad
		}
	}
	if two && (v.Crop == 0 || v.Global == 0) {
		return View{}, bad
	}
	return v, v.Check()
}

// size reads a view's size: a number without a leading zero, else 0.
func size(s string) int {
	if s == "" || s[0] < '1' || s[0] > '9' {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}

// Policy is a learned policy read from its weights file, shared by the
// players made of it (each has its own buffers).
type Policy struct {
	Path  string
	file  *policy.File
	views []View
	mask  bool
	guard bool // the exposure mask (Guard) instead of Safe
	mu    sync.Mutex
	nets  map[[2]int]*policy.Net // by board size
}

// LoadPolicy reads the weights file at path and checks it: its meta, its
// observation version, its views and every array's shape, on the board
// the meta names (width, height; the course board when it names none).
func LoadPolicy(path string) (*Policy, error) {
	f, err := policy.Open(path)
	if err != nil {
		return nil, err
	}
	p := &Policy{Path: path, file: f, mask: f.Meta.Mask() || f.Meta.MaskExposure, guard: f.Meta.MaskExposure, nets: map[[2]int]*policy.Net{}}
	if f.Meta.ObsVersion != Version {
		return nil, fmt.Errorf("%s: observation version %d: this toolkit makes version %d", path, f.Meta.ObsVersion, Version)
	}
	for t, tw := range f.Meta.Towers {
		v, err := ParseView(tw.View)
		if err == nil && v.Crop != 0 && v.Global != 0 {
			err = fmt.Errorf("view %q: a tower sees one view; give the crop and the global map a tower each", tw.View)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: tower %d: %v", path, t, err)
		}
		p.views = append(p.views, v)
	}
	c := paperio.DefaultConfig()
	if f.Meta.Width > 0 && f.Meta.Height > 0 {
		c.Width, c.Height = f.Meta.Width, f.Meta.Height
	}
	if _, err := p.Net(c); err != nil {
		return nil, err
	}
	return p, nil
}

// Name is the policy's free-text name from its meta.
func (p *Policy) Name() string { return p.file.Meta.Name }

// Net is the policy's network for boards of c's size.
func (p *Policy) Net(c paperio.Config) (*policy.Net, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	key := [2]int{c.Width, c.Height}
	if n := p.nets[key]; n != nil {
		return n, nil
	}
	m := p.file.Meta
	inputs := make([][3]int, len(p.views))
	for t, v := range p.views {
		if v == Full && m.Width > 0 && m.Height > 0 && (m.Width != c.Width || m.Height != c.Height) {
			return nil, fmt.Errorf("%s: its full-board tower sees a %dx%d board, not %dx%d", p.Path, m.Width, m.Height, c.Width, c.Height)
		}
		inputs[t] = v.Shape(c)
	}
	n, err := p.file.Net(inputs)
	if err != nil {
		return nil, err
	}
	p.nets[key] = n
	return n, nil
}

// NewPlayer is a player of the policy.
func (p *Policy) NewPlayer() *PolicyPlayer { return &PolicyPlayer{p: p} }

// PolicyPlayer plays a Policy as a paper.io player: it writes the
// observations of the policy's views (as Observe defines them) into the
// network's buffers, runs it, and takes the action of the highest logit
// (the lowest index among equals); with the meta's mask_losing, only among
// the moves that do not lose at once (off the board or onto its own band)
// when there is one; with mask_exposure, only among the moves the exposure
// mask allows (Exposure, with the meta's exposure_margin and exposure_way)
// when there is one; with exposure_way_soft as well, among the moves
// Exposure.Split allows, the logits of those the way's cells forbid lowered
// by that much. It is deterministic and allocates nothing per move.
type PolicyPlayer struct {
	p      *Policy
	me     int
	size   [2]int
	eval   *policy.Eval
	boards []fullBoard // for full views: redrawn each move within the players' boxes
	global globalScratch
	value  float32 // the value head's output at the last Decide (0 without one)
}

// Reset prepares the player for a game on s's board; a board the policy
// cannot see (a full tower made for another size) panics, which the play
// loop turns into a loss by error.
func (pl *PolicyPlayer) Reset(s *paperio.State, me int, _ uint64, _ play.Clock) {
	pl.me = me
	size := [2]int{s.Width(), s.Height()}
	if pl.eval == nil || size != pl.size {
		n, err := pl.p.Net(paperio.Config{Width: size[0], Height: size[1], MaxTurns: s.MaxTurns()})
		if err != nil {
			panic(err)
		}
		pl.eval, pl.size = n.NewEval(), size
		pl.boards = make([]fullBoard, len(pl.p.views))
	}
}

// Act is the policy's action for the player to move.
func (pl *PolicyPlayer) Act(s *paperio.State, _ play.Clock) paperio.Action {
	_, a := pl.Decide(s, pl.me)
	return Actions[a]
}

// Decide observes s for player me, runs the network and returns its logits
// and the action's index (Actions). Value is then the network's value of
// the state.
func (pl *PolicyPlayer) Decide(s *paperio.State, me int) ([3]float32, int) {
	logits, value := pl.Evaluate(s, me)
	pl.value = value
	if pl.p.guard {
		m := pl.p.file.Meta
		rule := Exposure{Margin: m.ExposureMargin, Way: m.ExposureWay}
		if m.ExposureWaySoft == nil {
			return logits, choose(logits, true, rule.Allow(s, me))
		}
		allow, reach, toward := rule.SplitToward(s, me)
		soft := logits
		for i := range soft {
			switch {
			case toward[i] && m.ExposureWayToward != nil:
				soft[i] -= *m.ExposureWayToward
			case reach[i]:
				soft[i] -= *m.ExposureWaySoft
			}
		}
		return logits, choose(soft, true, allow)
	}
	return logits, choose(logits, pl.p.mask, Safe(s, me))
}

// Evaluate observes s for player me and runs the network: its logits (by
// Actions' order) and its value (0 without a value head), with no mask.
func (pl *PolicyPlayer) Evaluate(s *paperio.State, me int) ([3]float32, float32) {
	e := pl.eval
	for t, v := range pl.p.views {
		observePlanes(v, &pl.boards[t], &pl.global, s, me, e.Planes(t))
	}
	if sc := e.Scalars(); len(sc) > 0 {
		Scalars(s, me, sc)
	}
	return e.Run()
}

// Value is the value head's output at the last Decide: what the network
// expects of the state for the player it decided for (0 when the network
// has no value head).
func (pl *PolicyPlayer) Value() float32 { return pl.value }

// observePlanes writes the planes of view v of s for player me, as
// Observe does, with the environment's fast writers. A full board is drawn
// anew each time, within the players' boxes (a player does not see every
// half-step to follow them): b erases the boxes of its last drawing, which
// planes must hold, or it must be new. A global map is written with gs.
func observePlanes(v View, b *fullBoard, gs *globalScratch, s *paperio.State, me int, planes []uint8) {
	switch {
	case v == Full:
		b.start(s, me, planes)
	case v.Crop == 0:
		gs.writeGlobal(v.Global, s, me, planes)
	default:
		writeCrop(v.Crop, s, me, planes)
	}
}

// Safe says which actions (by index) neither leave the board nor run onto
// player me's own band: the moves that do not lose at once.
func Safe(s *paperio.State, me int) [3]bool {
	x, y, d := s.Head(me)
	var ok [3]bool
	for i, a := range Actions {
		nx, ny := paperio.StepFrom(x, y, a.Turn(d))
		ok[i] = s.Inside(nx, ny) && s.BandAt(nx, ny) != me+1
	}
	return ok
}

// choose is the index of the highest logit, the first among equals; with
// mask, among the safe actions when there is one.
func choose(logits [3]float32, mask bool, safe [3]bool) int {
	if !mask || safe == [3]bool{} {
		safe = [3]bool{true, true, true}
	}
	best := -1
	for i, v := range logits {
		if safe[i] && (best < 0 || v > logits[best]) {
			best = i
		}
	}
	return best
}

// NewBot is the player of a spec: "policy:FILE", "netsearch:FILE",
// "exec:FILE" or a built-in bot.
func NewBot(spec string) (bots.Bot, error) {
	mk, err := botMaker(spec)
	if err != nil {
		return nil, err
	}
	return mk()
}

// botMaker makes players of a spec, "policy:FILE", "netsearch:FILE",
// "exec:FILE" or a built-in bot; a policy's file is read once, here, and
// shared by its players. An empty spec makes nothing.
func botMaker(spec string) (func() (bots.Bot, error), error) {
	if spec == "" {
		return nil, nil
	}
	for _, k := range fileKinds {
		if arg, ok, err := prefixPath(spec, k.Prefix); ok {
			if err != nil {
				return nil, err
			}
			return k.Load(arg)
		}
	}
	if path, ok, err := game.ExecPath(spec); ok {
		if err != nil {
			return nil, err
		}
		// A program's calls are limited to pyai's default think time each.
		return func() (bots.Bot, error) { return paperiogame.NewExecPlayer(path, pyai.Options{}) }, nil
	}
	return func() (bots.Bot, error) { return bots.Make(spec) }, nil
}

// checkBot checks a spec without reading a policy's file: "policy:FILE",
// "netsearch:FILE" (its parameters checked), "exec:FILE" or a built-in
// bot.
func checkBot(spec string) error {
	for _, k := range fileKinds {
		if arg, ok, err := prefixPath(spec, k.Prefix); ok {
			if err == nil && k.Canonical != nil {
				_, err = k.Canonical(arg)
			}
			return err
		}
	}
	if _, ok, err := game.ExecPath(spec); ok {
		return err
	}
	_, err := bots.Parse(spec)
	if err != nil {
		return fmt.Errorf("%v (or policy:FILE for a learned policy, netsearch:FILE for the search it guides, exec:FILE for a program)", err)
	}
	return nil
}

// A policy is a paper.io player.
var _ bots.Bot = (*PolicyPlayer)(nil)
