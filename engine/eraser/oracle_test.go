package eraser

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// oracle is RULES.md §4–§8 written down plainly, slow on purpose: the board
// as strings ("R".."P", "nan") indexed board[x][y] like the engine's numpy
// array, tile ids as strings, sides as the engine numbers them (1 = first
// mover), the history as a list, and the operations, the cascade and the
// tags by literal loops. The fast engine is checked against it move by move.
type oracle struct {
	rows, maxTurn int
	board, ids    [][]string
	turn          int
	score, combo  [2]int // by side
	high          [2]int
	last, over    bool
	history       [][2]int
	err           *Failure // Player as a side here
	opsNow        [][4]int
	depth         int // scoring steps of the last move
}

func newOracle(b Board, maxTurn int) *oracle {
	o := &oracle{rows: b.Rows, maxTurn: maxTurn}
	for x := 0; x < Size; x++ {
		col, ids := make([]string, b.Rows), make([]string, b.Rows)
		for y := 0; y < b.Rows; y++ {
			col[y], ids[y] = "nan", "nan"
			if c := b.At(x, y); c != Empty {
				col[y], ids[y] = c.String(), idString(x, y, true)
			}
		}
		o.board, o.ids = append(o.board, col), append(o.ids, ids)
	}
	o.roundStart()
	return o
}

func (o *oracle) c(x, y int) string { return o.board[x][y] }

// ops is §5, pattern by pattern.
func (o *oracle) ops() [][4]int {
	c := o.c
	var out [][4]int
	for x := 0; x <= 4; x++ {
		for y := 0; y <= 5; y++ {
			if x <= 2 && c(x, y) == c(x+2, y) && c(x+2, y) == c(x+3, y) ||
				x >= 2 && c(x+1, y) == c(x-2, y) && c(x-2, y) == c(x-1, y) ||
				y >= 2 && (c(x, y) == c(x+1, y-2) && c(x+1, y-2) == c(x+1, y-1) || c(x+1, y) == c(x, y-2) && c(x, y-2) == c(x, y-1)) ||
				y <= 3 && (c(x, y) == c(x+1, y+1) && c(x+1, y+1) == c(x+1, y+2) || c(x+1, y) == c(x, y+1) && c(x, y+1) == c(x, y+2)) ||
				1 <= y && y <= 4 && (c(x, y) == c(x+1, y-1) && c(x+1, y-1) == c(x+1, y+1) || c(x+1, y) == c(x, y-1) && c(x, y-1) == c(x, y+1)) {
				out = append(out, [4]int{x, y, x + 1, y})
			}
		}
	}
	for y := 0; y <= 4; y++ {
		for x := 0; x <= 5; x++ {
			if y <= 2 && c(x, y) == c(x, y+2) && c(x, y+2) == c(x, y+3) ||
				y >= 2 && c(x, y+1) == c(x, y-2) && c(x, y-2) == c(x, y-1) ||
				x >= 2 && (c(x, y) == c(x-2, y+1) && c(x-2, y+1) == c(x-1, y+1) || c(x, y+1) == c(x-2, y) && c(x-2, y) == c(x-1, y)) ||
				x <= 3 && (c(x, y) == c(x+1, y+1) && c(x+1, y+1) == c(x+2, y+1) || c(x, y+1) == c(x+1, y) && c(x+1, y) == c(x+2, y)) ||
				1 <= x && x <= 4 && (c(x, y) == c(x-1, y+1) && c(x-1, y+1) == c(x+1, y+1) || c(x, y+1) == c(x-1, y) && c(x-1, y) == c(x+1, y)) {
				out = append(out, [4]int{x, y, x, y + 1})
			}
		}
	}
	return out
}

// seeds is triples(main) of §3.2 / §6.1.
func (o *oracle) seeds() map[[2]int]bool {
	b := o.board
	bad := map[[2]int]bool{}
	for i := 0; i < 4; i++ {
		for j := 0; j < 6; j++ {
			if b[i][j] != "nan" && b[i+1][j] == b[i][j] && b[i+2][j] == b[i][j] {
				bad[[2]int{i + 1, j}] = true
			}
			if b[j][i] != "nan" && b[j][i+1] == b[j][i] && b[j][i+2] == b[j][i] {
				bad[[2]int{j, i + 1}] = true
			}
		}
	}
	return bad
}

