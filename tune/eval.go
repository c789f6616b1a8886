package tune

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/tourney"
)

// Opponent is one member of the pool with its weight: the share of each
// batch's pairs played against it.
type Opponent struct {
	Spec   string
	Weight int
}

// DefaultPool is the bot's default self, which gets most of each batch
// (the simple bots are beaten nearly always and say little), and the game's
// other bots.
func DefaultPool(g game.Game, bot string) []Opponent {
	pool := []Opponent{{bot, 13}}
	for _, b := range g.Bots() {
		if b.Name != bot {
			pool = append(pool, Opponent{b.Name, 1})
		}
	}
	return pool
}

// ParsePool reads "SPEC[@W],SPEC[@W],…" (weight 1 when not given); a py:
// folder or glob pattern stands for the course AIs in it, each with the
// weight (game.ExpandPy).
func ParsePool(g game.Game, list string) ([]Opponent, error) {
	var out []Opponent
	for _, p := range botspec.SplitList(list) {
		w := 1
		if i := strings.LastIndex(p, "@"); i >= 0 {
			n, err := strconv.Atoi(strings.TrimSpace(p[i+1:]))
			if err != nil || n < 1 {
				return nil, fmt.Errorf("opponent %q: weight after @ must be a positive whole number", p)
			}
			w, p = n, p[:i]
		}
		specs, err := game.ExpandPy(p)
		if err != nil {
			return nil, err
		}
		for _, s := range specs {
			c, err := g.Canonical(s)
			if err != nil {
				return nil, err
			}
			out = append(out, Opponent{c, w})
		}
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
	Area    float64 // mean final score (paper.io: territory)
	OppArea float64 // mean final score of the opponent
	Steps   float64 // mean game length (paper.io: half-steps)
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
	Game    game.Game
	Config  game.Config
	Pool    []Opponent
	Pairs   int   // pairs per candidate per iteration
	Seed    int64 // run seed
	Workers int
	Players game.PlayerOptions // options of course AIs
	Budget  time.Duration      // think time per game of timed players (course AIs)
	// Entrant, if not nil, builds players instead of the game (tests give
	// players no spec names).
	Entrant func(spec string) (*game.Entrant, error)
}

// entrant is the player of spec.
func (e *Evaluator) entrant(spec string) (*game.Entrant, error) {
	if e.Entrant != nil {
		return e.Entrant(spec)
	}
	return e.Game.Entrant(spec, e.Players)
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
// (paperio.RandomStarts) and both games' bot seeds. Every candidate of an
// iteration plays the same starts against the same opponents.
func (e *Evaluator) PairSeed(it, j int) int64 {
	return play.GameSeed(e.Seed, int64(it)<<24|int64(j))
}

// pairOutcome is one pair from the candidate's side: [0] the game it began,
// [1] the game the opponent began.
type pairOutcome struct {
	score      [2]float64
	area, oppA [2]float64 // final scores (paper.io: territory)
	steps      [2]int
	moves      [2]uint64 // digest of each game's moves
}

// points is the candidate's points fraction of the pair.
func (p pairOutcome) points() float64 { return (p.score[0] + p.score[1]) / 2 }

// evalWorker is a worker's players: the opponents are kept from pair to
// pair (a course AI's process is started once per worker), the candidate
// is built for each pair.
type evalWorker struct {
	opponents map[string]*game.Seat
	w         game.Worker
}

// pairJob is one pair to play: the candidate spec against the opponent
// spec from the start of seed.
type pairJob struct {
	spec, opp string
	seed      int64
}

// playJobs plays n pairs on the evaluator's workers: job(k) says what pair
// k is (false: skip it), done(k, outcome) hears it when played (from any
// worker, so done must guard what it shares). Course AIs of the pool play
// with the same parallelism as built-in bots: each worker starts its own
// process of each opponent once.
func (e *Evaluator) playJobs(ctx context.Context, n int, job func(k int) (pairJob, bool), done func(k int, out pairOutcome) error) error {
	newWorker := func() *evalWorker {
		return &evalWorker{opponents: map[string]*game.Seat{}, w: e.Game.NewWorker()}
	}
	closeWorker := func(w *evalWorker) {
		for _, s := range w.opponents {
			s.Close()
		}
	}
	return pool.Run(ctx, e.Workers, n, newWorker, func(ctx context.Context, w *evalWorker, k int) error {
		j, ok := job(k)
		if !ok {
			return nil
		}
		out, err := e.playPair(ctx, w, j)
		if err != nil {
			return err
		}
		return done(k, out)
	}, closeWorker)
}

// Evaluate plays iteration it's batch for each candidate spec: Pairs pairs,
// each from one start with the candidate first and then second, through
// the paired-game runner of SPRT runs (tourney.PlayPair).
func (e *Evaluator) Evaluate(ctx context.Context, it int, specs []string) ([]Stats, error) {
	all := make([][]pairOutcome, len(specs))
	for c := range all {
		all[c] = make([]pairOutcome, e.Pairs)
	}
	err := e.playJobs(ctx, len(specs)*e.Pairs, func(k int) (pairJob, bool) {
		c, j := k/e.Pairs, k%e.Pairs
		return pairJob{specs[c], e.opponentOf(j), e.PairSeed(it, j)}, true
	}, func(k int, out pairOutcome) error {
		all[k/e.Pairs][k%e.Pairs] = out // each k is written once
		return nil
	})
	if err != nil {
		return nil, err
	}
	stats := make([]Stats, len(specs))
	for c := range specs {
		st := &stats[c]
		var area, opp float64
		var steps int
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
			st.Area, st.OppArea, st.Steps = area/n, opp/n, float64(steps)/n
		}
	}
	return stats, nil
}

// playPair plays both games of pair j: the candidate as player 1, then as
// player 2 from the same start.
func (e *Evaluator) playPair(ctx context.Context, w *evalWorker, j pairJob) (pairOutcome, error) {
	var out pairOutcome
	cand, err := e.entrant(j.spec)
	if err != nil {
		return out, err
	}
	oppSpec := j.opp
	opp := w.opponents[oppSpec]
	if opp == nil {
		oe, err := e.entrant(oppSpec)
		if err != nil {
			return out, err
		}
		if oe.Name == cand.Name {
			oe.Name += " (B)"
		}
		opp = game.NewSeat(oe, true)
		w.opponents[oppSpec] = opp
	}
	me := game.NewSeat(cand, true)
	defer me.Close()
	games, err := tourney.PlayPair(w.w, [2]*game.Seat{me, opp}, j.seed,
		tourney.PairSetup{Config: e.Config, Budget: e.Budget, Stop: ctx.Done()})
	if err != nil {
		return out, err
	}
	for k, g := range games {
		side := k // the candidate began game 0 (index 0) and is index 1 in game 1
		out.score[k] = g.Winner.Score(side)
		out.area[k], out.oppA[k], out.steps[k] = g.Score[side], g.Score[1-side], g.Length
		h := fnv.New64a()
		h.Write(g.Moves)
		out.moves[k] = h.Sum64()
	}
	return out, nil
}
