package jsonl

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// write makes a file of content, gzip'd when the name ends in .gz.
func write(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	data := []byte(content)
	if gzipped(name) {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(data)
		zw.Close()
		data = buf.Bytes()
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

type numbered struct {
	text string
	line int
}

// asIs is a parser that keeps each line as it is.
func asIs(b []byte) ([]byte, error) { return b, nil }

// readLines reads a whole file with Next, keeping each line's number.
func readLines(t *testing.T, path string) []numbered {
	t.Helper()
	r, err := Open(path, asIs)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []numbered
	for {
		b, err := r.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, numbered{string(b), r.Line()})
	}
}

// Plain and gzip'd files read the same: blank lines skipped but counted,
// white space trimmed, a last line without a newline read too.
func TestNextPlainAndGzip(t *testing.T) {
	content := "\n{\"a\": 1}\n  \n\t\n  {\"b\": 2}  \r\n\n{\"c\": 3}"
	want := []numbered{{`{"a": 1}`, 2}, {`{"b": 2}`, 5}, {`{"c": 3}`, 7}}
	for _, name := range []string{"g.jsonl", "g.jsonl.gz"} {
		if got := readLines(t, write(t, name, content)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %v, want %v", name, got, want)
		}
	}
	if got := readLines(t, write(t, "empty.jsonl.gz", "\n\n")); len(got) != 0 {
		t.Errorf("a file of blank lines read as %v", got)
	}
}

// Each line parse is given is its own: reading on does not change it.
func TestNextLinesAreKept(t *testing.T) {
	r, err := Open(write(t, "g.jsonl", "first\nsecond\n"), asIs)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a, _ := r.Next()
	b, _ := r.Next()
	if string(a) != "first" || string(b) != "second" {
		t.Errorf("read %q then %q", a, b)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last line: %v, want io.EOF", err)
	}
}

// A file that cannot be opened or read is an error naming it, never a
// panic.
func TestOpenAndReadErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing.jsonl"), asIs); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	plain := filepath.Join(dir, "plain.jsonl.gz")
	os.WriteFile(plain, []byte("{}\n"), 0o644)
	if _, err := Open(plain, asIs); err == nil || !strings.HasPrefix(err.Error(), plain+": not a gzip file: ") {
		t.Errorf("plain text named .gz: %v", err)
	}
	// A gzip stream cut short, at every length past its header.
	var full bytes.Buffer
	zw := gzip.NewWriter(&full)
	for i := range 200 {
		fmt.Fprintf(zw, "{\"game\": %d}\n", i)
	}
	zw.Close()
	cut := filepath.Join(dir, "cut.jsonl.gz")
	for n := 10; n < full.Len(); n += 7 {
		os.WriteFile(cut, full.Bytes()[:n], 0o644)
		_, err := ReadAll(cut, asIs)
		if err == nil || !strings.HasPrefix(err.Error(), cut+": ") || strings.Contains(err.Error(), "\n") {
			t.Fatalf("cut at %d of %d bytes: error %v, want one line naming the file", n, full.Len(), err)
		}
	}
}

// Next and ReadAll name the file and the line a parser rejects.
func TestParseErrorsNameTheLine(t *testing.T) {
	atoi := func(b []byte) (int, error) { return strconv.Atoi(string(b)) }
	for _, name := range []string{"n.jsonl", "n.jsonl.gz"} {
		path := write(t, name, "1\n\n2\nthree\n4\n")
		r, err := Open(path, atoi)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []int{1, 2} {
			if n, err := r.Next(); n != want || err != nil {
				t.Errorf("%s: read %d, %v, want %d", name, n, err, want)
			}
		}
		if _, err := r.Next(); err == nil || err.Error() != path+`: line 4: strconv.Atoi: parsing "three": invalid syntax` {
			t.Errorf("%s: Next: error %v, want it at line 4", name, err)
		}
		r.Close()
		_, err = ReadAll(path, atoi)
		if err == nil || !strings.HasPrefix(err.Error(), path+": line 4: ") {
			t.Errorf("%s: ReadAll: error %v, want it at line 4", name, err)
		}
		var num *strconv.NumError
		if !errors.As(err, &num) {
			t.Errorf("%s: the parser's error is not kept: %v", name, err)
		}
		got, err := ReadAll(write(t, name, "1\n\n2\n"), atoi)
		if err != nil || !reflect.DeepEqual(got, []int{1, 2}) {
			t.Errorf("%s: read %v, %v", name, got, err)
		}
	}
}

