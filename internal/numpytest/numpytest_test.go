package numpytest

import (
	"os/exec"
	"strings"
	"testing"
)

// The Python found imports numpy (this machine has one: CI installs
// python3-numpy).
func TestPythonImportsNumpy(t *testing.T) {
	py := Python(t, "this test checks the search")
	out, err := exec.Command(py, "-c", "import numpy; print(numpy.__name__)").Output()
	if err != nil || strings.TrimSpace(string(out)) != "numpy" {
		t.Errorf("%s: %q, %v", py, out, err)
	}
}
