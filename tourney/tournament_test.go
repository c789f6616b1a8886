package tourney

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/replay"
)

func quickSeries(games int) SeriesOptions {
	return SeriesOptions{Config: smallBoard, Games: games, Budget: 2 * time.Second}
}

// countingSafe is a safeBot entrant that counts instances (to see what a
// resumed run plays).
func countingSafe(name string, n *atomic.Int32) *Entrant {
	return &Entrant{Name: name, Spec: name, New: func() (bots.Bot, error) { n.Add(1); return &safeBot{}, nil }}
}

// TestRoundRobinStoreAndResume: a round robin writes every series to the
// output folder (database, games and turns Parquet that analysis reads);
// run again it plays nothing; interrupted, it plays only what is missing
// and ends with the same results.
func TestRoundRobinStoreAndResume(t *testing.T) {
	var built atomic.Int32
	players := func() []*Entrant {
		return []*Entrant{spinner("spin"), straight("line"), countingSafe("safe1", &built), countingSafe("safe2", &built)}
	}
	run := func(dir string, ctx context.Context) (*Report, error) {
		st, err := OpenStore(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		return Run(ctx, Options{Format: RoundRobin, Players: players(), Series: quickSeries(6), Seed: 5, Workers: 2, Store: st})
	}
	dir := t.TempDir()
	rep, err := run(dir, context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Played) != 6 || len(rep.Groups) != 1 || rep.Resumed != 0 {
		t.Fatalf("%d series, %d groups", len(rep.Played), len(rep.Groups))
	}
	// Points: 3 per decided series, 1 each per drawn one.
	total, want := 0, 0
	for _, s := range rep.Groups[0].Standings {
		total += s.Points
	}
	for _, p := range rep.Played {
		a, b := p.Result.Points()
		want += a + b
	}
	if total != want || !reflect.DeepEqual(rep.Groups[0].Standings, Standings(rep.Groups[0].Players, tallies(rep.Played))) {
		t.Fatalf("standings %+v", rep.Groups[0].Standings)
	}
	nGames, _ := rep.Reasons()

	// The database.
	st, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ns, ng, nraw, nres, nstand, nrat int
	db := st.DB()
	for q, v := range map[string]*int{
		"SELECT COUNT(*) FROM series": &ns, "SELECT COUNT(*) FROM games": &ng, "SELECT COUNT(*) FROM match_raw": &nraw,
		"SELECT COUNT(*) FROM match_result": &nres, "SELECT COUNT(*) FROM standings": &nstand, "SELECT COUNT(*) FROM ratings": &nrat,
	} {
		if err := db.QueryRow(q).Scan(v); err != nil {
			t.Fatal(err)
		}
	}
	if ns != 6 || ng != nGames || nraw != nGames || nres != 6 || nstand != 4 || nrat != 4 {
		t.Fatalf("rows: series %d games %d (want %d) match_raw %d match_result %d standings %d ratings %d", ns, ng, nGames, nraw, nres, nstand, nrat)
	}
	// Every stored game replays to its stored result.
	done, err := st.Completed()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range done {
		for i := range s.Games {
			if _, err := Replay(&s.Games[i], nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	st.Close()

	// The Parquet tables: game ids 0..n-1, the self-play schema, read by analysis.
	files, _ := filepath.Glob(filepath.Join(dir, "games", "*.parquet"))
	if len(files) != 6 {
		t.Fatalf("%d games files", len(files))
	}
	seen := map[int64]bool{}
	for _, f := range files {
		rows, err := parquet.ReadFile[dataset.Game](f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			seen[r.GameID] = true
		}
	}
	for i := 0; i < nGames; i++ {
		if !seen[int64(i)] {
			t.Fatalf("game id %d missing", i)
		}
	}
	// The replay files: every game replays on the engine to its result.
	rfiles, _ := filepath.Glob(filepath.Join(dir, "replays", "*.jsonl.gz"))
	nrep := 0
	for _, f := range rfiles {
		games, err := replay.ReadAll(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			if _, m := replay.Check(g); m != nil {
				t.Fatalf("%s %s: %v", f, g.ID, m)
			}
			nrep++
		}
	}
	if len(rfiles) != 6 || nrep != nGames {
		t.Fatalf("%d replay files, %d games", len(rfiles), nrep)
	}
	ds, err := analysis.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := ds.Games(analysis.StatsColumns...)
	if err != nil || len(gs) != nGames {
		t.Fatalf("analysis read %d games: %v", len(gs), err)
	}
	gs, _ = ds.Games(analysis.GameColumns...)
	ser, err := ds.Series(gs[len(gs)-1], analysis.TerritoryColumns...)
	if err != nil || len(ser.HalfStep) != gs[len(gs)-1].HalfSteps {
		t.Fatalf("analysis series: %v", err)
	}

	// Run again: nothing is played.
	built.Store(0)
	again, err := run(dir, context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if again.Resumed != 6 || built.Load() != 0 || !reflect.DeepEqual(again.Groups, rep.Groups) || !reflect.DeepEqual(again.Ratings, rep.Ratings) {
		t.Fatalf("resumed %d, built %d", again.Resumed, built.Load())
	}

	// Interrupted after two series: the rerun plays the other four and ends
	// as the uninterrupted run did.
	dir2 := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var finished atomic.Int32
	st2, _ := OpenStore(dir2)
	_, err = Run(ctx, Options{Format: RoundRobin, Players: players(), Series: quickSeries(6), Seed: 5, Workers: 1, Store: st2,
		OnEvent: func(ev Event) {
			if ev.Kind == SeriesFinished && finished.Add(1) == 2 {
				cancel()
			}
		}})
	st2.Close()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	resumed, err := run(dir2, context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Resumed != 2 || !reflect.DeepEqual(resumed.Groups, rep.Groups) {
		t.Fatalf("resumed %d; standings %+v, want %+v", resumed.Resumed, resumed.Groups[0].Standings, rep.Groups[0].Standings)
	}

	// Another run in the same folder is refused.
	st3, _ := OpenStore(dir)
	defer st3.Close()
	_, err = Run(context.Background(), Options{Format: RoundRobin, Players: players(), Series: quickSeries(6), Seed: 6, Store: st3})
	if !errors.Is(err, ErrOtherRun) {
		t.Fatalf("another run: %v", err)
	}

	var buf bytes.Buffer
	rep.WriteText(&buf)
	for _, want := range []string{"Round robin: 4 players", "Ratings (Bradley–Terry", "round robin: spin v line"} {
		if !strings.Contains(buf.String(), want) {
			t.Fatalf("report lacks %q:\n%s", want, buf.String())
		}
	}
}

// TestKnockoutBracket: eight players in the course's four groups (dealt in
// turn: E s0 l0, W s1 l1, S s2 l2, N s3 l3). A spinner always beats a
// straight runner, and two spinners always draw, so: group winners s0..s3;
// quarter-finals E1–W2 s0 v l1, E2–W1 l0 v s1, S1–N2 s2 v l3, S2–N1 l2 v s3;
// semi-finals s0 v s1 and s2 v s3, drawn and replayed, then decided by
// place (equal group ranks: the order given); final s0 v s2 (s0), third
// place s1 v s3 (s1).
func TestKnockoutBracket(t *testing.T) {
	var ps []*Entrant
	for i := 0; i < 4; i++ {
		ps = append(ps, spinner("s"+string(rune('0'+i))))
	}
	for i := 0; i < 4; i++ {
		ps = append(ps, straight("l"+string(rune('0'+i))))
	}
	so := quickSeries(4)
	so.Config.MaxTurns = 10
	rep, err := Run(context.Background(), Options{Format: Knockout, Players: ps, Series: so, Seed: 1, Workers: 2, Replays: 1})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range rep.Bracket {
		got = append(got, m.Key+" "+m.LabelA+" "+m.A+" v "+m.LabelB+" "+m.B+" → "+m.Winner)
	}
	want := []string{
		"QF1 E1 s0 v W2 l1 → s0", "QF2 E2 l0 v W1 s1 → s1", "QF3 S1 s2 v N2 l3 → s2", "QF4 S2 l2 v N1 s3 → s3",
		"SF1 winner QF1 s0 v winner QF2 s1 → s0", "SF2 winner QF3 s2 v winner QF4 s3 → s2",
		"final winner SF1 s0 v winner SF2 s2 → s0", "third place loser SF1 s1 v loser SF2 s3 → s1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("bracket\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var places []string
	for _, p := range rep.Placings {
		places = append(places, p.Player)
	}
	if !reflect.DeepEqual(places, []string{"s0", "s2", "s1", "s3"}) {
		t.Fatalf("placings %v", places)
	}
	// Drawn ties were replayed once each: two semi-finals, final, third place.
	sf := rep.Bracket[4]
	if len(sf.Series) != 2 || !sf.ByPlace || sf.Series[1].Key != "SF1 replay 1" {
		t.Fatalf("SF1: %+v", sf)
	}
	if len(rep.Played) != 4+4+2*2+2*2 {
		t.Fatalf("%d series played", len(rep.Played))
	}
}

// TestKnockoutPlayoff: three spinners in one group draw every series, so
// they are tied on points, net wins and head-to-head; a play-off round
// robin among them draws too and the order given decides, then the final
// s0 v s1 is drawn and s0 goes through by place.
func TestKnockoutPlayoff(t *testing.T) {
	so := quickSeries(2)
	so.Config.MaxTurns = 10
	rep, err := Run(context.Background(), Options{Format: Knockout, Groups: 1, Players: []*Entrant{spinner("s0"), spinner("s1"), spinner("s2")}, Series: so, Replays: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Groups[0].Standings[0].Tie != "play-off" || !reflect.DeepEqual(rep.Groups[0].Order, []string{"s0", "s1", "s2"}) {
		t.Fatalf("group: %+v", rep.Groups[0])
	}
	// 3 group series, 3 play-off series, final and its replay.
	if len(rep.Played) != 8 || rep.Played[3].Stage != "play-off" {
		t.Fatalf("%d series", len(rep.Played))
	}
	if len(rep.Placings) != 2 || rep.Placings[0].Player != "s0" {
		t.Fatalf("placings %+v", rep.Placings)
	}
	if len(rep.Notes) < 2 {
		t.Fatalf("notes %v", rep.Notes)
	}
}

// TestTournamentWithBrokenPlayers: a gauntlet of a spinner against a
// player that raises an error, one that hangs and one that takes so long
// after each game that its series passes the wall-time cap still
// finishes: the first two lose every game (ERR, OVT), the third's series
// is an overrun with 0 points each.
func TestTournamentWithBrokenPlayers(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	broken, _ := entrant("broken", func() bots.Bot { return &panicBot{n: 2} })
	hang, _ := entrant("hang", func() bots.Bot { return &hangBot{n: 2, release: release} })
	slow, _ := entrant("slow", func() bots.Bot { return &sleepyBot{d: 250 * time.Millisecond} })
	so := SeriesOptions{Config: smallBoard, Games: 20, Budget: 40 * time.Millisecond, Cap: 1500 * time.Millisecond}
	so.Config.MaxTurns = 200
	rep, err := Run(context.Background(), Options{Format: Gauntlet, Players: []*Entrant{spinner("spin"), broken, hang, slow}, Series: so, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	pts := map[string]int{}
	for _, s := range rep.Groups[0].Standings {
		pts[s.Player] = s.Points
	}
	if pts["spin"] != 6 || pts["broken"] != 0 || pts["hang"] != 0 || pts["slow"] != 0 {
		t.Fatalf("points %v", pts)
	}
	for _, p := range rep.Played {
		name, want := "", engine.Reason(0)
		switch {
		case strings.Contains(p.Key, "broken"):
			name, want = "broken", engine.ERR
		case strings.Contains(p.Key, "hang"):
			name, want = "hang", engine.OVT
		default:
			if p.Result.Verdict != VerdictOverrun {
				t.Fatalf("slow: %+v", p.Result.Tally)
			}
			continue
		}
		if len(p.Result.Games) != 11 {
			t.Fatalf("%s: %d games", name, len(p.Result.Games))
		}
		for _, g := range p.Result.Games {
			if g.Result.Reason != want || g.WinnerName() != "spin" {
				t.Fatalf("%s: %+v", name, g.Result)
			}
		}
	}
}

func TestTournamentOptions(t *testing.T) {
	ps := []*Entrant{spinner("a"), spinner("b"), spinner("c")}
	for _, o := range []Options{
		{Format: "swiss", Players: ps, Series: quickSeries(2)},
		{Format: Knockout, Groups: 3, Players: ps, Series: quickSeries(2)},
		{Format: Knockout, Groups: 2, Players: ps, Series: quickSeries(2)},
		{Format: RoundRobin, Players: []*Entrant{ps[0], ps[0]}, Series: quickSeries(2)},
		{Format: RoundRobin, Players: ps, Series: quickSeries(3)},
	} {
		if err := o.Validate(); err == nil {
			t.Fatalf("accepted %+v", o)
		}
	}
	if SeriesSeed(1, "x") == SeriesSeed(1, "y") || SeriesSeed(1, "x") != SeriesSeed(1, "x") || SeriesSeed(1, "x") >= 1<<31 {
		t.Fatal("series seeds")
	}
}

// TestTrackerAndStaleFiles: the live table shows running series, the
// standings so far and the latest results; files of a series that was
// never committed are removed when the folder is opened again.
func TestTrackerAndStaleFiles(t *testing.T) {
	dir := t.TempDir()
	st, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTracker("test")
	var mid bytes.Buffer
	_, err = Run(context.Background(), Options{Format: RoundRobin, Players: []*Entrant{spinner("a"), straight("b"), straight("c")},
		Series: quickSeries(4), Workers: 1, Store: st, OnEvent: func(ev Event) {
			tr.Handle(ev)
			if ev.Kind == GamePlayed && ev.Key == "round robin: a v c" && ev.Game.Index == 1 {
				tr.Render(&mid)
			}
		}})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"round robin: 1 of 3 series done, 1 running", "Running", "round robin: a v c  2–0  game 3 of up to 4", "Standings, round robin", "Latest", "round robin: a v b  3–0  a wins"} {
		if !strings.Contains(mid.String(), want) {
			t.Fatalf("live table lacks %q:\n%s", want, mid.String())
		}
	}
	if !strings.Contains(tr.Line(), "[3/3 round robin] round robin: b v c") {
		t.Fatalf("line %q", tr.Line())
	}
	for _, f := range []string{"games/series-000009.parquet", "turns/.series-000009.parquet.tmp"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st, err = OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, f := range []string{"games/series-000009.parquet", "turns/.series-000009.parquet.tmp"} {
		if _, err := os.Stat(filepath.Join(dir, f)); !os.IsNotExist(err) {
			t.Fatalf("%s was not removed", f)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "games/series-000003.parquet")); err != nil {
		t.Fatal(err)
	}
}
