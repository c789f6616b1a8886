// Package jsonl reads and extends the game files of every course game:
// JSON lines, one game a line, read through gzip when the name ends in
// .gz. The games differ in what a line holds, not in how a file is read or
// extended, so that part is written once here; each game package parses
// and checks its own lines and keeps its own API on top.
package jsonl

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/paperio/paperio/internal/durable"
)

// bufSize is the read buffer. A line is a whole game (up to about 1 MB in
// stellar's reference games, which record every force of every turn), and
// a large buffer saves ReadBytes from gathering it in many small pieces.
const bufSize = 1 << 20

// Reader reads a file's lines one at a time, each parsed into a T (a
// game), and counts them so that an error can name the line.
type Reader[T any] struct {
	name  string
	line  int
	parse func([]byte) (T, error)
	f     *os.File
	zr    *gzip.Reader
	br    *bufio.Reader
}

// Open opens a file whose lines parse reads; a name ending in .gz is read
// through gzip (the gzip members Append adds read as one stream).
func Open[T any](name string, parse func(line []byte) (T, error)) (*Reader[T], error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	r := &Reader[T]{name: name, parse: parse, f: f}
	var src io.Reader = f
	if gzipped(name) {
		if r.zr, err = gzip.NewReader(bufio.NewReader(f)); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: not a gzip file: %v", name, err)
		}
		src = r.zr
	}
	r.br = bufio.NewReaderSize(src, bufSize)
	return r, nil
}

// Next returns the next line that is not blank, trimmed of white space and
// parsed, or io.EOF after the last (parse may keep the line it is given).
// A line parse rejects is an error naming the file and the line; so is a
// file that cannot be read to its end (a gzip stream cut short), reported
// before its broken last line is parsed.
func (r *Reader[T]) Next() (T, error) {
	var v T
	b, err := r.nextLine()
	if err != nil {
		return v, err
	}
	if v, err = r.parse(b); err != nil {
		return v, fmt.Errorf("%s: line %d: %w", r.name, r.line, err)
	}
	return v, nil
}

func (r *Reader[T]) nextLine() ([]byte, error) {
	for {
		b, err := r.br.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: line %d: %w", r.name, r.line+1, err)
		}
		if len(b) == 0 && err != nil {
			return nil, io.EOF
		}
		r.line++
		if b = bytes.TrimSpace(b); len(b) > 0 {
			return b, nil
		}
	}
}

// Line is the number of the line Next read last (1-based; blank lines
// count).
func (r *Reader[T]) Line() int { return r.line }

// Close closes the file.
func (r *Reader[T]) Close() error {
	if r.zr != nil {
		r.zr.Close()
	}
	return r.f.Close()
}

// ReadAll reads every line of a file through parse.
func ReadAll[T any](name string, parse func(line []byte) (T, error)) ([]T, error) {
	r, err := Open(name, parse)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var all []T
	for {
		v, err := r.Next()
		if errors.Is(err, io.EOF) {
			return all, nil
		}
		if err != nil {
			return nil, err
		}
		all = append(all, v)
	}
}

// Append adds what write writes to the end of a file (made if missing),
// through gzip when the name ends in .gz, without ever leaving a
// half-written file: the old content and then the new go to a temporary
// file beside it, which replaces the file only once complete (package
// durable). If write or the disk fails, the file stays as it was. A .gz
// file gets a new gzip member: readers see one stream, and the old games
// are copied as they are, not decompressed and written again.
func Append(name string, write func(io.Writer) error) error {
	return durable.WriteWith(name, func(f io.Writer) error {
		if err := copyFile(f, name); err != nil {
			return err
		}
		w := f
		var zw *gzip.Writer
		if gzipped(name) {
			zw = gzip.NewWriter(f)
			w = zw
		}
		bw := bufio.NewWriter(w)
		if err := write(bw); err != nil {
			return err
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

// copyFile copies the file name to dst; a missing file is empty.
func copyFile(dst io.Writer, name string) error {
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

func gzipped(name string) bool { return strings.HasSuffix(name, ".gz") }

// Files are the game files a path names: the path itself when it is a
// file, else the *.jsonl and *.jsonl.gz files directly in the folder,
// sorted, leaving out names that start with '.' (files being written). A
// folder without any gives none and no error.
func Files(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if !e.IsDir() && !strings.HasPrefix(n, ".") && (strings.HasSuffix(n, ".jsonl") || strings.HasSuffix(n, ".jsonl.gz")) {
			out = append(out, filepath.Join(path, n))
		}
	}
	sort.Strings(out)
	return out, nil
}
