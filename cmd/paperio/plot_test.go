package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis/analysistest"
	"github.com/paperio/paperio/analysis/plots"
)

func testDataset(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	games, turns := analysistest.Make(30, 5)
	analysistest.Write(t, dir, games, turns)
	return dir
}

func TestPlotWritesEveryKind(t *testing.T) {
	data := testDataset(t)
	out := t.TempDir()
	for _, kind := range plots.Kinds {
		for _, ext := range []string{"png", "svg"} {
			file := filepath.Join(out, kind+"."+ext)
			var stderr bytes.Buffer
			if code := run([]string{"plot", kind, "--data", data, "--out", file, "--game", "7"}, &stderr); code != 0 {
				t.Fatalf("%s: exit %d: %s", file, code, stderr.String())
			}
			if st, err := os.Stat(file); err != nil || st.Size() < 1000 {
				t.Errorf("%s: %v", file, err)
			}
		}
	}
	// The kind may also follow the flags, and specs with parameters survive
	// the comma-separated lists.
	var stderr bytes.Buffer
	file := filepath.Join(out, "dots2.png")
	if code := run([]string{"plot", "--data", data, "--out", file, "--highlight", "heuristic:depth=2,random", "dots"}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}

func TestPlotBadInputIsOneLineAndExit2(t *testing.T) {
	data := testDataset(t)
	empty := t.TempDir()
	old := t.TempDir()
	type oldGame struct {
		GameID int64  `parquet:"game_id"`
		P1     string `parquet:"p1"`
		P2     string `parquet:"p2"`
	}
	analysistest.WriteFile(t, filepath.Join(old, "games", "part-0.parquet"), []oldGame{{0, "a", "b"}})
	out := filepath.Join(t.TempDir(), "x.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"plot", "bars", "--data", empty, "--out", out}, "holds no dataset"},
		{[]string{"plot", "bars", "--data", filepath.Join(empty, "missing"), "--out", out}, "no such folder"},
		{[]string{"plot", "bars", "--data", old, "--out", out}, `no column "half_steps"`},
		{[]string{"plot", "territory", "--data", data, "--out", out, "--game", "12345"}, "no game 12345"},
		{[]string{"plot", "territory", "--data", data, "--out", out, "--game", "x"}, "--game"},
		{[]string{"plot", "pie", "--data", data, "--out", out}, "unknown chart kind"},
		{[]string{"plot", "bars", "--data", data, "--out", "x.gif"}, ".png or .svg"},
		{[]string{"plot", "bars", "--data", data}, "required"},
		{[]string{"plot", "bars", "--data", data, "--out", out, "--players", "nobody"}, `no player "nobody"`},
		{[]string{"stats", "--data", empty}, "holds no dataset"},
		{[]string{"stats", "--data", old}, `no column "winner"`},
		{[]string{"stats", "--data", data, "--by", "team"}, "--by"},
	} {
		var stderr bytes.Buffer
		code := run(c.args, &stderr)
		msg := stderr.String()
		if code != 2 || !strings.Contains(msg, c.want) || strings.Count(msg, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args[1:], code, msg, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed plot left a file")
	}
}

func TestStatsFormats(t *testing.T) {
	data := testDataset(t)
	var buf bytes.Buffer
	statsOut = &buf
	defer func() { statsOut = os.Stdout }()
	capture := func(args ...string) string {
		t.Helper()
		buf.Reset()
		var stderr bytes.Buffer
		if code := run(append([]string{"stats", "--data", data}, args...), &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		return buf.String()
	}
	var players struct {
		Games   int `json:"games"`
		Players []struct {
			Player string         `json:"player"`
			Games  int            `json:"games"`
			Ends   map[string]int `json:"ends"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(capture("--format", "json")), &players); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, p := range players.Players {
		total += p.Games
		ends := 0
		for _, n := range p.Ends {
			ends += n
		}
		if ends != p.Games {
			t.Errorf("%s: end reasons add up to %d of %d", p.Player, ends, p.Games)
		}
	}
	if players.Games != 30 || total != 60 {
		t.Errorf("json: %d games, %d player-games", players.Games, total)
	}
	csv := capture("--format", "csv")
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != len(players.Players)+1 ||
		!strings.HasPrefix(lines[0], "player,games,wins,draws,losses,win_rate,win_lo,win_hi") {
		t.Errorf("csv:\n%s", csv)
	}
	table := capture()
	for _, w := range []string{"95 % CI", "head-on", "timeout", "rounds", "random"} {
		if !strings.Contains(table, w) {
			t.Errorf("table lacks %q:\n%s", w, table)
		}
	}
	matrix := capture("--by", "pair")
	if !strings.Contains(matrix, "win % of the row player") {
		t.Errorf("pair matrix:\n%s", matrix)
	}
	var pairs struct {
		Pairs []struct{ Player, Opponent string } `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(capture("--by", "pair", "--format", "json")), &pairs); err != nil || len(pairs.Pairs) == 0 {
		t.Errorf("pair json: %v %v", err, pairs)
	}
}
