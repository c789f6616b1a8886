package stellar

import (
	"math"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// recorder computes a game's dataset rows turn by turn from the turn's
// phases (stellar.Snapshot). It is reused from game to game: the rows are
// valid until the next start.
type recorder struct {
	dist  [2][]int32 // steps from each player's base to every node (the map never changes in a game)
	queue []int32
	turns []TurnRow
	// fronts backs the rows' optional distances, so that a row costs no
	// allocation of its own.
	fronts []int16
	failed [2]int16
}

// start prepares the rows of a game on s's map, of at most limit turns.
func (r *recorder) start(s *stellar.State, limit int) {
	r.turns, r.failed = r.turns[:0], [2]int16{}
	for p := range 2 {
		r.dist[p] = r.distances(s, s.Base(p), r.dist[p])
	}
	if cap(r.fronts) < 4*limit {
		r.fronts = make([]int16, 0, 4*limit)
	}
	r.fronts = r.fronts[:0]
}

// distances is a breadth-first search from node from: the steps to every
// node, -1 where it cannot reach.
func (r *recorder) distances(s *stellar.State, from int, d []int32) []int32 {
	d = d[:0]
	for range s.N() + 1 {
		d = append(d, -1)
	}
	d[from] = 0
	r.queue = append(r.queue[:0], int32(from))
	for k := 0; k < len(r.queue); k++ {
		i := r.queue[k]
		for _, j := range s.Next(int(i)) {
			if d[j] < 0 {
				d[j] = d[i] + 1
				r.queue = append(r.queue, int32(j))
			}
		}
	}
	return d
}

// turn adds the two rows of the turn just played, from its phases and the
// players' failures.
func (r *recorder) turn(s *stellar.State, snap *stellar.Snapshot, fault [2]play.Fault) {
	var force, growth, combat [2]float64
	var nodes [2]int16
	front := [2]int32{-1, -1} // front[p]: steps from p's base to the nearest node of p's enemy
	for i := 1; i <= s.N(); i++ {
		g, c, mv := snap.Grow[i], snap.Combat[i], snap.Move[i]
		contested := mv[0] != 0 && mv[1] != 0 // a NaN counts
		for k := range 2 {
			force[k] += g[k]
			growth[k] += g[k] - c[k]
			if contested {
				combat[k] += mv[k] - c[k]
			}
		}
		if own := snap.Own[i]; own != stellar.Neutral {
			nodes[own]++
			base := 1 - own // the base own's node threatens
			if d := r.dist[base][i]; d >= 0 && (front[base] < 0 || d < front[base]) {
				front[base] = d
			}
		}
	}
	for p := range 2 {
		row := TurnRow{
			Turn: int16(s.Turn()), Player: int8(p + 1),
			Force: force[p], Nodes: nodes[p], BaseForce: snap.Grow[s.Base(p)][p],
			Commands:   int16(min(len(snap.Accepted[p]), math.MaxInt16)),
			CombatLoss: combat[p], Growth: growth[p],
			FrontToBase: r.front(front[p]), FrontToEnemyBase: r.front(front[1-p]),
			Rejected: snap.Rejected[p], Failed: fault[p].Kind != play.NoFault,
		}
		for _, c := range snap.Accepted[p] {
			row.Sent += c.Amount
			row.TransportLoss += c.Amount - arrival(c.Amount)
		}
		if row.Failed {
			r.failed[p]++
		}
		r.turns = append(r.turns, row)
	}
}

// front is an optional distance of a row: nil for -1.
func (r *recorder) front(d int32) *int16 {
	if d < 0 {
		return nil
	}
	if len(r.fronts) == cap(r.fronts) { // a longer game than announced: new backing
		r.fronts = make([]int16, 0, 2*cap(r.fronts)+4)
	}
	r.fronts = append(r.fronts, int16(d))
	return &r.fronts[len(r.fronts)-1]
}

// arrival is what reaches the neighbour when amount x is sent (RULES §4.2).
func arrival(x float64) float64 {
	g := x - stellar.PowHalf(x)
	if g < 0 {
		g = 0
	}
	return g
}

// finish marks the last turn's rows and every row's outcome.
func (r *recorder) finish(w game.Winner) []TurnRow {
	for i := range r.turns {
		r.turns[i].Outcome = int8(w.Outcome(int(r.turns[i].Player) - 1))
	}
	if n := len(r.turns); n >= 2 {
		for i := n - 2; i < n; i++ {
			r.turns[i].Done = true
			r.turns[i].Reward = r.turns[i].Outcome
		}
	}
	return r.turns
}

// gameRow is a game's row (without id and players) from its record and
// final state.
func gameRow(rec *game.Record, s *stellar.State, sp stellar.MapSpec, limit int, dist []int32, failed [2]int16) GameRow {
	n0, n1 := s.NodeCounts()
	return GameRow{
		Seed: rec.Seed, Map: sp.String(), MapSeed: sp.Seed, Nodes: int16(s.N()),
		BaseDist: int16(dist[s.N()]), MaxTurns: int16(limit),
		Winner: rec.Winner.Code(), Reason: int8(rec.Reason), Turns: int16(rec.Length),
		Force1: rec.Score[0], Force2: rec.Score[1], Nodes1: int16(n0), Nodes2: int16(n1),
		Failed1: failed[0], Failed2: failed[1], Start: StartString(sp), Moves: string(rec.Moves),
	}
}
