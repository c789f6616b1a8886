package rl

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/selfplay"
)

// selfplayRun writes a self-play dataset with paperio selfplay's code into
// a temporary folder and returns the folder and its games rows in order.
func selfplayRun(t testing.TB, c paperio.Config, seed, games int64, pairs ...selfplay.Pair) (string, []tables.Game) {
	t.Helper()
	return selfplayRunWorkers(t, c, seed, games, 2, pairs...)
}

// selfplayRunWorkers is selfplayRun with that many games played at once.
func selfplayRunWorkers(t testing.TB, c paperio.Config, seed, games int64, workers int, pairs ...selfplay.Pair) (string, []tables.Game) {
	t.Helper()
	dir := t.TempDir()
	plan := selfplay.Plan{
		Game: "paperio", Seed: seed, Games: games, ChunkGames: selfplay.ChunkGamesFor(games),
		Settings: paperiogame.Config{Config: c}.Encode(), Pairs: pairs,
	}
	_, err := selfplay.Run(context.Background(), selfplay.Options{
		Plan: plan, Out: dir, Workers: workers,
		Entrant: func(spec string) (*game.Entrant, error) {
			return paperiogame.Game{}.Entrant(spec, game.PlayerOptions{})
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, readGames(t, dir)
}

func readGames(t testing.TB, dir string) []tables.Game {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "games", "*.parquet"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games files in %s (%v)", dir, err)
	}
	var rows []tables.Game
	for _, f := range files {
		r, err := parquet.ReadFile[tables.Game](f)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	slices.SortFunc(rows, func(a, b tables.Game) int { return int(a.GameID - b.GameID) })
	return rows
}

func readTurns(t testing.TB, dir string) []tables.Turn {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "turns", "*.parquet"))
	var rows []tables.Turn
	for _, f := range files {
		r, err := parquet.ReadFile[tables.Turn](f)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r...)
	}
	return rows
}

// shadow replays a games row alongside an environment.
type shadow struct {
	row tables.Game
	s   *paperio.State
	at  int // actions replayed
}

func newShadow(t testing.TB, row tables.Game) *shadow {
	t.Helper()
	st, err := paperio.ParseStart(row.Start)
	if err != nil {
		t.Fatal(err)
	}
	c := paperio.Config{Width: int(row.Width), Height: int(row.Height), MaxTurns: int(row.MaxTurns)}
	s, err := paperio.NewGame(c, st)
	if err != nil {
		t.Fatal(err)
	}
	return &shadow{row: row, s: s}
}

// play replays recorded actions up to the next half-step of player me (or
// the game's end).
func (sh *shadow) playUntil(me int) {
	for sh.at < len(sh.row.Actions) && sh.s.ToMove() != me {
		sh.s.Step(paperio.Action(sh.row.Actions[sh.at]))
		sh.at++
	}
}

// next is the recorded action of the player to move, as an index.
func (sh *shadow) next(t testing.TB) int64 {
	t.Helper()
	if sh.at >= len(sh.row.Actions) {
		t.Fatalf("game %d: no action left after %d", sh.row.GameID, sh.at)
	}
	return int64(ActionIndex(paperio.Action(sh.row.Actions[sh.at])))
}

func (sh *shadow) step() {
	sh.s.Step(paperio.Action(sh.row.Actions[sh.at]))
	sh.at++
}
