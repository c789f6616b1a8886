package board

import (
	"testing"

	"github.com/paperio/paperio/engine/paperio"
)

// TestTurn: a key names the way to go; the head's own way, the opposite
// way and "straight" go straight.
func TestTurn(t *testing.T) {
	want := map[paperio.Dir]map[string]paperio.Action{
		paperio.East:  {"up": paperio.Left, "down": paperio.Right, "left": paperio.Straight, "right": paperio.Straight, "straight": paperio.Straight},
		paperio.South: {"up": paperio.Straight, "down": paperio.Straight, "left": paperio.Right, "right": paperio.Left, "straight": paperio.Straight},
		paperio.West:  {"up": paperio.Right, "down": paperio.Left, "left": paperio.Straight, "right": paperio.Straight, "straight": paperio.Straight},
		paperio.North: {"up": paperio.Straight, "down": paperio.Straight, "left": paperio.Left, "right": paperio.Right, "straight": paperio.Straight},
	}
	for d, keys := range want {
		for k, a := range keys {
			if got := Turn(d, k); got != a {
				t.Errorf("facing %d, key %s: %c, want %c", d, k, got, a)
			}
			if to, ok := keyDirs[k]; ok && a != paperio.Straight && a.Turn(d) != to {
				t.Errorf("facing %d, key %s: %c does not lead %d", d, k, a, to)
			}
		}
	}
}
