package rl

import "github.com/paperio/paperio/engine"

// Actions are the actions by index, as the environment takes them and the
// dataset loader gives them: 0 turn left, 1 go straight, 2 turn right.
var Actions = [3]engine.Action{engine.Left, engine.Straight, engine.Right}

// ActionIndex is the index of a (the inverse of Actions); an action
// outside L, S, R is -1.
func ActionIndex(a engine.Action) int {
	switch a {
	case engine.Left:
		return 0
	case engine.Straight:
		return 1
	case engine.Right:
		return 2
	}
	return -1
}
