package tune

import (
	"context"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/tourney"
)

// VerifySeed is the first seed of the verification games of a run with
// seed run: pair j uses VerifySeed+j, far from the hashed seeds of the
// tuning games.
func VerifySeed(run int64) int64 {
	return play.GameSeed(run^0x7e57, -1) >> 8
}

// Verify plays tuned against base with an SPRT (H0 Elo 0, H1 Elo elo1,
// normalized, α = β = 0.05) over fresh starts, at most maxGames games.
func Verify(ctx context.Context, g game.Game, o game.PlayerOptions, tuned, base string, c game.Config, seed int64, elo1 float64, maxGames, workers int, onPair func(*tourney.SPRTReport)) (*tourney.SPRTReport, error) {
	es, err := game.Entrants(g, o, tuned, base)
	if err != nil {
		return nil, err
	}
	test := rating.SPRT{Elo0: 0, Elo1: elo1, Alpha: 0.05, Beta: 0.05, Model: "normalized"}
	return tourney.RunSPRT(ctx, tourney.SPRTOptions{A: es[0], B: es[1], Test: test, Game: g, Config: c, Seed: seed,
		MaxGames: maxGames, Workers: workers, OnPair: onPair})
}
