package tune

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/store"
)

// Files of a tuning folder.
const (
	IterationsFile = "iterations.parquet"
	BestFile       = "best.txt"   // the tuned spec alone, one line: "$(cat best.txt)" is a player
	VerifyFile     = "verify.txt" // what the verifications found, a line each
	PlotFile       = "convergence.png"
	SetupFile      = "tune.json"
)

// Row is one candidate's batch in one iteration: a row of
// iterations.parquet.
type Row struct {
	Iteration int64     `parquet:"iteration"`
	Candidate int64     `parquet:"candidate"`
	Method    string    `parquet:"method"`
	Spec      string    `parquet:"spec"`
	X         []float64 `parquet:"x,list"` // the candidate in [0,1]^d
	Games     int64     `parquet:"games"`
	Wins      int64     `parquet:"wins"`
	Draws     int64     `parquet:"draws"`
	Losses    int64     `parquet:"losses"`
	Score     float64   `parquet:"score"`
	MeanArea  float64   `parquet:"mean_area"`
	MeanOpp   float64   `parquet:"mean_opp_area"`
	MeanSteps float64   `parquet:"mean_steps"`
	Current   string    `parquet:"current"` // the optimiser's estimate after the iteration
	Total     int64     `parquet:"total_games"`
	Seconds   float64   `parquet:"seconds"` // wall time of the iteration
}

// Setup is what fixes a run's games and steps: stored in tune.json and
// checked when a run is resumed.
type Setup struct {
	Bot      string          `json:"bot"`
	Params   []Param         `json:"params"`
	Optim    Settings        `json:"optimizer"`
	Pool     string          `json:"pool"`
	Pairs    int             `json:"pairs"`
	Seed     int64           `json:"seed"`
	Game     string          `json:"game"`
	Settings json.RawMessage `json:"settings"`
	Start    []float64       `json:"start"` // starting parameter values
	StartWhy string          `json:"start_from,omitempty"`
}

// Options shape a tuning run.
type Options struct {
	Space  *Space
	Method string
	Pool   []Opponent
	Pairs  int   // pairs per candidate per iteration
	Budget int   // games in all (the run stops before an iteration would exceed it)
	Seed   int64 // run seed: tuning games and the optimiser's randomness
	Game   game.Game
	Config game.Config
	// Start are the starting parameter values (nil: the defaults).
	Start    []float64
	StartWhy string
	Workers  int
	Players  game.PlayerOptions // options of course AIs in the pool
	Think    time.Duration      // think time per game of timed players (course AIs)
	Dir      string             // output folder ("" : nothing written, no resume)
	// MaxIterations, if positive, stops the run after this many iterations
	// (counting resumed ones).
	MaxIterations int
	// Optim overrides the optimiser's gains (zero fields: defaults).
	Optim Settings
	// OnIteration hears each iteration's rows (also replayed ones, with
	// replayed true).
	OnIteration func(rows []Row, replayed bool)
}

// Result is a finished run.
type Result struct {
	Rows    []Row
	Best    string    // spec of the optimiser's final estimate
	BestX   []float64 // its point in [0,1]^d
	Games   int       // games played in all (resumed ones included)
	Resumed int       // iterations read back from the folder
}

// Tuning is a run ready to play: its setup fixed (read back from the
// folder when it holds an earlier invocation of the run) and the rows
// already recorded there.
type Tuning struct {
	o     Options
	Setup Setup
	Plan  Plan
	old   []Row
}

