package paperio

import (
	"testing"

	"github.com/paperio/paperio/engine"
)

// TestTurn: a key names the way to go; the head's own way, the opposite
// way and "straight" go straight.
func TestTurn(t *testing.T) {
	want := map[engine.Dir]map[string]engine.Action{
		engine.East:  {"up": engine.Left, "down": engine.Right, "left": engine.Straight, "right": engine.Straight, "straight": engine.Straight},
		engine.South: {"up": engine.Straight, "down": engine.Straight, "left": engine.Right, "right": engine.Left, "straight": engine.Straight},
		engine.West:  {"up": engine.Right, "down": engine.Left, "left": engine.Straight, "right": engine.Straight, "straight": engine.Straight},
		engine.North: {"up": engine.Straight, "down": engine.Straight, "left": engine.Left, "right": engine.Right, "straight": engine.Straight},
	}
	for d, keys := range want {
		for k, a := range keys {
			if got := Turn(d, k); got != a {
				t.Errorf("facing %d, key %s: %c, want %c", d, k, got, a)
			}
			if to, ok := keyDirs[k]; ok && a != engine.Straight && a.Turn(d) != to {
				t.Errorf("facing %d, key %s: %c does not lead %d", d, k, a, to)
			}
		}
	}
}
