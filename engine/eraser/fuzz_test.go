package eraser

import (
	"math/rand/v2"
	"testing"
)

// FuzzGame plays arbitrary moves on arbitrary boards on the engine and the
// oracle side by side: no panic, and after every move the same board, tile
// ids, scores, operations and end. A board is drawn from the seed (colours
// 0 mod 3) or is random with 2 to 5 colours and maybe empty cells. Each move
// byte m is an offered operation (m < 128), any adjacent swap of the main
// board (m < 250), or an invalid swap. Its seed corpus runs with go test.
func FuzzGame(f *testing.F) {
	f.Add(uint64(888286), uint8(199), uint8(99), uint8(0), []byte("random game"))
	f.Add(uint64(1), uint8(0), uint8(5), uint8(0), []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add(uint64(2), uint8(1), uint8(10), uint8(1), []byte{200, 201, 202, 203, 130, 131, 7, 9, 11})
	f.Add(uint64(3), uint8(0), uint8(100), uint8(2), []byte{255, 1})
	f.Add(uint64(4), uint8(2), uint8(100), uint8(7), []byte{128, 129, 140, 141, 142, 200, 220, 230, 240, 249, 5, 6})
	f.Add(uint64(5), uint8(3), uint8(30), uint8(13), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add(uint64(422), uint8(0), uint8(100), uint8(3), []byte("regenerated"))
	f.Fuzz(func(t *testing.T, seed uint64, rowsSel, maxTurn, colours uint8, moves []byte) {
		rows := Size * (1 + int(rowsSel)%20)
		var b Board
		if colours%3 == 0 {
			var err error
			if b, _, err = Generate(rows, 1+int64(seed%(1<<32-1))); err != nil {
				t.Fatal(err)
			}
		} else {
			rng := rand.New(rand.NewPCG(seed, 0))
			b = randomBoard(rng, rows, 2+int(colours>>2)%4, []float64{0, 0.05, 0.3}[colours%3])
		}
		i := 0
		next := func(s *State) (int, int, int, int, bool) {
			if i == len(moves) {
				return 0, 0, 0, 0, false
			}
			m := int(moves[i])
			i++
			switch {
			case m < 128:
				ops := s.Ops(nil)
				op := ops[m%len(ops)]
				return int(op.X1), int(op.Y1), int(op.X2), int(op.Y2), true
			case m < 250:
				c := (m - 128) % 36
				x, y := c/6, c%6
				if m&1 == 0 && x < 5 || y == 5 {
					return x, y, x + 1, y, true
				}
				return x, y, x, y + 1, true
			}
			return m % 7, m % 5, m % 3, 6, true // off the board or not adjacent
		}
		if _, err := playDiff(b, 1+int(maxTurn)%128, next); err != nil {
			t.Fatal(err)
		}
	})
}