// Open prepares a run: it works out the plan and the optimiser's gains,
// and with a folder holding an earlier run of the same setup it takes that
// run's plan and rows, to be replayed into the optimiser without playing
// them. A folder holding another setup is refused.
func Open(o Options) (*Tuning, error) {
	sp := o.Space
	if o.Pairs <= 0 {
		return nil, fmt.Errorf("pairs per batch must be positive")
	}
	if len(o.Pool) == 0 {
		o.Pool = DefaultPool(o.Game, sp.Bot)
	}
	start := o.Start
	if start == nil {
		start = sp.Defaults()
	}
	plan := NewPlan(o.Method, o.Optim.Population, sp.Dim(), o.Pairs, o.Budget)
	set := o.Optim
	set.Method = o.Method
	if set.Method == "" {
		set.Method = MethodSPSA
	}
	set.Seed = uint64(o.Seed)
	set.Iterations = max(1, plan.Iterations)
	t := &Tuning{o: o, Plan: plan, Setup: Setup{Bot: sp.Bot, Params: sp.Params, Optim: set, Pool: PoolString(o.Pool), Pairs: o.Pairs,
		Seed: o.Seed, Game: o.Game.Name(), Settings: o.Config.Encode(), Start: start, StartWhy: o.StartWhy}}
	if o.Dir == "" {
		t.Setup.Optim = t.Setup.Optim.Resolve()
		return t, nil
	}
	if err := prepare(o.Dir); err != nil {
		return nil, err
	}
	prev, err := readSetup(o.Dir)
	if err != nil {
		return nil, err
	}
	if prev != nil {
		// The planned iterations (and so SPSA's gains) and the start
		// belong to the first invocation.
		t.Setup.Optim.Iterations = prev.Optim.Iterations
		t.Setup.Start, t.Setup.StartWhy = prev.Start, prev.StartWhy
	}
	t.Setup.Optim = t.Setup.Optim.Resolve()
	if prev != nil {
		if a, b := mustJSON(*prev), mustJSON(t.Setup); a != b {
			return nil, fmt.Errorf("%s holds a run with another setup (bot, parameters, method, gains, pool, batch, seed or board); use another folder", o.Dir)
		}
	} else if err := writeJSON(store.Join(o.Dir, SetupFile), t.Setup); err != nil {
		return nil, err
	}
	if t.old, err = ReadRows(store.Join(o.Dir, IterationsFile)); err != nil {
		return nil, err
	}
	return t, nil
}

// Recorded is the number of games the folder's iterations played.
func (t *Tuning) Recorded() int { return prevTotal(t.old) }

// Run tunes: Open, then Run.
func Run(ctx context.Context, o Options) (*Result, error) {
	t, err := Open(o)
	if err != nil {
		return nil, err
	}
	return t.Run(ctx)
}

