package pyai

import (
	"sync"

	"github.com/paperio/paperio/bots"
)

var specDefaults struct {
	sync.Mutex
	o Options
}

// SetSpecDefaults sets the options of players made from "py:FILE" specs
// (the CLI's --time and --course-rules, for instance).
func SetSpecDefaults(o Options) {
	specDefaults.Lock()
	defer specDefaults.Unlock()
	specDefaults.o = o
}

// SpecDefaults returns the options of players made from "py:FILE" specs.
func SpecDefaults() Options {
	specDefaults.Lock()
	defer specDefaults.Unlock()
	return specDefaults.o
}

// "py:path/to/ai.py" is a course AI wherever a bot spec is accepted.
func init() {
	bots.RegisterPrefix("py", func(arg string) (bots.Bot, error) {
		return New(arg, SpecDefaults())
	})
}
