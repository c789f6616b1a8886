package tune

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/paperio/paperio/label"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/store"
)

// PoolFile holds the games of a pool verification as they finish, so that
// an interrupted verification continues where it stopped.
const PoolFile = "pool.json"

// PoolCheck asks for a verification against the pool: the tuned point and
// the bot's defaults each play the same games against every member — the
// same starts, both sides, the same opponent — and what is measured is the
// difference of their scores.
type PoolCheck struct {
	Tuned string
	// Games is the most games each of tuned and default plays against
	// each member (rounded up to whole starts, two games each).
	Games int
	// Test, if not nil, is an SPRT of the difference per member: a
	// member's games stop when its test decides.
	Test *rating.DiffSPRT
	// OnUnit, if not nil, hears the report after each start counted.
	OnUnit func(*PoolReport)
}

// MemberResult is the verification against one member of the pool.
type MemberResult struct {
	Spec     string
	Weight   int
	Diffs    rating.Diffs // starts counted, tuned's points against default's
	LLR      float64
	Decision rating.Decision
}

// PoolReport is a verification against the pool.
type PoolReport struct {
	Tuned, Default string
	Starts         int // the most starts per member
	Test           *rating.DiffSPRT
	Members        []MemberResult
	// Pool is the comparison over the pool, members weighted as in the
	// tuning's batches.
	Pool rating.DiffEstimate
	// Played are the games played now, Resumed the starts read back from
	// the folder.
	Played, Resumed int
	Wall            time.Duration
}

// Verdicts of a verification.
const (
	Passed       = "passed"
	Failed       = "failed"
	Inconclusive = "inconclusive"
)

// Verdict is what the pool verification found: passed when the 95 %
// interval of the weighted difference lies above 0, failed when it lies
// below, inconclusive otherwise.
func (r *PoolReport) Verdict() string {
	switch {
	case r.Pool.Above():
		return Passed
	case r.Pool.Below():
		return Failed
	}
	return Inconclusive
}

// Line is the verification in one line, as verify.txt records it.
func (r *PoolReport) Line() string {
	games := 0
	for _, m := range r.Members {
		games = max(games, 2*m.Diffs.N())
	}
	s := fmt.Sprintf("pool verification %s: tuned %.3f, default %.3f, difference %s (95 %%), weighted over %s, up to %d games per member",
		r.Verdict(), r.Pool.A, r.Pool.B, DiffText(r.Pool), r.poolString(), games)
	if r.Test != nil {
		var ds []string
		for _, m := range r.Members {
			ds = append(ds, m.Decision.String())
		}
		s += fmt.Sprintf("; SPRT of the difference (H0 %+g, H1 %+g) per member: %s", r.Test.D0, r.Test.D1, strings.Join(ds, ", "))
	}
	return s
}

func (r *PoolReport) poolString() string {
	pool := make([]Opponent, len(r.Members))
	for i, m := range r.Members {
		pool[i] = Opponent{m.Spec, m.Weight}
	}
	return PoolString(pool)
}

