package pyai

import (
	"testing"
)

// Both players of a game get its CPU; games in progress get different
// CPUs while there are CPUs free; a released CPU is free again.
func TestClaimCPU(t *testing.T) {
	list := allowedCPUs()
	g1, g2 := new(int), new(int) // two games
	a, b, c := ClaimCPU(g1), ClaimCPU(g1), ClaimCPU(g2)
	defer ReleaseCPU(g2)
	if len(list) < 2 {
		if a != -1 || c != -1 {
			t.Fatalf("%d CPUs: claimed %d and %d, want none", len(list), a, c)
		}
		return
	}
	if a != b || a == c || a < 0 || c < 0 {
		t.Errorf("CPUs %d and %d for the players of one game, %d for another: want one CPU per game, two games apart", a, b, c)
	}
	ReleaseCPU(g1)
	ReleaseCPU(g1)
	if d := ClaimCPU(g1); d != a {
		t.Errorf("a game on the released CPU %d got CPU %d", a, d)
	}
	ReleaseCPU(g1)
	gameCPUs.mu.Lock()
	defer gameCPUs.mu.Unlock()
	if len(gameCPUs.games) != 1 || gameCPUs.count[c] != 1 || len(gameCPUs.count) != 1 {
		t.Errorf("after the releases: %d games, counts %v; want only the game on CPU %d", len(gameCPUs.games), gameCPUs.count, c)
	}
}
