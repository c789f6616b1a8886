package outcome

import "testing"

func TestWinner(t *testing.T) {
	for _, c := range []struct {
		w       Winner
		score   [2]float64
		outcome [2]int
		code    int8
	}{
		{0, [2]float64{1, 0}, [2]int{1, -1}, 1},
		{1, [2]float64{0, 1}, [2]int{-1, 1}, 2},
		{Draw, [2]float64{0.5, 0.5}, [2]int{0, 0}, 0},
	} {
		for i := range 2 {
			if c.w.Score(i) != c.score[i] || c.w.Outcome(i) != c.outcome[i] {
				t.Errorf("winner %d, player %d: score %v outcome %d", c.w, i, c.w.Score(i), c.w.Outcome(i))
			}
		}
		if c.w.Code() != c.code || OfCode(c.code) != c.w {
			t.Errorf("winner %d: code %d, back %d", c.w, c.w.Code(), OfCode(c.code))
		}
	}
	if Winner(0).Loser() != 1 || Winner(1).Loser() != 0 || OfCode(7) != Draw {
		t.Error("loser or an odd code")
	}
}
