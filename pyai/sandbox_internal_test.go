package pyai

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// findPython answers what the interpreter calls itself (sys.executable),
// whether it is the interpreter's binary, asked only its version, or a
// version manager's shim script, which is run to find the binary.
func TestFindPythonIsSysExecutable(t *testing.T) {
	found, err := exec.LookPath("python3") // perhaps a shim itself
	if err != nil {
		t.Skip(err)
	}
	self := func(p string) string {
		out, err := exec.Command(p, "-I", "-S", "-c", "import sys; print(sys.executable)").Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	bin := self(found)
	for _, name := range []string{"python3", bin} {
		got, err := findPython(name)
		if err != nil || got != bin {
			t.Errorf("findPython(%s) = %q, %v; sys.executable is %q", name, got, err, bin)
		}
	}
	dir := t.TempDir()
	shim := filepath.Join(dir, "python-shim")
	if err := os.WriteFile(shim, []byte("#!/bin/sh\nexec "+bin+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if isBinary(shim) || !isBinary(bin) {
		t.Errorf("isBinary: the shim %v, the interpreter %v", isBinary(shim), isBinary(bin))
	}
	if got, err := findPython(shim); err != nil || got != bin {
		t.Errorf("findPython(shim) = %q, %v; want the interpreter it runs, %q", got, err, bin)
	}
	if _, err := findPython(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("a missing interpreter: %v", err)
	}
	notPython := filepath.Join(dir, "true")
	if truePath, err := exec.LookPath("true"); err == nil {
		if b, err := os.ReadFile(truePath); err == nil && os.WriteFile(notPython, b, 0o755) == nil {
			if _, err := findPython(notPython); err == nil || !strings.Contains(err.Error(), "3.8 or newer") {
				t.Errorf("a binary that is no Python: %v", err)
			}
		}
	}
}
