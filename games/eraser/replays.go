package eraser

import (
	"fmt"
	"time"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/engine/eraser/bots"
	"github.com/paperio/paperio/game"
)

// Replays are the corpus format of RULES.md §13 (package eraser's Game):
// the format of the games recorded on the course's engine.
func (Game) Replays() game.Replays { return replays{} }

type replays struct{}

func (replays) Append(path string, games ...game.ReplayGame) error {
	out := make([]*eraser.Game, len(games))
	for i, g := range games {
		rg, err := ReplayGame(g)
		if err != nil {
			return fmt.Errorf("game %s: %v", g.ID, err)
		}
		out[i] = rg
	}
	return eraser.Append(path, out...)
}

// ReplayGame is a record in the corpus format: the game recorded while it
// was played when it was played with frames, else replayed from the record
// (without frames).
func ReplayGame(g game.ReplayGame) (*eraser.Game, error) {
	var rg eraser.Game
	if f, ok := g.Frames.(*eraser.Game); ok {
		rg = *f
	} else {
		s, err := startState(g.Record)
		if err != nil {
			return nil, err
		}
		rec := eraser.NewRecorder(s, "", g.Players, false)
		if err := Replay(g.Record, &table{Game: bots.Game{S: s}, rec: rec}); err != nil {
			return nil, err
		}
		rg = *rec.Game()
	}
	rg.ID, rg.Players = g.ID, g.Players
	return &rg, nil
}

// Read reads a corpus file's games as records (RecordOf).
func (replays) Read(path string) ([]game.ReplayGame, error) {
	gs, err := eraser.ReadAll(path)
	if err != nil {
		return nil, err
	}
	out := make([]game.ReplayGame, len(gs))
	for i, g := range gs {
		r, err := RecordOf(g)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d (%s): %v", path, i, g.ID, err)
		}
		out[i] = game.ReplayGame{ID: g.ID, Players: g.Players, Record: r}
	}
	return out, nil
}

func (replays) Check(path string, bad func(string)) (games, frames, mismatched int, err error) {
	return game.CheckFile(path, eraser.Open, func(g *eraser.Game) (string, int, error) {
		n, m := eraser.Check(g)
		if m == nil {
			return g.ID, n, nil // not a nil *Mismatch in an error
		}
		return g.ID, n, m
	}, bad)
}

// Bench replays every game's moves (the games loaded and their boards drawn
// first, so only the engine is measured), again and again until min has
// passed: each move with its cascade and the next round's operations.
func (replays) Bench(paths []string, min time.Duration) (game.Bench, error) {
	var starts []*eraser.State
	var moves [][]eraser.Swap
	for _, f := range paths {
		gs, err := eraser.ReadAll(f)
		if err != nil {
			return game.Bench{}, err
		}
		for _, g := range gs {
			cfg, err := g.Config.Config()
			if err != nil {
				return game.Bench{}, fmt.Errorf("game %s: %v", g.ID, err)
			}
			s, err := eraser.New(cfg, g.Seed)
			if err != nil {
				return game.Bench{}, fmt.Errorf("game %s: %v", g.ID, err)
			}
			s.DrawAll()
			sws := make([]eraser.Swap, len(g.Moves))
			for i, m := range g.Moves {
				if sws[i], err = m.Swap(); err != nil {
					return game.Bench{}, fmt.Errorf("game %s move %d: %v", g.ID, i+1, err)
				}
			}
			starts, moves = append(starts, s), append(moves, sws)
		}
	}
	work := &eraser.State{}
	var n int64
	rounds := 0
	begin := time.Now()
	for time.Since(begin) < min || rounds == 0 {
		for i, s := range starts {
			work.CopyFrom(s)
			for _, sw := range moves[i] {
				work.Move(sw)
			}
			n += int64(len(moves[i]))
		}
		rounds++
	}
	return game.Bench{Games: len(starts), Rounds: rounds, Moves: n, Took: time.Since(begin)}, nil
}
