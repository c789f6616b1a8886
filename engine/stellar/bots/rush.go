package bots

import (
	"math"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/stellar"
)

var rushInfo = botspec.Info{
	Name: "rush",
	Summary: "grows for a while, claiming empty neighbours, then every node pushes a share of its " +
		"surplus one step along a shortest path to the enemy's base",
	Params: []botspec.Param{
		{Name: "wait", Default: 12, Min: 0, Max: 60, Int: true,
			Doc: "turns spent growing and claiming before the rush begins"},
		{Name: "keep", Default: 20, Min: 0.5, Max: 100,
			Doc: "force every node keeps"},
		{Name: "share", Default: 0.8, Min: 0.05, Max: 1,
			Doc: "share of a node's surplus (force above keep) pushed each turn"},
		{Name: "claim", Default: 12, Min: 1.5, Max: 60,
			Doc: "amount sent to claim an empty neighbour (s - √s arrives)"},
	},
}

func newRush(p map[string]float64) Bot {
	return &Rush{Wait: int(p["wait"]), Keep: p["keep"], Share: p["share"], Claim: p["claim"]}
}

// Rush is a family of players that march on the enemy's base: after Wait
// turns of growth (sending only Claim to empty neighbours), each node sends
// Share of its force above Keep to the neighbour nearest the enemy's base.
type Rush struct {
	Wait               int
	Keep, Share, Claim float64

	me    int
	turn  int
	dist  []int32 // steps from each node to the enemy's base (the map does not change)
	claim []int   // claim[j] == turn: node j was claimed this turn
	queue []int32
	out   []stellar.Command
}

func (b *Rush) Reset(s *stellar.State, me int, seed uint64) {
	b.me, b.turn = me, 0
	n := s.N()
	b.dist, b.claim = b.dist[:0], b.claim[:0]
	for i := 0; i <= n; i++ {
		b.dist = append(b.dist, math.MaxInt32)
		b.claim = append(b.claim, 0)
	}
	target := s.Base(1 - me)
	b.dist[target] = 0
	b.queue = append(b.queue[:0], int32(target))
	for k := 0; k < len(b.queue); k++ {
		i := b.queue[k]
		for _, j := range s.Next(int(i)) {
			if b.dist[j] == math.MaxInt32 {
				b.dist[j] = b.dist[i] + 1
				b.queue = append(b.queue, int32(j))
			}
		}
	}
}

func (b *Rush) Act(s *stellar.State) []stellar.Command {
	b.turn++
	b.out = b.out[:0]
	for i := 1; i <= s.N(); i++ {
		if s.Owner(i) != b.me {
			continue
		}
		left := s.Force(i, b.me) - b.Keep
		// Claim empty neighbours first (once each): they grow on their own.
		for _, j := range s.Next(i) {
			if s.Owner(j) == stellar.Neutral && s.Force(j, 1-b.me) == 0 && left > b.Claim && b.claim[j] != b.turn {
				b.out = append(b.out, stellar.Command{From: i, To: j, Amount: b.Claim})
				b.claim[j] = b.turn
				left -= b.Claim
			}
		}
		if b.turn <= b.Wait || left <= 0 {
			continue
		}
		if to := b.step(s, i); to > 0 {
			if amount := left * b.Share; amount > 0 {
				b.out = append(b.out, stellar.Command{From: i, To: to, Amount: amount})
			}
		}
	}
	return b.out
}

// step is the neighbour of i nearest the enemy's base, the one with the
// least enemy force among equals; 0 when none is nearer than i.
func (b *Rush) step(s *stellar.State, i int) int {
	best := 0
	for _, j := range s.Next(i) {
		if b.dist[j] >= b.dist[i] {
			continue
		}
		if best == 0 || b.dist[j] < b.dist[best] ||
			b.dist[j] == b.dist[best] && s.Force(j, 1-b.me) < s.Force(best, 1-b.me) {
			best = j
		}
	}
	return best
}
