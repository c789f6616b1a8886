package tune

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/players"
	"github.com/paperio/paperio/tourney"
)

// Opponent is one member of the pool with its weight: the share of each
// batch's pairs played against it.
type Opponent struct {
	Spec   string
	Weight int
}

// DefaultPool is the bot's default self, which gets most of each batch
// (the simple bots are beaten nearly always and say little), and the simple
// bots.
func DefaultPool(bot string) []Opponent {
	return []Opponent{{bot, 13}, {"random", 1}, {"goround", 1}, {"wanderer", 1}}
}

// ParsePool reads "SPEC[@W],SPEC[@W],…" (weight 1 when not given).
func ParsePool(list string) ([]Opponent, error) {
	var out []Opponent
	for _, p := range players.SplitList(list) {
		w := 1
		if i := strings.LastIndex(p, "@"); i >= 0 {
			n, err := strconv.Atoi(strings.TrimSpace(p[i+1:]))
			if err != nil || n < 1 {
				return nil, fmt.Errorf("opponent %q: weight after @ must be a positive whole number", p)
			}
			w, p = n, p[:i]
		}
		c, err := players.Canonical(p)
		if err != nil {
			return nil, err
		}
		out = append(out, Opponent{c, w})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no opponents in %q", list)
	}
	return out, nil
}

// PoolString is the pool in ParsePool's form.
func PoolString(pool []Opponent) string {
	parts := make([]string, len(pool))
	for i, o := range pool {
		parts[i] = fmt.Sprintf("%s@%d", o.Spec, o.Weight)
	}
	return strings.Join(parts, ",")
}

// Stats are a candidate's results over one batch, from its side.
type Stats struct {
	Games   int
	W, D, L int
	Area    float64 // mean final territory
	OppArea float64 // mean final territory of the opponent
	Steps   float64 // mean half-steps
}

// Score is the points fraction (a draw counts half).
func (s Stats) Score() float64 {
	if s.Games == 0 {
		return 0.5
	}
	return (float64(s.W) + 0.5*float64(s.D)) / float64(s.Games)
}

// Evaluator plays batches of paired games of candidates against the pool.
type Evaluator struct {
	Config  engine.Config
	Pool    []Opponent
	Pairs   int   // pairs per candidate per iteration
	Seed    int64 // run seed
	Workers int
	Players players.Maker // builds candidates and opponents from their specs
	Budget  time.Duration // think time per game of timed players (course AIs)
	// Entrant, if not nil, builds players instead of Players (tests give
	// players no spec names).
	Entrant func(spec string) (*players.Entrant, error)
}

// entrant is the player of spec.
func (e *Evaluator) entrant(spec string) (*players.Entrant, error) {
	if e.Entrant != nil {
		return e.Entrant(spec)
	}
	return e.Players.Entrant(spec)
}

// opponentOf is the pool member of pair j: pairs cycle through the pool,
// each member taking as many consecutive pairs as its weight.
func (e *Evaluator) opponentOf(j int) string {
	total := 0
	for _, o := range e.Pool {
		total += o.Weight
	}
	r := j % total
	for _, o := range e.Pool {
		if r < o.Weight {
			return o.Spec
		}
		r -= o.Weight
	}
	return e.Pool[0].Spec
}

// PairSeed is the seed of pair j of iteration it: it sets the start
// (engine.RandomStarts) and both games' bot seeds. Every candidate of an
// iteration plays the same starts against the same opponents.
func (e *Evaluator) PairSeed(it, j int) int64 {
	return play.GameSeed(e.Seed, int64(it)<<24|int64(j))
}

// pairOutcome is one pair from the candidate's side: [0] the game it began,
// [1] the game the opponent began.
type pairOutcome struct {
	score      [2]float64
	area, oppA [2]int
	steps      [2]int
}

// evalWorker is a worker's players: the opponents are kept from pair to
// pair (a course AI's process is started once per worker), the candidate
// is built for each pair.
type evalWorker struct {
	opponents map[string]*play.Seat[*engine.State, engine.Action]
}

// Evaluate plays iteration it's batch for each candidate spec: Pairs pairs,
// each from one start with the candidate first and then second, through
// the paired-game runner of SPRT runs (tourney.PlayPair).
func (e *Evaluator) Evaluate(ctx context.Context, it int, specs []string) ([]Stats, error) {
	all := make([][]pairOutcome, len(specs))
	for c := range all {
		all[c] = make([]pairOutcome, e.Pairs)
	}
	newWorker := func() *evalWorker {
		return &evalWorker{opponents: map[string]*play.Seat[*engine.State, engine.Action]{}}
	}
	closeWorker := func(w *evalWorker) {
		for _, s := range w.opponents {
			s.Close()
		}
	}
	err := pool.Run(ctx, e.Workers, len(specs)*e.Pairs, newWorker, func(ctx context.Context, w *evalWorker, k int) error {
		c, j := k/e.Pairs, k%e.Pairs
		out, err := e.playPair(ctx, w, it, j, specs[c])
		all[c][j] = out
		return err
	}, closeWorker)
	if err != nil {
		return nil, err
	}
	stats := make([]Stats, len(specs))
	for c := range specs {
		st := &stats[c]
		var area, opp, steps int
		for _, r := range all[c] {
			for k := 0; k < 2; k++ {
				st.Games++
				switch r.score[k] {
				case 1:
					st.W++
				case 0.5:
					st.D++
				default:
					st.L++
				}
				area += r.area[k]
				opp += r.oppA[k]
				steps += r.steps[k]
			}
		}
		if st.Games > 0 {
			n := float64(st.Games)
			st.Area, st.OppArea, st.Steps = float64(area)/n, float64(opp)/n, float64(steps)/n
		}
	}
	return stats, nil
}

// playPair plays both games of pair j: the candidate as player 1, then as
// player 2 from the same start.
func (e *Evaluator) playPair(ctx context.Context, w *evalWorker, it, j int, spec string) (pairOutcome, error) {
	var out pairOutcome
	cand, err := e.entrant(spec)
	if err != nil {
		return out, err
	}
	oppSpec := e.opponentOf(j)
	opp := w.opponents[oppSpec]
	if opp == nil {
		oe, err := e.entrant(oppSpec)
		if err != nil {
			return out, err
		}
		if oe.Name == cand.Name {
			oe.Name += " (B)"
		}
		opp = play.NewSeat(oe, true)
		w.opponents[oppSpec] = opp
	}
	me := play.NewSeat(cand, true)
	defer me.Close()
	games, err := tourney.PlayPair([2]*play.Seat[*engine.State, engine.Action]{me, opp}, e.PairSeed(it, j),
		tourney.PairSetup{Config: e.Config, Budget: e.Budget, Pairing: tourney.PairSame, Stop: ctx.Done()})
	if err != nil {
		return out, err
	}
	for k, g := range games {
		side := k // the candidate began game 0 (index 0) and is index 1 in game 1
		s := g.State
		out.score[k] = g.Score(side)
		out.area[k], out.oppA[k], out.steps[k] = s.Area(side), s.Area(1-side), s.HalfSteps()
	}
	return out, nil
}
