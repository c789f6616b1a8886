package tune

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/play"
)

const toyNoise = 0.01

var optimum = []float64{0.72, 0.31, 0.55, 0.18}

// toy is a noisy concave quadratic with its maximum at optimum.
func toy(x []float64, rng *rand.Rand) float64 {
	s := 1.0
	for i, v := range x {
		s -= (v - optimum[i]) * (v - optimum[i])
	}
	return s + toyNoise*rng.NormFloat64()
}

func runToy(t *testing.T, method string, iters int) []float64 {
	t.Helper()
	opt, err := New(Settings{Method: method, Seed: 7, Iterations: iters, A0: 0.3, C0: 0.1, Step: 0.2}, []float64{0.1, 0.9, 0.1, 0.9})
	if err != nil {
		t.Fatal(err)
	}
	defer opt.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < iters; k++ {
		cands := opt.Ask()
		scores := make([]float64, len(cands))
		for i, x := range cands {
			scores[i] = toy(x, rng)
		}
		opt.Tell(scores)
	}
	return opt.Current()
}

func dist(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += (a[i] - b[i]) * (a[i] - b[i])
	}
	return math.Sqrt(s)
}

func TestToyConverges(t *testing.T) {
	for _, m := range []string{MethodSPSA, MethodCMAES} {
		x := runToy(t, m, 600)
		if d := dist(x, optimum); d > 0.08 {
			t.Errorf("%s: ended at %.3f, %.3f from the optimum %.3f", m, x, d, optimum)
		} else {
			t.Logf("%s: %.3f from the optimum", m, d)
		}
		if y := runToy(t, m, 600); !reflect.DeepEqual(x, y) {
			t.Errorf("%s: not deterministic: %v then %v", m, x, y)
		}
	}
}

func TestSpace(t *testing.T) {
	sp, err := NewSpace(paper, "heuristic", nil)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := botInfo(paper, "heuristic")
	if sp.Dim() != len(in.Params) || sp.Dim() < 9 {
		t.Fatalf("heuristic has %d tuned parameters, want all its %d", sp.Dim(), len(in.Params))
	}
	if got := sp.SpecOf(sp.Defaults()); got != "heuristic" {
		t.Errorf("defaults give %q, want heuristic", got)
	}
	r, err := ParseRanges("margin=0:4,risk=0.5:1")
	if err != nil {
		t.Fatal(err)
	}
	sp, err = NewSpace(paper, "heuristic", r)
	if err != nil {
		t.Fatal(err)
	}
	if got := sp.Spec([]float64{0.5, 0.25}); got != "heuristic:margin=2,risk=0.625" {
		t.Errorf("spec %q", got)
	}
	if _, err := NewSpace(paper, "heuristic", map[string][2]float64{"margin": {0, 99}}); err == nil {
		t.Error("a range beyond the documented one was accepted")
	}
	if _, err := NewSpace(paper, "heuristic", map[string][2]float64{"nope": {0, 1}}); err == nil {
		t.Error("an unknown parameter was accepted")
	}
	pool, err := ParsePool(paper, "heuristic:margin=2,depth=20@3,random")
	if err != nil || len(pool) != 2 || pool[0].Weight != 3 || pool[0].Spec != "heuristic:depth=20,margin=2" {
		t.Errorf("pool %+v, %v", pool, err)
	}
}

func smallOptions(dir string, method string) Options {
	r, _ := ParseRanges("margin=0:6,depth=10:60")
	sp, _ := NewSpace(paper, "heuristic", r)
	pool, _ := ParsePool(paper, "heuristic@2,random")
	c := paperio.DefaultConfig()
	c.MaxTurns = 60
	return Options{Space: sp, Method: method, Pool: pool, Pairs: 3, Budget: 5 * 12 * 2, Seed: 11, Game: paper, Config: paperiogame.Config{Config: c}, Dir: dir, Workers: 2}
}

func clearTimes(rows []Row) []Row {
	out := append([]Row(nil), rows...)
	for i := range out {
		out[i].Seconds = 0
	}
	return out
}

