package rl

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/selfplay"
)

func newLoaderBuffers(l *Loader) LoaderBuffers {
	n := l.o.Batch
	return LoaderBuffers{
		Planes: make([]uint8, n*l.Size()), Scalars: make([]float32, n*NumScalars),
		Action: make([]int64, n), Reward: make([]float32, n), Done: make([]bool, n), Outcome: make([]float32, n),
		Player: make([]int8, n), GameID: make([]int64, n), HalfStep: make([]int32, n),
	}
}

func newLoader(t testing.TB, o LoaderOptions) *Loader {
	t.Helper()
	l, err := NewLoader(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.SetBuffers(newLoaderBuffers(l)); err != nil {
		t.Fatal(err)
	}
	return l
}

// loaded is one row a loader wrote, without its observation.
type loaded struct {
	game     int64
	halfStep int32
	player   int8
	action   int64
	reward   float32
	done     bool
	outcome  float32
}

// drain reads a whole pass; check, if not nil, sees every row with its
// observation.
func drain(t *testing.T, l *Loader, check func(r loaded, planes []uint8, scal []float32)) []loaded {
	t.Helper()
	var out []loaded
	b := &l.b
	for {
		n, err := l.Next()
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return out
		}
		for i := 0; i < n; i++ {
			r := loaded{b.GameID[i], b.HalfStep[i], b.Player[i], b.Action[i], b.Reward[i], b.Done[i], b.Outcome[i]}
			out = append(out, r)
			if check != nil {
				check(r, b.Planes[i*l.size:(i+1)*l.size], b.Scalars[i*NumScalars:(i+1)*NumScalars])
			}
		}
	}
}

var loaderPairs = []selfplay.Pair{{P1: "heuristic", P2: "random"}, {P1: "goround", P2: "heuristic"}, {P1: "wanderer", P2: "wanderer"}}

// TestLoaderMatchesTurns: read in order, the loader gives every row of the
// turns table — action, reward, done, outcome, player, game and half-step
// equal — with the observation Observe gives of the game before that
// half-step, for full boards, crops and crops with a global map.
func TestLoaderMatchesTurns(t *testing.T) {
	c := paperio.Config{Width: 102, Height: 101, MaxTurns: 150}
	dir, games := selfplayRun(t, c, 5, 9, loaderPairs...)
	turns := readTurns(t, dir)
	slices.SortFunc(turns, func(a, b tables.Turn) int {
		if a.GameID != b.GameID {
			return int(a.GameID - b.GameID)
		}
		return int(a.HalfStep - b.HalfStep)
	})
	for _, v := range []View{Full, {Crop: 11}, {Crop: 11, Global: 15}} {
		l := newLoader(t, LoaderOptions{Dir: dir, View: v, Batch: 37})
		var sh *shadow
		want := make([]uint8, l.size)
		var wantSc [NumScalars]float32
		got := drain(t, l, func(r loaded, planes []uint8, scal []float32) {
			if sh == nil || sh.row.GameID != r.game {
				sh = newShadow(t, games[r.game])
			}
			if int(r.halfStep) != sh.at+1 {
				t.Fatalf("%s: game %d: half-step %d after %d", v, r.game, r.halfStep, sh.at)
			}
			Observe(v, sh.s, int(r.player)-1, want, wantSc[:])
			if !bytes.Equal(planes, want) || !slices.Equal(scal, wantSc[:]) {
				t.Fatalf("%s: game %d, half-step %d: the observation is not the game's", v, r.game, r.halfStep)
			}
			sh.step()
		})
		if len(got) != len(turns) {
			t.Fatalf("%s: %d rows, the turns table has %d", v, len(got), len(turns))
		}
		for i, tr := range turns {
			w := loaded{tr.GameID, tr.HalfStep, tr.Player, int64(ActionIndex(paperio.Action(tr.Action))), float32(tr.Reward), tr.Done, float32(tr.Outcome)}
			if got[i] != w {
				t.Fatalf("%s: row %d: %+v, the turns table has %+v", v, i, got[i], w)
			}
		}
	}
}

