package game

import (
	"errors"
	"fmt"
	"io"

	"github.com/paperio/paperio/internal/jsonl"
)

// CheckFile is what every game's Replays.Check does: it reads the games
// of a replay file with open and checks each with check, which replays the
// game on the engine and returns its id, the frames it compared and the
// first mismatch (nil when every frame matched). bad hears a line per
// mismatched game, "FILE:LINE ID: mismatch".
func CheckFile[G any](path string, open func(string) (*jsonl.Reader[G], error),
	check func(G) (id string, frames int, mismatch error), bad func(string)) (games, frames, mismatched int, err error) {
	r, err := open(path)
	if err != nil {
		return 0, 0, 0, err
	}
	defer r.Close()
	for {
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			return games, frames, mismatched, nil
		}
		if err != nil {
			return games, frames, mismatched, err
		}
		id, n, m := check(g)
		games++
		frames += n
		if m != nil {
			mismatched++
			bad(fmt.Sprintf("%s:%d %s: %v", path, r.Line(), id, m))
		}
	}
}
