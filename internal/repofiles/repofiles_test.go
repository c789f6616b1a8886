package repofiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrackedFiles fails on every file git tracks that is an executable or
// object file, or larger than MaxSize.
func TestTrackedFiles(t *testing.T) {
	root, files := tracked(t)
	if len(files) < 10 {
		t.Fatalf("git ls-files lists %d files in %s: not this repository's checkout", len(files), root)
	}
	for _, f := range files {
		if problem := check(filepath.Join(root, f)); problem != "" {
			t.Errorf("%s: %s; build outputs and large files are not committed (.gitignore)", f, problem)
		}
	}
}

// tracked returns the root of the checkout and the files git tracks in it,
// stopping the test with a clear message when git or the checkout is missing.
func tracked(t *testing.T) (string, []string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is not installed, and this test lists the tracked files with it: install git (apt-get install git) and run the tests in a git checkout")
	}
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("git rev-parse --show-toplevel: %v%s: the tests must run in a git checkout of the repository", err, stderr(err))
	}
	root := strings.TrimSpace(string(top))
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v%s", err, stderr(err))
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return root, files
}

func stderr(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return " (" + strings.TrimSpace(string(ee.Stderr)) + ")"
	}
	return ""
}

// check returns what is wrong with the file at path, or "". A tracked file
// missing from the work tree (deleted, not yet committed) and symbolic links
// pass: git stores neither's content here.
func check(path string) string {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() {
		return ""
	}
	if info.Size() > MaxSize {
		return fmt.Sprintf("%.1f MB, over the %d MB limit", float64(info.Size())/1e6, MaxSize/1_000_000)
	}
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	head := make([]byte, HeadSize)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return err.Error()
	}
	if kind := Binary(path, head[:n]); kind != "" {
		return kind
	}
	return ""
}

// pe is the start of a minimal PE file: a DOS header whose e_lfanew (at
// 0x3c) points at the PE signature.
func pe() []byte {
	b := make([]byte, 0x80)
	copy(b, "MZ")
	b[0x3c] = 0x40
	copy(b[0x40:], "PE\x00\x00")
	return b
}

func TestBinary(t *testing.T) {
	for _, c := range []struct {
		name, head string
		binary     bool
	}{
		{"libpaperio", "\x7fELF\x02\x01\x01\x00", true},
		{"paperio", "\xcf\xfa\xed\xfe\x07\x00\x00\x01", true}, // Mach-O 64-bit, little-endian
		{"paperio", "\xfe\xed\xfa\xce", true},
		{"paperio", "\xca\xfe\xba\xbe\x00\x00\x00\x02", true},
		{"paperio.exe.bin", string(pe()), true},
		{"mod", "\x00asm\x01\x00\x00\x00", true},
		{"lib", "!<arch>\ndebian-binary", true},
		{"python/paperio/_native.so", "anything", true},
		{"x/__pycache__/a.cpython-311.pyc", "\xa7\x0d\x0d\x0a", true},
		{"engine.test", "", true},
		{"main.go", "package main\n", false},
		{"run.sh", "#!/usr/bin/env bash\necho hi\n", false},
		{"notes.txt", "MZ is how this line starts, and it is text", false},
		{"doc.md", "MZ" + strings.Repeat(" ", 0x80), false},
		{"chart.png", "\x89PNG\r\n\x1a\n", false},
		{"games.parquet", "PAR1\x15\x04", false},
		{"empty", "", false},
	} {
		if got := Binary(c.name, []byte(c.head)); (got != "") != c.binary {
			t.Errorf("Binary(%q, %q) = %q, want binary %v", c.name, c.head, got, c.binary)
		}
	}
}

// TestCheck writes an executable, a file one byte over MaxSize (sparse) and
// one of exactly MaxSize, and checks that check flags the first two only.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, head []byte, size int64) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, head, 0o755); err != nil {
			t.Fatal(err)
		}
		if size > 0 {
			if err := os.Truncate(path, size); err != nil {
				t.Fatal(err)
			}
		}
		return path
	}
	elf := append([]byte("\x7fELF\x02\x01\x01"), bytes.Repeat([]byte{0}, 100)...)
	if p := check(write("libpaperio", elf, 0)); !strings.Contains(p, "ELF") {
		t.Errorf("an ELF file: check says %q", p)
	}
	if p := check(write("big.csv", []byte("a,b\n"), MaxSize+1)); !strings.Contains(p, "over the 5 MB limit") {
		t.Errorf("a file of MaxSize+1 bytes: check says %q", p)
	}
	if p := check(write("edge.csv", []byte("a,b\n"), MaxSize)); p != "" {
		t.Errorf("a text file of MaxSize bytes: check says %q", p)
	}
	if p := check(filepath.Join(dir, "missing")); p != "" {
		t.Errorf("a missing file: check says %q", p)
	}
}
