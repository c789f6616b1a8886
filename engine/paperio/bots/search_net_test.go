package bots

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots/botstest"
	"github.com/paperio/paperio/play"
)

// fakeNet is a deterministic stand-in for a learned network: its logits
// are a hash of the heads and the half-step, so that its move is now and
// then off the board; with favour, its value says the state after its own
// last move is won for the player who made it, and every other even.
type fakeNet struct {
	favour bool
	// where its last move took the head: half-step after it, cell.
	step, x, y int
}

func (n *fakeNet) Reset(*paperio.State) { n.step = -1 }

func (n *fakeNet) Prior(s *paperio.State) [3]float32 {
	x0, y0, d0 := s.Head(0)
	x1, y1, d1 := s.Head(1)
	h := uint64(s.HalfSteps()*7919+x0*31+y0*131+int(d0)) ^ uint64(x1*977+y1*1931+int(d1))*0x9e3779b97f4a7c15
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return [3]float32{float32(h & 7), float32(h >> 3 & 7), float32(h >> 6 & 7)}
}

// fakeMove is the net's move: its highest logit, Left, Straight, Right
// first among equals.
func fakeMove(n *fakeNet, s *paperio.State) paperio.Action {
	p := n.Prior(s)
	best := 0
	for i := range p {
		if p[i] > p[best] {
			best = i
		}
	}
	return [3]paperio.Action{paperio.Left, paperio.Straight, paperio.Right}[best]
}

func (n *fakeNet) Move(s *paperio.State) paperio.Action {
	a := fakeMove(n, s)
	x, y, d := s.Head(s.ToMove())
	n.x, n.y = paperio.StepFrom(x, y, a.Turn(d))
	n.step = s.HalfSteps() + 1
	return a
}

func (n *fakeNet) Value(s *paperio.State) float32 {
	if !n.favour || s.HalfSteps() != n.step {
		return 0
	}
	if x, y, _ := s.Head(1 - s.ToMove()); x == n.x && y == n.y {
		return -1 // lost for the player to move: won for the one who moved
	}
	return 0
}

// netGames plays games of the network-guided search (guide=2) of params
// (over NetSearchInfo's defaults) with net against every built-in bot on small
// boards, calling check with each state before the search's move and the
// move, and returns the search's moves.
func netGames(t *testing.T, over map[string]float64, net *fakeNet, check func(b *searcher, s *paperio.State, a paperio.Action)) []paperio.Action {
	t.Helper()
	return netGamesOf(t, over, net, check)
}

// netGamesOf is netGames with any network; over may set the guide too.
func netGamesOf(t *testing.T, over map[string]float64, net Net, check func(b *searcher, s *paperio.State, a paperio.Action)) []paperio.Action {
	t.Helper()
	p := map[string]float64{}
	for _, q := range NetSearchInfo().Params {
		p[q.Name] = q.Default
	}
	p["guide"] = guideNet
	for k, v := range over {
		p[k] = v
	}
	var moves []paperio.Action
	for bi, c := range []paperio.Config{{Width: 12, Height: 12, MaxTurns: 150}, {Width: 30, Height: 20, MaxTurns: 250}} {
		for oi, opp := range allBots {
			me := NewNetSearch(p, net).(*searcher)
			other, _ := Make(opp)
			side := oi % 2
			players := [2]Bot{me, other}
			if side == 1 {
				players = [2]Bot{other, me}
			}
			seed := int64(10*bi + oi)
			s, err := paperio.NewGame(c, testStarts(c, seed))
			if err != nil {
				t.Fatal(err)
			}
			for i, b := range players {
				b.Reset(s, i, play.SideSeed(uint64(seed), i), play.Clock{})
			}
			for !s.Over() {
				a := players[s.ToMove()].Act(s, play.Clock{})
				if s.ToMove() == side {
					check(me, s, a)
					moves = append(moves, a)
				}
				s.Step(a)
			}
		}
	}
	return moves
}

