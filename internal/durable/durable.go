// Package durable writes files whole or not at all: a file is written under
// a hidden temporary name in its folder, flushed to disk, renamed to its
// final name and the folder flushed too, so that after a crash a file
// either is there complete or is not there. It is the local-disk side of
// package store, through which every output of the toolkit (datasets,
// manifests, tournament results, tuning state, charts) is written.
package durable

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// File is a file being written. Write to it, then Commit; Abort (safe to
// defer, a no-op after Commit) removes what was written.
type File struct {
	w     Writer
	tmp   string
	final string
	done  bool
}

// Writer is what a File writes to (an *os.File; tests wrap it to simulate a
// full disk).
type Writer interface {
	io.Writer
	Sync() error
	Close() error
}

// Open opens a file for writing; tests replace it.
var Open = func(name string) (Writer, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}

// Temporary files are named ".NAME.tmp-PID": the leading dot hides them
// from DuckDB, Spark and pyarrow, and the pid tells RemoveStale which
// writer made them.
const tempMark = ".tmp-"

// TempName is the temporary name of path while this process writes it.
func TempName(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+tempMark+strconv.Itoa(os.Getpid()))
}

// Create starts writing path. A temporary file of this process left from an
// earlier attempt is replaced.
func Create(path string) (*File, error) {
	tmp := TempName(path)
	os.Remove(tmp)
	w, err := Open(tmp)
	if err != nil {
		return nil, Explain(tmp, missingFolder(path, err))
	}
	return &File{w: w, tmp: tmp, final: path}, nil
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err != nil {
		err = Explain(f.final, err)
	}
	return n, err
}

// Name is the final name of the file.
func (f *File) Name() string { return f.final }

// Sync flushes the temporary file to disk: a caller committing several
// files together syncs them all before the first rename.
func (f *File) Sync() error {
	if err := f.w.Sync(); err != nil {
		return Explain(f.final, err)
	}
	return nil
}

// Commit flushes the file, closes it, gives it its final name and flushes
// the folder. On error the temporary file is removed.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("%s: committed twice", f.final)
	}
	err := f.w.Sync()
	if cerr := f.w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp, f.final)
	}
	f.done = true
	if err != nil {
		os.Remove(f.tmp)
		return Explain(f.final, err)
	}
	if err := SyncDir(filepath.Dir(f.final)); err != nil {
		return Explain(filepath.Dir(f.final), err)
	}
	return nil
}

// Abort closes and removes the temporary file; after Commit it does nothing.
func (f *File) Abort() {
	if f == nil || f.done {
		return
	}
	f.done = true
	f.w.Close()
	os.Remove(f.tmp)
}

// WriteFile writes data to path durably.
func WriteFile(path string, data []byte) error {
	return WriteWith(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteJSON writes v to path durably as indented JSON with a final newline.
func WriteJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return WriteFile(path, append(b, '\n'))
}

// WriteWith writes path durably with write; nothing is left behind when
// write fails.
func WriteWith(path string, write func(io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := write(f); err != nil {
		return Explain(path, err)
	}
	return f.Commit()
}

// SyncDir makes the renames in dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

// RemoveStale deletes the temporary files in dir that writers which are no
// longer running left behind (a crash, a kill). Files of running writers,
// this one included, are kept.
func RemoveStale(dir string) {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		name := e.Name()
		i := strings.LastIndex(name, tempMark)
		if !strings.HasPrefix(name, ".") || i < 0 {
			continue
		}
		pid, err := strconv.Atoi(name[i+len(tempMark):])
		if err != nil || pid == os.Getpid() || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue
		}
		os.Remove(filepath.Join(dir, name))
	}
}

// IsTemp reports whether name is a temporary file of this package.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, tempMark)
}

// Explain says plainly what a failed write means when the disk is full or
// the folder cannot be written; other errors name the path.
func Explain(path string, err error) error {
	var known *explained
	if errors.As(err, &known) {
		return err
	}
	msg := "writing " + path
	switch {
	case errors.Is(err, syscall.ENOSPC):
		msg = "disk full while writing " + path
	case errors.Is(err, syscall.EDQUOT):
		msg = "disk quota exceeded while writing " + path
	case errors.Is(err, os.ErrPermission), errors.Is(err, syscall.EROFS):
		msg = "cannot write " + path
	}
	return &explained{msg, err, false}
}

// missingFolder names the folder of path when it is not there or not a
// folder, rather than the temporary file that could not be created in it.
func missingFolder(path string, err error) error {
	dir := filepath.Dir(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &explained{"cannot write " + path + ": no folder " + dir, err, true}
	case errors.Is(err, syscall.ENOTDIR):
		return &explained{"cannot write " + path + ": " + dir + " is not a folder", err, true}
	}
	return err
}

type explained struct {
	msg   string
	err   error
	whole bool // msg says it all: the underlying error would only repeat it
}

func (e *explained) Error() string {
	if e.whole {
		return e.msg
	}
	return e.msg + ": " + e.err.Error()
}
func (e *explained) Unwrap() error { return e.err }

// Full reports whether err is a full disk or quota, after which a run can
// be resumed once space is freed.
func Full(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
