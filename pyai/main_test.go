package pyai

import (
	"os"
	"testing"
)

// TestMain ends the fork servers of the tests' course AIs after the tests,
// so that their temporary folders do not outlive the test binary.
func TestMain(m *testing.M) {
	code := m.Run()
	Shutdown()
	os.Exit(code)
}
