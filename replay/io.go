package replay

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/paperio/paperio/internal/durable"
)

// Reader reads games from a replay file, one per line.
type Reader struct {
	name string
	line int
	f    *os.File
	zr   *gzip.Reader
	br   *bufio.Reader
}

// Open opens a replay file; a name ending in .gz is read through gzip.
func Open(name string) (*Reader, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	r := &Reader{name: name, f: f}
	var src io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		if r.zr, err = gzip.NewReader(bufio.NewReader(f)); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: not a gzip file: %v", name, err)
		}
		src = r.zr
	}
	r.br = bufio.NewReaderSize(src, 1<<20)
	return r, nil
}

// Next returns the next game, or io.EOF after the last. Blank lines are
// skipped; a malformed line is an error naming the file and line.
func (r *Reader) Next() (*Game, error) {
	for {
		b, err := r.br.ReadBytes('\n')
		if len(b) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("%s: line %d: %v", r.name, r.line+1, err)
		}
		r.line++
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			continue
		}
		g := &Game{}
		if err := json.Unmarshal(b, g); err != nil {
			return nil, fmt.Errorf("%s: line %d: %v", r.name, r.line, err)
		}
		if err := g.check(); err != nil {
			return nil, fmt.Errorf("%s: line %d: %v", r.name, r.line, err)
		}
		return g, nil
	}
}

// Line is the line number of the last game read.
func (r *Reader) Line() int { return r.line }

// Close closes the file.
func (r *Reader) Close() error {
	if r.zr != nil {
		r.zr.Close()
	}
	return r.f.Close()
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
func ReadAll(name string) ([]*Game, error) {
	r, err := Open(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var games []*Game
	for {
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			return games, nil
		}
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
}

// Append adds games to the end of a replay file without ever leaving a
// half-written file: the old content and the new games go to a temporary file
// in the same folder, which then replaces the original.
func Append(name string, games ...*Game) error {
	return durable.WriteWith(name, func(f io.Writer) error {
		if err := copyOld(f, name); err != nil {
			return err
		}
		w := f
		var zw *gzip.Writer
		if strings.HasSuffix(name, ".gz") {
			zw = gzip.NewWriter(f) // a new gzip member: readers see one stream
			w = zw
		}
		bw := bufio.NewWriter(w)
		enc := json.NewEncoder(bw)
		for _, g := range games {
			if err := enc.Encode(g); err != nil {
				return err
			}
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		if zw != nil {
			return zw.Close()
		}
		return nil
	})
}

func copyOld(dst io.Writer, name string) error {
	src, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer src.Close()
	_, err = io.Copy(dst, src)
	return err
}
