package stellar

import (
	"errors"

	"github.com/paperio/paperio/game"
)

func newPyPlayer(path string, o game.PlayerOptions) (Player, error) {
	return nil, errors.New("course AIs are not wired yet")
}
