package pyai

import (
	"slices"
	"sort"
	"sync"
)

// Interface is what a course game's AI files define at module level: the
// name its driver looks for after the import (a function or a class,
// anything callable) and how the course's documents show it. A file that
// lacks the name is refused in the user's terms: what it defines instead
// when it is another game's AI, and what this game's AIs define.
type Interface struct {
	Game  string `json:"game"`  // the game's name for people
	Name  string `json:"name"`  // the name defined: "move"
	Shows string `json:"shows"` // "move(board)", "class Mover(first) with move(self, board)"
}

var interfaces struct {
	sync.RWMutex
	list []Interface
}

// RegisterInterface adds a game's interface to those a refusal names (a
// game's binding registers its own from init).
func RegisterInterface(i Interface) {
	interfaces.Lock()
	defer interfaces.Unlock()
	for _, have := range interfaces.list {
		if have == i {
			return
		}
	}
	interfaces.list = append(interfaces.list, i)
}

// Interfaces are the registered ones, by game name.
func Interfaces() []Interface {
	interfaces.RLock()
	defer interfaces.RUnlock()
	out := slices.Clone(interfaces.list)
	sort.Slice(out, func(a, b int) bool { return out[a].Game < out[b].Game })
	return out
}
