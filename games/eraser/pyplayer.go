package eraser

import (
	"fmt"

	"github.com/paperio/paperio/eraser/bots"
	"github.com/paperio/paperio/game"
)

// newCourseAI starts a course AI (see pyplayer.go).
func newCourseAI(path string, o game.PlayerOptions) (bots.Bot, error) {
	return nil, fmt.Errorf("py:%s: eraser course AIs are not supported yet", path)
}
