package rl

import (
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
)

// benchGames are the games the engine's own speed is measured on: full
// games between the default self-play bots on the course board.
var benchPairs = [][2]string{
	{"heuristic", "wanderer"}, {"goround", "heuristic"}, {"wanderer", "goround"}, {"heuristic", "heuristic"},
}

// recorded is a played game: its start and its actions.
type recorded struct {
	start   *paperio.State
	actions []paperio.Action
}

func recordBenchGames() ([]recorded, error) {
	c := paperio.DefaultConfig()
	var out []recorded
	for i, pr := range benchPairs {
		starts, err := paperio.RandomStarts(c, int64(i+1))
		if err != nil {
			return nil, err
		}
		var ps [2]bots.Bot
		for j, spec := range pr {
			if ps[j], err = bots.Make(spec); err != nil {
				return nil, err
			}
		}
		var acts []paperio.Action
		if _, err := bots.Play(c, starts, ps, play.Mix(uint64(i)), func(_ *paperio.State, a paperio.Action) { acts = append(acts, a) }); err != nil {
			return nil, err
		}
		s, err := paperio.NewGame(c, starts)
		if err != nil {
			return nil, err
		}
		out = append(out, recorded{s, acts})
	}
	return out, nil
}

// EngineSpeed replays recorded games with the engine alone for about d and
// returns the half-steps played: the engine's own speed, the yardstick of
// the environment's (paperio bench --replay measures the same on the
// course's reference games). The games are played once beforehand, not
// counted.
func EngineSpeed(d time.Duration) (int64, error) {
	games, err := recordBenchGames()
	if err != nil {
		return 0, err
	}
	s := &paperio.State{}
	var n int64
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		for _, g := range games {
			s.CopyFrom(g.start)
			for _, a := range g.actions {
				s.Step(a)
			}
			n += int64(len(g.actions))
		}
	}
	return n, nil
}
