package trainlog

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/paperio/paperio/rating"
)

// Ladder fits the Elo ladder of every game in the matchups: the
// learner's checkpoints (Matchup.Player) and its opponents, by
// Bradley–Terry with the package rating's default prior (so that a player
// that won or lost every game still gets a finite rating). Ratings are
// shifted so that the anchor (random when it played, else the mean) is 0.
// A checkpoint met as an opponent ("policy:DIR/it0040.npz") is the same
// player as the checkpoint that played (it0040).
func Ladder(matchups []Matchup) ([]Rating, error) {
	index := map[string]int{}
	var players []string
	var checkpoint []bool
	id := func(name string, ckpt bool) int {
		if i, ok := index[name]; ok {
			checkpoint[i] = checkpoint[i] || ckpt
			return i
		}
		index[name] = len(players)
		players = append(players, name)
		checkpoint = append(checkpoint, ckpt)
		return len(players) - 1
	}
	var games []rating.Outcome
	for _, m := range matchups {
		opp, ckpt := CheckpointOf(m.Opponent)
		i, j := id(m.Player, true), id(opp, ckpt)
		if i == j { // the learner against its own latest snapshot: no news for the ladder
			continue
		}
		games = rating.AppendGames(games, i, j, int(m.Wins), int(m.Draws), int(m.Losses))
	}
	if len(games) == 0 {
		return nil, nil
	}
	fit, err := rating.FitBradleyTerry(players, games, rating.DefaultPrior)
	if err != nil {
		return nil, fmt.Errorf("elo ladder: %v", err)
	}
	anchor := 0.0
	for _, r := range fit {
		if r.Player == "random" {
			anchor = r.Elo
		}
	}
	out := make([]Rating, len(fit))
	for k, r := range fit {
		out[k] = Rating{Player: r.Player, Checkpoint: checkpoint[index[r.Player]], Elo: float32(r.Elo - anchor),
			CI95: float32(r.CI95), Games: int32(r.Games)}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Player < out[b].Player })
	return out, nil
}

// CheckpointOf names the player of an opponent spec: a policy:FILE
// opponent (a past snapshot in the league) or a netsearch:FILE one (a
// past best of the search in the loop) is the checkpoint of that file (its
// stem), and reports true.
func CheckpointOf(spec string) (string, bool) {
	for _, prefix := range []string{"policy:", "netsearch:"} {
		if file, ok := strings.CutPrefix(spec, prefix); ok {
			return strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), true
		}
	}
	return spec, false
}

// AppendLadder fits the ladder of the log folder dir's matchups and
// appends it to its ratings as fitted after iteration it.
func AppendLadder(dir string, it int32, seconds float64) ([]Rating, error) {
	m, err := Read[Matchup](filepath.Join(dir, MatchupsFile))
	if err != nil {
		return nil, err
	}
	rs, err := Ladder(m)
	if err != nil || len(rs) == 0 {
		return rs, err
	}
	for k := range rs {
		rs[k].Iteration, rs[k].Seconds = it, seconds
	}
	return rs, Append(filepath.Join(dir, RatingsFile), rs)
}
