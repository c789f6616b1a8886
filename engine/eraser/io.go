package eraser

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/paperio/paperio/internal/jsonl"
)

// Reader reads games of the corpus format from a file, one per line. Next
// returns the next game, or io.EOF after the last; blank lines are
// skipped; a malformed line (bad JSON, an unknown key, a game that cannot
// be replayed) is an error naming the file and the line. Line is the line
// number of the last game read.
type Reader = jsonl.Reader[*Game]

// Open opens a game file; a name ending in .gz is read through gzip.
func Open(name string) (*Reader, error) { return jsonl.Open(name, ParseGame) }

// ParseGame reads one game from its JSON line and checks it.
func ParseGame(line []byte) (*Game, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	g := &Game{}
	if err := dec.Decode(g); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("more than one JSON value on the line")
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	return g, nil
}

// ReadAll reads every game of a file.
func ReadAll(name string) ([]*Game, error) { return jsonl.ReadAll(name, ParseGame) }

// WriteGame writes g as one line of the corpus format.
func WriteGame(w io.Writer, g *Game) error {
	b, err := json.Marshal(g)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Append adds games to the end of a game file (gzip when the name ends in
// .gz) without ever leaving a half-written file (jsonl.Append).
func Append(name string, games ...*Game) error {
	return jsonl.Append(name, func(w io.Writer) error {
		for _, g := range games {
			if err := WriteGame(w, g); err != nil {
				return err
			}
		}
		return nil
	})
}