func TestRunDeterministicAndResumable(t *testing.T) {
	for _, m := range []string{MethodSPSA, MethodCMAES} {
		t.Run(m, func(t *testing.T) {
			ctx := context.Background()
			a := smallOptions(t.TempDir(), m)
			if m == MethodCMAES {
				a.Budget = 3 * Candidates(m, 0, a.Space.Dim()) * 2 * a.Pairs
			}
			iters := a.Budget / (Candidates(m, 0, a.Space.Dim()) * 2 * a.Pairs)
			ra, err := Run(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			if len(ra.Rows) != iters*Candidates(m, 0, a.Space.Dim()) || ra.Games != a.Budget {
				t.Fatalf("%d rows, %d games for budget %d", len(ra.Rows), ra.Games, a.Budget)
			}
			for _, r := range ra.Rows {
				if r.Games != int64(2*a.Pairs) || r.Wins+r.Draws+r.Losses != r.Games || r.MeanSteps <= 0 || r.MeanArea <= 0 {
					t.Fatalf("bad row %+v", r)
				}
			}
			for _, f := range []string{IterationsFile, BestFile, PlotFile, SetupFile} {
				if _, err := os.Stat(filepath.Join(a.Dir, f)); err != nil {
					t.Error(err)
				}
			}
			b := a
			b.Dir = t.TempDir()
			rb, err := Run(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(clearTimes(ra.Rows), clearTimes(rb.Rows)) || ra.Best != rb.Best {
				t.Fatalf("same seed, different runs")
			}
			// Interrupted after two iterations, then resumed.
			c := a
			c.Dir = t.TempDir()
			c.MaxIterations = 2
			if _, err := Run(ctx, c); err != nil {
				t.Fatal(err)
			}
			c.MaxIterations = 0
			rc, err := Run(ctx, c)
			if err != nil {
				t.Fatal(err)
			}
			if rc.Resumed != 2 {
				t.Errorf("resumed %d iterations, want 2", rc.Resumed)
			}
			if !reflect.DeepEqual(clearTimes(ra.Rows), clearTimes(rc.Rows)) || ra.Best != rc.Best || ra.Games != rc.Games {
				t.Fatalf("resumed run differs: best %s vs %s", rc.Best, ra.Best)
			}
			disk, err := ReadRows(filepath.Join(c.Dir, IterationsFile))
			if err != nil || !reflect.DeepEqual(clearTimes(disk), clearTimes(ra.Rows)) {
				t.Fatalf("iterations.parquet does not hold the run: %v", err)
			}
			best, _ := os.ReadFile(filepath.Join(c.Dir, BestFile))
			if string(best) != ra.Best+"\n" {
				t.Errorf("best.txt %q, want %q", best, ra.Best)
			}
			// Another setup in the same folder is refused.
			d := c
			d.Seed++
			if _, err := Run(ctx, d); err == nil {
				t.Error("a different seed resumed another run's folder")
			}
		})
	}
}

func TestConvergenceCurve(t *testing.T) {
	rows := []Row{{Iteration: 0, Wins: 4, Losses: 6}, {Iteration: 0, Wins: 6, Losses: 4}, {Iteration: 1, Wins: 8, Losses: 2}, {Iteration: 2, Wins: 1, Draws: 2, Losses: 7}}
	c := Convergence(rows, 2)
	want := Curve{Score: []float64{0.5, 0.8, 0.2}, Smooth: []float64{0.5, 0.65, 0.5},
		// 1.96·σ/√N: σ of 20 games scoring 0 or 1 half the time is ½.
		Err: []float64{1.959963984540054 * 0.5 / math.Sqrt(20), 1.959963984540054 * 0.4 / math.Sqrt(10), 1.959963984540054 * math.Sqrt(0.7*0.04+0.2*0.09+0.1*0.64) / math.Sqrt(10)}}
	for i := range want.Score {
		if math.Abs(c.Score[i]-want.Score[i]) > 1e-12 || math.Abs(c.Smooth[i]-want.Smooth[i]) > 1e-12 || math.Abs(c.Err[i]-want.Err[i]) > 1e-12 {
			t.Fatalf("curve %+v, want %+v", c, want)
		}
	}
}

// A Go bot of the pool that panics loses those games by ERR, and the
// batch completes.
func TestPanickingOpponent(t *testing.T) {
	c := paperiogame.Config{Config: paperio.Config{Width: 30, Height: 25, MaxTurns: 200}}
	ev := &Evaluator{Game: paper, Config: c, Pool: []Opponent{{"broken", 1}}, Pairs: 3, Seed: 3, Workers: 2,
		Entrant: func(spec string) (*game.Entrant, error) {
			if spec == "broken" {
				return game.NewEntrant("broken", "broken", func() (bots.Bot, error) { return brokenBot{}, nil }), nil
			}
			return paper.Entrant(spec, game.PlayerOptions{})
		}}
	stats, err := ev.Evaluate(context.Background(), 0, []string{"goround"})
	if err != nil {
		t.Fatal(err)
	}
	if st := stats[0]; st.Games != 6 || st.W != 6 {
		t.Fatalf("stats %+v", st)
	}
}

type brokenBot struct{}

func (brokenBot) Reset(*paperio.State, int, uint64, play.Clock) {}
func (brokenBot) Act(*paperio.State, play.Clock) paperio.Action { panic("broken") }

// paper is the game of the tests.
var paper paperiogame.Game
