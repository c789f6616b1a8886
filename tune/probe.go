package tune

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/paperio/paperio/store"
)

// ProbeFile holds a run's probe, kept for resumed runs.
const ProbeFile = "probe.json"

// probeIter and verifyIter are the iteration numbers whose pair seeds
// (Evaluator.PairSeed) the probe and the pool verification use: the
// tuning's iterations count from 0, so their starts are not the tuning's.
const (
	verifyIter = -1
	probeIter  = -2
)

// Exercise is what the probe found for one parameter: the games played at
// each end of its range, how many of them went otherwise (other moves) and
// how many ended otherwise (another result for the tuned bot).
type Exercise struct {
	Param           string  `json:"param"`
	Lo              float64 `json:"lo"`
	Hi              float64 `json:"hi"`
	Games           int     `json:"games"`
	MovesChanged    int     `json:"moves_changed"`
	OutcomesChanged int     `json:"outcomes_changed"`
}

// Exercised says whether the pool's games exercise the parameter: some
// outcome changed between the two ends of its range.
func (e Exercise) Exercised() bool { return e.OutcomesChanged > 0 }

// Probe is the check, before tuning, of which parameters the pool's games
// exercise at all. SPSA moves every parameter at every step; one that never
// changes an outcome only drifts with the noise of the others, and its
// tuned value means nothing.
type Probe struct {
	Start  string     `json:"start"` // the point probed
	Pairs  int        `json:"pairs"` // per pool member and end
	Params []Exercise `json:"params"`
	// Games played (zero when read back from the folder) and their wall
	// time.
	Games int           `json:"-"`
	Wall  time.Duration `json:"-"`
}

// Unexercised lists the parameters no probe game's outcome depended on.
func (p *Probe) Unexercised() []string {
	var out []string
	for _, e := range p.Params {
		if !e.Exercised() {
			out = append(out, e.Param)
		}
	}
	return out
}

// WriteText writes the probe's findings, a line per parameter.
func (p *Probe) WriteText(w io.Writer) {
	fmt.Fprintf(w, "probe from %s: each parameter at both ends of its range, %d start%s per pool member, both sides\n", p.Start, p.Pairs, plural(p.Pairs))
	for _, e := range p.Params {
		verdict := "exercised"
		if !e.Exercised() {
			verdict = "NOT EXERCISED by the pool's games: no outcome changed"
		}
		fmt.Fprintf(w, "  %-10s %g vs %g: %d of %d games changed, %d outcome%s: %s\n", e.Param, e.Lo, e.Hi,
			e.MovesChanged, e.Games, e.OutcomesChanged, plural(e.OutcomesChanged), verdict)
	}
	if un := p.Unexercised(); len(un) > 0 {
		fmt.Fprintf(w, "  %s: tuned, only the noise of the other parameters moves %s; leave %s out of --params, or add opponents that exercise %s\n",
			strings.Join(un, ", "), pronoun(len(un)), pronoun(len(un)), pronoun(len(un)))
	}
}

// Probe plays, for each tuned parameter, the run's start with that
// parameter at the low end and at the high end of its range, against every
// pool member from the same pairs of starts, and compares the games of the
// two ends. pairs is the number of starts per member. A folder holding the
// same probe gives it back without playing.
func (t *Tuning) Probe(ctx context.Context, pairs int) (*Probe, error) {
	sp := t.o.Space
	p := &Probe{Start: sp.SpecOf(t.Setup.Start), Pairs: pairs}
	path := ""
	if t.o.Dir != "" {
		path = store.Join(t.o.Dir, ProbeFile)
		if old, err := readProbe(path); err != nil {
			return nil, err
		} else if old != nil && old.Start == p.Start && old.Pairs == pairs && len(old.Params) == sp.Dim() {
			return old, nil
		}
	}
	ev := t.evaluator()
	members := len(ev.Pool)
	perEnd := members * pairs
	specs := make([]string, 2*sp.Dim()) // parameter i at its low end (2i) and high end (2i+1)
	for i, par := range sp.Params {
		for end, v := range []float64{par.Lo, par.Hi} {
			vals := append([]float64(nil), t.Setup.Start...)
			vals[i] = v
			specs[2*i+end] = sp.SpecOf(vals)
		}
	}
	outs := make([]pairOutcome, len(specs)*perEnd)
	t0 := time.Now()
	err := ev.playJobs(ctx, len(outs), func(k int) (pairJob, bool) {
		s, r := k/perEnd, k%perEnd
		m, j := r/pairs, r%pairs
		return pairJob{specs[s], ev.Pool[m].Spec, ev.PairSeed(probeIter, j)}, true
	}, func(k int, out pairOutcome) error {
		outs[k] = out
		return nil
	})
	if err != nil {
		return nil, err
	}
	p.Games, p.Wall = 2*len(outs), time.Since(t0)
	for i, par := range sp.Params {
		e := Exercise{Param: par.Name, Lo: par.Lo, Hi: par.Hi}
		lo, hi := outs[2*i*perEnd:(2*i+1)*perEnd], outs[(2*i+1)*perEnd:(2*i+2)*perEnd]
		for r := range lo {
			for side := range 2 {
				e.Games++
				if lo[r].moves[side] != hi[r].moves[side] {
					e.MovesChanged++
				}
				if lo[r].score[side] != hi[r].score[side] {
					e.OutcomesChanged++
				}
			}
		}
		p.Params = append(p.Params, e)
	}
	if path != "" {
		if err := writeJSON(path, p); err != nil {
			return p, err
		}
	}
	return p, nil
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

func readProbe(loc string) (*Probe, error) {
	var p Probe
	if ok, err := readJSON(loc, &p); err != nil || !ok {
		return nil, err
	}
	return &p, nil
}

// evaluator plays the run's games.
func (t *Tuning) evaluator() *Evaluator {
	o := t.o // Open filled in the pool
	return &Evaluator{Game: o.Game, Config: o.Config, Pool: o.Pool, Pairs: o.Pairs, Seed: o.Seed, Workers: o.Workers,
		Players: o.Players, Budget: o.Think}
}
