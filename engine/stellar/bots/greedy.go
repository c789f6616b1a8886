package bots

import (
	"math"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/engine/stellar"
)

var greedyInfo = botspec.Info{
	Name: "greedy",
	Summary: "frontier nodes take the enemy's base, weak enemy nodes and empty nodes next to them; " +
		"interior nodes keep a growing force and push the rest toward the frontier",
	Params: []botspec.Param{
		{Name: "keep", Default: 40, Min: 0.5, Max: 100,
			Doc: "force an interior node keeps (growth is fastest at 50)"},
		{Name: "front", Default: 10, Min: 0.5, Max: 100,
			Doc: "force a frontier node keeps after its attacks"},
		{Name: "seed", Default: 14, Min: 1.5, Max: 60,
			Doc: "amount sent to claim an empty node (s - √s arrives)"},
		{Name: "margin", Default: 1.2, Min: 1, Max: 4,
			Doc: "an attack's arrival must exceed margin × the defender's force"},
		{Name: "minsend", Default: 10, Min: 1, Max: 100,
			Doc: "smallest surplus an interior node pushes toward the frontier"},
		{Name: "split", Default: 4, Min: 1, Max: 8, Int: true,
			Doc: "most targets a frontier node attacks in one turn"},
	},
}

func newGreedy(p map[string]float64) Bot {
	return &Greedy{Keep: p["keep"], Front: p["front"], Seed: p["seed"], Margin: p["margin"],
		MinSend: p["minsend"], Split: int(p["split"])}
}

// Greedy is a family of heuristic players with tunable parameters (see the
// catalog): it grows at home and expands at its frontier. The defaults come
// from a short coordinate search against itself on course maps.
type Greedy struct {
	Keep, Front, Seed, Margin, MinSend float64
	Split                              int

	me    int
	dist  []int32 // steps to the nearest node not mine (0 for those)
	queue []int32
	cands []target
	out   []stellar.Command
}

// target is a neighbour a frontier node may attack.
type target struct {
	node int
	rank int     // 0 the enemy's base, 1 an enemy node, 2 an empty node
	need float64 // the amount to send
}

func (b *Greedy) Reset(s *stellar.State, me int, seed uint64) { b.me = me }

func (b *Greedy) Act(s *stellar.State) []stellar.Command {
	b.out = b.out[:0]
	b.frontierDistances(s)
	for i := 1; i <= s.N(); i++ {
		if s.Owner(i) != b.me {
			continue
		}
		if b.dist[i] == 1 {
			b.attack(s, i)
		} else {
			b.reinforce(s, i)
		}
	}
	return b.out
}

// frontierDistances finds, by breadth-first search from every node that is
// not mine, how many steps each of my nodes is from the frontier.
func (b *Greedy) frontierDistances(s *stellar.State) {
	n := s.N()
	b.dist = b.dist[:0]
	b.queue = b.queue[:0]
	for i := 0; i <= n; i++ {
		d := int32(math.MaxInt32)
		if i > 0 && s.Owner(i) != b.me {
			d = 0
			b.queue = append(b.queue, int32(i))
		}
		b.dist = append(b.dist, d)
	}
	for k := 0; k < len(b.queue); k++ {
		i := b.queue[k]
		for _, j := range s.Next(int(i)) {
			if b.dist[j] > b.dist[i]+1 {
				b.dist[j] = b.dist[i] + 1
				b.queue = append(b.queue, int32(j))
			}
		}
	}
}

// attack sends from frontier node i to the best neighbours it can take:
// the enemy's base first, then enemy nodes (weakest first), then empty ones.
func (b *Greedy) attack(s *stellar.State, i int) {
	budget := s.Force(i, b.me) - b.Front
	if budget <= 0 {
		return
	}
	enemy := 1 - b.me
	b.cands = b.cands[:0]
	for _, j := range s.Next(i) {
		if s.Owner(j) == b.me {
			continue
		}
		d := s.Force(j, enemy)
		t := target{node: j, rank: 2, need: b.Seed}
		if d > 0 {
			t.rank, t.need = 1, sendFor(b.Margin*d)
			if j == s.Base(enemy) {
				t.rank = 0
			}
		}
		b.cands = append(b.cands, t)
	}
	// Insertion sort by rank, then need: a handful of neighbours.
	for k := 1; k < len(b.cands); k++ {
		for m := k; m > 0 && b.cands[m].less(b.cands[m-1]); m-- {
			b.cands[m], b.cands[m-1] = b.cands[m-1], b.cands[m]
		}
	}
	sends := 0
	for _, t := range b.cands {
		if sends == b.Split {
			break
		}
		if t.need < budget {
			b.send(i, t.node, t.need)
			budget -= t.need
			sends++
		}
	}
}

func (t target) less(u target) bool {
	return t.rank < u.rank || t.rank == u.rank && t.need < u.need
}

// reinforce pushes an interior node's surplus one step toward the frontier.
func (b *Greedy) reinforce(s *stellar.State, i int) {
	surplus := s.Force(i, b.me) - b.Keep
	if surplus < b.MinSend {
		return
	}
	best := -1
	for _, j := range s.Next(i) {
		if best < 0 || b.dist[j] < b.dist[best] {
			best = j
		}
	}
	if best >= 0 && b.dist[best] < b.dist[i] {
		b.send(i, best, surplus)
	}
}

func (b *Greedy) send(from, to int, amount float64) {
	b.out = append(b.out, stellar.Command{From: from, To: to, Amount: amount})
}

// sendFor is the amount s whose arrival s - √s is a (RULES §4.2), a little
// more to be safe from rounding.
func sendFor(a float64) float64 {
	r := (1 + math.Sqrt(1+4*a)) / 2
	return r * r * (1 + 1e-9)
}
