package analysis_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/analysistest"
	"github.com/paperio/paperio/games/paperio/tables"
)

func fixture(t *testing.T, n int) (string, []tables.Game, []tables.Turn) {
	t.Helper()
	dir := t.TempDir()
	games, turns := analysistest.Make(n, 1)
	analysistest.Write(t, dir, games, turns)
	return dir, games, turns
}

func near(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b))
}

func TestOpenFindsNestedFilesAndSkipsTemporaryOnes(t *testing.T) {
	dir, _, _ := fixture(t, 10)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	wantGames := []string{filepath.Join("games", "part=0", "games-0.parquet"), filepath.Join("games", "part=1", "games-1.parquet")}
	if strings.Join(ds.GameFiles, " ") != strings.Join(wantGames, " ") {
		t.Errorf("game files %v, want %v", ds.GameFiles, wantGames)
	}
	if len(ds.TurnFiles) != 3 {
		t.Errorf("turn files %v, want the three complete ones", ds.TurnFiles)
	}
	if ds.Manifest["games"] != float64(10) {
		t.Errorf("manifest %v", ds.Manifest)
	}
}

func TestGamesReadsTheRows(t *testing.T) {
	dir, games, _ := fixture(t, 40)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(games) {
		t.Fatalf("%d games, want %d", len(got), len(games))
	}
	for i, g := range games {
		want := analysis.Game{ID: g.GameID, P1: g.P1, P2: g.P2, Winner: game.WinnerOfCode(g.Winner), Reason: int(g.Reason),
			Length: int(g.HalfSteps), Score1: float64(g.Area1), Score2: float64(g.Area2)}
		if got[i] != want {
			t.Fatalf("game %d: got %+v, want %+v", i, got[i], want)
		}
	}
	// A projection leaves the other fields zero.
	part, err := ds.Games(analysis.ColLength)
	if err != nil {
		t.Fatal(err)
	}
	if part[3] != (analysis.Game{Length: int(games[3].HalfSteps)}) {
		t.Errorf("projected row %+v", part[3])
	}
}

// plain per-player figures, computed straight from the rows.
type plain struct {
	games, wins, draws, losses int
	steps, area                []float64
	ends                       map[int8]int
}

func plainByPlayer(games []tables.Game) map[string]*plain {
	m := map[string]*plain{}
	add := func(name string, won, lost bool, g tables.Game, area int32) {
		p := m[name]
		if p == nil {
			p = &plain{ends: map[int8]int{}}
			m[name] = p
		}
		p.games++
		switch {
		case won:
			p.wins++
		case lost:
			p.losses++
		default:
			p.draws++
		}
		p.ends[g.Reason]++
		p.steps = append(p.steps, float64(g.HalfSteps))
		p.area = append(p.area, float64(area))
	}
	for _, g := range games {
		add(g.P1, g.Winner == 1, g.Winner == 2, g, g.Area1)
		add(g.P2, g.Winner == 2, g.Winner == 1, g, g.Area2)
	}
	return m
}

// meanSD uses the textbook sum-of-squares formula, not the two-pass one.
func meanSD(xs []float64) (float64, float64) {
	var s, s2 float64
	for _, x := range xs {
		s += x
		s2 += x * x
	}
	n := float64(len(xs))
	m := s / n
	if len(xs) < 2 {
		return m, 0
	}
	return m, math.Sqrt((s2 - n*m*m) / (n - 1))
}

