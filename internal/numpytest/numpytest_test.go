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

// The Python found for torch imports it (CI installs python3-torch).
func TestTorchImportsTorch(t *testing.T) {
	py := Torch(t, "this test checks the search")
	out, err := exec.Command(py, "-c", "import torch; print(torch.__name__)").Output()
	if err != nil || strings.TrimSpace(string(out)) != "torch" {
		t.Errorf("%s: %q, %v", py, out, err)
	}
}
