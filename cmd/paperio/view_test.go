package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	paperioboard "github.com/paperio/paperio/games/paperio/board"
)

const publicGames = "../../testdata/paperio/conformance/public.jsonl.gz"

// TestRender: each kind of output is written, and bad requests are usage
// errors with one line.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args  []string
		check func(b []byte) error
	}{
		{[]string{"--to", "100", "--out", filepath.Join(dir, "a.png")}, func(b []byte) error { _, err := png.Decode(bytes.NewReader(b)); return err }},
		{[]string{"--from", "0", "--to", "50", "--every", "10", "--out", filepath.Join(dir, "a.gif")}, func(b []byte) error {
			g, err := gif.DecodeAll(bytes.NewReader(b))
			if err == nil && len(g.Image) != 6 {
				t.Fatalf("%d frames, want 6", len(g.Image))
			}
			return err
		}},
		{[]string{"--out", filepath.Join(dir, "a.html")}, func(b []byte) error {
			if !bytes.Contains(b, []byte("STATIC_GAME")) {
				t.Fatal("no game in the page")
			}
			if !bytes.Contains(b, paperioboard.Board{}.Script()) {
				t.Fatal("paper.io's renderer is not inlined in the page")
			}
			return nil
		}},
	} {
		args := append([]string{"render", "--data", publicGames, "--id", "t_f17_hotel-t_f17_quebec-0"}, c.args...)
		code, out, errs := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		out = strings.TrimSpace(out)
		name := c.args[len(c.args)-1]
		b, err := os.ReadFile(name)
		if err != nil || !strings.HasPrefix(out, name) {
			t.Fatalf("%v: %q, %v", args, out, err)
		}
		if err := c.check(b); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range [][]string{
		{"--data", publicGames, "--id", "3", "--out", filepath.Join(dir, "x.jpg")},
		{"--data", publicGames, "--id", "3", "--out", filepath.Join(dir, "x.png"), "--to", "99999"},
		{"--data", publicGames, "--out", filepath.Join(dir, "x.png")},
		{"--data", publicGames, "--id", "3", "--out", filepath.Join(dir, "x.gif"), "--cell", "0"},
	} {
		code, _, errs := runCLI(t, append([]string{"render"}, bad...)...)
		if code != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Fatalf("%v: exit %d, %q", bad, code, errs)
		}
	}
	code, _, errs := runCLI(t, "render", "--data", publicGames, "--id", "no-such-game", "--out", filepath.Join(dir, "x.png"))
	if code != 2 || !strings.Contains(errs, `no game "no-such-game"`) { // bad input: exit 2
		t.Fatalf("an unknown game: exit %d, %q", code, errs)
	}
}

// TestViewFlags: mistakes are usage errors before anything is served.
func TestViewFlags(t *testing.T) {
	for _, c := range [][]string{
		{"view"},
		{"view", publicGames, "--addr", "nonsense"},
		{"view", publicGames, "--opponents", "nosuchbot"},
		{"human"},
		{"human", "--p1", "random", "--p2", "random"},
		{"human", "--p2", "nosuchbot"},
		{"human", "--p2", "random", "--clock", "-5"},
		{"human", "--p2", "random", "--clock", "5"},
		{"view", "/nonexistent"},
		{"view", publicGames, "/nonexistent"},
		{"tournament", "--players", "random,goround", "--view", "nonsense"},
	} {
		code, _, errs := runCLI(t, c...)
		if code != 2 || errs == "" {
			t.Fatalf("%v: exit %d, %q", c, code, errs)
		}
		if c[len(c)-1] == "/nonexistent" && !strings.Contains(errs, "/nonexistent: no such") {
			t.Errorf("%v: %q does not name the path", c, errs)
		}
		if c[len(c)-1] == "-5" && !strings.Contains(errs, "--clock -5") {
			t.Errorf("%v: %q does not name the clock", c, errs)
		}
	}
}