// WriteText writes the verification: a line per member and the pool.
func (r *PoolReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "Pool verification: %s (tuned) and %s (default) play the same games against each member: up to %d starts, both sides; %d games played in %s",
		r.Tuned, r.Default, r.Starts, r.Played, r.Wall.Round(time.Second))
	if r.Resumed > 0 {
		fmt.Fprintf(w, " (%d starts taken from the output folder)", r.Resumed)
	}
	fmt.Fprintln(w)
	specs := make([]string, len(r.Members))
	for i, m := range r.Members {
		specs[i] = m.Spec
	}
	names := label.Short(specs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "member\tweight\tgames\ttuned\tdefault\tdifference\t95 % interval\tLOS\t"
	if r.Test != nil {
		head += "SPRT\t"
	}
	fmt.Fprintln(tw, head)
	row := func(name, weight string, games int, e rating.DiffEstimate) string {
		return fmt.Sprintf("%s\t%s\t%d\t%.3f\t%.3f\t%s\t[%s, %s]\t%.1f %%\t", name, weight, games, e.A, e.B, signed(e.Diff), signed(e.Lo), signed(e.Hi), 100*e.LOS)
	}
	for i, m := range r.Members {
		line := row(names[i], fmt.Sprint(m.Weight), 2*m.Diffs.N(), m.Diffs.Estimate())
		if r.Test != nil {
			lo, hi := r.Test.Bounds()
			line += fmt.Sprintf("%s (LLR %.2f in [%.2f, %.2f])\t", m.Decision, m.LLR, lo, hi)
		}
		fmt.Fprintln(tw, line)
	}
	if len(r.Members) > 1 {
		fmt.Fprintln(tw, row("pool (weighted)", "", 2*r.Pool.N, r.Pool))
	}
	tw.Flush()
	fmt.Fprintf(w, "verdict: %s — ", r.Verdict())
	switch r.Verdict() {
	case Passed:
		fmt.Fprintln(w, "the tuned point scores more against the pool than the defaults (95 % interval above 0)")
	case Failed:
		fmt.Fprintln(w, "the tuned point scores less against the pool than the defaults (95 % interval below 0)")
	default:
		fmt.Fprintln(w, "the games cannot tell the tuned point from the defaults against the pool (95 % interval contains 0)")
	}
}

// DiffText is a difference with its interval, "+0.038 [+0.000, +0.076]".
func DiffText(e rating.DiffEstimate) string {
	return fmt.Sprintf("%s [%s, %s]", signed(e.Diff), signed(e.Lo), signed(e.Hi))
}

// signed writes a score difference to three decimals, or to two
// significant digits when three would round it to zero: an interval that
// lies above 0 must not read "+0.000".
func signed(x float64) string {
	if x != 0 && math.Abs(x) < 0.0005 {
		return fmt.Sprintf("%+.2g", x)
	}
	return fmt.Sprintf("%+.3f", x)
}

// unit is one start of one member: tuned's and default's points fraction
// of its two games, and which of them are in (1 tuned, 2 default).
type unit struct {
	a, b float64
	got  uint8
}

// poolState is a verification in progress.
type poolState struct {
	mu      sync.Mutex
	rep     *PoolReport
	units   [][]unit // by member, start
	counted []int    // starts counted per member, in order
	test    *rating.DiffSPRT
	file    poolFile
	path    string
	saved   time.Time
	onUnit  func(*PoolReport)
}

// poolFile is PoolFile's content: the starts finished so far.
type poolFile struct {
	Tuned   string     `json:"tuned"`
	Default string     `json:"default"`
	Pool    string     `json:"pool"`
	Units   []poolUnit `json:"units"`
}

type poolUnit struct {
	Member int     `json:"member"`
	Start  int     `json:"start"`
	Tuned  float64 `json:"tuned"`
	Def    float64 `json:"default"`
}

// decided says whether member m's test has decided.
func (s *poolState) decided(m int) bool {
	return s.rep.Members[m].Decision != rating.Continue
}

// advance counts member m's finished starts in order until one is
// missing or its test decides: the decision does not depend on the order
// in which games finish.
func (s *poolState) advance(m int) {
	mr := &s.rep.Members[m]
	for s.counted[m] < len(s.units[m]) && s.units[m][s.counted[m]].got == 3 && !s.decided(m) {
		u := s.units[m][s.counted[m]]
		mr.Diffs.Add(u.a, u.b)
		s.counted[m]++
		if s.test != nil {
			mr.LLR = s.test.LLR(mr.Diffs)
			mr.Decision = s.test.Decide(mr.LLR)
		}
		if s.onUnit != nil {
			s.onUnit(s.rep)
		}
	}
}

// save writes the finished starts, at most every two seconds unless
// forced.
func (s *poolState) save(force bool) error {
	if s.path == "" || (!force && time.Since(s.saved) < 2*time.Second) {
		return nil
	}
	s.saved = time.Now()
	return writeJSON(s.path, s.file)
}

