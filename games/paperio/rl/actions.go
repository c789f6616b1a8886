package rl

import "github.com/paperio/paperio/engine/paperio"

// Actions are the actions by index, as the environment takes them and the
// dataset loader gives them: 0 turn left, 1 go straight, 2 turn right.
var Actions = [3]paperio.Action{paperio.Left, paperio.Straight, paperio.Right}

// ActionIndex is the index of a (the inverse of Actions); an action
// outside L, S, R is -1.
func ActionIndex(a paperio.Action) int {
	switch a {
	case paperio.Left:
		return 0
	case paperio.Straight:
		return 1
	case paperio.Right:
		return 2
	}
	return -1
}
