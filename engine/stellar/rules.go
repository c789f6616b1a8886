package stellar

import "math"

// The phases of a turn after the judge (RULES §4.2–4.4) and the end of the
// game (RULES §7), one function per rule.

// move carries out player p's accepted commands in list order (RULES §4.2):
// the amount leaves its node, and what is left after the loss of its square
// root arrives at the neighbour. Only player p's component changes.
func (s *State) move(p int, cmds []Command) {
	for _, c := range cmds {
		s.power[c.From][p] -= c.Amount
		s.power[c.To][p] += s.arrival(c.Amount)
	}
}

// arrival is what reaches the neighbour when amount x is sent:
// x - x**0.5, or 0 when that is negative (RULES §4.2; a NaN stays NaN).
func (s *State) arrival(x float64) float64 {
	g := x - s.roots.powHalf(x)
	if g < 0 {
		g = 0
	}
	return g
}

// rootMemo remembers the last roots that took the exact path, by the bits of
// their argument: a bot sends the same amounts again and again, and an
// amount whose root lies near a rounding boundary would otherwise take the
// slow path every time. It only ever holds PowHalf's own results (an empty
// slot, 0 → 0, is one too).
type rootMemo [64]struct{ x, r float64 }

func (m *rootMemo) powHalf(x float64) float64 {
	if r, ok := sqrtFast(x); ok {
		return r
	}
	b := math.Float64bits(x)
	e := &m[(b^b>>17^b>>31)&63]
	if e.x == x { // never true for a NaN
		return e.r
	}
	r := powHalfExact(x)
	e.x, e.r = x, r
	return r
}

// combat settles every node (RULES §4.3).
func (s *State) combat() {
	for i := 1; i < len(s.power); i++ {
		s.settle(i)
	}
}

// settle is one node's combat (RULES §4.3): the larger force survives with
// the root of the difference of the squares, a tie (or a NaN) leaves the
// node empty and neutral, and the owner is judged again.
func (s *State) settle(i int) {
	p := &s.power[i]
	a, b := p[0], p[1]
	switch {
	case a == 0 && b == 0:
		*p = [2]float64{} // nobody there: a tie of 0.0 and 0.0
		s.owner[i] = Neutral
	case b == 0 && a >= unopposedLo && a <= unopposedHi:
		p[1] = 0
		s.owner[i] = 0
	case a == 0 && b >= unopposedLo && b <= unopposedHi:
		p[0] = 0
		s.owner[i] = 1
	default:
		*p = fight(a, b)
		s.owner[i] = int8(ownerOf(*p))
	}
}

// An unopposed force x (the other player has 0.0 on the node) goes through
// combat as pow(pow(x, 2) - 0.0, 0.5), which is x again whenever
// glibc's pow is within 0.5 + powErrBound ulp of the exact value, as it is
// here (see powErrBound): let R = pow(x, 2) and x = m·2^E with 1 <= m < 2.
// R is within (0.5+β) ulp(R) of x², so sqrt(R) is within (0.5+β)/(2m)
// ulp(x) of x when m² < 2 and within (0.5+β)/m ulp(x) when m² >= 2, at most
// (0.5+β)/√2 < 0.38 ulp(x) (for m = 1, x² is a double and R = x² exactly);
// pow(R, 0.5) adds at most β = 1/32 ulp before rounding, and 0.38 + 1/32 <
// 0.5, so it rounds to x. combat therefore leaves such forces as they are;
// the tests compute them as written and compare.
const (
	unopposedLo = squareLo
	unopposedHi = squareHi
)

// fight is the combat of one node as the rules write it (RULES §4.3):
// CPython's ** for the squares and the root, 0.0 ** 2 being 0.0.
func fight(a, b float64) [2]float64 {
	switch {
	case a < b:
		return [2]float64{0, PowHalf(PowTwo(b) - PowTwo(a))}
	case a > b:
		return [2]float64{PowHalf(PowTwo(a) - PowTwo(b)), 0}
	}
	return [2]float64{} // a tie, or a NaN
}

// ownerOf is the owner rule (RULES §2): the player with the larger force,
// neutral on equal forces or a NaN.
func ownerOf(p [2]float64) int {
	switch {
	case p[0] < p[1]:
		return 1
	case p[0] > p[1]:
		return 0
	}
	return Neutral
}

// grow applies growth to every force (RULES §4.4).
func (s *State) grow() {
	for i := 1; i < len(s.power); i++ {
		s.growNode(i)
	}
}

// growNode applies growth to node i's forces. A force of 0.0 stays 0.0, so
// only non-zero components are computed.
func (s *State) growNode(i int) {
	p := &s.power[i]
	if p[0] != 0 {
		p[0] = growth(p[0])
	}
	if p[1] != 0 {
		p[1] = growth(p[1])
	}
}

// growth is one force's growth (RULES §4.4): below the limit it gains
// (1/100)·(100 - x)·x, grouped exactly so; above it, it keeps 0.75 of the
// excess. Products are rounded on their own (float64(...)): no fused
// multiply-add.
func growth(x float64) float64 {
	if x < PowerLimit {
		t := float64(0.01 * (PowerLimit - x))
		return x + float64(t*x)
	}
	return PowerLimit + float64((x-PowerLimit)*DespawnRate)
}

// checkEnd applies the end rules after an AI turn (RULES §7): a fallen base
// (owned by the enemy) ends the game, both fallen at once is decided on
// points, and so is the turn limit.
func (s *State) checkEnd() {
	first, last := s.owner[1], s.owner[s.m.N]
	switch {
	case first == 1 && last == 0:
		w, _ := s.points()
		s.finish(w, BothBases)
	case last == 0:
		s.finish(0, Base)
	case first == 1:
		s.finish(1, Base)
	case s.turn >= s.limit:
		s.finish(s.points())
	}
}

func (s *State) finish(winner int, r Reason) {
	s.res = Result{Winner: winner, Reason: r, Turns: s.turn}
}

// points decides a game on points (RULES §7): more nodes wins, then the
// larger sum of the owner's forces (summed in node order from 0), else a
// draw.
func (s *State) points() (winner int, r Reason) {
	n0, n1 := s.NodeCounts()
	a0, a1 := s.ForceSums()
	switch {
	case n0 > n1:
		return 0, LimitNodes
	case n0 < n1:
		return 1, LimitNodes
	case a0 > a1:
		return 0, LimitArmy
	case a0 < a1:
		return 1, LimitArmy
	}
	return Draw, LimitDraw
}

// NodeCounts is the number of nodes each player owns.
func (s *State) NodeCounts() (n0, n1 int) {
	for _, o := range s.owner[1:] {
		switch o {
		case 0:
			n0++
		case 1:
			n1++
		}
	}
	return n0, n1
}

// ForceSums is each player's force summed over the nodes it owns, in
// ascending node order starting from 0 (RULES §7: the order decides mirror
// games in the last bit).
func (s *State) ForceSums() (a0, a1 float64) {
	for i := 1; i < len(s.power); i++ {
		switch s.owner[i] {
		case 0:
			a0 += s.power[i][0]
		case 1:
			a1 += s.power[i][1]
		}
	}
	return a0, a1
}