// eliminate is one cascade step (§6): regions by breadth-first search from
// each seed, points, removal, fall. It returns the points (0: nothing done).
func (o *oracle) eliminate() (int, [Size]int) {
	inRegion := map[[2]int]bool{}
	pts := 0
	for seed := range o.seeds() {
		if inRegion[seed] {
			continue
		}
		colour := o.board[seed[0]][seed[1]]
		region := [][2]int{seed}
		inRegion[seed] = true
		for i := 0; i < len(region); i++ {
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				n := [2]int{region[i][0] + d[0], region[i][1] + d[1]}
				if n[0] >= 0 && n[0] < 6 && n[1] >= 0 && n[1] < 6 && !inRegion[n] && o.board[n[0]][n[1]] == colour {
					inRegion[n] = true
					region = append(region, n)
				}
			}
		}
		pts += (len(region) - 2) * (len(region) - 2)
	}
	var removed [Size]int
	if pts == 0 {
		return 0, removed
	}
	for x := 0; x < 6; x++ {
		var col, ids []string
		for y := 0; y < 6; y++ {
			if inRegion[[2]int{x, y}] {
				removed[x]++
			} else {
				col, ids = append(col, o.board[x][y]), append(ids, o.ids[x][y])
			}
		}
		if removed[x] == 0 {
			continue
		}
		col, ids = append(col, o.board[x][6:]...), append(ids, o.ids[x][6:]...)
		for i := 0; i < removed[x]; i++ {
			col, ids = append(col, "nan"), append(ids, "nan")
		}
		o.board[x], o.ids[x] = col, ids
	}
	return pts, removed
}

func (o *oracle) mainHasEmpty() bool {
	for x := 0; x < 6; x++ {
		for y := 0; y < 6; y++ {
			if o.board[x][y] == "nan" {
				return true
			}
		}
	}
	return false
}

// roundStart is §4 steps 1–4.
func (o *oracle) roundStart() {
	o.history = append(o.history, o.score)
	if o.turn >= 2*o.maxTurn {
		o.over = true
		return
	}
	if o.mainHasEmpty() {
		o.last = true
	}
	o.opsNow = o.ops()
	if len(o.opsNow) == 0 {
		o.over = true
	}
}

// move is §4 steps 5–10 with §8's validation.
func (o *oracle) move(x1, y1, x2, y2 int) {
	o.turn++
	side := o.turn % 2
	o.combo[side] = 0
	o.depth = 0
	msg := ""
	switch {
	case math.Abs(float64(x1-x2))+math.Abs(float64(y1-y2)) != 1:
		msg = MsgNotAdjacent
	case x1 < 0 || x1 >= 6 || y1 < 0 || y1 >= 6 || x2 < 0 || x2 >= 6 || y2 < 0 || y2 >= 6:
		msg = MsgOutOfBoard
	}
	if msg != "" {
		o.err = &Failure{Player: side, Kind: FailInvalid, Message: "exception_manager.InvalidMove: " + msg}
		o.over = true
		return
	}
	o.board[x1][y1], o.board[x2][y2] = o.board[x2][y2], o.board[x1][y1]
	o.ids[x1][y1], o.ids[x2][y2] = o.ids[x2][y2], o.ids[x1][y1]
	for {
		pts, removed := o.eliminate()
		if pts == 0 {
			break
		}
		o.score[side] += pts
		o.depth++
		for _, r := range removed {
			o.combo[side] += r
		}
		o.high[side] = max(o.high[side], o.combo[side])
	}
	if o.last {
		o.over = true
		return
	}
	o.roundStart()
}

