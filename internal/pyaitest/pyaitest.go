// Package pyaitest is the TestMain of the packages whose tests run course
// AIs or executable players.
package pyaitest

import (
	"os"
	"testing"

	"github.com/paperio/paperio/pyai"
)

// Main runs the tests, then ends the processes they left (fork servers
// kept idle, players never closed), so that their temporary folders do
// not outlive the test binary.
func Main(m *testing.M) {
	code := m.Run()
	pyai.Shutdown()
	os.Exit(code)
}
