package tune

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Optimizer maximises a noisy score over [0,1]^d by asking for candidate
// points and being told their scores. Given its seed and the sequence of
// scores told, its candidates are always the same, so a run is replayed by
// telling it the recorded scores again.
type Optimizer interface {
	// Ask returns the candidates of the next iteration (points of [0,1]^d).
	Ask() [][]float64
	// Tell gives the scores of the candidates of the last Ask, in order.
	Tell(scores []float64)
	// Current is the optimiser's estimate of the best point.
	Current() []float64
	// Close releases the optimiser's resources.
	Close()
}

// Method names an optimiser.
const (
	MethodSPSA  = "spsa"
	MethodCMAES = "cmaes"
)

// Settings shape an optimiser.
type Settings struct {
	Method string
	Seed   uint64
	// Iterations planned (SPSA's A is a tenth of it).
	Iterations int
	// SPSA gains (Spall's schedule): a_k = A0/(A+k+1)^0.602 and
	// c_k = C0/(k+1)^0.101, in units of the normalised box, with A a tenth
	// of the planned iterations. Zero C0: 0.05. Zero A0: chosen so that no
	// step of the first iteration exceeds MaxStep (zero: 0.2) of a
	// parameter's range (see Resolve).
	A0, C0  float64
	MaxStep float64
	// CMA-ES initial step in units of the box (zero: 0.05; large steps
	// land in regions where every candidate loses and the ranks are noise)
	// and population (zero: gonum's default 4+3 ln d).
	Step       float64
	Population int
}

// Exponents of SPSA's gains, the values Spall recommends ("Implementation
// of the simultaneous perturbation algorithm for stochastic optimization",
// IEEE Trans. Aerospace and Electronic Systems 34(3), 1998).
const (
	spsaAlpha = 0.602
	spsaGamma = 0.101
)

// Defaults of the gains in units of the box.
const (
	DefaultPerturbation = 0.05
	DefaultMaxStep      = 0.2
)

// stability is SPSA's A: a tenth of the planned iterations, at least 1.
func (s Settings) stability() float64 { return math.Max(1, float64(s.Iterations)/10) }

// Resolve fills in the SPSA gains left zero. A step is a_k·(s₊ − s₋)/(2c_k)
// per coordinate, and a score difference is at most 1 (one candidate wins
// every game, the other loses every game), so a_k/(2c_k) is the largest
// step of iteration k; A0 is set so that it is MaxStep at k = 0. With A a
// tenth of the planned iterations the largest step then shrinks slowly
// (a_k/c_k falls as (A+k+1)^-0.602·(k+1)^0.101), and no early iteration can
// throw a parameter across its range on a few lucky games.
func (s Settings) Resolve() Settings {
	if s.Method != MethodSPSA && s.Method != "" {
		return s
	}
	if s.C0 == 0 {
		s.C0 = DefaultPerturbation
	}
	if s.A0 == 0 {
		step := s.MaxStep
		if step == 0 {
			step = DefaultMaxStep
		}
		s.A0 = step * 2 * s.C0 * math.Pow(s.stability()+1, spsaAlpha)
	}
	return s
}

// Gains are SPSA's a_k and c_k at iteration k (of resolved settings).
func (s Settings) Gains(k int) (a, c float64) {
	return s.A0 / math.Pow(s.stability()+float64(k)+1, spsaAlpha), s.C0 / math.Pow(float64(k)+1, spsaGamma)
}

// MaxStepAt is the largest step of iteration k in units of a range,
// a_k/(2c_k).
func (s Settings) MaxStepAt(k int) float64 {
	a, c := s.Gains(k)
	return a / (2 * c)
}

// Schedule describes the optimiser's steps in one line.
func (s Settings) Schedule(dim int) string {
	if s.Method == MethodCMAES {
		step := s.Step
		if step == 0 {
			step = 0.05
		}
		return fmt.Sprintf("CMA-ES: %d generations of %d planned, initial step %g of each range",
			s.Iterations, Candidates(MethodCMAES, s.Population, dim), step)
	}
	last := max(0, s.Iterations-1)
	a0, c0 := s.Gains(0)
	a1, c1 := s.Gains(last)
	return fmt.Sprintf("SPSA: a_k = %.4g/(%g+k+1)^%g, c_k = %g/(k+1)^%g over %d planned iterations: perturbation ±%.3f → ±%.3f, largest step %.3f → %.3f of each range (a_k: %.4f → %.4f)",
		s.A0, s.stability(), spsaAlpha, s.C0, spsaGamma, s.Iterations, c0, c1, s.MaxStepAt(0), s.MaxStepAt(last), a0, a1)
}

// New builds the optimiser of s.Method starting at x0.
func New(s Settings, x0 []float64) (Optimizer, error) {
	switch s.Method {
	case MethodSPSA, "":
		return NewSPSA(s, x0), nil
	case MethodCMAES:
		return NewCMAES(s, x0), nil
	}
	return nil, fmt.Errorf("unknown method %q (want spsa or cmaes)", s.Method)
}

func clip01(x []float64) []float64 {
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = math.Min(1, math.Max(0, v))
	}
	return y
}

// SPSA is simultaneous perturbation stochastic approximation as used by
// Fishtest: each iteration perturbs every coordinate by ±c_k at once
// (Rademacher), evaluates θ+cΔ and θ−cΔ on the same games and steps along
// the score difference.
type SPSA struct {
	theta []float64
	k     int
	s     Settings // resolved
	rng   *rand.Rand
	delta []float64
	ck    float64
}

