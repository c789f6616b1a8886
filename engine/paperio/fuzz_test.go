package paperio

import "testing"

// FuzzGame plays arbitrary action strings from arbitrary starts on small
// boards (2 to 30 wide, 1 to 31 high) on the engine and the oracle side by
// side: no panic, and after every half-step the same invariants and the same
// state as the oracle. Its seed corpus runs with every go test.
func FuzzGame(f *testing.F) {
	// w, h, x1, y1, x2, y2, dirs, turns, moves
	f.Add(uint8(5), uint8(20), uint8(2), uint8(5), uint8(9), uint8(5), uint8(0b1000), uint8(99), []byte("SSSRRR SLLLL"))
	f.Add(uint8(0), uint8(0), uint8(0), uint8(0), uint8(1), uint8(0), uint8(0), uint8(3), []byte("LRLRSS"))
	f.Add(uint8(14), uint8(30), uint8(3), uint8(3), uint8(20), uint8(20), uint8(0b0111), uint8(200),
		[]byte("SSSSSSSSSSRRSSSSSSSSSRSSSSSSSSSSRSSSSSSSSSSRSSSSSSSSS LRLRLRLRLRLRLRLRLRLRLR"))
	f.Add(uint8(2), uint8(6), uint8(2), uint8(3), uint8(2), uint8(3), uint8(0), uint8(10), []byte("SSSS"))
	f.Add(uint8(9), uint8(0), uint8(1), uint8(0), uint8(15), uint8(0), uint8(0b0010), uint8(50), []byte("SSSSSSSSSSSSSSSSSSSS"))
	f.Add(uint8(6), uint8(12), uint8(4), uint8(4), uint8(9), uint8(9), uint8(0b1101), uint8(255),
		[]byte("SSSRSSSRSSSRSSSRSSRSRSRSSSLLSSSLLLSSRSRSRSRSRSLSLSLSLSLLRRLLRRSSSSSSSSSSSSS"))
	f.Fuzz(func(t *testing.T, w, h, x1, y1, x2, y2, dirs, turns uint8, moves []byte) {
		c := Config{Width: 2 * (1 + int(w)%15), Height: 1 + int(h)%31, MaxTurns: 1 + int(turns)%128}
		starts := [2]Start{
			{int(x1) % c.Width, int(y1) % c.Height, Dir(dirs) & 3},
			{int(x2) % c.Width, int(y2) % c.Height, Dir(dirs>>2) & 3},
		}
		i := 0
		next := func(*State) (Action, bool) {
			if i == len(moves) {
				return 0, false
			}
			a := [3]Action{Left, Straight, Right}[moves[i]%3]
			i++
			return a, true
		}
		if _, _, err := playDiff(c, starts, next); err != nil {
			t.Fatal(err)
		}
	})
}