func TestByPlayerMatchesPlainRecomputation(t *testing.T) {
	dir, games, _ := fixture(t, 200)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := ds.Games(analysis.StatsColumns...)
	if err != nil {
		t.Fatal(err)
	}
	stats := analysis.ByPlayer(paperInfo, analysis.Entries(rows))
	want := plainByPlayer(games)
	if len(stats) != len(want) {
		t.Fatalf("%d players, want %d", len(stats), len(want))
	}
	for _, s := range stats {
		w := want[s.Player]
		if w == nil {
			t.Fatalf("unexpected player %q", s.Player)
		}
		if s.Games != w.games || s.Wins != w.wins || s.Draws != w.draws || s.Losses != w.losses {
			t.Errorf("%s: %d games %d/%d/%d, want %d %d/%d/%d", s.Player, s.Games, s.Wins, s.Draws, s.Losses, w.games, w.wins, w.draws, w.losses)
		}
		if !near(s.WinRate, float64(w.wins)/float64(w.games)) {
			t.Errorf("%s: win rate %v", s.Player, s.WinRate)
		}
		if s.WinLo > s.WinRate || s.WinHi < s.WinRate {
			t.Errorf("%s: interval [%v, %v] misses %v", s.Player, s.WinLo, s.WinHi, s.WinRate)
		}
		m, sd := meanSD(w.steps)
		if !near(s.Length.Mean, m) || math.Abs(s.Length.SD-sd) > 1e-6 || s.Length.N != w.games {
			t.Errorf("%s: half-steps %+v, want mean %v sd %v", s.Player, s.Length, m, sd)
		}
		m, sd = meanSD(w.area)
		if !near(s.Score.Mean, m) || math.Abs(s.Score.SD-sd) > 1e-6 {
			t.Errorf("%s: area %+v, want mean %v sd %v", s.Player, s.Score, m, sd)
		}
		total := 0
		total += s.Ends[analysis.Unknown]
		for _, r := range paperInfo.Reasons {
			total += s.Ends[r.Name]
			if s.Ends[r.Name] != w.ends[int8(r.Code)] {
				t.Errorf("%s: %d games ended %s, want %d", s.Player, s.Ends[r.Name], r.Name, w.ends[int8(r.Code)])
			}
		}
		if total != s.Games {
			t.Errorf("%s: end reasons add up to %d of %d games", s.Player, total, s.Games)
		}
	}
}

func TestByPairMatchesPlainRecomputation(t *testing.T) {
	_, games, _ := fixture(t, 150)
	var rows []analysis.Game
	for _, g := range games {
		rows = append(rows, analysis.Game{ID: g.GameID, P1: g.P1, P2: g.P2, Winner: game.WinnerOfCode(g.Winner)})
	}
	pairs := analysis.ByPair(analysis.Entries(rows))
	type rec struct{ g, w, d, l int }
	want := map[[2]string]*rec{}
	count := func(a, b string, res int) {
		r := want[[2]string{a, b}]
		if r == nil {
			r = &rec{}
			want[[2]string{a, b}] = r
		}
		r.g++
		switch res {
		case 1:
			r.w++
		case 0:
			r.d++
		default:
			r.l++
		}
	}
	for _, g := range games {
		res := map[int8]int{0: 0, 1: 1, 2: -1}[g.Winner]
		count(g.P1, g.P2, res)
		count(g.P2, g.P1, -res)
	}
	if len(pairs) != len(want) {
		t.Fatalf("%d pairs, want %d", len(pairs), len(want))
	}
	for _, p := range pairs {
		w := want[[2]string{p.Player, p.Opponent}]
		if w == nil || p.Games != w.g || p.Wins != w.w || p.Draws != w.d || p.Losses != w.l {
			t.Errorf("%s vs %s: %+v, want %+v", p.Player, p.Opponent, p, w)
		}
		lo, hi := analysis.Wilson(p.Wins, p.Games, analysis.Z95)
		if p.WinLo != lo || p.WinHi != hi {
			t.Errorf("%s vs %s: interval", p.Player, p.Opponent)
		}
	}
}