// NewSPSA starts SPSA at x0.
func NewSPSA(s Settings, x0 []float64) *SPSA {
	s = s.Resolve()
	return &SPSA{theta: clip01(x0), s: s, rng: rand.New(rand.NewPCG(s.Seed, 0x5b5a))}
}

// Ask returns θ+c_kΔ and θ−c_kΔ, clipped to the box.
func (o *SPSA) Ask() [][]float64 {
	d := len(o.theta)
	_, o.ck = o.s.Gains(o.k)
	o.delta = make([]float64, d)
	plus, minus := make([]float64, d), make([]float64, d)
	for i := range o.delta {
		o.delta[i] = 1
		if o.rng.Uint64()&1 == 1 {
			o.delta[i] = -1
		}
		plus[i] = o.theta[i] + o.ck*o.delta[i]
		minus[i] = o.theta[i] - o.ck*o.delta[i]
	}
	return [][]float64{clip01(plus), clip01(minus)}
}

// Tell steps θ by a_k (s+ − s−)/(2c_k) Δ.
func (o *SPSA) Tell(scores []float64) {
	ak, _ := o.s.Gains(o.k)
	g := (scores[0] - scores[1]) / (2 * o.ck)
	for i := range o.theta {
		o.theta[i] = math.Min(1, math.Max(0, o.theta[i]+ak*g*o.delta[i]))
	}
	o.k++
}

// Current is θ.
func (o *SPSA) Current() []float64 { return append([]float64(nil), o.theta...) }

// Close does nothing.
func (o *SPSA) Close() {}

// CMAES drives gonum's optimize.CmaEsChol one generation per iteration; it
// minimises minus the score plus a penalty for leaving the box (candidates
// are played clipped into it). When gonum's method reports convergence it is
// restarted from the current mean.
type CMAES struct {
	s        Settings
	dim      int
	method   *optimize.CmaEsChol
	ops      chan optimize.Task
	results  chan optimize.Task
	pending  []optimize.Task
	raw      [][]float64
	mean     []float64
	restarts int
}

// NewCMAES starts CMA-ES at x0.
func NewCMAES(s Settings, x0 []float64) *CMAES {
	o := &CMAES{s: s, dim: len(x0), mean: clip01(x0)}
	o.start()
	return o
}

func (o *CMAES) start() {
	step := o.s.Step
	if step == 0 {
		step = 0.05
	}
	// gonum samples the first generation from the initial Cholesky factor
	// alone, so the step is put there (covariance step²·I) as well.
	diag := make([]float64, o.dim)
	for i := range diag {
		diag[i] = step * step
	}
	var chol mat.Cholesky
	chol.Factorize(mat.NewDiagDense(o.dim, diag))
	o.method = &optimize.CmaEsChol{InitStepSize: step, InitCholesky: &chol, Population: o.s.Population,
		Src: rand.NewPCG(o.s.Seed, uint64(0xc3a+o.restarts))}
	pop := o.method.Init(o.dim, math.MaxInt32)
	tasks := make([]optimize.Task, pop)
	for i := range tasks {
		tasks[i].Location = &optimize.Location{X: make([]float64, o.dim)}
	}
	copy(tasks[0].X, o.mean)
	o.ops = make(chan optimize.Task, pop+1)
	o.results = make(chan optimize.Task)
	go o.method.Run(o.ops, o.results, tasks)
}

func (o *CMAES) stop() {
	o.results <- optimize.Task{Op: optimize.PostIteration}
	close(o.results)
	for range o.ops {
	}
}

// Ask returns the next generation, clipped to the box.
func (o *CMAES) Ask() [][]float64 {
	o.pending = o.pending[:0]
	o.raw = o.raw[:0]
	for len(o.pending) == 0 || len(o.pending) < cap(o.ops)-1 {
		t := <-o.ops
		if t.Op != optimize.FuncEvaluation {
			// Converged: start again from the mean.
			o.stop()
			o.restarts++
			o.start()
			o.pending, o.raw = o.pending[:0], o.raw[:0]
			continue
		}
		o.pending = append(o.pending, t)
		o.raw = append(o.raw, append([]float64(nil), t.X...))
	}
	out := make([][]float64, len(o.raw))
	for i, x := range o.raw {
		out[i] = clip01(x)
	}
	return out
}

// Tell hands the generation's scores to CMA-ES and moves the mean the way
// CMA-ES does (weighted recombination of the better half).
func (o *CMAES) Tell(scores []float64) {
	for i, t := range o.pending {
		pen := 0.0
		for _, v := range o.raw[i] {
			d := v - math.Min(1, math.Max(0, v))
			pen += d * d
		}
		t.F = -scores[i] + pen
		o.results <- t
	}
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
	mu := len(scores) / 2
	mean := make([]float64, o.dim)
	sum := 0.0
	for r := 0; r < mu; r++ {
		w := math.Log(float64(mu)+0.5) - math.Log(float64(r)+1)
		sum += w
		for j := range mean {
			mean[j] += w * o.raw[idx[r]][j]
		}
	}
	for j := range mean {
		mean[j] /= sum
	}
	o.mean = clip01(mean)
	// The method answers with a major iteration (or convergence), which is
	// handed back so that it sends the next generation.
	t := <-o.ops
	if t.Op == optimize.MajorIteration {
		o.results <- t
		return
	}
	o.stop()
	o.restarts++
	o.start()
}

// Current is the mean of the search distribution.
func (o *CMAES) Current() []float64 { return append([]float64(nil), o.mean...) }

// Close stops gonum's method.
func (o *CMAES) Close() {
	if o.results != nil {
		o.stop()
		o.results = nil
	}
}
