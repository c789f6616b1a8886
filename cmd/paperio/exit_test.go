package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// Bad input of every kind — a game id, a data file or folder, an output
// path — exits 2 with one line; a data path read is named once.
func TestBadInputExits2WithOneLine(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("not json\n"), 0o644)
	malformed := filepath.Join(dir, "malformed")
	os.MkdirAll(filepath.Join(malformed, "games"), 0o755)
	os.WriteFile(filepath.Join(malformed, "games", "x.parquet"), []byte("junk"), 0o644)
	nosuch := filepath.Join(dir, "nosuch")
	replays := "../../testdata/paperio/conformance/edge.jsonl.gz"
	cases := []struct {
		args []string
		want string
	}{
		// render names its game by --id; --game is a game's name, which render does not take.
		{[]string{"render", "--data", replays, "--game", "0", "--out", filepath.Join(dir, "x.png")}, "flag provided but not defined: -game"},
		{[]string{"render", "--data", replays, "--out", filepath.Join(dir, "x.png")}, "--data, --id and --out are required"},
		{[]string{"render", "--data", replays, "--id", "99999", "--out", filepath.Join(dir, "x.png")}, `has no game "99999"`},
		{[]string{"render", "--data", bad, "--id", "0", "--out", filepath.Join(dir, "x.png")}, "bad.jsonl: line 1: "},
		{[]string{"render", "--data", nosuch, "--id", "0", "--out", filepath.Join(dir, "x.png")}, "nosuch"},
		{[]string{"render", "--data", replays, "--id", "0", "--out", filepath.Join(nosuch, "x.png")}, "cannot write " + filepath.Join(nosuch, "x.png") + ": no folder "},
		{[]string{"render", "--data", replays, "--id", "0", "--out", filepath.Join(bad, "x.png")}, "bad.jsonl is not a folder"},
		{[]string{"export", "--data", malformed, "--out", filepath.Join(dir, "x.arrow")}, "x.parquet: not a readable games table"},
		{[]string{"tune", "--from", nosuch, "--out", filepath.Join(dir, "tune")}, "nosuch: no such folder"},
		{[]string{"tune", "--from", malformed, "--out", filepath.Join(dir, "tune")}, "x.parquet: not a readable"},
		{[]string{"play", "--turns", "5", "--record", filepath.Join(nosuch, "g.jsonl")}, "no folder"},
		{[]string{"selfplay", "--games", "2", "--turns", "5", "--quiet", "--out", filepath.Join(bad, "run")}, "bad.jsonl"},
		{[]string{"series", "--p1", "random", "--p2", "random", "--turns", "5", "--out", filepath.Join(bad, "run")}, "bad.jsonl"},
		{[]string{"tournament", "--players", "random,goround", "--turns", "5", "--out", bad}, "bad.jsonl"},
		{[]string{"view", nosuch}, "no such self-play folder, tournament folder or replay file"},
		{[]string{"help", "nosuch"}, `unknown command "nosuch"`},
		{[]string{"version", "extra"}, "unexpected argument"},
	}
	for _, c := range cases {
		code, _, errOut := runCLI(t, c.args...)
		line := strings.TrimSpace(errOut)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(line, "\n") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line containing %q", c.args, code, errOut, c.want)
		}
		if c.args[0] != "render" && c.args[0] != "view" || strings.Contains(c.want, "folder") {
			continue // an output path is named with its folder
		}
		for _, p := range []string{"bad.jsonl", "nosuch"} {
			if n := strings.Count(line, p); n > 1 {
				t.Errorf("%v: %q names %s %d times", c.args, line, p, n)
			}
		}
	}
}

// paperio help CMD prints that command's help, as CMD --help does.
func TestHelpCommand(t *testing.T) {
	for _, cmd := range []string{"play", "render", "version"} {
		out := captureStderr(t, func() {
			if code, _, _ := runCLI(t, "help", cmd); code != 0 {
				t.Errorf("help %s: exit %d", cmd, code)
			}
		})
		if !strings.HasPrefix(out, "Usage: paperio "+cmd+" ") {
			t.Errorf("help %s printed %q", cmd, out)
		}
	}
}

// captureStderr runs f with os.Stderr, where flag sets print help, going
// to a file, and returns what was written.
func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "stderr")
	file, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = file
	f()
	os.Stderr = old
	file.Close()
	b, _ := os.ReadFile(name)
	return string(b)
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "version")
	if code != 0 || !regexp.MustCompile(`^paperio \S+ \(.+\) go1\.\d+`).MatchString(out) {
		t.Errorf("version: exit %d, %q", code, out)
	}
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/paperio/paperio", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abc"}, {Key: "vcs.time", Value: "2026-11-26T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionLine(bi, true), "paperio v1.2.3 (revision 0123abc, modified, 2026-11-26T10:00:00Z) go1.26.8"; got != want {
		t.Errorf("versionLine %q, want %q", got, want)
	}
	bi.Settings = nil
	if got := versionLine(bi, true); !strings.Contains(got, "no VCS revision recorded") {
		t.Errorf("without a VCS stamp: %q", got)
	}
}

// The help of every command that plays names each form of a player spec,
// learned policies (policy:FILE) among them, and paperio bots lists them.
func TestHelpNamesPlayerSpecs(t *testing.T) {
	for _, cmd := range []string{"play", "series", "sprt", "selfplay", "tournament", "tune", "human", "view", "bench"} {
		out := captureStderr(t, func() {
			if code, _, _ := runCLI(t, cmd, "--help"); code != 0 {
				t.Errorf("%s --help: exit %d", cmd, code)
			}
		})
		for _, form := range []string{"py:FILE", "exec:FILE", "policy:FILE"} {
			if !strings.Contains(out, form) {
				t.Errorf("%s --help does not name %s:\n%s", cmd, form, out)
			}
		}
	}
}
