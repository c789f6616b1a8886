package game

import "testing"

func TestScoresText(t *testing.T) {
	for _, c := range []struct {
		a, b float64
		want string
	}{
		{8483.407012955635, 378.6780451287493, "8483.4 : 378.7"},
		{120, 87, "120 : 87"},
		{0, 0, "0 : 0"},
		{500.00001, 500, "500 : 500 (decided by a hair: 1e-05 apart)"},
		{378.66, 378.71, "378.7 : 378.7 (decided by a hair: 0.05 apart)"},
	} {
		if got := ScoresText(c.a, c.b); got != c.want {
			t.Errorf("ScoresText(%v, %v) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
