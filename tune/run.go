package tune

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/store"
)

// Files of a tuning folder.
const (
	IterationsFile = "iterations.parquet"
	BestFile       = "best.txt"
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

// Run tunes. With a folder holding an earlier run of the same setup it
// replays the recorded iterations into the optimiser without playing them
// and continues.
func Run(ctx context.Context, o Options) (*Result, error) {
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
	ncand := Candidates(o.Method, o.Optim.Population, sp.Dim())
	perIter := ncand * 2 * o.Pairs
	set := o.Optim
	set.Method = o.Method
	if set.Method == "" {
		set.Method = MethodSPSA
	}
	set.Seed = uint64(o.Seed)
	set.Iterations = max(1, o.Budget/perIter)
	setup := Setup{Bot: sp.Bot, Params: sp.Params, Optim: set, Pool: PoolString(o.Pool), Pairs: o.Pairs,
		Seed: o.Seed, Game: o.Game.Name(), Settings: o.Config.Encode(), Start: start, StartWhy: o.StartWhy}
	var old []Row
	var dir *store.Bucket
	if o.Dir != "" {
		var err error
		if dir, err = store.Open(o.Dir); err != nil {
			return nil, err
		}
		defer dir.Close()
		if err := dir.Prepare(); err != nil {
			return nil, err
		}
		prev, err := readSetup(dir)
		if err != nil {
			return nil, err
		}
		if prev != nil {
			// The expected iterations (and so SPSA's gains) and the start
			// belong to the first invocation.
			setup.Optim.Iterations = prev.Optim.Iterations
			setup.Start, setup.StartWhy = prev.Start, prev.StartWhy
			if a, b := mustJSON(*prev), mustJSON(setup); a != b {
				return nil, fmt.Errorf("%s holds a run with another setup (bot, parameters, method, pool, batch, seed or board); use another folder", o.Dir)
			}
		} else if err := dir.WriteJSON(SetupFile, setup); err != nil {
			return nil, err
		}
		if old, err = ReadRows(dir); err != nil {
			return nil, err
		}
	}
	opt, err := New(setup.Optim, sp.Point(setup.Start))
	if err != nil {
		return nil, err
	}
	defer opt.Close()
	ev := &Evaluator{Game: o.Game, Config: o.Config, Pool: o.Pool, Pairs: o.Pairs, Seed: o.Seed, Workers: o.Workers, Players: o.Players, Budget: o.Think}
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
		if dir != nil {
			if err := WriteRows(dir, res.Rows); err != nil {
				return res, err
			}
		}
		if o.OnIteration != nil {
			o.OnIteration(rows, false)
		}
	}
	res.BestX = opt.Current()
	res.Best = sp.Spec(res.BestX)
	if dir != nil {
		if err := dir.WriteFile(BestFile, []byte(res.Best+"\n")); err != nil {
			return res, err
		}
		if len(res.Rows) > 0 {
			if err := SavePlot(res.Rows, dir, PlotFile); err != nil {
				return res, err
			}
		}
	}
	return res, nil
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

// WriteRows writes rows to the run's iterations file, whole.
func WriteRows(dir *store.Bucket, rows []Row) error {
	return dir.WriteWith(IterationsFile, func(f io.Writer) error {
		w := parquet.NewGenericWriter[Row](f)
		if _, err := w.Write(rows); err != nil {
			return err
		}
		return w.Close()
	})
}

// ReadRows reads the run's iterations file; a missing file is no rows.
func ReadRows(dir *store.Bucket) ([]Row, error) {
	f, err := dir.Open(IterationsFile, -1)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := parquet.Read[Row](f, f.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", dir.Name(IterationsFile), err)
	}
	return rows, nil
}

func readSetup(dir *store.Bucket) (*Setup, error) {
	b, err := dir.ReadFile(SetupFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var s Setup
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("%s: %v", dir.Name(SetupFile), err)
	}
	return &s, nil
}

// mustJSON is v as compact JSON, to compare setups whatever the layout of
// the file they were read from.
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