// After MirrorsOnce, twenty games of a player against itself are twenty
// games of it, not forty: per player and in the pair matrix, from the
// first mover's side.
func TestMirrorGamesCountOnce(t *testing.T) {
	var rows []analysis.Game
	for i := range 20 {
		w := game.WinnerOfCode(int8(1 + i%3%2)) // first mover wins 13, second 7
		rows = append(rows, analysis.Game{ID: int64(i), P1: "a", P2: "a", Winner: w, Length: 10, Score1: 3, Score2: 5},
			analysis.Game{ID: int64(100 + i), P1: "a", P2: "b", Winner: game.WinnerOfCode(1), Length: 10, Score1: 7, Score2: 1})
	}
	once := analysis.MirrorsOnce(analysis.Entries(rows))
	if len(once) != 60 {
		t.Errorf("%d entries, want 60: 20 of the mirror games, 40 of the others", len(once))
	}
	stats := analysis.ByPlayer(paperInfo, once)
	if a := stats[0]; a.Player != "a" || a.Games != 40 || a.Wins != 33 || a.Losses != 7 || a.Score.N != 40 || a.Score.Mean != 5 {
		t.Errorf("a: %+v, want 40 games, 33 wins (13 of them against itself as first mover), 7 losses, mean score 5", a)
	}
	if b := stats[1]; b.Games != 20 || b.Losses != 20 {
		t.Errorf("b: %+v", b)
	}
	for _, p := range analysis.ByPair(once) {
		if p.Player == "a" && p.Opponent == "a" && (p.Games != 20 || p.Wins != 13 || p.Losses != 7) {
			t.Errorf("a against a: %+v, want 20 games, the first mover's 13 wins and 7 losses", p)
		}
	}
}