// result is §7 for a game without a tie on think time (times are equal
// here, so side 1 wins equal scores).
func (o *oracle) result() (winnerSide int, text string, extra int, tags [][2]string) {
	s0, s1 := o.score[0], o.score[1]
	if o.err != nil {
		winnerSide, text, extra = 1-o.err.Player, TextError+o.err.Message, 1000
	} else {
		winnerSide = 1
		if s0 > s1 {
			winnerSide = 0
		}
		switch {
		case o.turn >= 2*o.maxTurn:
			text = TextTurns
		case o.mainHasEmpty():
			text = TextEmpty
		default:
			text = TextNoMove
		}
		extra = abs(s0 - s1)
	}
	if o.turn < 6 {
		return
	}
	var rel []int
	for _, h := range o.history {
		rel = append(rel, h[1]-h[0])
	}
	count := func(f func(int) bool) int {
		n := 0
		for _, r := range rel {
			if f(r) {
				n++
			}
		}
		return n
	}
	sum := 0
	for _, r := range rel {
		sum += r
	}
	lead := float64(count(func(r int) bool { return r < 0 })) / float64(o.turn)
	mean := float64(sum) / float64(len(rel))
	n := len(rel)
	if abs(s0-s1) < 15 {
		tags = append(tags, [2]string{"险胜", "red"})
	}
	if math.Abs(lead-0.5) < 0.15 && math.Abs(mean) < 100 {
		tags = append(tags, [2]string{"有来有回", "blue"})
	}
	if math.Abs(lead-0.5) > 0.4 && math.Abs(mean) > 150 {
		tags = append(tags, [2]string{"压制", "blue"})
	}
	if o.err == nil {
		if abs(s0-s1) > 250 {
			tags = append(tags, [2]string{"遥遥领先", "red"})
		}
		if rel[n-1]*rel[n-2] < 0 || rel[n-2]*rel[n-3] < 0 {
			tags = append(tags, [2]string{"绝杀", "purple"})
		}
		if count(func(r int) bool { return r > 200 }) >= 5 && winnerSide == 0 {
			tags = append(tags, [2]string{"逆风翻盘", "green"})
		}
		if count(func(r int) bool { return r < -200 }) >= 5 && winnerSide == 1 {
			tags = append(tags, [2]string{"逆风翻盘", "green"})
		}
		if text == TextNoMove && abs(rel[n-1]) < 50 && o.turn%2 == winnerSide {
			tags = append(tags, [2]string{"不讲武德", "orange"})
		}
		if text == TextNoMove && o.turn%2 != winnerSide {
			tags = append(tags, [2]string{"申之一手", "orange"})
		}
		if text == TextTurns {
			tags = append(tags, [2]string{"血战到底", "orange"})
		}
	} else if float64(rel[n-1])*(float64(winnerSide)-0.5) < 0 {
		tags = append(tags, [2]string{"是故意的", "orange"})
	}
	tags = append(tags, [2]string{fmt.Sprintf("%d连消", max(o.high[0], o.high[1])), "gray"})
	return
}