// TestLoaderShuffles: a shuffled pass holds every row once, each game's
// rows in order, in an order the seed decides; a filter keeps the rows of
// the players named, in any spelling of their specs.
func TestLoaderShuffles(t *testing.T) {
	c := paperio.Config{Width: 40, Height: 31, MaxTurns: 100}
	dir, _ := selfplayRun(t, c, 9, 24, loaderPairs...)
	turns := readTurns(t, dir)
	keyOf := func(g int64, h int32) [2]int64 { return [2]int64{g, int64(h)} }
	all := map[[2]int64]bool{}
	for _, tr := range turns {
		all[keyOf(tr.GameID, tr.HalfStep)] = true
	}
	pass := func(seed int64, players ...string) []loaded {
		return drain(t, newLoader(t, LoaderOptions{Dir: dir, View: View{Crop: 7}, Batch: 50, Shuffle: true, Seed: seed, InFlight: 8, Players: players}), nil)
	}
	a, b, other := pass(1), pass(1), pass(2)
	if !slices.Equal(a, b) {
		t.Fatal("the same seed gave two orders")
	}
	if slices.Equal(a, other) {
		t.Fatal("two seeds gave one order")
	}
	seen := map[[2]int64]bool{}
	last := map[int64]int32{}
	interleaved := 0
	for i, r := range a {
		k := keyOf(r.game, r.halfStep)
		if seen[k] || !all[k] {
			t.Fatalf("row %+v repeated or not in the dataset", r)
		}
		seen[k] = true
		if r.halfStep != last[r.game]+1 {
			t.Fatalf("game %d: half-step %d after %d", r.game, r.halfStep, last[r.game])
		}
		last[r.game] = r.halfStep
		if i > 0 && a[i-1].game != r.game {
			interleaved++
		}
	}
	if len(seen) != len(all) || interleaved < len(a)/4 {
		t.Fatalf("%d of %d rows; the game changed %d times in %d rows", len(seen), len(all), interleaved, len(a))
	}

	// Only heuristic's moves, named with a default spelled out.
	want := 0
	games := readGames(t, dir)
	for _, tr := range turns {
		g := games[tr.GameID]
		if (tr.Player == 1 && g.P1 == "heuristic") || (tr.Player == 2 && g.P2 == "heuristic") {
			want++
		}
	}
	rows := pass(3, "heuristic:margin=1")
	for _, r := range rows {
		g := games[r.game]
		if spec := []string{g.P1, g.P2}[r.player-1]; spec != "heuristic" {
			t.Fatalf("row of %s kept", spec)
		}
	}
	if len(rows) != want || want == 0 {
		t.Fatalf("%d rows of heuristic, want %d", len(rows), want)
	}
}

// TestLoaderRefuses: what is not a paper.io dataset, and bad options, are
// errors that say so.
func TestLoaderRefuses(t *testing.T) {
	empty := t.TempDir()
	notParquet := t.TempDir()
	os.MkdirAll(filepath.Join(notParquet, "games"), 0o755)
	os.WriteFile(filepath.Join(notParquet, "games", "x.parquet"), []byte("not parquet"), 0o644)
	eraser := t.TempDir()
	os.WriteFile(filepath.Join(eraser, "manifest.json"), []byte(`{"run":{"game":"eraser"}}`), 0o644)
	damaged := t.TempDir()
	writeGames(t, damaged, tables.Game{GameID: 0, Width: 10, Height: 10, MaxTurns: 5, Start: "2,5,0:7,5,2", Actions: "SSXS"})
	tooLong := t.TempDir()
	writeGames(t, tooLong, tables.Game{GameID: 3, Width: 10, Height: 10, MaxTurns: 1, Start: "2,5,0:7,5,2", Actions: "SSSS"})
	cases := []struct {
		o    LoaderOptions
		want string
	}{
		{LoaderOptions{Dir: filepath.Join(empty, "nope"), Batch: 1}, "no such folder"},
		{LoaderOptions{Dir: empty, Batch: 1}, "holds no dataset"},
		{LoaderOptions{Dir: notParquet, Batch: 1}, "not a readable games table"},
		{LoaderOptions{Dir: eraser, Batch: 1}, "holds eraser games, not paper.io"},
		{LoaderOptions{Dir: damaged, Batch: 0}, "batch 0"},
		{LoaderOptions{Dir: damaged, Batch: 1, View: View{Crop: 2}}, "crop 2"},
		{LoaderOptions{Dir: damaged, Batch: 1, View: View{Global: 15}}, "crops with a global map"},
		{LoaderOptions{Dir: damaged, Batch: 1, Players: []string{"nosuchbot"}}, "players"},
	}
	for _, tc := range cases {
		_, err := NewLoader(tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one about %q", tc.o, err, tc.want)
		}
	}
	for dir, want := range map[string]string{damaged: "action 'X' at half-step 3", tooLong: "the replay ends at half-step 2"} {
		l := newLoader(t, LoaderOptions{Dir: dir, Batch: 8, View: View{Crop: 5}})
		if _, err := l.Next(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one about %q", dir, err, want)
		}
	}
}

func writeGames(t *testing.T, dir string, rows ...tables.Game) {
	t.Helper()
	os.MkdirAll(filepath.Join(dir, "games"), 0o755)
	f, err := os.Create(filepath.Join(dir, "games", "chunk-000000.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	w := tables.NewGameWriter(f)
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}
