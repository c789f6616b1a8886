package selfplay

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/durable"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/store"
)

// GamesDir is the folder of the games table in the output folder; the
// per-move table's folder is the game's (game.Info.MovesTable: turns/ for
// paper.io).
const GamesDir = "games"

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

// seats are a worker's players: the seats of each spec, whose instances
// are built on first use and reused game after game, in every matchup the
// spec plays (a worker plays one game at a time), so that a program or a
// course AI runs in one process per worker, or two where it meets itself.
type seats struct {
	entrant func(spec string) (*game.Entrant, error)
	bySpec  map[string][]*game.Seat
}

// A player that cannot be built is an error of the run (a dataset of
// forfeits would say nothing).
func (ss *seats) of(pr Pair) ([2]*game.Seat, error) {
	var s [2]*game.Seat
	for i, spec := range []string{pr.P1, pr.P2} {
		k := 0
		if i == 1 && pr.P2 == pr.P1 {
			k = 1 // a player against itself: a second instance
		}
		if k < len(ss.bySpec[spec]) {
			s[i] = ss.bySpec[spec][k]
			continue
		}
		e, err := ss.entrant(spec)
		if err == nil {
			s[i] = game.NewSeat(e, false)
			err = s[i].Start()
		}
		if err != nil {
			return s, fmt.Errorf("player %q: %w", spec, err)
		}
		ss.bySpec[spec] = append(ss.bySpec[spec], s[i])
	}
	return s, nil
}

// close releases the players (a course AI's process).
func (ss *seats) close() {
	for _, list := range ss.bySpec {
		for _, st := range list {
			st.Close()
		}
	}
}

// player is a worker: its seats and the game's scratch.
type player struct {
	plan   *Plan
	g      game.Game
	config game.Config
	budget time.Duration
	seats  seats
	w      game.Worker
	watch  func(id int64, p1, p2 string) game.Watcher
	onGame func(id int64, p1, p2 string, r *game.Record)
	faults *Faults
}

// chunkCounts are what a chunk holds.
type chunkCounts struct {
	Games, Turns int64
}

// playChunk plays chunk k and writes its two files into dir, durably and
// whole: the moves file is committed before the games file, so that a games
// file never stands without its moves, and the chunk counts as written once
// both are. It calls onGame after each game with the game's move rows. On
// any error or cancellation it removes what it wrote.
func (p *player) playChunk(ctx context.Context, dir *store.Bucket, k int, onGame func(rows int)) (cc chunkCounts, err error) {
	games, err := dir.Create(GamesDir + "/" + ChunkFile(k))
	if err != nil {
		return cc, err
	}
	defer games.Abort()
	moves, err := dir.Create(p.g.Info().MovesTable + "/" + ChunkFile(k))
	if err != nil {
		return cc, err
	}
	defer moves.Abort()
	ch := p.g.Tables().NewChunk(games, moves)
	lo, hi := p.plan.ChunkGamesRange(k)
	for g := lo; g < hi; g++ {
		if err := ctx.Err(); err != nil {
			return cc, err
		}
		pr := p.plan.Pair(g)
		r, err := p.playGame(pr, g)
		if err != nil {
			return cc, err
		}
		n, err := ch.Add(g, pr.P1, pr.P2, r)
		if err != nil {
			return cc, durable.Explain(moves.Name(), err)
		}
		cc.Games++
		cc.Turns += int64(n)
		if onGame != nil {
			onGame(n)
		}
	}
	if err := ch.Close(); err != nil {
		return cc, durable.Explain(games.Name(), err)
	}
	if err := moves.Commit(); err != nil {
		return cc, err
	}
	return cc, games.Commit()
}

// playGame plays game g of the run with its rows recorded.
func (p *player) playGame(pr Pair, g int64) (*game.Record, error) {
	seats, err := p.seats.of(pr)
	if err != nil {
		return nil, err
	}
	su := game.Setup{Config: p.config, Seed: play.GameSeed(p.plan.Seed, g), Budget: p.budget, Rows: true}
	if p.watch != nil {
		su.Watch = p.watch(g, pr.P1, pr.P2)
	}
	r, err := p.w.Play(seats, su)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g, err)
	}
	p.faults.add(g, [2]string{pr.P1, pr.P2}, r)
	if p.onGame != nil {
		p.onGame(g, pr.P1, pr.P2, r)
	}
	return r, nil
}
