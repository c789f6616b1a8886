package play

import "testing"

// counter is the cheapest game: players alternate until limit moves.
type counter struct {
	moves, limit, next, sum int
}

func (g *counter) Over() bool                          { return g.moves >= g.limit }
func (g *counter) Movers() uint8                       { return 1 << g.next }
func (g *counter) View() *counter                      { return g }
func (g *counter) Snapshot(into *counter) *counter     { c := *g; return &c }
func (g *counter) Apply(me int, a int)                 { g.sum += a; g.moves++; g.next = 1 - g.next }
func (g *counter) Fault(me int, f Fault, loading bool) {}

// one is a bot that always plays 1.
type one struct{}

func (one) Reset(v *counter, me int, seed uint64, c Clock) {}
func (one) Act(v *counter, c Clock) int                    { return 1 }

const benchMoves = 1 << 16

// BenchmarkLoop is the loop's own cost per move (ns/op is per move): two
// untimed bots on a game that only counts, the moves recorded.
func BenchmarkLoop(b *testing.B) {
	seats := [2]*Seat[*counter, int]{SeatOf[*counter, int]("a", one{}), SeatOf[*counter, int]("b", one{})}
	moves := make([]int, 0, benchMoves)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		g := &counter{limit: benchMoves}
		b.StartTimer()
		res, err := Run[*counter, int](g, seats, Options[int]{Moves: moves})
		if err != nil || len(res.Moves) != benchMoves {
			b.Fatal(err)
		}
		moves = res.Moves
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchMoves, "ns/move")
}

// BenchmarkPlainLoop is the limit: the same game and players in a loop
// written for them, with the moves recorded.
func BenchmarkPlainLoop(b *testing.B) {
	ps := [2]Player[*counter, int]{one{}, one{}}
	moves := make([]int, 0, benchMoves)
	for b.Loop() {
		b.StopTimer()
		g := &counter{limit: benchMoves}
		b.StartTimer()
		moves = moves[:0]
		for !g.Over() {
			i := g.next
			a := ps[i].Act(g.View(), Clock{})
			g.Apply(i, a)
			moves = append(moves, a)
		}
		if len(moves) != benchMoves {
			b.Fatal(len(moves))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchMoves, "ns/move")
}

// BenchmarkInterfaceLoop is the same loop with the game and the players
// behind interfaces, as any loop for several games must call them.
func BenchmarkInterfaceLoop(b *testing.B) {
	ps := [2]Player[*counter, int]{one{}, one{}}
	moves := make([]int, 0, benchMoves)
	for b.Loop() {
		b.StopTimer()
		var g Game[*counter, int] = &counter{limit: benchMoves}
		b.StartTimer()
		moves = interfaceLoop(g, &ps, moves[:0])
		if len(moves) != benchMoves {
			b.Fatal(len(moves))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchMoves, "ns/move")
}

//go:noinline
func interfaceLoop(g Game[*counter, int], ps *[2]Player[*counter, int], moves []int) []int {
	for !g.Over() {
		m := g.Movers()
		i := int(m >> 1)
		a := ps[i].Act(g.View(), Clock{})
		g.Apply(i, a)
		moves = append(moves, a)
	}
	return moves
}
