package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/analysis/plots"
	"github.com/paperio/paperio/games/paperio/analysistest"
	"github.com/paperio/paperio/label"
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
	for _, kind := range plots.KindsOf("paperio") {
		for _, ext := range []string{"png", "svg"} {
			file := filepath.Join(out, kind+"."+ext)
			var stderr bytes.Buffer
			args := []string{"plot", kind, "--data", data, "--out", file, "--game", "paperio"}
			if kind != "bars" && kind != "dots" {
				args = append(args, "--id", "7")
			}
			if code := run(args, &stderr); code != 0 {
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
		// --id is the game id, --game the game's name, in every command.
		{[]string{"plot", "territory", "--data", data, "--out", out, "--id", "12345"}, "no game 12345"},
		{[]string{"plot", "territory", "--data", data, "--out", out, "--id", "x"}, `invalid value "x" for flag -id`},
		{[]string{"plot", "territory", "--data", data, "--out", out, "--game", "7"}, `--game: unknown game "7"`},
		{[]string{"plot", "territory", "--data", data, "--out", out, "--game", "eraser"}, "holds paperio games, not eraser"},
		{[]string{"plot", "bars", "--data", data, "--out", out, "--id", "3"}, "--id names the game of a single-game chart"},
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
	made, _ := analysistest.Make(30, 5)
	mirrors := 0 // a game against itself is one of the player's games
	for _, g := range made {
		if g.P1 == g.P2 {
			mirrors++
		}
	}
	if players.Games != 30 || total != 60-mirrors {
		t.Errorf("json: %d games, %d player-games, want %d", players.Games, total, 60-mirrors)
	}
	csv := capture("--format", "csv")
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != len(players.Players)+1 ||
		!strings.HasPrefix(lines[0], "player,games,wins,draws,losses,win_rate,win_lo,win_hi") {
		t.Errorf("csv:\n%s", csv)
	}
	table := capture()
	for _, w := range []string{"95%CI", "end_head_on", "end_timeout", "end_rounds", "random"} {
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

// knockout plays a small knockout of 16 built-in bots (four groups of
// four, two games a series) into a folder.
func knockout(t *testing.T) string {
	t.Helper()
	var players []string
	for i := 2; i <= 9; i++ {
		players = append(players, fmt.Sprintf("goround:w=%d,h=%d", i, i+1))
	}
	for i := 1; i <= 6; i++ {
		players = append(players, fmt.Sprintf("wanderer:start=%d", i+4))
	}
	players = append(players, "random", "heuristic:maxband=60")
	dir := filepath.Join(t.TempDir(), "ko")
	code, out, errs := runCLI(t, "tournament", "--format", "knockout", "--players", strings.Join(players, ","),
		"--games-per-series", "2", "--turns", "300", "--quiet", "--out", dir)
	if code != 0 {
		t.Fatalf("tournament: exit %d: %s %s", code, out, errs)
	}
	return dir
}

// On a real knockout's folder: one panel per group with the qualified
// players in red, one group alone, initials, pairs; and the layout of the
// faceted charts holds (no text overlaps, every player named).
func TestPlotKnockoutByGroup(t *testing.T) {
	dir := knockout(t)
	out := t.TempDir()
	for i, args := range [][]string{
		{"bars", "--facet", "group", "--highlight", "qualified"},
		{"dots", "--facet", "group", "--label", "initial"},
		{"dots", "--group", "s", "--highlight", "qualified"},
		{"bars", "--top", "5", "--top-by", "territory", "--facet", "pair"},
		{"bars", "--size", "1000x700", "--label", "spec"},
	} {
		file := filepath.Join(out, fmt.Sprintf("%d.png", i))
		if code, _, errs := runCLI(t, append([]string{"plot", "--data", dir, "--out", file}, args...)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if slices.Contains(args, "1000x700") && img.Bounds().Size() != (image.Point{1000, 700}) {
			t.Errorf("--size 1000x700 gave %v", img.Bounds().Size())
		}
	}

	// The qualified are the players of the quarter-finals in report.txt.
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	tm, err := ds.Tournament()
	if err != nil {
		t.Fatal(err)
	}
	report, err := os.ReadFile(filepath.Join(dir, "report.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var quarters []string
	for _, l := range strings.Split(string(report), "\n") {
		key, rest, ok := strings.Cut(strings.TrimSpace(l), ": ")
		if !ok || !strings.HasPrefix(key, "QF") || strings.Contains(key, "replay") {
			continue
		}
		f := strings.Fields(rest) // A v B score …
		quarters = append(quarters, f[0], f[2])
	}
	sort.Strings(quarters)
	if len(quarters) != 8 || !slices.Equal(tm.Qualified, quarters) {
		t.Errorf("qualified %q, quarter-finalists in the report %q", tm.Qualified, quarters)
	}
	if names := tm.GroupNames(); !slices.Equal(names, []string{"E", "W", "S", "N"}) {
		t.Errorf("groups %q", names)
	}

	fig, err := plots.Build(ds, "bars", plots.Request{Facet: "group", Options: plots.Options{Highlight: []string{plots.Qualified}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(fig.Panels()) != 4 || !strings.Contains(fig.Caption, "qualified (8 of 16)") {
		t.Errorf("%d panels, caption %q", len(fig.Panels()), fig.Caption)
	}
	w, h := fig.Size()
	boxes := plots.TextBoxes(fig, w, h)
	for _, p := range plots.Overlapping(boxes) {
		t.Errorf("%q overlaps %q", p[0].Text, p[1].Text)
	}
	var all []string
	for _, g := range tm.Groups {
		all = append(all, g.Players...)
	}
	for _, name := range label.Short(all) {
		if !slices.ContainsFunc(boxes, func(b plots.TextBox) bool {
			return b.Text == name && b.Rect.Min.X >= 0 && b.Rect.Min.Y >= 0 && b.Rect.Max.X <= w && b.Rect.Max.Y <= h
		}) {
			t.Errorf("%q is not named on the image", name)
		}
	}
}

func TestPlotChoosingFlagsBadInput(t *testing.T) {
	data := testDataset(t)
	out := filepath.Join(t.TempDir(), "x.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bars", "--facet", "group"}, "not a tournament folder"},
		{[]string{"dots", "--group", "E"}, "not a tournament folder"},
		{[]string{"bars", "--highlight", "qualified"}, "not a tournament folder"},
		{[]string{"bars", "--facet", "team"}, "--facet"},
		{[]string{"bars", "--facet", "group", "--group", "E"}, "--group"},
		{[]string{"bars", "--label", "long"}, "--label"},
		{[]string{"bars", "--top", "-1"}, "--top"},
		{[]string{"bars", "--top-by", "elo"}, "--top-by"},
		{[]string{"bars", "--size", "big"}, "--size"},
		{[]string{"bars", "--size", "100x80"}, "too small for this chart; it needs at least"},
		{[]string{"bars", "--highlight", "nobody"}, `no player "nobody"`},
		{[]string{"territory", "--top", "2"}, "for bars and dots"},
	} {
		code, _, errs := runCLI(t, append([]string{"plot", "--data", data, "--out", out}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed plot left a file")
	}
}
