package eraser

import (
	"fmt"
	"strconv"
	"time"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/game"
)

// RecordOf is a game of the corpus format as a record (the viewer reads
// replay files so): its board seed as the start, its swaps as the moves.
func RecordOf(g *eraser.Game) (*game.Record, error) {
	cfg, err := g.Config.Config()
	if err != nil {
		return nil, err
	}
	sws := make([]eraser.Swap, len(g.Moves))
	for i, m := range g.Moves {
		if sws[i], err = m.Swap(); err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
	}
	reason, ok := eraser.ParseReason(g.Result.Reason)
	if !ok {
		return nil, fmt.Errorf("result reason %q", g.Result.Reason)
	}
	res := eraser.Result{Reason: reason}
	if e := g.Result.Error; e != nil {
		res.Error.Kind, _ = eraser.ParseFailKind(e.Kind)
	}
	t := g.Result.Time
	return &game.Record{
		Seed: g.Seed, Config: Config{cfg}, Start: strconv.FormatInt(g.Seed, 10), Moves: EncodeSwaps(sws),
		Winner: game.Winner(g.Result.Winner), Reason: ReasonCode(res), Extra: g.Result.Extra, Length: g.Result.Length,
		Score: [2]float64{float64(g.Result.Scores[0]), float64(g.Result.Scores[1])},
		Think: [2]time.Duration{secs(t[0]), secs(t[1])},
	}, nil
}

func secs(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