// compare checks the engine's state against the oracle's.
func (o *oracle) compare(s *State) error {
	if s.Over() != o.over || s.Turn() != o.turn {
		return fmt.Errorf("over %v turn %d, oracle over %v turn %d", s.Over(), s.Turn(), o.over, o.turn)
	}
	for p := 0; p < 2; p++ {
		side := 1 - p
		if s.Score(p) != o.score[side] || s.Combo(p) != o.combo[side] || s.High(p) != o.high[side] {
			return fmt.Errorf("player %d score/combo/high %d/%d/%d, oracle %d/%d/%d", p, s.Score(p), s.Combo(p), s.High(p), o.score[side], o.combo[side], o.high[side])
		}
	}
	if s.Depth() != o.depth {
		return fmt.Errorf("cascade depth %d, oracle %d", s.Depth(), o.depth)
	}
	counts := map[string]int{}
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			counts[o.board[x][y]]++
		}
	}
	for c := Red; c <= Empty; c++ {
		name := c.String()
		if c == Empty {
			name = "nan"
		}
		if s.Count(c) != counts[name] {
			return fmt.Errorf("%d cells of %v, oracle %d", s.Count(c), c, counts[name])
		}
	}
	for x := 0; x < Size; x++ {
		for y := 0; y < o.rows; y++ {
			if got := s.At(x, y); got.String() != o.board[x][y] && !(got == Empty && o.board[x][y] == "nan") {
				return fmt.Errorf("cell (%d, %d) = %v, oracle %s", x, y, got, o.board[x][y])
			}
		}
		for y := 0; y < Size; y++ {
			if id := idString(s.TileAt(x, y)); id != o.ids[x][y] {
				return fmt.Errorf("tile id at (%d, %d) = %s, oracle %s", x, y, id, o.ids[x][y])
			}
		}
	}
	if !o.over {
		var want []Swap
		for _, op := range o.opsNow {
			want = append(want, Swap{int8(op[0]), int8(op[1]), int8(op[2]), int8(op[3])})
		}
		if got := s.Ops(nil); !slices.Equal(got, want) {
			return fmt.Errorf("ops %v, oracle %v", got, want)
		}
		for _, sw := range allAdjacent {
			rev := Swap{sw.X2, sw.Y2, sw.X1, sw.Y1}
			if in := slices.Contains(want, sw); s.Offers(sw) != in || s.Offers(rev) != in {
				return fmt.Errorf("offers %v: %v, reversed %v; oracle %v", sw, s.Offers(sw), s.Offers(rev), in)
			}
		}
		if s.Last() != o.last {
			return fmt.Errorf("last %v, oracle %v", s.Last(), o.last)
		}
	} else {
		r := s.Result()
		side, text, extra, tags := o.result()
		if r.Winner != 1-side || r.Text != text || r.Extra != extra || !slices.Equal(r.Tags.Pairs(), tags) {
			return fmt.Errorf("result winner %d %q extra %d tags %v, oracle winner %d %q extra %d tags %v",
				r.Winner, r.Text, r.Extra, r.Tags.Pairs(), 1-side, text, extra, tags)
		}
	}
	return nil
}

// allAdjacent are the 60 swaps of adjacent main-board cells, the left or
// lower cell first.
var allAdjacent = func() (out []Swap) {
	for x := int8(0); x < Size; x++ {
		for y := int8(0); y < Size; y++ {
			if x < Size-1 {
				out = append(out, Swap{x, y, x + 1, y})
			}
			if y < Size-1 {
				out = append(out, Swap{x, y, x, y + 1})
			}
		}
	}
	return out
}()

// idString is a tile id as the engine writes it (§2).
func idString(x0, y0 int, ok bool) string {
	if !ok {
		return "nan"
	}
	return "r" + fmt.Sprintf("%04d", y0) + "c" + fmt.Sprintf("%04d", x0)
}

// randomBoard is a board of random colours; empty cells with probability
// pEmpty (in the main board and the reserve alike).
func randomBoard(rng *rand.Rand, rows int, colours int, pEmpty float64) Board {
	b := NewBoard(rows)
	for i := range b.Cells {
		b.Cells[i] = Colour(rng.IntN(colours))
		if rng.Float64() < pEmpty {
			b.Cells[i] = Empty
		}
	}
	return b
}

// randomMove is mostly an offered operation, sometimes any adjacent swap of
// the main board, rarely an invalid one (not adjacent, or off the board).
// With block, it is the operation that leaves the fewest operations (to
// reach games that end without one).
func randomMove(rng *rand.Rand, s *State, illegal float64, block bool) (x1, y1, x2, y2 int) {
	if block {
		best, fewest := Swap{}, 1<<30
		for _, op := range s.Ops(nil) {
			c := s.Clone()
			c.Move(op)
			if n := c.NumOps(); n < fewest {
				best, fewest = op, n
			}
		}
		return int(best.X1), int(best.Y1), int(best.X2), int(best.Y2)
	}
	switch r := rng.Float64(); {
	case r < illegal/2:
		return rng.IntN(6), rng.IntN(6), rng.IntN(6), rng.IntN(6) // mostly not adjacent
	case r < illegal:
		x, y := rng.IntN(6), rng.IntN(7)-1 // off the board above or below
		return x, y, x, y + 1
	case r < 0.25:
		x, y := rng.IntN(6), rng.IntN(6)
		if rng.IntN(2) == 0 && x < 5 {
			return x, y, x + 1, y
		}
		if y < 5 {
			return x, y, x, y + 1
		}
		return x, y - 1, x, y
	}
	ops := s.Ops(nil)
	op := ops[rng.IntN(len(ops))]
	if rng.IntN(2) == 0 { // the AI may return the cells in either order
		return int(op.X2), int(op.Y2), int(op.X1), int(op.Y1)
	}
	return int(op.X1), int(op.Y1), int(op.X2), int(op.Y2)
}