// TestNetSearchFollowsNet: the network-guided search plays the network's
// move wherever the search would play its guide's (in quiet positions,
// unless that move runs off the board or onto its own band), never a move
// that loses at once when another does not, takes a win at once, and
// plays the same games twice under a node budget. Near contact it
// overrules the network now and then; with the value head's say at its
// largest and a network whose value always prefers its own move, only
// where the search sees a game lost or won, so less often.
func TestNetSearchFollowsNet(t *testing.T) {
	quiet, overruled := 0, [2]int{}
	for vi, value := range []float64{0, 100000} {
		net := &fakeNet{favour: true}
		over := map[string]float64{"nodes": 300, "value": value}
		first := netGames(t, over, net, func(b *searcher, s *paperio.State, a paperio.Action) {
			if err := botstest.JudgeMove(s, a); err != nil {
				t.Fatalf("value=%v, half-step %d: %v", value, s.HalfSteps(), err)
			}
			want := fakeMove(net, s)
			switch {
			case b.quiet(s) && !selfLoss(s, want):
				quiet++
				if a != want {
					t.Fatalf("value=%v, half-step %d: a quiet position, and it played %c, not the network's %c", value, s.HalfSteps(), a, want)
				}
			case a != want && !selfLoss(s, want):
				overruled[vi]++
			}
		})
		again := netGames(t, over, &fakeNet{favour: true}, func(*searcher, *paperio.State, paperio.Action) {})
		if len(first) != len(again) || firstDiff(first, again) >= 0 {
			t.Fatalf("value=%v: two plays differ at move %d", value, firstDiff(first, again))
		}
	}
	if quiet < 100 || overruled[0] == 0 {
		t.Errorf("%d quiet moves, %d overruled: the games test little", quiet, overruled[0])
	}
	if overruled[1] >= overruled[0] {
		t.Errorf("the value head's say made the search overrule the network %d times, against %d without", overruled[1], overruled[0])
	}
	t.Logf("%d quiet moves; overruled %d times without the value, %d with", quiet, overruled[0], overruled[1])
}

func firstDiff(a, b []paperio.Action) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// planNet is a network that plays the guide's heuristic, planned afresh
// at every move: a sound plan for the play-outs of simnet to weigh.
type planNet struct {
	fakeNet
	h     *heuristic
	moves int
}

func (n *planNet) Move(s *paperio.State) paperio.Action {
	n.moves++
	n.h.Reset(s, s.ToMove(), 0, play.Clock{})
	return n.h.Act(s, play.Clock{})
}

// straightNet is a network that always goes straight: in play-outs it
// runs off the board.
type straightNet struct {
	fakeNet
	moves int
}

func (n *straightNet) Move(*paperio.State) paperio.Action { n.moves++; return paperio.Straight }

// TestNetSearchSimNet: with simnet=1 the play-outs weigh the network's own
// play as one more plan. A network that runs off the board is asked in the
// play-outs and never followed: the games are those of simnet=0, move for
// move. A network that plays a sound plan is followed now and then, and
// the search still never plays a move that loses at once.
func TestNetSearchSimNet(t *testing.T) {
	off := map[string]float64{"nodes": 300, "guide": guideHeuristic, "sim": 2, "simnet": 0}
	on := map[string]float64{"nodes": 300, "guide": guideHeuristic, "sim": 2, "simnet": 1}
	none := func(*searcher, *paperio.State, paperio.Action) {}
	plain := netGamesOf(t, off, &straightNet{}, none)
	bad := &straightNet{}
	withBad := netGamesOf(t, on, bad, none)
	if firstDiff(plain, withBad) >= 0 || bad.moves == 0 {
		t.Errorf("a network that runs off the board: games apart at move %d; %d moves asked", firstDiff(plain, withBad), bad.moves)
	}
	h, _ := Make(guideSpec)
	good := &planNet{h: h.(*heuristic)}
	followed := 0
	netGamesOf(t, on, good, func(b *searcher, s *paperio.State, a paperio.Action) {
		if err := botstest.JudgeMove(s, a); err != nil {
			t.Fatalf("half-step %d: %v", s.HalfSteps(), err)
		}
		if b.sim != nil && b.sim.netPlan { // none once wary turns to the cutter
			followed++
		}
	})
	if followed == 0 || good.moves == 0 {
		t.Errorf("a sound network followed at %d moves; %d moves asked", followed, good.moves)
	}
	t.Logf("plain %d moves; the sound network followed at %d moves", len(plain), followed)
}
