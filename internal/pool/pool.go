// Package pool runs the toolkit's parallel work: jobs handed out in order
// to a fixed number of workers, each with state of its own (its players,
// its buffers), stopping everything at the first error.
package pool

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Size is the number of workers to use when n is not positive: one per
// processor Go may run on (GOMAXPROCS, which honours container CPU limits).
func Size(n int) int {
	if n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}

// Run calls work(ctx, w, i) for every job i in [0, n) on Size(workers)
// goroutines (never more than n); n < 0 means jobs without end, until ctx is
// cancelled or a job fails. Each worker makes its state w with newWorker
// before its first job and hands it to done (if not nil) after its last.
// Jobs are taken in increasing order. The first error cancels the context
// the other jobs see and is returned; a cancelled ctx returns its error.
func Run[W any](ctx context.Context, workers, n int, newWorker func() W, work func(ctx context.Context, w W, i int) error, done func(W)) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	k := Size(workers)
	if n >= 0 {
		k = min(k, n)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker()
			if done != nil {
				defer done(w)
			}
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if n >= 0 && i >= n {
					return
				}
				if err := work(ctx, w, i); err != nil {
					cancel(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := context.Cause(ctx); err != nil && err != context.Canceled {
		return err
	}
	return ctx.Err()
}

// Each is Run without worker state.
func Each(ctx context.Context, workers, n int, work func(ctx context.Context, i int) error) error {
	return Run(ctx, workers, n, func() struct{} { return struct{}{} },
		func(ctx context.Context, _ struct{}, i int) error { return work(ctx, i) }, nil)
}
