package paperio

import (
	"github.com/paperio/paperio/pyai"
	"os"
	"path/filepath"
	"testing"
)

// writeAI writes a small AI file into a fresh folder and returns its path.
func writeAI(t *testing.T, name, src string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// A file that is not a paper.io AI is refused in the user's terms: what it
// is instead, or that it ends the process at import.
func TestInterfaceRefusals(t *testing.T) {
	pyai.RegisterInterface(pyai.Interface{Game: "stellar", Name: "player_class", Shows: "class player_class(player_id) with player_func(self, map_info)"})
	cases := []struct{ name, src, want string }{
		{"exits.py", "import sys\nsys.exit(3)\ndef play(stat, storage):\n    return 'l'\n",
			": exits at import (SystemExit(3)): a course AI must not end the process when it is imported"},
		{"stel.py", "class player_class:\n    def player_func(self, m):\n        return []\n",
			": not a paper.io AI: it defines class player_class(player_id) with player_func(self, map_info), a stellar AI; a paper.io AI defines play(stat, storage)"},
		{"nothing.py", "x = 1\n", ": no play function: a paper.io AI defines play(stat, storage)"},
	}
	for _, c := range cases {
		f := writeAI(t, c.name, c.src)
		_, err := NewPyPlayer(f, opt(pyai.Options{}))
		if err == nil || err.Error() != f+c.want {
			t.Errorf("%s: %v\nwant %s%s", c.name, err, f, c.want)
		}
	}
}
