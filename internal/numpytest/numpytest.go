// Package numpytest finds, for tests, a Python that can import numpy. The
// tests that compare the toolkit with numpy (the eraser board generator,
// eraser AIs given numpy boards) must run against the real thing: without
// it they fail, never pass silently.
package numpytest

import (
	"os/exec"
	"testing"
)

// Python returns Debian's /usr/bin/python3 (with python3-numpy) or the
// python3 on PATH, the first that imports numpy. Without one the test fails
// with why it needs numpy and how to install it.
func Python(t testing.TB, why string) string {
	t.Helper()
	cands := []string{"/usr/bin/python3"}
	if p, err := exec.LookPath("python3"); err == nil {
		cands = append(cands, p)
	}
	for _, py := range cands {
		if exec.Command(py, "-c", "import numpy").Run() == nil {
			return py
		}
	}
	t.Fatalf("no Python with numpy found (tried %v): %s; install it with `apt-get install -y python3-numpy`", cands, why)
	return ""
}