// End reasons become keys of letters, digits and "_".
func TestEndKeys(t *testing.T) {
	for name, want := range map[string]string{"no move": "no_move", "head-on": "head_on", "wall": "wall", "Both Bases": "both_bases"} {
		if got := analysis.EndKey(name); got != want {
			t.Errorf("EndKey(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestWilsonKnownValues(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{81, 263, 0.2553, 0.3662},
		{0, 0, 0, 1},
	} {
		lo, hi := analysis.Wilson(c.k, c.n, analysis.Z95)
		if math.Abs(lo-c.lo) > 5e-5 || math.Abs(hi-c.hi) > 5e-5 || (c.k == 0 && lo != 0) || (c.k == c.n && hi != 1) {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// WilsonScore on numbers worked by hand: 8 of 10 is 0.4902 to 0.9433,
// a draw counts half (12.5 of 25), and an integer score is Wilson's.
func TestWilsonScore(t *testing.T) {
	for _, c := range []struct {
		score  float64
		n      int
		lo, hi float64
	}{
		{8, 10, 0.49016, 0.94332},
		{0, 20, 0, 0.16113},
		{20, 20, 0.83887, 1},
		{12.5, 25, 0.31752, 0.68248},
		{0, 0, 0, 1},
	} {
		lo, hi := analysis.WilsonScore(c.score, c.n, analysis.Z95)
		if math.Abs(lo-c.lo) > 5e-5 || math.Abs(hi-c.hi) > 5e-5 {
			t.Errorf("WilsonScore(%v, %d) = [%.5f, %.5f], want [%.5f, %.5f]", c.score, c.n, lo, hi, c.lo, c.hi)
		}
		if k := int(c.score); float64(k) == c.score {
			if wl, wh := analysis.Wilson(k, c.n, analysis.Z95); wl != lo || wh != hi {
				t.Errorf("Wilson(%d, %d) = [%v, %v], WilsonScore [%v, %v]", k, c.n, wl, wh, lo, hi)
			}
		}
	}
}

func TestFindGame(t *testing.T) {
	dir, _, _ := fixture(t, 12)
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, err := ds.Games(analysis.GameColumns...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ds.FindGame(games, nil)
	if err != nil || g.ID != 0 {
		t.Errorf("default game %+v, %v", g, err)
	}
	id := int64(999)
	_, err = ds.FindGame(games, &id)
	if err == nil || !analysis.IsDataError(err) || !strings.Contains(err.Error(), "no game 999 (12 games, ids 0 to 11)") {
		t.Errorf("unknown game: %v", err)
	}
}

func TestBadInputIsOneClearLine(t *testing.T) {
	empty := t.TempDir()
	if err := os.MkdirAll(filepath.Join(empty, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := analysis.Open(empty)
	checkLine(t, err, "holds no dataset")
	_, err = analysis.Open(filepath.Join(empty, "nope"))
	checkLine(t, err, "no such folder")

	// A games table from before half_steps existed.
	type oldGame struct {
		GameID int64  `parquet:"game_id"`
		P1     string `parquet:"p1"`
		P2     string `parquet:"p2"`
		Area1  int32  `parquet:"area1"`
		Area2  int32  `parquet:"area2"`
	}
	old := t.TempDir()
	analysistest.WriteFile(t, filepath.Join(old, "games", "g.parquet"), []oldGame{{0, "a", "b", 9, 9}})
	ds, err := analysis.Open(old)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ds.Games(analysis.BarsColumns...)
	checkLine(t, err, `no column "half_steps"`)
	games, err := ds.Games(analysis.ColGameID, analysis.ColP1, analysis.ColP2)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ds.Moves(&games[0].ID, "ratio")
	checkLine(t, err, "no turns table")

	// A corrupt file.
	bad := t.TempDir()
	if err := os.MkdirAll(filepath.Join(bad, "games"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bad, "games", "g.parquet"), []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, err = analysis.Open(bad)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ds.Games(analysis.BarsColumns...)
	checkLine(t, err, "not a readable Parquet file")
}

// TestMissingColumnSaysWhyOnlyWhenKnown: a file without a column asked
// for is said to be older than the program only when the folder's manifest
// names an older schema version of its game than the program's.
func TestMissingColumnSaysWhyOnlyWhenKnown(t *testing.T) {
	type oldGame struct {
		GameID int64  `parquet:"game_id"`
		P1     string `parquet:"p1"`
		P2     string `parquet:"p2"`
	}
	for _, c := range []struct {
		manifest string // "" for none
		older    bool
	}{
		{"", false},
		{`{"schema_version": 1}`, true},
		{fmt.Sprintf(`{"schema_version": %d}`, paperInfo.SchemaVersion), false},
		{fmt.Sprintf(`{"schema_version": %d, "run": {"game": "paperio"}}`, paperInfo.SchemaVersion-1), true},
	} {
		dir := t.TempDir()
		analysistest.WriteFile(t, filepath.Join(dir, "games", "g.parquet"), []oldGame{{0, "a", "b"}})
		if c.manifest != "" {
			if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(c.manifest), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ds, err := analysis.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ds.Games(analysis.BarsColumns...)
		checkLine(t, err, `no column "half_steps"`)
		older := fmt.Sprintf("paperio dataset schema %d, older than this program's %d", paperInfo.SchemaVersion-1, paperInfo.SchemaVersion)
		if strings.Contains(err.Error(), older) != c.older || !c.older && strings.Contains(err.Error(), "older") {
			t.Errorf("manifest %q: %v", c.manifest, err)
		}
	}
}

func checkLine(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one with %q", want)
	}
	if !analysis.IsDataError(err) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("error %q: want one data-error line with %q", err, want)
	}
}

func TestPartitionFolderSuppliesAMissingColumn(t *testing.T) {
	type game struct {
		GameID    int64  `parquet:"game_id"`
		P1        string `parquet:"p1"`
		HalfSteps int32  `parquet:"half_steps"`
		Area1     int32  `parquet:"area1"`
		Area2     int32  `parquet:"area2"`
	}
	dir := t.TempDir()
	analysistest.WriteFile(t, filepath.Join(dir, "games", "p2=goround", "g.parquet"), []game{{0, "random", 40, 12, 30}, {1, "wanderer", 60, 50, 9}})
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	games, err := ds.Games(analysis.BarsColumns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].P2 != "goround" || games[1].P2 != "goround" || games[1].P1 != "wanderer" || games[1].Score1 != 50 {
		t.Errorf("games %+v", games)
	}
	// Only the folder's column: one row per row of the file all the same.
	only, err := ds.Games(analysis.ColP2)
	if err != nil || len(only) != 2 || only[1].P2 != "goround" {
		t.Errorf("games %+v, %v", only, err)
	}
}

// paperInfo is paper.io's, the game of the fixtures.
var paperInfo = paperiogame.Game{}.Info()
