package replay

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/paperio/paperio/internal/jsonl"
)

// Reader reads games from a replay file, one per line. Next returns the
// next game, or io.EOF after the last; blank lines are skipped; a malformed
// line is an error naming the file and line. Line is the line number of the
// last game read.
type Reader = jsonl.Reader[*Game]

// Open opens a replay file; a name ending in .gz is read through gzip.
func Open(name string) (*Reader, error) { return jsonl.Open(name, parseGame) }

// parseGame reads one line of a replay file and checks it.
func parseGame(line []byte) (*Game, error) {
	g := &Game{}
	if err := json.Unmarshal(line, g); err != nil {
		return nil, err
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	return g, nil
}

// check rejects a game that cannot be replayed.
func (g *Game) check() error {
	if err := g.Config().Validate(); err != nil {
		return err
	}
	if _, err := g.Start(); err != nil {
		return err
	}
	for i, c := range []byte(g.Actions) {
		if c != 'L' && c != 'R' && c != 'S' {
			return fmt.Errorf("action %d is %q: must be L, R or S", i+1, c)
		}
	}
	if len(g.Actions) > 2*g.MaxTurns {
		return fmt.Errorf("%d actions for %d rounds", len(g.Actions), g.MaxTurns)
	}
	if f := g.Frames; f != nil {
		n := len(g.Actions) + 1
		if len(f.Digest) > n || len(f.Pos) > n || len(f.Area) > n || len(f.Band) > n {
			return fmt.Errorf("more frames than actions + 1 (%d)", n)
		}
	}
	return nil
}

// ReadAll reads every game of a file.
func ReadAll(name string) ([]*Game, error) { return jsonl.ReadAll(name, parseGame) }

// Append adds games to the end of a replay file without ever leaving a
// half-written file (jsonl.Append).
func Append(name string, games ...*Game) error {
	return jsonl.Append(name, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		for _, g := range games {
			if err := enc.Encode(g); err != nil {
				return err
			}
		}
		return nil
	})
}
