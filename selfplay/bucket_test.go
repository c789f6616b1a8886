package selfplay

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/paperio/paperio/internal/s3test"
	"github.com/paperio/paperio/store"
)

// flaky is a proxy in front of an S3 server that answers "503 Slow Down"
// to the first fails uploads of each object whose key contains key.
type flaky struct {
	next  http.Handler
	key   string
	fails int
	mu    sync.Mutex
	seen  map[string]int
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPut && strings.Contains(r.URL.Path, f.key) {
		f.mu.Lock()
		f.seen[r.URL.Path]++
		n := f.seen[r.URL.Path]
		f.mu.Unlock()
		if n <= f.fails {
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`))
			return
		}
	}
	f.next.ServeHTTP(w, r)
}

// A bucket that throttles is tried again with backoff: the run completes,
// its files are those of a local run, and the shard record counts the
// retries.
func TestBucketRetriesAreCounted(t *testing.T) {
	srv := s3test.Start(t)
	s3test.SetEnv(t)
	old := store.Retry
	store.Retry.First = 1
	t.Cleanup(func() { store.Retry = old })
	target, _ := url.Parse("http://" + srv.Addr)
	// Three failures in a row of one object: the S3 client sends each
	// request once, and the store's retries ride them out.
	proxy := &flaky{next: httputil.NewSingleHostReverseProxy(target), key: "/games/chunk-000001.parquet", fails: 3, seen: map[string]int{}}
	ts := httptest.NewServer(proxy)
	defer ts.Close()
	out := "s3://" + s3test.Bucket + "/flaky?endpoint=" + ts.URL + "&use_path_style=true&region=us-east-1"

	plan := testPlan(40, 10)
	m, err := Run(context.Background(), Options{Plan: plan, Out: out, Workers: 2, Entrant: entrantOf(testBot)})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Complete || len(m.Shards) != 1 || m.Shards[0].Retries < 1 {
		t.Fatalf("complete %v, shard records %+v: want a complete run that counted its retries", m.Complete, m.Shards)
	}
	local := runPlan(t, plan, t.TempDir(), 1, Shard{}, false)
	if m.TurnRows != local.TurnRows || m.TurnsBytes != local.TurnsBytes || m.GamesBytes != local.GamesBytes {
		t.Fatalf("bucket run %+v differs from the local run %+v", m, local)
	}
}
