package pyai

import (
	"sort"
	"sync"
)

// Interface is what a course game's AI files define at module level: the
// name its driver looks for after the import (a function or a class,
// anything callable) and how the course's documents show it. A file that
// lacks the name is refused in the user's terms: what it defines instead
// when it is another game's AI, and what this game's AIs define.
type Interface struct {
	Game  string `json:"game"`  // the game's name for people: "paper.io"
	Name  string `json:"name"`  // "play"
	Shows string `json:"shows"` // "play(stat, storage)", "class Plaser(isFirst) with move(...)"
}

// PaperIO is the interface of paper.io's course AIs.
var PaperIO = Interface{Game: "paper.io", Name: "play", Shows: "play(stat, storage)"}

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

// Interfaces are paper.io's and the registered ones, by game name.
func Interfaces() []Interface {
	interfaces.RLock()
	defer interfaces.RUnlock()
	out := []Interface{PaperIO}
	for _, i := range interfaces.list {
		if i != PaperIO {
			out = append(out, i)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Game < out[b].Game })
	return out
}
