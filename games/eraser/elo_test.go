package eraser

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/tourney"
)

// eloPairs is the number of paired games (one board, both seats) of each
// matchup of TestElo; the Elo table of docs/ERASER.md comes from
// go test ./games/eraser -run TestElo -v -args -elo.pairs=200.
var eloPairs = flag.Int("elo.pairs", 10, "TestElo: paired games per matchup")

// TestElo plays a round robin of paired games between the built-in bots
// through tourney.PlayPair, fits Bradley–Terry ratings with 95 % intervals
// and logs the table. The look-ahead must rate above greedy, and greedy
// above random.
func TestElo(t *testing.T) {
	specs := []string{"random", "greedy", "lookahead:depth=1", "lookahead:reply=50", "lookahead"}
	es, err := game.Entrants(binding, game.PlayerOptions{}, specs...)
	if err != nil {
		t.Fatal(err)
	}
	w := binding.NewWorker()
	var games []rating.Outcome
	wins := map[[2]int]int{}
	for i := range specs {
		for j := i + 1; j < len(specs); j++ {
			seats := [2]*game.Seat{game.NewSeat(es[i], false), game.NewSeat(es[j], false)}
			for k := 0; k < *eloPairs; k++ {
				rs, err := tourney.PlayPair(w, seats, int64(1000+k), tourney.PairSetup{Config: binding.DefaultConfig()})
				if err != nil {
					t.Fatal(err)
				}
				for h, r := range rs {
					score := r.Winner.Score(h) // i's seat is h in the h-th game
					games = append(games, rating.Outcome{I: i, J: j, Score: score})
					if score == 1 {
						wins[[2]int{i, j}]++
					} else {
						wins[[2]int{j, i}]++
					}
				}
			}
		}
	}
	rs, err := rating.FitBradleyTerry(specs, games, rating.DefaultPrior)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Bradley–Terry ratings over %d games (%d per matchup: course boards 1000…%d, both seats; prior %g):\n",
		len(games), 2**eloPairs, 999+*eloPairs, rating.DefaultPrior)
	elo := map[string]float64{}
	for _, r := range rs {
		fmt.Fprintf(&b, "  %-20s %+7.0f ± %3.0f  (%d games, score %.0f)\n", r.Player, r.Elo, r.CI95, r.Games, r.Score)
		elo[r.Player] = r.Elo
	}
	b.WriteString("wins of the row's player against the column's:\n")
	fmt.Fprintf(&b, "  %-20s", "")
	for _, s := range specs {
		fmt.Fprintf(&b, " %19s", s)
	}
	for i, s := range specs {
		fmt.Fprintf(&b, "\n  %-20s", s)
		for j := range specs {
			if i == j {
				fmt.Fprintf(&b, " %19s", "–")
			} else {
				fmt.Fprintf(&b, " %19d", wins[[2]int{i, j}])
			}
		}
	}
	t.Log(b.String())
	if !(elo["lookahead"] > elo["greedy"] && elo["greedy"] > elo["random"]) {
		t.Errorf("ratings out of order: %v", elo)
	}
}
