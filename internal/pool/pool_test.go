package pool

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// Every job runs once, each worker builds its state once and hands it back.
func TestRunAllJobs(t *testing.T) {
	var made, closed atomic.Int32
	seen := make([]atomic.Int32, 100)
	err := Run(context.Background(), 3, len(seen), func() *int { made.Add(1); return new(int) },
		func(_ context.Context, w *int, i int) error { *w++; seen[i].Add(1); return nil },
		func(*int) { closed.Add(1) })
	if err != nil {
		t.Fatal(err)
	}
	for i := range seen {
		if seen[i].Load() != 1 {
			t.Fatalf("job %d ran %d times", i, seen[i].Load())
		}
	}
	if made.Load() != 3 || closed.Load() != 3 {
		t.Fatalf("%d workers made, %d closed, want 3", made.Load(), closed.Load())
	}
	// Never more workers than jobs.
	made.Store(0)
	Each(context.Background(), 8, 2, func(context.Context, int) error { return nil })
	Run(context.Background(), 8, 2, func() int { made.Add(1); return 0 }, func(context.Context, int, int) error { return nil }, nil)
	if made.Load() != 2 {
		t.Fatalf("%d workers for 2 jobs", made.Load())
	}
}

// The first error stops the jobs not yet started and is returned.
func TestRunStopsAtError(t *testing.T) {
	boom := errors.New("boom")
	var ran atomic.Int32
	err := Each(context.Background(), 2, 1000, func(ctx context.Context, i int) error {
		ran.Add(1)
		if i == 10 {
			return boom
		}
		if i > 10 {
			<-ctx.Done() // jobs already taken end when the error cancels them
			return ctx.Err()
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if ran.Load() > 20 {
		t.Fatalf("%d jobs ran after the error", ran.Load())
	}
}

// Jobs without end run until the context is cancelled.
func TestRunUntilCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	n := 0
	err := Each(ctx, 2, -1, func(ctx context.Context, i int) error {
		mu.Lock()
		defer mu.Unlock()
		if n++; n == 50 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) || n < 50 {
		t.Fatalf("err %v after %d jobs", err, n)
	}
}

func TestSize(t *testing.T) {
	if Size(3) != 3 || Size(0) != runtime.GOMAXPROCS(0) || Size(-1) != runtime.GOMAXPROCS(0) {
		t.Fatal("Size")
	}
}
