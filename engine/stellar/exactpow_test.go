package stellar

import "testing"

// clone copies the oracle with another pow.
func (o *oracle) clone(lib func(x, y float64) float64) *oracle {
	c := *o
	c.lib = lib
	c.power = append([][2]float64(nil), o.power...)
	c.owner = append([]int(nil), o.owner...)
	return &c
}

// sameTurn reports whether two oracles stepped from one state agree on
// every phase.
func sameTurn(a, b *oracle) bool {
	for _, ph := range [][2][][2]float64{{a.afterMove, b.afterMove}, {a.afterCombat, b.afterCombat}, {a.power, b.power}} {
		for i := range ph[0] {
			if !sameBits(ph[0][i][0], ph[1][i][0]) || !sameBits(ph[0][i][1], ph[1][i][1]) {
				return false
			}
		}
	}
	for i := range a.owner {
		if a.owner[i] != b.owner[i] {
			return false
		}
	}
	return a.result == b.result
}

// TestExactPowNeeded measures what glibc's pow changes on the public games:
// the frames (turns) whose result would differ if that turn alone used
// math.Sqrt and x*x, the pow calls whose result differs, and the games a
// replay with math.Sqrt and x*x gets wrong (FORMAT.md: 3 games). The
// oracle replays the recorded commands and counts every call of the C
// library's pow it makes (its count differs from FORMAT.md's 195,431, which
// counts the reference's calls).
func TestExactPowNeeded(t *testing.T) {
	games, err := publicGames()
	if err != nil {
		t.Fatal(err)
	}
	calls, differ := 0, 0
	counted := func(x, y float64) float64 {
		calls++
		r := GlibcPow(x, y)
		if r != naivePow(x, y) {
			differ++
		}
		return r
	}
	frames, needed, wrongGames := 0, 0, 0
	for _, g := range games {
		exact := newOracle(g.Map, counted)
		naive := newOracle(g.Map, naivePow)
		naiveOK := true
		for _, turn := range g.Turns[1:] {
			if g.Result.Reason == InitError {
				break
			}
			alone := exact.clone(naivePow)
			exact.step(turn.Cmd[0], turn.Cmd[1])
			alone.step(turn.Cmd[0], turn.Cmd[1])
			naive.step(turn.Cmd[0], turn.Cmd[1])
			frames++
			if !sameTurn(exact, alone) {
				needed++
			}
			if naiveOK && !matchesRecord(naive, &turn) {
				naiveOK = false
			}
		}
		if g.Result.Reason != InitError && exact.result != g.Result {
			t.Errorf("%s: oracle result %+v, recorded %+v", g.ID, exact.result, g.Result)
		}
		if !naiveOK || (g.Result.Reason != InitError && naive.result != g.Result) {
			wrongGames++
			t.Logf("with math.Sqrt and x*x %s goes wrong", g.ID)
		}
	}
	t.Logf("%d AI turns: %d needed glibc's pow (would differ with math.Sqrt and x*x); %d of %d pow calls differ; %d games go wrong with math.Sqrt and x*x",
		frames, needed, differ, calls, wrongGames)
	if wrongGames != 3 || needed == 0 {
		t.Errorf("%d games go wrong with math.Sqrt and x*x, want 3 (FORMAT.md); %d turns need glibc's pow", wrongGames, needed)
	}
}

// matchesRecord compares the oracle's last turn with a recorded one.
func matchesRecord(o *oracle, t *Turn) bool {
	for i := 1; i < len(t.Own); i++ {
		k := 0
		if t.Own[i] == 1 {
			k = 1
		}
		if !sameBits(o.afterMove[i][0], t.Move[i][0]) || !sameBits(o.afterMove[i][1], t.Move[i][1]) ||
			o.owner[i] != int(t.Own[i]) || !sameBits(o.afterCombat[i][k], t.Combat[i]) || !sameBits(o.power[i][k], t.Grow[i]) {
			return false
		}
	}
	return true
}
