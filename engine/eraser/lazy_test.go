package eraser

import (
	"math/rand/v2"
	"testing"
)

// TestLazyStart: a game drawn from a seed, whose reserve is drawn as falls
// reach it, plays exactly as the same game on the whole board drawn at
// once — redrawn boards and tiny reserves included — and a course game
// draws only part of its board.
func TestLazyStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	redrawn, partial := 0, 0
	type job struct {
		seed int64
		rows int
	}
	var jobs []job
	for seed := int64(1); seed <= 300; seed++ {
		jobs = append(jobs, job{seed, []int{6, 12, 18, 60, DefaultRows}[seed%5]})
	}
	for _, rows := range []int{12, 60, DefaultRows} { // boards the engine drew again
		jobs = append(jobs, job{422, rows}, job{779, rows})
	}
	for _, j := range jobs {
		seed := j.seed
		cfg := DefaultConfig()
		cfg.Rows = j.rows
		lazy := newGame(t, cfg, seed)
		b, regen, err := Generate(cfg.Rows, seed)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := NewFromBoard(cfg, b)
		if err != nil {
			t.Fatal(err)
		}
		if lazy.Regen() != regen {
			t.Fatalf("seed %d: redrawn %d times lazily, %d whole", seed, lazy.Regen(), regen)
		}
		redrawn += regen
		for !lazy.Over() {
			ops := lazy.Ops(nil)
			if got, want := OpsString(ops), OpsString(whole.Ops(nil)); got != want {
				t.Fatalf("seed %d move %d: ops %s, whole board %s", seed, lazy.Turn()+1, got, want)
			}
			sw := ops[rng.IntN(len(ops))]
			lazy.Move(sw)
			whole.Move(sw)
			if lazy.Main() != whole.Main() || lazy.Score(0) != whole.Score(0) || lazy.Score(1) != whole.Score(1) {
				t.Fatalf("seed %d move %d: the games differ", seed, lazy.Turn())
			}
		}
		if cfg.Rows == DefaultRows && lazy.start.drawn < cfg.Rows {
			partial++
		}
		if lazy.Digest() != whole.Digest() || lazy.TilesDigest() != whole.TilesDigest() {
			t.Fatalf("seed %d: the final boards differ", seed)
		}
		if lazy.Result() != whole.Result() {
			t.Fatalf("seed %d: results %+v and %+v", seed, lazy.Result(), whole.Result())
		}
	}
	if redrawn < 6 {
		t.Errorf("%d redrawn boards among the seeds, want 6", redrawn)
	}
	if partial < 50 {
		t.Errorf("only %d of 62 course games drew part of their board", partial)
	}
}
