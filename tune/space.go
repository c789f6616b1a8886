// Package tune tunes the numeric parameters of a built-in bot of any game
// by playing paired games against a pool of opponents: SPSA or CMA-ES over
// the parameters scaled to [0,1], every iteration recorded in Parquet,
// resumable. A run goes:
//
//   - Plan: the budget is spent in iterations of candidates × pairs × 2
//     games; fewer than MinIterations is refused (Plan.Check), and SPSA's
//     gains follow Spall's schedule with A a tenth of the planned
//     iterations and the first step bounded (Settings.Resolve).
//   - Probe: each parameter at both ends of its range against every pool
//     member; a parameter no outcome depended on is reported as not
//     exercised by the pool's games (Tuning.Probe).
//   - Tuning (Tuning.Run), then the verification against the pool: tuned
//     and default play the same games against every member and the
//     difference of their scores is estimated per member and weighted over
//     the pool, with an optional SPRT (Tuning.VerifyPool); and head to
//     head, tuned against default (Verify).
//
// Every game is played through tourney.PlayPair, the paired-game runner of
// SPRT runs, on the workers of internal/pool, course AIs included.
package tune

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/game"
)

// Param is one tuned parameter and the range it is tuned in.
type Param struct {
	Name     string
	Lo, Hi   float64
	Int      bool
	Default  float64
	Min, Max float64 // the bot's allowed range
}

// Space is the box the optimiser searches: each coordinate in [0,1] maps
// linearly onto [Lo, Hi] of its parameter (rounded for whole-number ones).
type Space struct {
	g      game.Game
	Bot    string
	Params []Param
}

// NewSpace is the space of bot's numeric parameters. ranges maps names to
// "lo:hi" (a subset of the parameters, each within the bot's range); when
// ranges is empty every parameter is tuned over its documented range.
func NewSpace(g game.Game, bot string, ranges map[string][2]float64) (*Space, error) {
	in, ok := botInfo(g, bot)
	if !ok {
		return nil, fmt.Errorf("unknown %s bot %q", g.Name(), bot)
	}
	info := &in
	if len(info.Params) == 0 {
		return nil, fmt.Errorf("bot %s has no parameters to tune", info.Name)
	}
	sp := &Space{g: g, Bot: info.Name}
	for name := range ranges {
		if _, ok := info.Param(name); !ok {
			var names []string
			for _, p := range info.Params {
				names = append(names, p.Name)
			}
			return nil, fmt.Errorf("bot %s has no parameter %q (parameters: %s)", info.Name, name, strings.Join(names, ", "))
		}
	}
	for _, p := range info.Params {
		lo, hi := p.Min, p.Max
		if len(ranges) > 0 {
			r, ok := ranges[p.Name]
			if !ok {
				continue
			}
			lo, hi = r[0], r[1]
			if lo < p.Min || hi > p.Max || lo >= hi {
				return nil, fmt.Errorf("parameter %s: range %g:%g must lie within %g:%g with lo < hi", p.Name, lo, hi, p.Min, p.Max)
			}
		}
		sp.Params = append(sp.Params, Param{Name: p.Name, Lo: lo, Hi: hi, Int: p.Int, Default: p.Default, Min: p.Min, Max: p.Max})
	}
	return sp, nil
}

// ParseRanges reads "key=lo:hi,key=lo:hi".
func ParseRanges(s string) (map[string][2]float64, error) {
	out := map[string][2]float64{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.ToLower(strings.TrimSpace(k))
		los, his, ok2 := strings.Cut(v, ":")
		if !ok || !ok2 || k == "" {
			return nil, fmt.Errorf("parameter range %q: want key=lo:hi", kv)
		}
		lo, err1 := strconv.ParseFloat(strings.TrimSpace(los), 64)
		hi, err2 := strconv.ParseFloat(strings.TrimSpace(his), 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("parameter range %q: lo and hi must be numbers", kv)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("parameter %s given twice", k)
		}
		out[k] = [2]float64{lo, hi}
	}
	return out, nil
}

// Dim is the number of tuned parameters.
func (s *Space) Dim() int { return len(s.Params) }

// Values maps a point of [0,1]^d (clipped into it) to parameter values.
func (s *Space) Values(x []float64) []float64 {
	v := make([]float64, len(s.Params))
	for i, p := range s.Params {
		t := math.Min(1, math.Max(0, x[i]))
		y := p.Lo + t*(p.Hi-p.Lo)
		if p.Int {
			y = math.Round(y)
		} else {
			y = math.Round(y*1e4) / 1e4
		}
		v[i] = math.Min(p.Hi, math.Max(p.Lo, y))
	}
	return v
}

// Point maps parameter values to [0,1]^d.
func (s *Space) Point(values []float64) []float64 {
	x := make([]float64, len(s.Params))
	for i, p := range s.Params {
		x[i] = math.Min(1, math.Max(0, (values[i]-p.Lo)/(p.Hi-p.Lo)))
	}
	return x
}

// Defaults are the bot's default values of the tuned parameters (clipped
// into the tuned ranges).
func (s *Space) Defaults() []float64 {
	v := make([]float64, len(s.Params))
	for i, p := range s.Params {
		v[i] = math.Min(p.Hi, math.Max(p.Lo, p.Default))
	}
	return v
}

// Spec is the canonical bot spec of the point x.
func (s *Space) Spec(x []float64) string {
	return s.SpecOf(s.Values(x))
}

// SpecOf is the canonical bot spec with the given parameter values.
func (s *Space) SpecOf(values []float64) string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = p.Name + "=" + strconv.FormatFloat(values[i], 'g', -1, 64)
	}
	c, err := s.g.Canonical(s.Bot + ":" + strings.Join(parts, ","))
	if err != nil {
		panic(err) // values come from the space, inside the bot's ranges
	}
	return c
}

// Describe lists the tuned parameters and their ranges.
func (s *Space) Describe() string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = fmt.Sprintf("%s=%g:%g", p.Name, p.Lo, p.Hi)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func botInfo(g game.Game, name string) (botspec.Info, bool) {
	for _, in := range g.Bots() {
		if in.Name == strings.ToLower(name) {
			return in, true
		}
	}
	return botspec.Info{}, false
}
