package store

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/internal/s3test"
)

func TestMain(m *testing.M) {
	s3test.ServeIfAsked()
	os.Exit(m.Run())
}

// exercise runs the same checks on any location.
func exercise(t *testing.T, b *Bucket) {
	t.Helper()
	if err := b.Prepare("games"); err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat([]byte("0123456789"), 1000)
	if err := b.WriteFile("games/chunk-000001.parquet", data); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteJSON("manifest.json", map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	o, err := b.Create("games/chunk-000002.parquet")
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("half"))
	o.Abort() // never visible
	ents, err := b.List("games")
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 || ents[0].Key != "games/chunk-000001.parquet" || ents[0].Size != int64(len(data)) {
		t.Fatalf("listed %+v, want the one complete object", ents)
	}
	all, err := b.List("")
	if err != nil || len(all) != 2 {
		t.Fatalf("listed %+v %v, want 2 objects", all, err)
	}
	got, err := b.ReadFile("manifest.json")
	if err != nil || string(got) != "{\n  \"a\": 1\n}\n" {
		t.Fatalf("read %q %v", got, err)
	}
	if _, err := b.ReadFile("nothing.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing object: %v, want fs.ErrNotExist", err)
	}
	if ok, err := b.Exists("manifest.json"); !ok || err != nil {
		t.Fatalf("Exists = %v %v", ok, err)
	}
	f, err := b.Open("games/chunk-000001.parquet", -1)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := make([]byte, 5)
	if n, err := f.ReadAt(p, 9997); n != 3 || err != io.EOF || string(p[:3]) != "789" {
		t.Fatalf("ReadAt at the end = %d %v %q", n, err, p[:n])
	}
	if end, _ := f.Seek(0, io.SeekEnd); end != int64(len(data)) || f.Size() != end {
		t.Fatalf("size %d %d, want %d", end, f.Size(), len(data))
	}
	f.Seek(10, io.SeekStart)
	if all, err := io.ReadAll(f); err != nil || !bytes.Equal(all, data[10:]) {
		t.Fatalf("ReadAll after Seek: %d bytes %v", len(all), err)
	}
	if err := b.Delete("manifest.json"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := b.Exists("manifest.json"); ok {
		t.Fatal("deleted object still there")
	}
}

func TestLocalFolder(t *testing.T) {
	dir := t.TempDir()
	b, err := Open("file://" + dir)
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := b.Local(); !ok || d != dir {
		t.Fatalf("file:// URL is local folder %q %v, want %q", d, ok, dir)
	}
	exercise(t, b)
	// The key is the path under the folder.
	if _, err := os.Stat(filepath.Join(dir, "games", "chunk-000001.parquet")); err != nil {
		t.Fatal(err)
	}
}

