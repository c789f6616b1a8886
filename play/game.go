package play

// Game is a game in progress as the loop drives it: the rules package's
// state behind a small adapter. V is what players read, A a move.
type Game[V, A any] interface {
	// Over reports whether the game has ended.
	Over() bool
	// Movers says who moves next, a bit per player index: 1 (player 0),
	// 2 (player 1) or 3 (both decide on the same view, then the moves are
	// applied together).
	Movers() uint8
	// View is the game as players see it, valid for calls made on the
	// loop's goroutine until the next Apply.
	View() V
	// Snapshot copies the view into into (the zero V the first time, or a
	// copy the game gave before) and returns it: a copy the game never
	// changes, for a call that may outlive the loop's wait.
	Snapshot(into V) V
	// Apply plays player me's move. When both move at once the game keeps
	// the first move until the second arrives.
	Apply(me int, a A)
	// Fault applies the game's rule for a player that failed a call: in
	// paper.io and eraser it loses; in stellar a failed turn is an empty
	// one, and only a failed load loses. loading says the call was Reset
	// (or the player could not be started at all).
	Fault(me int, f Fault, loading bool)
}

// SideSeed derives the seed of side i of a game from the game's seed
// (SplitMix64 finaliser, so nearby seeds give unrelated streams).
func SideSeed(seed uint64, i int) uint64 {
	return Mix(seed + uint64(i+1)*0x9e3779b97f4a7c15)
}

// Mix is the SplitMix64 finaliser: a cheap, well-spread hash of a 64-bit
// value, used wherever a seed is derived from another.
func Mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// GameSeed is the seed of game g of a run with seed run (a SplitMix64 hash
// of both, below 2^63): games of a run get unrelated seeds, and a game's
// seed depends only on the run and its index, not on who plays it when.
func GameSeed(run, g int64) int64 {
	return int64(Mix(Mix(uint64(run))+uint64(g)) >> 1)
}
