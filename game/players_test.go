package game

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/paperio/paperio/play"
)

// A py: folder stands for its .py files (helpers starting with _ left
// out), a pattern for the files it matches; either matching nothing is an
// error, and any other spec is itself.
func TestExpandPy(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"t_b.py", "t_a.py", "_util.py", "notes.txt", "x.py"} {
		os.WriteFile(filepath.Join(dir, f), nil, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "empty"), 0o755)
	cases := []struct {
		spec string
		want []string
		err  string
	}{
		{"py:" + dir + "/", []string{"py:" + dir + "/t_a.py", "py:" + dir + "/t_b.py", "py:" + dir + "/x.py"}, ""},
		{"py:" + dir + "/t_*.py", []string{"py:" + dir + "/t_a.py", "py:" + dir + "/t_b.py"}, ""},
		{"py:" + dir + "/x.py", []string{"py:" + dir + "/x.py"}, ""},
		{"heuristic:margin=2", []string{"heuristic:margin=2"}, ""},
		{"py:" + dir + "/q_*.py", nil, "no file matches"},
		{"py:" + dir + "/empty", nil, "holds no .py file"},
	}
	for _, c := range cases {
		got, err := ExpandPy(c.spec)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: %v, %v; want error %q", c.spec, got, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, %v; want %v", c.spec, got, err, c.want)
		}
	}
}

// CheckAll builds each spec once and returns those that cannot be built,
// in the order given.
func TestCheckAll(t *testing.T) {
	var mu sync.Mutex
	built := map[string]int{}
	mk := func(spec string, fail bool) *Entrant {
		return NewEntrant(spec, spec, func() (play.Player[int, int], error) {
			mu.Lock()
			built[spec]++
			mu.Unlock()
			if fail {
				return nil, errors.New(spec + ": does not parse")
			}
			return nil, nil
		})
	}
	es := []*Entrant{mk("a", false), mk("b", true), mk("a", false), mk("c", true), mk("b", true)}
	broken := CheckAll(es, 3)
	if len(broken) != 2 || broken[0].Entrant != es[1] || broken[1].Entrant != es[3] || broken[0].Err.Error() != "b: does not parse" {
		t.Fatalf("broken %v", broken)
	}
	if built["a"] != 1 || built["b"] != 1 || built["c"] != 1 {
		t.Fatalf("built %v, want each spec once", built)
	}
}