// VerifyPool plays the pool verification of the tuned point c.Tuned
// against the bot's defaults. Pair j of every member starts from the same
// course start (the seeds of an iteration no tuning batch uses), and
// tuned and default play it both sides through the same paired-game
// runner, so the difference of their scores carries none of the starts'
// or opponents' luck that they share.
func (t *Tuning) VerifyPool(ctx context.Context, c PoolCheck) (*PoolReport, error) {
	if c.Test != nil {
		if err := c.Test.Validate(); err != nil {
			return nil, err
		}
	}
	ev := t.evaluator()
	def, err := t.o.Game.Canonical(t.o.Space.Bot)
	if err != nil {
		return nil, err
	}
	starts := (c.Games + 1) / 2
	st := &poolState{test: c.Test, onUnit: c.OnUnit, counted: make([]int, len(ev.Pool))}
	st.rep = &PoolReport{Tuned: c.Tuned, Default: def, Starts: starts, Test: c.Test}
	for _, o := range ev.Pool {
		st.rep.Members = append(st.rep.Members, MemberResult{Spec: o.Spec, Weight: o.Weight})
		st.units = append(st.units, make([]unit, starts))
	}
	st.file = poolFile{Tuned: c.Tuned, Default: def, Pool: PoolString(ev.Pool)}
	if t.o.Dir != "" {
		st.path = store.Join(t.o.Dir, PoolFile)
		if err := st.load(); err != nil {
			return nil, err
		}
	}
	t0 := time.Now()
	for m := range st.units {
		st.advance(m)
	}
	members := len(ev.Pool)
	specs := [2]string{c.Tuned, def}
	err = ev.playJobs(ctx, starts*members*2, func(k int) (pairJob, bool) {
		j, m, who := k/(2*members), (k/2)%members, k%2
		st.mu.Lock()
		defer st.mu.Unlock()
		if st.units[m][j].got&(1<<who) != 0 || st.decided(m) {
			return pairJob{}, false
		}
		return pairJob{specs[who], ev.Pool[m].Spec, ev.PairSeed(verifyIter, j)}, true
	}, func(k int, out pairOutcome) error {
		j, m, who := k/(2*members), (k/2)%members, k%2
		st.mu.Lock()
		defer st.mu.Unlock()
		st.rep.Played += 2
		u := &st.units[m][j]
		if who == 0 {
			u.a = out.points()
		} else {
			u.b = out.points()
		}
		if u.got |= 1 << who; u.got != 3 {
			return nil
		}
		st.file.Units = append(st.file.Units, poolUnit{m, j, u.a, u.b})
		st.advance(m)
		return st.save(false)
	})
	st.mu.Lock()
	defer st.mu.Unlock()
	if serr := st.save(true); err == nil {
		err = serr
	}
	st.rep.Wall = time.Since(t0)
	ests := make([]rating.DiffEstimate, members)
	ws := make([]float64, members)
	for m, mr := range st.rep.Members {
		ests[m], ws[m] = mr.Diffs.Estimate(), float64(mr.Weight)
	}
	st.rep.Pool = rating.Weighted(ests, ws)
	return st.rep, err
}

// load reads the starts an earlier verification of the same tuned point
// finished.
func (s *poolState) load() error {
	var f poolFile
	if ok, err := readJSON(s.path, &f); err != nil || !ok {
		return err
	}
	if f.Tuned != s.file.Tuned || f.Default != s.file.Default || f.Pool != s.file.Pool {
		return nil // another tuned point: started again
	}
	for _, u := range f.Units {
		s.file.Units = append(s.file.Units, u) // kept, even beyond this check's starts
		if u.Member < 0 || u.Member >= len(s.units) || u.Start < 0 || u.Start >= len(s.units[u.Member]) {
			continue
		}
		if s.units[u.Member][u.Start].got != 3 {
			s.units[u.Member][u.Start] = unit{a: u.Tuned, b: u.Def, got: 3}
			s.rep.Resumed++
		}
	}
	return nil
}
