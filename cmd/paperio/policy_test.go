package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/paperio/paperio/policy/policytest"
)

// writeCropPolicy writes a learned policy of random weights that sees an
// 11x11 crop (any board) and returns its file, named best.npz.
func writeCropPolicy(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "best.npz")
	meta := `{"towers": [{"view": "crop11", "conv": [{"out": 4, "k": 3, "pad": 1}]}], "hidden": [8], "name": "test"}`
	if err := policytest.WriteRandom(path, meta, [][3]int{{7, 11, 11}}, 1, 1); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPolicyPlayer: policy:FILE plays wherever a player is named, named in
// tables by its file's stem; paperio bots mentions it.
func TestPolicyPlayer(t *testing.T) {
	spec := "policy:" + writeCropPolicy(t)
	code, out, _ := runCLI(t, "bots")
	if code != 0 || !regexp.MustCompile(`(?m)^policy:FILE  a learned policy`).MatchString(out) {
		t.Errorf("bots: exit %d, %q", code, out)
	}
	code, out, errs := runCLI(t, "play", "--p1", spec, "--p2", "random", "--size", "30x31", "--turns", "200", "--seed", "2")
	if code != 0 || !regexp.MustCompile(`wins|draw`).MatchString(out) {
		t.Errorf("play: exit %d, %q %q", code, out, errs)
	}
	code, out, errs = runCLI(t, "series", "--p1", spec, "--p2", "goround", "--games", "2", "--size", "30x31", "--turns", "100")
	if code != 0 || !strings.Contains(out, "best") || strings.Contains(out, spec) {
		t.Errorf("series: exit %d, %q %q", code, out, errs)
	}
	tdir := filepath.Join(t.TempDir(), "t")
	code, out, errs = runCLI(t, "tournament", "--format", "roundrobin", "--players", spec+",random,goround", "--games-per-series", "2",
		"--size", "30x31", "--turns", "100", "--out", tdir)
	report, _ := os.ReadFile(filepath.Join(tdir, "report.txt"))
	if code != 0 || !regexp.MustCompile(`(?m)^\s+\d\s+best\s`).Match(report) {
		t.Errorf("tournament: exit %d, %q %q, report %s", code, out, errs, report)
	}
	code, out, errs = runCLI(t, "sprt", "--p1", spec, "--p2", "random", "--elo0", "0", "--elo1", "50", "--max-games", "4", "--size", "30x31", "--turns", "100")
	if code != 0 {
		t.Errorf("sprt: exit %d, %q %q", code, out, errs)
	}
	dir := filepath.Join(t.TempDir(), "sp")
	code, out, errs = runCLI(t, "selfplay", "--bots", spec+",random", "--games", "4", "--size", "30x31", "--turns", "100", "--out", dir, "--quiet")
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %q %q", code, out, errs)
	}
}

// A missing or damaged policy file is a usage error of every command that
// plays, before any game: exit 2, one line that names the file and says
// what is wrong. Damaged: no zip at all, cut short, or 100 bytes of an
// array changed (its CRC-32 no longer matches).
func TestPolicyFileRefused(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(writeCropPolicy(t))
	if err != nil {
		t.Fatal(err)
	}
	flipped, err := policytest.Flip(good, "fc.0.weight", 100)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{filepath.Join(dir, "none.npz"): "no such file"}
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"notzip.npz": {[]byte("not a zip"), "not an .npz (zip) archive"},
		"cut.npz":    {good[:len(good)*2/3], "truncated"},
		"crc.npz":    {flipped, "zip entry fc.0.weight.npy: CRC-32 mismatch"},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		files[path] = c.want
	}
	for file, want := range files {
		spec := "policy:" + file
		for _, args := range [][]string{
			{"play", "--p1", spec, "--p2", "random"},
			{"selfplay", "--bots", spec + ",random", "--out", filepath.Join(dir, "out")},
			{"selfplay", "--pairs", spec + ":random", "--out", filepath.Join(dir, "out")},
			{"series", "--p1", "random", "--p2", spec},
			{"tournament", "--format", "roundrobin", "--players", "random," + spec, "--out", filepath.Join(dir, "t")},
			{"sprt", "--p1", spec, "--p2", "random", "--elo0", "0", "--elo1", "10"},
			{"tune", "--bot", "heuristic", "--against", spec, "--out", filepath.Join(dir, "tune")},
			{"view", "../../testdata/paperio/conformance/edge.jsonl.gz", "--opponents", spec},
			{"human", "--p2", spec},
		} {
			code, _, errs := runCLI(t, args...)
			if code != 2 || !strings.Contains(errs, filepath.Base(file)) || !strings.Contains(errs, want) ||
				strings.Count(strings.TrimSpace(errs), "\n") != 0 {
				t.Errorf("%v: exit %d, %q; want exit 2 and one line naming the file and saying %q", args, code, errs, want)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Errorf("selfplay wrote output before refusing: %v", err)
	}
}

// TestNetSearchPlayer: netsearch:FILE and netsearch:KEY=VALUE,...:FILE
// play wherever a player is named, in lists of players too (a spec's own
// commas kept); a bad parameter is a usage error that names it.
func TestNetSearchPlayer(t *testing.T) {
	file := writeCropPolicy(t)
	code, out, _ := runCLI(t, "bots")
	if code != 0 || !regexp.MustCompile(`(?m)^netsearch:FILE  the search bot with a learned policy inside.* trust=`).MatchString(out) {
		t.Errorf("bots: exit %d, %q", code, out)
	}
	dir := filepath.Join(t.TempDir(), "sp")
	code, out, errs := runCLI(t, "selfplay", "--bots", "netsearch:"+file+",netsearch:near=4,trust=20:"+file, "--games", "4",
		"--size", "30x31", "--turns", "60", "--out", dir, "--quiet")
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %q %q", code, out, errs)
	}
	code, out, errs = runCLI(t, "series", "--p1", "netsearch:near=4,trust=20:"+file, "--p2", "netsearch:"+file, "--games", "2", "--size", "30x31", "--turns", "60")
	if code != 0 || !strings.Contains(out, "best") {
		t.Errorf("series: exit %d, %q %q", code, out, errs)
	}
	code, _, errs = runCLI(t, "play", "--p1", "netsearch:trsut=20:"+file, "--p2", "random")
	if code != 2 || !strings.Contains(errs, `unknown parameter "trsut"`) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
		t.Errorf("a bad parameter: exit %d, %q", code, errs)
	}
}
