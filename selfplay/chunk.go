package selfplay

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/dataset"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/internal/durable"
	"github.com/paperio/paperio/play"
)

// Table folders inside the output folder.
const (
	GamesDir = "games"
	TurnsDir = "turns"
)

// ChunkFile is the name of chunk k's file in each table folder.
func ChunkFile(k int) string { return fmt.Sprintf("chunk-%06d.parquet", k) }

// parseChunkFile returns k for a final chunk file name.
func parseChunkFile(name string) (int, bool) {
	s, ok := strings.CutPrefix(name, "chunk-")
	if !ok {
		return 0, false
	}
	s, ok = strings.CutSuffix(s, ".parquet")
	if !ok || len(s) < 6 {
		return 0, false
	}
	k, err := strconv.Atoi(s)
	return k, err == nil && k >= 0
}

// seats are a worker's players: one pair of seats per matchup, whose
// instances are built on first use and reused game after game.
type seats struct {
	newBot func(spec string) (bots.Bot, error)
	pairs  map[Pair][2]*play.Seat[*engine.State, engine.Action]
}

// A player that cannot be built is an error of the run (a dataset of
// forfeits would say nothing).
func (ss *seats) of(pr Pair) ([2]*play.Seat[*engine.State, engine.Action], error) {
	if s, ok := ss.pairs[pr]; ok {
		return s, nil
	}
	var s [2]*play.Seat[*engine.State, engine.Action]
	for i, spec := range []string{pr.P1, pr.P2} {
		e := &play.Entrant[*engine.State, engine.Action]{Name: spec, Spec: spec,
			New: func() (bots.Bot, error) { return ss.newBot(spec) }}
		s[i] = play.NewSeat(e, false)
		if err := s[i].Start(); err != nil {
			return s, fmt.Errorf("bot %q: %w", spec, err)
		}
	}
	ss.pairs[pr] = s
	return s, nil
}

// close releases the players (a course AI's process).
func (ss *seats) close() {
	for _, s := range ss.pairs {
		for _, st := range s {
			st.Close()
		}
	}
}

// player is a worker: its seats, recorder and buffers.
type player struct {
	plan   *Plan
	budget time.Duration
	seats  seats
	rec    dataset.Recorder
	games  []dataset.Game
	moves  []engine.Action
}

// chunkCounts are what a chunk holds.
type chunkCounts struct {
	Games, Turns int64
}

// playChunk plays chunk k and writes its two files into dir, durably and
// whole: the turns file is committed before the games file, so that a games
// file never stands without its turns, and the chunk counts as written once
// both are. It calls onGame after each game with the game's turn rows. On
// any error or cancellation it removes what it wrote.
func (p *player) playChunk(ctx context.Context, dir string, k int, onGame func(rows int)) (cc chunkCounts, err error) {
	games, err := durable.Create(filepath.Join(dir, GamesDir, ChunkFile(k)))
	if err != nil {
		return cc, err
	}
	defer games.Abort()
	turns, err := durable.Create(filepath.Join(dir, TurnsDir, ChunkFile(k)))
	if err != nil {
		return cc, err
	}
	defer turns.Abort()
	// Fresh writers for each file: a reset writer does not write the same
	// bytes as a new one, and the files must not depend on which worker
	// wrote them.
	gw, tw := dataset.NewGameWriter(games), dataset.NewTurnWriter(turns)

	c := p.plan.Config()
	lo, hi := p.plan.ChunkGamesRange(k)
	p.games = p.games[:0]
	for g := lo; g < hi; g++ {
		if err := ctx.Err(); err != nil {
			return cc, err
		}
		row, rows, err := p.playGame(c, g)
		if err != nil {
			return cc, err
		}
		if _, err := tw.Write(rows); err != nil {
			return cc, durable.Explain(turns.Name(), err)
		}
		p.games = append(p.games, row)
		cc.Turns += int64(len(rows))
		if onGame != nil {
			onGame(len(rows))
		}
	}
	cc.Games = int64(len(p.games))
	if _, err := gw.Write(p.games); err != nil {
		return cc, durable.Explain(games.Name(), err)
	}
	if err := tw.Close(); err != nil {
		return cc, durable.Explain(turns.Name(), err)
	}
	if err := gw.Close(); err != nil {
		return cc, durable.Explain(games.Name(), err)
	}
	if err := turns.Commit(); err != nil {
		return cc, err
	}
	return cc, games.Commit()
}

// playGame plays game g and returns its games row and turn rows (valid until
// the next game).
func (p *player) playGame(c engine.Config, g int64) (dataset.Game, []dataset.Turn, error) {
	seed := play.GameSeed(p.plan.Seed, g)
	starts, err := engine.RandomStarts(c, seed)
	if err != nil {
		return dataset.Game{}, nil, err
	}
	s, err := engine.NewGame(c, starts)
	if err != nil {
		return dataset.Game{}, nil, err
	}
	pr := p.plan.Pair(g)
	seats, err := p.seats.of(pr)
	if err != nil {
		return dataset.Game{}, nil, err
	}
	p.rec.Start(g)
	res, err := play.Run(bots.Game{S: s}, seats, play.Options[engine.Action]{
		Seed: uint64(seed), Budget: p.budget, Moves: p.moves,
		OnMove: func(_ int, a engine.Action) { p.rec.Step(s, a) },
	})
	if err != nil {
		return dataset.Game{}, nil, fmt.Errorf("game %d: %w", g, err)
	}
	p.moves = res.Moves
	turns := p.rec.Finish(s)
	row := dataset.GameRow(g, seed, pr.P1, pr.P2, c, starts, s, p.rec.Actions())
	return row, turns, nil
}
