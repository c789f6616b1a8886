package tourney

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/paperio/paperio/rating"
)

// TestSPRTDecides: the spinner wins every game against the straight
// runner, so every pair is WW and the test accepts H1 after a few pairs;
// two spinners draw every game and the test accepts H0.
func TestSPRTDecides(t *testing.T) {
	test := rating.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	rep, err := RunSPRT(context.Background(), SPRTOptions{A: spinner("spin"), B: straight("line"), Test: test, Game: paper, Config: smallBoard, Seed: 1, Workers: 2, MaxGames: 400})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Decision != rating.AcceptH1 || rep.L != 0 || rep.D != 0 || rep.Pairs.WW != rep.Pairs.N() {
		t.Fatalf("%+v", rep)
	}
	so := smallBoard
	so.MaxTurns = 10 // a copy: smallBoard keeps its rounds
	rep, err = RunSPRT(context.Background(), SPRTOptions{A: spinner("x"), B: spinner("y"), Test: test, Game: paper, Config: so, Seed: 1, Workers: 2, MaxGames: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Decision != rating.AcceptH0 || rep.D != rep.W+rep.D+rep.L {
		t.Fatalf("%+v", rep)
	}
	var buf bytes.Buffer
	rep.WriteText(&buf)
	for _, want := range []string{"Results of x vs y:", "Elo: 0.00 +/- 0.00", "Ptnml(0-2): [0, 0, ", "LLR: -2.9", "\nSPRT ([0.00, 50.00]) completed - H0 was accepted"} {
		if !strings.Contains(buf.String(), want) {
			t.Fatalf("report lacks %q:\n%s", want, buf.String())
		}
	}
}

// TestSPRTOrderAndLimit: pairs are counted in order, so the result does
// not depend on the workers; MaxGames stops the run.
func TestSPRTOrderAndLimit(t *testing.T) {
	test := rating.SPRT{Elo0: -10, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: "logistic"}
	var reps []*SPRTReport
	for _, w := range []int{1, 3} {
		rep, err := RunSPRT(context.Background(), SPRTOptions{A: safe("a"), B: safe("b"), Test: test, Game: paper, Config: smallBoard, Seed: 9, Workers: w, MaxGames: 30})
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, rep)
	}
	a, b := reps[0], reps[1]
	if a.Pairs != b.Pairs || a.W != b.W || a.D != b.D || a.L != b.L {
		t.Fatalf("workers change the result: %+v vs %+v", a, b)
	}
	if a.Pairs.N() != 15 || a.W+a.D+a.L != 30 {
		t.Fatalf("%d pairs", a.Pairs.N())
	}
}
