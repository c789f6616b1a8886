package rl

import (
	"os"
	"testing"

	"github.com/paperio/paperio/pyai"
)

// TestMain ends the fork servers of the tests' course AIs after the tests,
// so that their temporary folders do not outlive the test binary.
func TestMain(m *testing.M) {
	code := m.Run()
	pyai.Shutdown()
	os.Exit(code)
}