func lines(ss ...string) func(io.Writer) error {
	return func(w io.Writer) error {
		for _, s := range ss {
			if _, err := io.WriteString(w, s+"\n"); err != nil {
				return err
			}
		}
		return nil
	}
}

// files lists a folder, hidden files (temporary ones) included.
func files(dir string) []string {
	all, _ := filepath.Glob(filepath.Join(dir, "*"))
	return all
}

// Append makes a missing file and adds to an existing one; a .gz file gets
// a gzip member per Append that any gzip reader reads as one stream, the
// old members kept byte for byte; nothing is left beside the file.
func TestAppend(t *testing.T) {
	for _, name := range []string{"g.jsonl", "g.jsonl.gz"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			if err := Append(path, lines("1", "2")); err != nil {
				t.Fatal(err)
			}
			first, _ := os.ReadFile(path)
			if err := Append(path, lines("3")); err != nil {
				t.Fatal(err)
			}
			if err := Append(path, lines()); err != nil {
				t.Fatal(err)
			}
			want := []numbered{{"1", 1}, {"2", 2}, {"3", 3}}
			if got := readLines(t, path); !reflect.DeepEqual(got, want) {
				t.Errorf("read %v, want %v", got, want)
			}
			raw, _ := os.ReadFile(path)
			if !bytes.HasPrefix(raw, first) {
				t.Error("the old content was not kept as it was")
			}
			if isGzip := bytes.HasPrefix(raw, []byte{0x1f, 0x8b}); isGzip != gzipped(name) {
				t.Errorf("gzip %v", isGzip)
			}
			if gzipped(name) {
				zr, err := gzip.NewReader(bytes.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				if all, err := io.ReadAll(zr); err != nil || string(all) != "1\n2\n3\n" {
					t.Errorf("gzip reads %q, %v", all, err)
				}
			} else if string(raw) != "1\n2\n3\n" {
				t.Errorf("file holds %q", raw)
			}
			if n := files(dir); len(n) != 1 || n[0] != path {
				t.Errorf("folder holds %v", n)
			}
		})
	}
}

// A write that fails leaves the file as it was, or no file when there was
// none, and no temporary file.
func TestAppendFailureLeavesFile(t *testing.T) {
	boom := errors.New("boom")
	failing := func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("half a game ", 1<<16))
		return boom
	}
	for _, name := range []string{"g.jsonl", "g.jsonl.gz"} {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		if err := Append(path, failing); !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want boom naming the file", name, err)
		}
		if n := files(dir); len(n) != 0 {
			t.Errorf("%s: a failed first Append left %v", name, n)
		}
		if err := Append(path, lines("old")); err != nil {
			t.Fatal(err)
		}
		before, _ := os.ReadFile(path)
		if err := Append(path, failing); !errors.Is(err, boom) {
			t.Errorf("%s: error %v", name, err)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
			t.Errorf("%s: a failed Append changed the file", name)
		}
		if n := files(dir); len(n) != 1 || n[0] != path {
			t.Errorf("%s: folder holds %v", name, n)
		}
	}
}

// TestFiles: a file names itself; a folder its *.jsonl and *.jsonl.gz
// files, sorted, without hidden ones, other files or subfolders.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.jsonl.gz", "a.jsonl", ".c.jsonl", "notes.txt", "d.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "e.jsonl"), 0o755)
	got, err := Files(dir)
	if err != nil || strings.Join(got, ",") != filepath.Join(dir, "a.jsonl")+","+filepath.Join(dir, "b.jsonl.gz") {
		t.Fatalf("got %v, %v", got, err)
	}
	one := filepath.Join(dir, "notes.txt")
	if got, err := Files(one); err != nil || len(got) != 1 || got[0] != one {
		t.Fatalf("a file: got %v, %v", got, err)
	}
	if _, err := Files(filepath.Join(dir, "nope")); err == nil {
		t.Fatal("a missing path gave no error")
	}
}
