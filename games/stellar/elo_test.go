package stellar

import (
	"bytes"
	"testing"

	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/tourney"
)

// TestEloTable plays every built-in bot against every other in paired games
// (the same map, seats swapped) on course maps, fits Bradley–Terry ratings
// with their 95 % intervals, prints the table (go test -v -run EloTable),
// and checks the order the bots were built for: greedy above rush, rush
// above the course's sample, the sample above an idle player.
func TestEloTable(t *testing.T) {
	players := []string{"greedy", "rush", "sample", "idle"}
	const pairs = 12 // per matchup: 24 games
	var games []rating.Outcome
	w := g.NewWorker()
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			st := seats(t, players[i], players[j])
			for k := range pairs {
				rs, err := tourney.PlayPair(w, st, int64(1000*i+100*j+k), tourney.PairSetup{Config: g.DefaultConfig()})
				if err != nil {
					t.Fatal(err)
				}
				games = append(games, rating.Outcome{I: i, J: j, Score: rs[0].Winner.Score(0)},
					rating.Outcome{I: j, J: i, Score: rs[1].Winner.Score(0)})
			}
		}
	}
	rs, err := rating.FitBradleyTerry(players, games, rating.DefaultPrior)
	if err != nil {
		t.Fatal(err)
	}
	rating.SortRatings(rs)
	var b bytes.Buffer
	tourney.WriteRatings(&b, rs)
	t.Logf("%d games\n%s", len(games), b.String())
	for k, want := range players {
		if rs[k].Player != want {
			t.Errorf("place %d: %s, want %s", k+1, rs[k].Player, want)
		}
	}
	if len(rs) == 4 && rs[1].Elo-rs[2].Elo < rs[1].CI95 {
		t.Errorf("rush (%+.0f) is not clearly above the sample (%+.0f ± %.0f)", rs[1].Elo, rs[2].Elo, rs[1].CI95)
	}
}