// Run plays the run's iterations until the budget (or MaxIterations) is
// spent, after replaying the recorded ones into the optimiser.
func (t *Tuning) Run(ctx context.Context) (*Result, error) {
	o, setup, old := t.o, t.Setup, t.old
	sp := o.Space
	opt, err := New(setup.Optim, sp.Point(setup.Start))
	if err != nil {
		return nil, err
	}
	defer opt.Close()
	ev := t.evaluator()
	res := &Result{}
	it := 0
	var cands [][]float64
	// Replay.
	for len(old) > 0 {
		cands = opt.Ask()
		if len(old) < len(cands) {
			break
		}
		rows := old[:len(cands)]
		scores := make([]float64, len(cands))
		for c, x := range cands {
			if rows[c].Iteration != int64(it) || rows[c].Spec != sp.Spec(x) {
				return nil, fmt.Errorf("%s: iteration %d does not match this run (recorded %s, expected %s)", IterationsFile, it, rows[c].Spec, sp.Spec(x))
			}
			scores[c] = rows[c].Score
		}
		opt.Tell(scores)
		old = old[len(cands):]
		res.Rows = append(res.Rows, rows...)
		res.Games += int(rows[0].Total) - prevTotal(res.Rows[:len(res.Rows)-len(rows)])
		res.Resumed++
		it++
		if o.OnIteration != nil {
			o.OnIteration(rows, true)
		}
		if len(old) == 0 {
			break
		}
	}
	pendingAsk := false
	if len(old) > 0 {
		// A partial iteration recorded: drop it, the candidates asked
		// above are replayed in full.
		pendingAsk = true
	}
	for {
		if o.MaxIterations > 0 && it >= o.MaxIterations {
			break
		}
		if !pendingAsk {
			cands = opt.Ask()
		}
		pendingAsk = false
		need := len(cands) * 2 * o.Pairs
		if res.Games+need > o.Budget {
			break
		}
		specs := make([]string, len(cands))
		for c, x := range cands {
			specs[c] = sp.Spec(x)
		}
		t0 := time.Now()
		stats, err := ev.Evaluate(ctx, it, specs)
		if err != nil {
			return res, err
		}
		scores := make([]float64, len(cands))
		for c := range stats {
			scores[c] = stats[c].Score()
		}
		opt.Tell(scores)
		res.Games += need
		cur := sp.Spec(opt.Current())
		secs := time.Since(t0).Seconds()
		rows := make([]Row, len(cands))
		for c, st := range stats {
			rows[c] = Row{Iteration: int64(it), Candidate: int64(c), Method: setup.Optim.Method, Spec: specs[c],
				X: cands[c], Games: int64(st.Games), Wins: int64(st.W), Draws: int64(st.D), Losses: int64(st.L),
				Score: st.Score(), MeanArea: st.Area, MeanOpp: st.OppArea, MeanSteps: st.Steps,
				Current: cur, Total: int64(res.Games), Seconds: secs}
		}
		res.Rows = append(res.Rows, rows...)
		it++
		if o.Dir != "" {
			if err := WriteRows(store.Join(o.Dir, IterationsFile), res.Rows); err != nil {
				return res, err
			}
		}
		if o.OnIteration != nil {
			o.OnIteration(rows, false)
		}
	}
	res.BestX = opt.Current()
	res.Best = sp.Spec(res.BestX)
	if o.Dir != "" {
		if err := WriteBest(o.Dir, res.Best); err != nil {
			return res, err
		}
		if len(res.Rows) > 0 {
			if err := SavePlot(res.Rows, store.Join(o.Dir, PlotFile), nil); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// WriteBest writes best.txt into the folder or bucket dir: the tuned spec
// and nothing else, so that scripts can pass the file's text as a player.
func WriteBest(dir, best string) error {
	return writeLines(store.Join(dir, BestFile), []string{best})
}

// WriteVerify writes verify.txt into the folder or bucket dir: a line per
// verification of the tuned spec saying what it found.
func WriteVerify(dir string, verifications ...string) error {
	return writeLines(store.Join(dir, VerifyFile), verifications)
}

// writeLines writes the file at loc (a path or URL) whole, a line each.
func writeLines(loc string, lines []string) error {
	text := strings.Join(lines, "\n") + "\n"
	return store.WriteAt(loc, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
}

// prepare makes the folder (or checks the bucket) of a run.
func prepare(dir string) error {
	b, err := store.Open(dir)
	if err != nil {
		return err
	}
	defer b.Close()
	return b.Prepare()
}

// writeJSON writes v to the file at loc (a path or URL) whole.
func writeJSON(loc string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return store.WriteAt(loc, func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}

// readJSON reads the file at loc into v; ok is false when it is not there.
func readJSON(loc string, v any) (ok bool, err error) {
	b, ok, err := store.ReadAt(loc)
	if err != nil || !ok {
		return false, err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return false, fmt.Errorf("%s: %v", loc, err)
	}
	return true, nil
}

func prevTotal(rows []Row) int {
	if len(rows) == 0 {
		return 0
	}
	return int(rows[len(rows)-1].Total)
}

// Candidates is the number of candidates per iteration: 2 for SPSA, the
// population for CMA-ES (pop, or gonum's default 4+3 ln d when 0).
func Candidates(method string, pop, dim int) int {
	if method != MethodCMAES {
		return 2
	}
	if pop > 0 {
		return pop
	}
	return 4 + int(3*math.Log(float64(dim)))
}

// WriteRows writes rows to loc (a path or URL) whole.
func WriteRows(loc string, rows []Row) error {
	return store.WriteAt(loc, func(f io.Writer) error {
		w := parquet.NewGenericWriter[Row](f)
		if _, err := w.Write(rows); err != nil {
			return err
		}
		return w.Close()
	})
}

// ReadRows reads iterations.parquet at loc (a path or URL); a missing file
// is no rows.
func ReadRows(loc string) ([]Row, error) {
	b, ok, err := store.ReadAt(loc)
	if err != nil || !ok {
		return nil, err
	}
	rows, err := parquet.Read[Row](bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", loc, err)
	}
	return rows, nil
}

func readSetup(dir string) (*Setup, error) {
	var s Setup
	ok, err := readJSON(store.Join(dir, SetupFile), &s)
	if err != nil || !ok {
		return nil, err
	}
	return &s, nil
}

// mustJSON is v as compact JSON, to compare setups whatever the layout of
// the file they were read from.
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