func TestS3(t *testing.T) {
	srv := s3test.Start(t)
	s3test.SetEnv(t)
	b, err := Open(srv.URL("runs/one"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, ok := b.Local(); ok {
		t.Fatal("an s3 URL is not a local folder")
	}
	exercise(t, b)
	if got := b.Name("games/x"); got != "s3://paperio/runs/one/games/x" {
		t.Errorf("Name = %q", got)
	}
	// One file by its URL: a chart, say.
	fb, key, err := OpenFile(srv.URL("runs/one/charts/bars.png"))
	if err != nil || key != "bars.png" {
		t.Fatalf("OpenFile: %q %v", key, err)
	}
	if err := fb.WriteFile(key, []byte("png")); err != nil {
		t.Fatal(err)
	}
	if got, err := b.ReadFile("charts/bars.png"); err != nil || string(got) != "png" {
		t.Fatalf("the chart is not at its key: %q %v", got, err)
	}
	// The prefix keeps locations apart.
	other, err := Open(srv.URL("runs/two"))
	if err != nil {
		t.Fatal(err)
	}
	if ents, err := other.List(""); err != nil || len(ents) != 0 {
		t.Fatalf("another prefix lists %v %v, want nothing", ents, err)
	}
}

func TestBadBuckets(t *testing.T) {
	old := Retry
	Retry.Attempts, Retry.First, Retry.Timeout = 2, time.Millisecond, 5*time.Second
	t.Cleanup(func() { Retry = old })
	srv := s3test.Start(t)

	t.Run("unreachable", func(t *testing.T) {
		s3test.SetEnv(t)
		b, err := Open("s3://paperio/x?endpoint=http://127.0.0.1:1&use_path_style=true&region=us-east-1")
		if err != nil {
			t.Fatal(err)
		}
		err = b.Prepare()
		t.Log(err)
		if err == nil || !strings.Contains(err.Error(), "bucket unreachable") || strings.Contains(err.Error(), "\n") {
			t.Fatalf("unreachable bucket: %v, want one line saying so", err)
		}
		if b.Retries() == 0 {
			t.Error("a refused connection was not retried")
		}
	})
	t.Run("no credentials", func(t *testing.T) {
		for _, kv := range s3test.Env() {
			k, v, _ := strings.Cut(kv, "=")
			if strings.HasPrefix(k, "AWS_ACCESS") || strings.HasPrefix(k, "AWS_SECRET") {
				v = ""
			}
			t.Setenv(k, v)
		}
		b, err := Open(srv.URL("x"))
		if err == nil {
			err = b.Prepare()
		}
		t.Log(err)
		if err == nil || !strings.Contains(err.Error(), "credentials") || strings.Contains(err.Error(), "\n") {
			t.Fatalf("no credentials: %v, want one line saying so", err)
		}
	})
	t.Run("no such bucket", func(t *testing.T) {
		s3test.SetEnv(t)
		b, err := Open(strings.Replace(srv.URL("x"), "s3://paperio/", "s3://nobucket/", 1))
		if err == nil {
			err = b.Prepare()
		}
		t.Log(err)
		if err == nil || strings.Contains(err.Error(), "\n") {
			t.Fatalf("missing bucket: %v, want one line", err)
		}
	})
}

func TestIsURL(t *testing.T) {
	for loc, want := range map[string]bool{
		"out/run": false, "/tmp/x": false, "s3://b/p": true, "gs://b": true, "azblob://c/p": true,
		"file:///tmp/x": true, "./a://b": false,
	} {
		if IsURL(loc) != want {
			t.Errorf("IsURL(%q) = %v", loc, !want)
		}
	}
}

func TestJoinAndFiles(t *testing.T) {
	if got := Join("s3://bkt/run?endpoint=http://127.0.0.1:9000&region=x", "a/b.json"); got != "s3://bkt/run/a/b.json?endpoint=http://127.0.0.1:9000&region=x" {
		t.Errorf("Join URL: %s", got)
	}
	dir := t.TempDir()
	if got := Join(dir, "a/b.json"); got != filepath.Join(dir, "a", "b.json") {
		t.Errorf("Join path: %s", got)
	}
	loc := Join(dir, "x.txt")
	if _, ok, err := ReadAt(loc); ok || err != nil {
		t.Fatalf("a missing file: ok %v err %v", ok, err)
	}
	if err := WriteAt(loc, func(w io.Writer) error { _, err := io.WriteString(w, "hi"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, ok, err := ReadAt(loc); !ok || err != nil || string(b) != "hi" {
		t.Fatalf("read back %q %v %v", b, ok, err)
	}
}

// Throttling is retried and counted; an object written after it is whole.
func TestRetriesCounted(t *testing.T) {
	old := Retry
	Retry.Attempts, Retry.First, Retry.Timeout = 3, time.Millisecond, 5*time.Second
	t.Cleanup(func() { Retry = old })
	s3test.SetEnv(t)
	var puts []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		puts = append(puts, r.Method+" "+r.URL.Path+" "+string(body))
		if len(puts) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>")
		}
	}))
	defer srv.Close()
	b, err := Open("s3://bkt/run?use_path_style=true&endpoint=" + srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.WriteFile("manifest.json", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if b.Retries() != 1 || len(puts) != 2 || puts[1] != "PUT /bkt/run/manifest.json {}" {
		t.Fatalf("%d retries, requests %q; want one retry, then the whole object", b.Retries(), puts)
	}
}
