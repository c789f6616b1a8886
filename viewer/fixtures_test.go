package viewer_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	stellargame "github.com/paperio/paperio/games/stellar"
	"github.com/paperio/paperio/pyai"
	"github.com/paperio/paperio/results"
	"github.com/paperio/paperio/selfplay"
	"github.com/paperio/paperio/tourney"
)

// smallBoard keeps the fixtures fast.
var smallBoard = paperiogame.Config{Config: paperio.Config{Width: 20, Height: 15, MaxTurns: 80}}

var paper paperiogame.Game

// selfPlayFolder writes a small self-play folder of games games.
func selfPlayFolder(t testing.TB, games int64) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "selfplay")
	plan := selfplay.Plan{Game: "paperio", Seed: 3, Games: games, ChunkGames: 8, Settings: smallBoard.Encode(),
		Pairs: selfplay.AllPairs([]string{"goround", "heuristic", "random"})}
	_, err := selfplay.Run(context.Background(), selfplay.Options{Plan: plan, Out: dir, Workers: 1,
		Entrant: func(spec string) (*game.Entrant, error) { return paper.Entrant(spec, game.PlayerOptions{}) }})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// tournamentOptions are a small round robin of bots.
func tournamentOptions(t testing.TB) tourney.Options {
	t.Helper()
	es, err := game.Entrants(paper, game.PlayerOptions{}, "goround", "heuristic", "wanderer")
	if err != nil {
		t.Fatal(err)
	}
	return tourney.Options{Format: tourney.RoundRobin, Players: es, Seed: 5, Workers: 1,
		Series: tourney.SeriesOptions{Game: paper, Config: smallBoard, Games: 4, Budget: time.Second}}
}

// tournamentFolder writes a small tournament's output folder.
func tournamentFolder(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tournament")
	st, err := results.OpenStore(dir, paper)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	o := tournamentOptions(t)
	o.Store = st
	if _, err := tourney.Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	return dir
}

var (
	fixOnce sync.Once
	fixDir  string // removed when the tests end
	fixSP   string
	fixTour string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if fixDir != "" {
		os.RemoveAll(fixDir)
	}
	pyai.Shutdown() // the idle fork servers' folders go with them
	os.Exit(code)
}

// fixtures are a self-play folder and a tournament folder shared by the
// tests (made once; the tests only read them).
func fixtures(t *testing.T) (sp, tour string) {
	fixOnce.Do(func() {
		var err error
		if fixDir, err = os.MkdirTemp("", "viewer-fixtures"); err != nil {
			t.Fatal(err)
		}
		ft := &fixtureT{T: t, dir: fixDir}
		fixSP, fixTour = selfPlayFolder(ft, 48), tournamentFolder(ft)
	})
	if fixSP == "" {
		t.Fatal("fixtures failed")
	}
	return fixSP, fixTour
}

// fixtureT gives shared fixtures a folder that outlives the first test.
type fixtureT struct {
	*testing.T
	dir string
	n   int
}

func (f *fixtureT) TempDir() string {
	f.n++
	d := filepath.Join(f.dir, string(rune('a'+f.n)))
	os.MkdirAll(d, 0o755)
	return d
}

// stellarConfig keeps stellar fixtures short: 40 turns on the course's map.
func stellarConfig() stellargame.Config {
	c := stellargame.Game{}.DefaultConfig().(stellargame.Config)
	c.Turns = 40
	return c
}

// stellarTournament writes a small stellar round robin's folder.
func stellarTournament(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "stellar")
	var g stellargame.Game
	st, err := results.OpenStore(dir, g)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	es, err := game.Entrants(g, game.PlayerOptions{}, "greedy", "sample")
	if err != nil {
		t.Fatal(err)
	}
	o := tourney.Options{Format: tourney.RoundRobin, Players: es, Seed: 3, Workers: 1, Store: st,
		Series: tourney.SeriesOptions{Game: g, Config: stellarConfig(), Games: 2, Budget: time.Second}}
	if _, err := tourney.Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	return dir
}
