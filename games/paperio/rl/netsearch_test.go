package rl

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/engine/paperio/bots/botstest"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/selfplay"
)

// netSearchPolicy writes the trainer's default network with random
// weights (a value head among them) and loads it.
func netSearchPolicy(t *testing.T, c paperio.Config) *Policy {
	t.Helper()
	p, err := LoadPolicy(writePolicy(t, trainerNet, c, 3))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// countingNet counts the network's calls.
type countingNet struct {
	searchNet
	calls int
}

func (c *countingNet) Prior(s *paperio.State) [3]float32 {
	c.calls++
	return c.searchNet.Prior(s)
}

func (c *countingNet) Move(s *paperio.State) paperio.Action {
	c.calls++
	return c.searchNet.Move(s)
}

func (c *countingNet) Value(s *paperio.State) float32 {
	c.calls++
	return c.searchNet.Value(s)
}

// netSearch is the network-guided search of the parameters of spec (the
// text between netsearch: and the file) with p, its calls counted by cn.
func netSearch(t *testing.T, p *Policy, params string, cn *countingNet) bots.Bot {
	t.Helper()
	sp, _, err := splitNetSearch(params + ":" + p.Path)
	if err != nil {
		t.Fatal(err)
	}
	all, err := netSearchParams.New(sp)
	if err != nil {
		t.Fatal(err)
	}
	cn.pl = p.NewPlayer()
	return bots.NewNetSearch(all, cn)
}

// netSearchGame plays a game of c from starts seed between a network-guided
// search (player 0) and the heuristic with a random move now and then
// (player 1), calling check with every state before the search's move and
// the move, and returns the search's moves.
func netSearchGame(t *testing.T, c paperio.Config, me bots.Bot, seed int64, check func(s *paperio.State, a paperio.Action)) []paperio.Action {
	t.Helper()
	st, err := paperio.RandomStarts(c, seed)
	if err != nil {
		t.Fatal(err)
	}
	s, err := paperio.NewGame(c, st)
	if err != nil {
		t.Fatal(err)
	}
	other, err := bots.Make("heuristic:maxband=12")
	if err != nil {
		t.Fatal(err)
	}
	me.Reset(s, 0, 1, play.Clock{})
	other.Reset(s, 1, 2, play.Clock{})
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	var moves []paperio.Action
	for !s.Over() {
		if s.ToMove() == 0 {
			a := me.Act(s, play.Clock{})
			check(s, a)
			moves = append(moves, a)
			s.Step(a)
			continue
		}
		a := other.Act(s, play.Clock{})
		if rng.IntN(6) == 0 {
			a = Actions[rng.IntN(3)]
		}
		s.Step(a)
	}
	return moves
}

// TestNetSearchDeterministic: under a node budget the network-guided
// search plays the same moves in the same game, with the network as its
// guide, the value head's say on, and with the heuristic as its guide (the
// network's play weighed in the play-outs too); and it asks the network.
func TestNetSearchDeterministic(t *testing.T) {
	c := paperio.Config{Width: 32, Height: 23, MaxTurns: 120}
	p := netSearchPolicy(t, c)
	for _, params := range []string{"nodes=400,guide=2,value=50", "nodes=400,guide=2,value=50,near=0", "nodes=400", "nodes=400,simnet=1,sim=1", "nodes=400,guide=0"} {
		var a, b countingNet
		none := func(*paperio.State, paperio.Action) {}
		first := netSearchGame(t, c, netSearch(t, p, params, &a), 7, none)
		second := netSearchGame(t, c, netSearch(t, p, params, &b), 7, none)
		if !slices.Equal(first, second) {
			t.Fatalf("%s: two runs of one game: %d and %d moves, first apart at %d", params, len(first), len(second), firstApart(first, second))
		}
		if a.calls == 0 || a.calls != b.calls {
			t.Errorf("%s: the network was asked %d and %d times", params, a.calls, b.calls)
		}
		t.Logf("%s: %d moves, %d evaluations", params, len(first), a.calls)
	}
}

// TestNetSearchNeverLosesAtOnce: over many positions of games against a
// heuristic that now and then plays at random, near contact as well as
// quiet, the network-guided search (the network its guide, untrained, so
// that its moves are often bad; with and without the value head) never
// plays a move that loses at once while another does not, and takes a win
// that is there at once.
func TestNetSearchNeverLosesAtOnce(t *testing.T) {
	c := paperio.Config{Width: 24, Height: 19, MaxTurns: 150}
	p := netSearchPolicy(t, c)
	moves, near := 0, 0
	for g := range 12 {
		params := []string{"nodes=150,guide=2", "nodes=150,guide=2,value=100", "nodes=150,guide=2,near=0,trust=20", "nodes=150,near=0"}[g%4]
		var cn countingNet
		me := netSearch(t, p, params, &cn)
		moves += len(netSearchGame(t, c, me, int64(100+g), func(s *paperio.State, a paperio.Action) {
			if err := botstest.JudgeMove(s, a); err != nil {
				t.Fatalf("%s, game %d, half-step %d: %v", params, g, s.HalfSteps(), err)
			}
			if contact(s, 4) {
				near++
			}
		}))
	}
	if moves < 500 || near < 50 {
		t.Errorf("%d moves checked, %d near contact", moves, near)
	}
	t.Logf("%d moves checked, %d near contact", moves, near)
}

// contact reports whether a head is within d steps of the other head or
// of a band.
func contact(s *paperio.State, d int) bool {
	abs := func(v int) int { return max(v, -v) }
	for i := range 2 {
		hx, hy, _ := s.Head(i)
		ox, oy, _ := s.Head(1 - i)
		if abs(hx-ox)+abs(hy-oy) <= d {
			return true
		}
		for j := range 2 {
			for _, cell := range s.Band(j) {
				x, y := s.XY(int(cell))
				if abs(x-hx)+abs(y-hy) <= d && (j != i || abs(x-hx)+abs(y-hy) > 0) {
					return true
				}
			}
		}
	}
	return false
}

// TestNetSearchKeepsItsTime: under a short course clock, the network's
// evaluations counted in its think time, the network-guided search plays
// whole games on the course board without running out, by node budget or
// by the clock alone.
func TestNetSearchKeepsItsTime(t *testing.T) {
	cfg := paperio.Config{Width: paperio.DefaultWidth, Height: paperio.DefaultHeight, MaxTurns: 300}
	p := netSearchPolicy(t, cfg)
	budget := 1500 * time.Millisecond
	for _, params := range []string{"nodes=0,ms=60000,near=0,guide=2,value=50", "guide=2,near=0", "near=0", "simnet=1,sim=1"} {
		var cn countingNet
		me := netSearch(t, p, params, &cn)
		other, _ := bots.Make("goround")
		seats := [2]*play.Seat[*paperio.State, paperio.Action]{play.SeatOf("netsearch", me), play.SeatOf("goround", other)}
		starts, _ := paperio.RandomStarts(cfg, 3)
		s, _ := paperio.NewGame(cfg, starts)
		res, err := play.Run[*paperio.State, paperio.Action](bots.Game{S: s}, seats, play.Options[paperio.Action]{Seed: 3, Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		if res.Faults[0].Kind != play.NoFault {
			t.Fatalf("%s: %s", params, res.Detail)
		}
		if res.Think[0] >= budget || res.Think[0] == 0 || cn.calls == 0 {
			t.Errorf("%s: thought %v of %v, %d evaluations", params, res.Think[0], budget, cn.calls)
		}
		t.Logf("%s: %d half-steps, thought %v of %v, %d evaluations", params, s.HalfSteps(), res.Think[0], budget, cn.calls)
	}
}

// TestNetSearchSelfplayWorkers: self-play games of the network-guided
// search with its defaults are the same whatever the number of games
// played at once.
func TestNetSearchSelfplayWorkers(t *testing.T) {
	c := paperio.Config{Width: 24, Height: 19, MaxTurns: 100}
	p := netSearchPolicy(t, c)
	pair := selfplay.Pair{P1: NetSearchPrefix + "nodes=300:" + p.Path, P2: "heuristic"}
	_, one := selfplayRunWorkers(t, c, 5, 4, 1, pair)
	_, three := selfplayRunWorkers(t, c, 5, 4, 3, pair)
	if !slices.Equal(one, three) {
		t.Errorf("games with 1 and 3 workers differ:\n%v\n%v", one, three)
	}
}

// TestNetSearchSpec: netsearch specs with and without parameters, their
// canonical forms, files whose names hold ':' and ',' and '=', and what is
// refused.
func TestNetSearchSpec(t *testing.T) {
	c := paperio.DefaultConfig()
	p := netSearchPolicy(t, c)
	dir := filepath.Join(t.TempDir(), "a:b,c")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	odd := filepath.Join(dir, "x=1:y.npz")
	data, _ := os.ReadFile(p.Path)
	if err := os.WriteFile(odd, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// A file named like a parameter list: after an empty one.
	rel := "x=1:y.npz"
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	g := paperiogame.Game{}
	for _, tc := range []struct{ spec, want string }{
		{"netsearch:" + p.Path, "netsearch:" + p.Path},
		{" NetSearch: " + p.Path, "netsearch:" + p.Path},
		{"netsearch:trust=300,value=0:" + p.Path, "netsearch:" + p.Path},
		{"netsearch:value=20,trust=50:" + p.Path, "netsearch:trust=50,value=20:" + p.Path},
		{"netsearch::" + p.Path, "netsearch:" + p.Path},
		{"netsearch:" + odd, "netsearch:" + odd},
		{"netsearch:near=4:" + odd, "netsearch:near=4:" + odd},
		{"netsearch::" + rel, "netsearch::" + rel},
	} {
		got, err := g.Canonical(tc.spec)
		if err != nil || got != tc.want {
			t.Errorf("Canonical(%q) = %q, %v; want %q", tc.spec, got, err, tc.want)
			continue
		}
		if again, err := g.Canonical(got); err != nil || again != got {
			t.Errorf("Canonical(%q) = %q, %v: not a fixed point", got, again, err)
		}
		b, err := NewBot(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := paperio.RandomStarts(c, 1)
		s, _ := paperio.NewGame(c, st)
		b.Reset(s, 0, 0, play.Clock{})
		if a := b.Act(s, play.Clock{}); ActionIndex(a) < 0 {
			t.Errorf("%s: move %v", tc.spec, a)
		}
	}
	for _, tc := range []struct{ spec, err string }{
		{"netsearch:", "needs"},
		{"netsearch:trust=5:", "needs"},
		{"netsearch:trsut=5:" + p.Path, "unknown parameter"},
		{"netsearch:trust=-1:" + p.Path, "out of range"},
		{"netsearch:sim=abc:" + p.Path, "not a number"},
		{"netsearch:" + rel, "x=1"}, // read as parameters
		{"netsearch:" + filepath.Join(dir, "none.npz"), "none.npz"},
	} {
		if _, err := g.Canonical(tc.spec); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Canonical(%q): error %v, want one saying %q", tc.spec, err, tc.err)
		}
		if err := checkBot(tc.spec); tc.err != "none.npz" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("checkBot(%q): error %v, want one saying %q", tc.spec, err, tc.err)
		}
	}
	if _, err := p.NewSearcher("heuristic"); err == nil {
		t.Error("a heuristic spec made a network-guided search")
	}
}

func firstApart(a, b []paperio.Action) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
