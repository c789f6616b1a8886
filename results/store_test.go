package results_test

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
	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/engine/paperio/replay"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/games/paperio/testbot"
	"github.com/paperio/paperio/results"
	"github.com/paperio/paperio/tourney"
)

// smallBoard keeps tests fast: 20x15, k = 10.
var smallBoard = paperiogame.Config{Config: paperio.Config{Width: 20, Height: 15, MaxTurns: 60}}

// paper is the game of the tests.
var paper paperiogame.Game

func quickSeries(games int) tourney.SeriesOptions {
	return tourney.SeriesOptions{Game: paper, Config: smallBoard, Games: games, Budget: 2 * time.Second}
}

func spinner(name string) *tourney.Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Fixed{A: paperio.Right} })
}

func straight(name string) *tourney.Entrant {
	return testbot.Entrant(name, nil, func() bots.Bot { return &testbot.Fixed{A: paperio.Straight} })
}

func tallies(ps []*tourney.PlayedSeries) []tourney.Tally {
	t := make([]tourney.Tally, len(ps))
	for i, p := range ps {
		t[i] = p.Result.Tally
	}
	return t
}

// countingSafe is a safeBot entrant that counts instances (to see what a
// resumed run plays).
func countingSafe(name string, n *atomic.Int32) *tourney.Entrant {
	return testbot.Entrant(name, n, func() bots.Bot { return &testbot.Safe{} })
}

// TestRoundRobinStoreAndResume: a round robin writes every series to the
// output folder (database, games and turns Parquet that analysis reads);
// run again it plays nothing; interrupted, it plays only what is missing
// and ends with the same results.
func TestRoundRobinStoreAndResume(t *testing.T) {
	var built atomic.Int32
	players := func() []*tourney.Entrant {
		return []*tourney.Entrant{spinner("spin"), straight("line"), countingSafe("safe1", &built), countingSafe("safe2", &built)}
	}
	run := func(dir string, ctx context.Context) (*tourney.Report, error) {
		st, err := results.OpenStore(dir, paper)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		return tourney.Run(ctx, tourney.Options{Format: tourney.RoundRobin, Players: players(), Series: quickSeries(6), Seed: 5, Workers: 2, Store: st})
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
	if total != want || !reflect.DeepEqual(rep.Groups[0].Standings, tourney.Standings(rep.Groups[0].Players, tallies(rep.Played))) {
		t.Fatalf("standings %+v", rep.Groups[0].Standings)
	}
	nGames, _ := rep.Reasons()

	// The database.
	st, err := results.OpenStore(dir, paper)
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
			if _, err := paperiogame.Replay(s.Games[i].Record, nil); err != nil {
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
		rows, err := parquet.ReadFile[tables.Game](f)
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
	turns, err := ds.Moves(&gs[len(gs)-1].ID, "half_step", "area1", "area2")
	if err != nil || turns.N != gs[len(gs)-1].Length {
		t.Fatalf("analysis turns: %v", err)
	}

	readBack(t, dir, rep, nGames)

	// tourney.Run again: nothing is played.
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
	st2, _ := results.OpenStore(dir2, paper)
	_, err = tourney.Run(ctx, tourney.Options{Format: tourney.RoundRobin, Players: players(), Series: quickSeries(6), Seed: 5, Workers: 1, Store: st2,
		OnEvent: func(ev tourney.Event) {
			if ev.Kind == tourney.SeriesFinished && finished.Add(1) == 2 {
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
	st3, _ := results.OpenStore(dir, paper)
	defer st3.Close()
	_, err = tourney.Run(context.Background(), tourney.Options{Format: tourney.RoundRobin, Players: players(), Series: quickSeries(6), Seed: 6, Store: st3})
	if !errors.Is(err, results.ErrOtherRun) {
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

// Files of a series that was never committed are removed when the folder
// is opened again; committed ones stay.
func TestStaleFiles(t *testing.T) {
	dir := t.TempDir()
	st, err := results.OpenStore(dir, paper)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tourney.Run(context.Background(), tourney.Options{Format: tourney.RoundRobin, Players: []*tourney.Entrant{spinner("a"), straight("b"), straight("c")},
		Series: quickSeries(4), Workers: 1, Store: st})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"games/series-000009.parquet", "turns/.series-000009.parquet.tmp-999999999"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st, err = results.OpenStore(dir, paper)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, f := range []string{"games/series-000009.parquet", "turns/.series-000009.parquet.tmp-999999999"} {
		if _, err := os.Stat(filepath.Join(dir, f)); !os.IsNotExist(err) {
			t.Fatalf("%s was not removed", f)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "games/series-000003.parquet")); err != nil {
		t.Fatal(err)
	}
}

// readBack checks what the read API says of a finished round robin's
// folder against the run's report.
func readBack(t *testing.T, dir string, rep *tourney.Report, nGames int) {
	t.Helper()
	r, err := results.Read(filepath.Join(dir, results.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if name, err := r.Game(); name != "paperio" || err != nil {
		t.Fatalf("game %q, %v", name, err)
	}
	players, err := r.Players()
	if err != nil || len(players) != 4 || players[0].Name != "spin" || players[1].Spec == "" {
		t.Fatalf("players %+v, %v", players, err)
	}
	series, err := r.Series()
	if err != nil || len(series) != 6 || series[0].ID >= series[5].ID {
		t.Fatalf("series %+v, %v", series, err)
	}
	games, err := r.Games()
	if err != nil || len(games) != nGames {
		t.Fatalf("%d games, %v", len(games), err)
	}
	for i, g := range games {
		if g.ID != int64(i) || g.Stage != series[0].Stage || g.Winner < 0 || g.Winner > 2 {
			t.Fatalf("game %d: %+v", i, g)
		}
	}
	last := games[len(games)-1]
	p, err := r.Replay(last.ID)
	if err != nil {
		t.Fatal(err)
	}
	c, err := paper.DecodeConfig([]byte(p.Settings))
	if err != nil || c.String() != smallBoard.String() || len(p.Moves) != last.Length || p.Start == "" {
		t.Fatalf("replay %+v: %v", p, err)
	}
	if _, err := r.Replay(int64(nGames)); err == nil {
		t.Error("a game past the last one replays")
	}
	standings, err := r.Standings()
	if err != nil || len(standings) != 4 {
		t.Fatalf("standings %+v, %v", standings, err)
	}
	for i, s := range standings {
		want := rep.Groups[0].Standings[i]
		if s.Player != want.Player || s.Points != want.Points || s.Rank != want.Rank {
			t.Errorf("standing %d: %+v, want %+v", i, s, want)
		}
	}
	ratings, err := r.Ratings()
	if err != nil || len(ratings) != 4 || ratings[0].Elo < ratings[3].Elo {
		t.Fatalf("ratings %+v, %v", ratings, err)
	}
	if pl, err := r.Placings(); err != nil || len(pl) != len(rep.Placings) {
		t.Fatalf("placings %+v, %v (want %d)", pl, err, len(rep.Placings))
	}
	// A database that holds nothing yet holds no game.
	empty := filepath.Join(t.TempDir(), "empty.sqlite")
	os.WriteFile(empty, nil, 0o644)
	e, err := results.Read(empty)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if name, err := e.Game(); name != "" || err != nil {
		t.Fatalf("an empty database: %q, %v", name, err)
	}
}
