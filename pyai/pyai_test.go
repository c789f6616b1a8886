package pyai

import (
	"flag"
	"testing"
)

var sandboxFlag = flag.String("sandbox", "auto", "run the tests' AIs with this Sandbox option: auto, off or on")

// opt sets the sandbox the tests were asked for.
func opt(o Options) Options {
	sb, err := ParseSandbox(*sandboxFlag)
	if err != nil {
		panic(err)
	}
	o.Sandbox = sb
	return o
}

// newAI starts an AI of file with pyai's own driver, which serves C and N
// alone, and closes it when the test ends.
func newAI(t testing.TB, file string, o Options) *AI {
	t.Helper()
	a, err := NewAI(file, o, nil)
	if err != nil {
		t.Fatalf("NewAI(%s): %v", file, err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}
