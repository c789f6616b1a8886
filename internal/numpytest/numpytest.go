// Package numpytest finds, for tests, a Python that can import numpy (and
// one that can import torch). The tests that compare the toolkit with
// numpy (the eraser board generator, eraser AIs given numpy boards) or
// torch (learned policies played in Go) must run against the real thing:
// without it they fail, never pass silently.
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
	return find(t, "import numpy", "numpy", "python3-numpy", why)
}

// Torch returns the first of those Pythons that imports numpy and torch.
// Without one the test fails with why it needs torch and how to install it.
func Torch(t testing.TB, why string) string {
	t.Helper()
	return find(t, "import numpy, torch", "numpy and torch", "python3-numpy python3-torch", why)
}

func find(t testing.TB, code, what, packages, why string) string {
	t.Helper()
	cands := []string{"/usr/bin/python3"}
	if p, err := exec.LookPath("python3"); err == nil {
		cands = append(cands, p)
	}
	for _, py := range cands {
		if exec.Command(py, "-c", code).Run() == nil {
			return py
		}
	}
	t.Fatalf("no Python with %s found (tried %v): %s; install it with `apt-get install -y %s`", what, cands, why, packages)
	return ""
}
