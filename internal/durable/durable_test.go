package durable

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func names(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// A committed file has its content under its final name and nothing else
// is left in the folder; a file being written is invisible under its name.
func TestCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.json")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "hello")
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the final name exists before Commit: %v", err)
	}
	if n := names(t, dir); len(n) != 1 || !IsTemp(n[0]) {
		t.Fatalf("while writing: %v", n)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // no-op after Commit
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello" {
		t.Fatalf("after Commit: %q, %v", b, err)
	}
	if n := names(t, dir); len(n) != 1 || n[0] != "a.json" {
		t.Fatalf("folder after Commit: %v", n)
	}
	if err := f.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}
}

// Whatever fails — the writer, the disk — leaves no temporary file and
// does not touch an existing file of that name.
func TestNothingLeftOnError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "b.txt")
	if err := WriteFile(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteWith(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %v", err)
	}
	orig := Open
	defer func() { Open = orig }()
	Open = func(name string) (Writer, error) {
		f, err := orig(name)
		return fullDisk{f}, err
	}
	err = WriteFile(path, []byte("new"))
	if err == nil || !Full(err) || !strings.Contains(err.Error(), "disk full while writing "+path) {
		t.Fatalf("full disk: %v", err)
	}
	Open = orig
	if n := names(t, dir); len(n) != 1 || n[0] != "b.txt" {
		t.Fatalf("files left: %v", n)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("the old file changed: %q", b)
	}
	// An unwritable folder is said plainly.
	missing := filepath.Join(dir, "no", "such", "c")
	if err := WriteFile(missing, nil); err == nil {
		t.Error("writing into a missing folder succeeded")
	} else if want := "cannot write " + missing + ": no folder " + filepath.Dir(missing); err.Error() != want || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("error %q, want %q (and fs.ErrNotExist)", err, want)
	}
	if err := WriteFile(filepath.Join(path, "c"), nil); err == nil || err.Error() != "cannot write "+filepath.Join(path, "c")+": "+path+" is not a folder" {
		t.Errorf("writing under a file: %v", err)
	}
}

type fullDisk struct{ Writer }

func (f fullDisk) Write(p []byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}
}

// RemoveStale removes the temporary files of writers that are gone and
// keeps those of running ones.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, ".x.parquet.tmp-999999999")
	mine := TempName(filepath.Join(dir, "y.parquet"))
	parent := filepath.Join(dir, ".z.tmp-1") // pid 1 is running
	for _, p := range []string{dead, mine, parent, filepath.Join(dir, "keep.parquet")} {
		os.WriteFile(p, nil, 0o644)
	}
	RemoveStale(dir)
	got := strings.Join(names(t, dir), " ")
	if strings.Contains(got, "999999999") || !strings.Contains(got, filepath.Base(mine)) || !strings.Contains(got, ".z.tmp-1") || !strings.Contains(got, "keep.parquet") {
		t.Fatalf("after RemoveStale: %s", got)
	}
}
