package board

import (
	"testing"

	rules "github.com/paperio/paperio/engine/paperio"
)

// TestTurn: a key names the way to go; the head's own way, the opposite
// way and "straight" go straight.
func TestTurn(t *testing.T) {
	want := map[rules.Dir]map[string]rules.Action{
		rules.East:  {"up": rules.Left, "down": rules.Right, "left": rules.Straight, "right": rules.Straight, "straight": rules.Straight},
		rules.South: {"up": rules.Straight, "down": rules.Straight, "left": rules.Right, "right": rules.Left, "straight": rules.Straight},
		rules.West:  {"up": rules.Right, "down": rules.Left, "left": rules.Straight, "right": rules.Straight, "straight": rules.Straight},
		rules.North: {"up": rules.Straight, "down": rules.Straight, "left": rules.Left, "right": rules.Right, "straight": rules.Straight},
	}
	for d, keys := range want {
		for k, a := range keys {
			if got := Turn(d, k); got != a {
				t.Errorf("facing %d, key %s: %c, want %c", d, k, got, a)
			}
			if to, ok := keyDirs[k]; ok && a != rules.Straight && a.Turn(d) != to {
				t.Errorf("facing %d, key %s: %c does not lead %d", d, k, a, to)
			}
		}
	}
}
