package eraser

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Reader reads games of the corpus format from a file, one per line.
type Reader struct {
	name string
	line int
	f    *os.File
	zr   *gzip.Reader
	br   *bufio.Reader
}

// Open opens a game file; a name ending in .gz is read through gzip.
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
// skipped; a malformed line (bad JSON, an unknown key, a game that cannot be
// replayed) is an error naming the file and the line.
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
		g, err := ParseGame(b)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %v", r.name, r.line, err)
		}
		return g, nil
	}
}

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

// Line is the line number of the last game read.
func (r *Reader) Line() int { return r.line }

// Close closes the file.
func (r *Reader) Close() error {
	if r.zr != nil {
		r.zr.Close()
	}
	return r.f.Close()
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
// .gz) without ever leaving a half-written file: the old content and the new
// games go to a temporary file in the same folder, which then replaces it.
func Append(name string, games ...*Game) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := copyOld(tmp, name); err != nil {
		tmp.Close()
		return err
	}
	var w io.Writer = tmp
	var zw *gzip.Writer
	if strings.HasSuffix(name, ".gz") {
		zw = gzip.NewWriter(tmp) // a new gzip member: readers see one stream
		w = zw
	}
	bw := bufio.NewWriter(w)
	for _, g := range games {
		if err = WriteGame(bw, g); err != nil {
			break
		}
	}
	if err == nil {
		err = bw.Flush()
	}
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %v", name, err)
	}
	return os.Rename(tmp.Name(), name)
}

func copyOld(dst *os.File, name string) error {
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
