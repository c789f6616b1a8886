package tune

import (
	"fmt"
	"time"
)

// MinIterations is the fewest iterations a budget must allow for tuning
// to be worth running: below it the optimiser takes a handful of steps on
// the noise of a few batches, and whatever point it ends at says nothing
// (SPSA usually needs a hundred iterations or more).
const MinIterations = 10

// Plan is how a budget of games is spent: iterations of Candidates
// candidates, each playing Pairs pairs (two games from one start, both
// sides).
type Plan struct {
	Budget       int
	Candidates   int
	Pairs        int
	PerIteration int // games of one iteration
	Iterations   int // iterations the budget allows
}

// NewPlan is the plan of a budget for method (population: CMA-ES's, 0 for
// its default) over dim parameters.
func NewPlan(method string, population, dim, pairs, budget int) Plan {
	p := Plan{Budget: budget, Candidates: Candidates(method, population, dim), Pairs: pairs}
	p.PerIteration = p.Candidates * 2 * pairs
	if p.PerIteration > 0 {
		p.Iterations = budget / p.PerIteration
	}
	return p
}

// Check refuses a budget too small to tune and says what budget would do.
func (p Plan) Check() error {
	if p.Iterations >= MinIterations {
		return nil
	}
	msg := fmt.Sprintf("budget %d games is too small to tune: it allows %d iteration%s of %d games (%d candidates × %d pairs × 2), and tuning needs at least %d; a budget of %d gives %d iterations, %d gives the 100 that SPSA usually needs",
		p.Budget, p.Iterations, plural(p.Iterations), p.PerIteration, p.Candidates, p.Pairs, MinIterations,
		MinIterations*p.PerIteration, MinIterations, 100*p.PerIteration)
	if pairs := p.Budget / (p.Candidates * 2 * MinIterations); pairs >= 1 {
		msg += fmt.Sprintf(", or a batch of %d pair%s gives %d iterations of this budget", pairs, plural(pairs), p.Budget/(p.Candidates*2*pairs))
	}
	return fmt.Errorf("%s", msg)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Pace is the wall time per game measured on a batch, to project how long
// the rest of a run takes.
type Pace struct {
	Games int
	Wall  time.Duration
}

// PerGame is the mean wall time of a game (with the run's parallelism).
func (p Pace) PerGame() time.Duration {
	if p.Games == 0 {
		return 0
	}
	return p.Wall / time.Duration(p.Games)
}

// Project is the wall time games more would take.
func (p Pace) Project(games int) time.Duration {
	return p.PerGame() * time.Duration(games)
}