// playDiff plays a game on the engine and the oracle side by side and
// compares them after every move; next gives the moves (false: stop). It
// returns the final state.
func playDiff(b Board, maxTurn int, next func(*State) (x1, y1, x2, y2 int, ok bool)) (*State, error) {
	s, err := NewFromBoard(Config{Rows: b.Rows, MaxTurn: maxTurn, MaxTime: DefaultMaxTime}, b)
	if err != nil {
		return nil, err
	}
	o := newOracle(b, maxTurn)
	if err := o.compare(s); err != nil {
		return s, fmt.Errorf("start: %v", err)
	}
	for moves := 1; !s.Over(); moves++ {
		x1, y1, x2, y2, ok := next(s)
		if !ok {
			break
		}
		sw := Swap{int8(x1), int8(y1), int8(x2), int8(y2)}
		invalid := x1 < 0 || y1 < 0 || x2 < 0 || y2 < 0 || x1 > 5 || y1 > 5 || x2 > 5 || y2 > 5 || abs(x1-x2)+abs(y1-y2) != 1
		if err := s.Move(sw); (err != nil) != invalid {
			return s, fmt.Errorf("move %d %v: error %v", moves, sw, err)
		}
		if last, ok := s.LastMove(); !invalid && (!ok || last != sw) {
			return s, fmt.Errorf("move %d %v: the last move is %v, %v", moves, sw, last, ok)
		}
		o.move(x1, y1, x2, y2)
		if err := o.compare(s); err != nil {
			return s, fmt.Errorf("after move %d %v: %v", moves, sw, err)
		}
	}
	return s, nil
}

// TestOracleRandomGames steps the engine and the oracle side by side over
// thousands of random games: boards drawn from seeds and random boards (few
// colours, empty cells, runs already on the board), varied rows and turn
// limits, offered, unoffered and invalid swaps. Every way to end must occur.
func TestOracleRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	rowsChoice := []int{6, 12, 18, 36, 60, 120, 240}
	turnsChoice := []int{1, 3, 10, 30, 100, 100}
	games, moves, ends := 0, 0, map[Reason]int{}
	for i := 0; i < 2000; i++ {
		rows := rowsChoice[rng.IntN(len(rowsChoice))]
		if i%500 == 0 {
			rows = DefaultRows
		}
		maxTurn := turnsChoice[rng.IntN(len(turnsChoice))]
		var b Board
		if i%4 == 0 {
			b = randomBoard(rng, rows, 2+rng.IntN(4), []float64{0, 0.02, 0.2}[rng.IntN(3)])
		} else {
			var err error
			if b, _, err = Generate(rows, 1+rng.Int64N(1<<32-1)); err != nil {
				t.Fatal(err)
			}
		}
		illegal, block := []float64{0, 0, 0, 0.02}[rng.IntN(4)], i%5 == 1
		s, err := playDiff(b, maxTurn, func(s *State) (int, int, int, int, bool) {
			x1, y1, x2, y2 := randomMove(rng, s, illegal, block)
			return x1, y1, x2, y2, true
		})
		if err != nil {
			t.Fatalf("game %d (rows %d, max turn %d, board %s): %v", i, rows, maxTurn, b.String()[:min(len(b.Cells), 60)], err)
		}
		games++
		moves += s.Turn()
		ends[s.Result().Reason]++
	}
	t.Logf("%d games, %d moves compared with the oracle; ends %v", games, moves, ends)
	if moves < 30000 {
		t.Errorf("only %d moves compared", moves)
	}
	for r := ReasonTurns; r <= ReasonError; r++ {
		if ends[r] < 20 {
			t.Errorf("only %d games ended with %v", ends[r], r)
		}
	}
}
