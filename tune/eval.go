package tune

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/selfplay"
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
	for _, p := range bots.SplitList(list) {
		w := 1
		if i := strings.LastIndex(p, "@"); i >= 0 {
			n, err := strconv.Atoi(strings.TrimSpace(p[i+1:]))
			if err != nil || n < 1 {
				return nil, fmt.Errorf("opponent %q: weight after @ must be a positive whole number", p)
			}
			w, p = n, p[:i]
		}
		sp, err := bots.Parse(p)
		if err != nil {
			return nil, err
		}
		out = append(out, Opponent{sp.String(), w})
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
	return selfplay.GameSeed(e.Seed, int64(it)<<24|int64(j))
}

// Evaluate plays iteration it's batch for each candidate spec: Pairs pairs,
// each from one start with the candidate first and then second.
func (e *Evaluator) Evaluate(ctx context.Context, it int, specs []string) ([]Stats, error) {
	type job struct{ c, j int }
	type res struct {
		c, j       int
		score      [2]float64
		area, oppA [2]int
		steps      [2]int
		err        error
	}
	workers := e.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	jobs := make(chan job)
	out := make(chan res)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range jobs {
				r := res{c: jb.c, j: jb.j}
				r.err = e.playPair(it, jb.j, specs[jb.c], &r.score, &r.area, &r.oppA, &r.steps)
				out <- r
			}
		}()
	}
	go func() {
		defer close(jobs)
		for c := range specs {
			for j := 0; j < e.Pairs; j++ {
				select {
				case jobs <- job{c, j}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()
	all := make([][]res, len(specs))
	for c := range all {
		all[c] = make([]res, e.Pairs)
	}
	var firstErr error
	for r := range out {
		if r.err != nil && firstErr == nil {
			firstErr = r.err
		}
		all[r.c][r.j] = r
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
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
func (e *Evaluator) playPair(it, j int, spec string, score *[2]float64, area, opp, steps *[2]int) error {
	seed := e.PairSeed(it, j)
	starts, err := engine.RandomStarts(e.Config, seed)
	if err != nil {
		return err
	}
	for k := 0; k < 2; k++ {
		me, err := bots.Make(spec)
		if err != nil {
			return err
		}
		them, err := bots.Make(e.opponentOf(j))
		if err != nil {
			return err
		}
		players := [2]bots.Bot{me, them}
		side := 0
		if k == 1 {
			players = [2]bots.Bot{them, me}
			side = 1
		}
		s, err := bots.Play(e.Config, starts, players, uint64(seed), nil)
		bots.Close(me)
		bots.Close(them)
		if err != nil {
			return err
		}
		switch s.Result().Winner {
		case engine.Draw:
			score[k] = 0.5
		case side:
			score[k] = 1
		}
		area[k], opp[k], steps[k] = s.Area(side), s.Area(1-side), s.HalfSteps()
	}
	return nil
}
