package play

import (
	"fmt"
	"runtime/debug"
	"strings"
	"time"
)

type callStatus int

const (
	callOK       callStatus = iota
	callPanicked            // the call panicked: the course's "AI raised an error"
	callHung                // the call passed its limit and is still running
	callStopped             // the run was stopped during the call
)

type callResult struct {
	status  callStatus
	elapsed time.Duration // measured only when the call had a limit or was timed
	err     string        // the panic
}

// guard runs f. With no limit and no stop channel it runs f on the
// caller's goroutine; otherwise f runs on a goroutine of its own and guard
// waits at most limit (a call still running then is left running and
// reported hung) or until stop is closed. A panic in f is recovered and
// reported.
func guard(f func(), limit time.Duration, stop <-chan struct{}) callResult {
	if limit <= 0 && stop == nil {
		if msg := run(f); msg != "" {
			return callResult{status: callPanicked, err: msg}
		}
		return callResult{}
	}
	start := time.Now()
	done := make(chan string, 1)
	go func() { done <- run(f) }()
	var timeout <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case msg := <-done:
		if msg != "" {
			return callResult{callPanicked, time.Since(start), msg}
		}
		return callResult{callOK, time.Since(start), ""}
	case <-timeout:
		return callResult{callHung, time.Since(start), ""}
	case <-stop:
		return callResult{callStopped, time.Since(start), ""}
	}
}

// timedCall runs f directly and measures it.
func timedCall(f func()) callResult {
	start := time.Now()
	msg := run(f)
	r := callResult{elapsed: time.Since(start)}
	if msg != "" {
		r.status, r.err = callPanicked, msg
	}
	return r
}

// run calls f and returns its panic as text ("" when it returned).
func run(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = panicText(r)
		}
	}()
	f()
	return ""
}

// panicText is the panic and the first frame of the code that panicked.
func panicText(r any) string {
	msg := fmt.Sprint(r)
	stack := strings.Split(string(debug.Stack()), "\n")
	for i, l := range stack {
		if strings.Contains(l, "panic(") && i+3 < len(stack) {
			at, _, _ := strings.Cut(strings.TrimSpace(stack[i+3]), " +0x")
			return msg + " at " + at
		}
	}
	return msg
}
