package tune

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/paperio/paperio/rating"
)

// guessOptions tune guess's v (and its unused parameter) against a pool
// the defaults lose to: 100 iterations of 8 pairs.
func guessOptions(t *testing.T, dir string) Options {
	t.Helper()
	sp, err := NewSpace(guess, "guess", nil)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := ParsePool(guess, "guess:v=50,guess:v=60")
	if err != nil {
		t.Fatal(err)
	}
	return Options{Space: sp, Method: MethodSPSA, Pool: pool, Pairs: 8, Budget: 100 * 2 * 8 * 2, Seed: 5,
		Game: guess, Config: guessConfig{}, Workers: 2, Dir: dir}
}

// On a pool that the defaults lose to by construction, a small budget
// finds a point whose pool score is higher, the verification says so with
// its interval above 0, the probe finds the parameter that changes
// nothing, best.txt holds the tuned spec alone and verify.txt the
// verification.
func TestTuneAgainstPool(t *testing.T) {
	ctx := context.Background()
	o := guessOptions(t, t.TempDir())
	tu, err := Open(o)
	if err != nil {
		t.Fatal(err)
	}
	probe, err := tu.Probe(ctx, 4)
	if err != nil {
		t.Fatal(err)
	}
	if un := probe.Unexercised(); !reflect.DeepEqual(un, []string{"unused"}) {
		t.Errorf("unexercised %v, want [unused]: %+v", un, probe.Params)
	}
	if e := probe.Params[0]; e.Param != "v" || e.Games != 2*4*2 || e.MovesChanged != e.Games || e.OutcomesChanged == 0 {
		t.Errorf("probe of v: %+v", e)
	}
	res, err := tu.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	v := tunedV(t, res.Best)
	def, best := poolScore(30), poolScore(v)
	t.Logf("tuned %s: expected pool score %.3f, defaults %.3f", res.Best, best, def)
	if best < def+0.3 {
		t.Errorf("tuned %s scores %.3f against the pool, the defaults %.3f", res.Best, best, def)
	}
	rep, err := tu.VerifyPool(ctx, PoolCheck{Tuned: res.Best, Games: 100, Test: &rating.DiffSPRT{D1: 0.1, Alpha: 0.05, Beta: 0.05}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Verdict() != Passed || !rep.Pool.Above() || rep.Default != "guess" || len(rep.Members) != 2 {
		t.Fatalf("verification %+v", rep)
	}
	for i, m := range rep.Members {
		e := m.Diffs.Estimate()
		// The measured scores agree with the exact ones.
		o := []int{50, 60}[i]
		if se := 0.5 / math.Sqrt(float64(e.N)); math.Abs(e.A-guessScore(v, o)) > 4*se || math.Abs(e.B-guessScore(30, o)) > 4*se {
			t.Errorf("against %s: tuned %.3f (exact %.3f), default %.3f (exact %.3f)", m.Spec, e.A, guessScore(v, o), e.B, guessScore(30, o))
		}
		if m.Decision != rating.AcceptH1 || e.N >= 50 {
			t.Errorf("against %s: SPRT %v after %d starts, want H1 before all 50", m.Spec, m.Decision, e.N)
		}
	}
	var text bytes.Buffer
	rep.WriteText(&text)
	for _, want := range []string{"guess v=50", "guess v=60", "pool (weighted)", "H1 was accepted", "verdict: passed"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
	t.Logf("\n%s", text.String())
	if err := WriteBest(o.Dir, res.Best); err != nil {
		t.Fatal(err)
	}
	if err := WriteVerify(o.Dir, rep.Line()); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(o.Dir, BestFile)); string(b) != res.Best+"\n" {
		t.Errorf("best.txt %q, want the spec %q alone", b, res.Best)
	}
	line, _ := os.ReadFile(filepath.Join(o.Dir, VerifyFile))
	if !strings.HasPrefix(string(line), "pool verification passed: tuned ") || strings.Count(string(line), "\n") != 1 {
		t.Errorf("verify.txt:\n%s", line)
	}
	if err := SavePlot(res.Rows, filepath.Join(o.Dir, PlotFile), rep); err != nil {
		t.Fatal(err)
	}
}

// tunedV is v of a guess spec.
func tunedV(t *testing.T, spec string) int {
	t.Helper()
	s, err := guessBots.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := s.Value("v")
	if !ok {
		return 30
	}
	return int(v)
}

func poolScore(v int) float64 { return (guessScore(v, 50) + guessScore(v, 60)) / 2 }

// An interrupted verification continues where it stopped and ends as an
// uninterrupted one.
func TestVerifyPoolResumes(t *testing.T) {
	ctx := context.Background()
	whole, err := Open(guessOptions(t, t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	want, err := whole.VerifyPool(ctx, PoolCheck{Tuned: "guess:v=45", Games: 40})
	if err != nil {
		t.Fatal(err)
	}
	o := guessOptions(t, t.TempDir())
	o.Workers = 1
	tu, err := Open(o)
	if err != nil {
		t.Fatal(err)
	}
	stop, cancel := context.WithCancel(ctx)
	_, err = tu.VerifyPool(stop, PoolCheck{Tuned: "guess:v=45", Games: 40, OnUnit: func(r *PoolReport) {
		if r.Members[0].Diffs.N() == 7 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted verification: %v", err)
	}
	got, err := tu.VerifyPool(ctx, PoolCheck{Tuned: "guess:v=45", Games: 40})
	if err != nil {
		t.Fatal(err)
	}
	if got.Resumed < 7 || got.Played >= want.Played {
		t.Errorf("resumed %d starts, played %d games (all: %d)", got.Resumed, got.Played, want.Played)
	}
	for m := range want.Members {
		if got.Members[m].Diffs != want.Members[m].Diffs {
			t.Errorf("member %d: resumed %+v, whole %+v", m, got.Members[m].Diffs, want.Members[m].Diffs)
		}
	}
	if got.Pool != want.Pool {
		t.Errorf("pool: resumed %+v, whole %+v", got.Pool, want.Pool)
	}
}

// The first step cannot exceed MaxStep of a range, whatever the budget,
// and A is a tenth of the planned iterations.
func TestSPSAFirstStep(t *testing.T) {
	for _, iters := range []int{1, 10, 100, 1000} {
		s := Settings{Method: MethodSPSA, Iterations: iters}.Resolve()
		o := NewSPSA(s, []float64{0.5, 0.5, 0.5})
		o.Ask()
		o.Tell([]float64{1, 0}) // the largest score difference there is
		for i, x := range o.Current() {
			if d := math.Abs(x - 0.5); math.Abs(d-DefaultMaxStep) > 1e-12 {
				t.Errorf("%d iterations: first step of coordinate %d is %.4f, want %g", iters, i, d, DefaultMaxStep)
			}
		}
		if a := s.stability(); a != math.Max(1, float64(iters)/10) {
			t.Errorf("%d iterations: A = %g", iters, a)
		}
		if last := s.MaxStepAt(iters - 1); iters > 1 && last >= s.MaxStepAt(0) {
			t.Errorf("%d iterations: the largest step grows from %.3f to %.3f", iters, s.MaxStepAt(0), last)
		}
	}
	s := Settings{Method: MethodSPSA, Iterations: 100}.Resolve()
	if got := s.Schedule(3); !strings.HasPrefix(got, "SPSA: a_k = ") || !strings.Contains(got, "largest step 0.200 → ") {
		t.Errorf("schedule %q", got)
	}
}

// A budget of fewer than ten iterations is refused with the budgets that
// would do.
func TestPlanCheck(t *testing.T) {
	p := NewPlan(MethodSPSA, 0, 5, 32, 128)
	err := p.Check()
	if p.Iterations != 1 || err == nil {
		t.Fatalf("plan %+v, %v", p, err)
	}
	for _, want := range []string{"budget 128 games is too small to tune", "1 iteration of 128 games", "a budget of 1280 gives 10 iterations", "12800", "a batch of 3 pairs gives 10 iterations"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q: %v", want, err)
		}
	}
	if err := NewPlan(MethodSPSA, 0, 5, 32, 1280).Check(); err != nil {
		t.Errorf("10 iterations refused: %v", err)
	}
	if p := NewPlan(MethodCMAES, 6, 5, 2, 240); p.PerIteration != 24 || p.Iterations != 10 || p.Check() != nil {
		t.Errorf("cmaes plan %+v", p)
	}
}
