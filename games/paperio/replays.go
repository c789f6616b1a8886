package paperio

import (
	"fmt"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/game"
)

// Replays are the replay files of engine/paperio/replay, the format of the
// course's recordings.
func (Game) Replays() game.Replays { return replays{} }

type replays struct{}

func (replays) Append(path string, games ...game.ReplayGame) error {
	out := make([]*replay.Game, len(games))
	for i, g := range games {
		rg, err := ReplayGame(g)
		if err != nil {
			return err
		}
		out[i] = rg
	}
	return replay.Append(path, out...)
}

// ReplayGame is a record in the replay format.
func ReplayGame(g game.ReplayGame) (*replay.Game, error) {
	c := EngineConfig(g.Config)
	starts, err := paperio.ParseStart(g.Start)
	if err != nil {
		return nil, err
	}
	res := paperio.Result{Winner: g.Winner, Reason: paperio.Reason(g.Reason), Extra: g.Extra}
	if res.Reason == paperio.FAC || res.Reason == paperio.END {
		res.Scores = [2]int{int(g.Score[0]), int(g.Score[1])}
	}
	detail := ""
	if res.Reason == paperio.ERR || res.Reason == paperio.OVT {
		if res.Winner != paperio.Draw {
			detail = g.Faults[res.Winner.Loser()].Detail
		}
		if detail == "" {
			detail = g.Detail
		}
	}
	rg := &replay.Game{
		ID: g.ID, Players: g.Players, Seed: g.Seed, Size: [2]int{c.Width, c.Height}, MaxTurns: c.MaxTurns,
		Actions: string(g.Moves), Result: replay.FromEngine(res, detail),
	}
	if f, ok := g.Frames.(*replay.Frames); ok {
		rg.Frames = f
	}
	for k, st := range starts {
		rg.Init[k] = replay.Init{X: st.X, Y: st.Y, Direction: int(st.Dir)}
	}
	return rg, nil
}

// Read reads a replay file's games as records: the recorded result, and
// the final territories replayed by the engine (a file need not record
// them).
func (replays) Read(path string) ([]game.ReplayGame, error) {
	gs, err := replay.ReadAll(path)
	if err != nil {
		return nil, err
	}
	out := make([]game.ReplayGame, len(gs))
	for i, g := range gs {
		r := &game.Record{
			Seed: g.Seed, Config: Config{Config: g.Config()}, Start: paperio.StartString(g.Starts()),
			Moves: []byte(g.Actions), Winner: game.Winner(g.Result.EngineWinner()), Reason: g.Result.Reason,
			Extra: -1, Length: len(g.Actions),
		}
		s, err := Replay(r, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d (%s): %v", path, i+1, g.ID, err)
		}
		r.Score = [2]float64{float64(s.Area(0)), float64(s.Area(1))}
		out[i] = game.ReplayGame{ID: g.ID, Players: g.Players, Record: r}
	}
	return out, nil
}

func (replays) Check(path string, bad func(string)) (games, frames, mismatched int, err error) {
	return game.CheckFile(path, replay.Open, func(g *replay.Game) (string, int, error) {
		n, m := replay.Check(g)
		if m == nil {
			return g.ID, n, nil // not a nil *Mismatch in an error
		}
		return g.ID, n, m
	}, bad)
}

// Bench replays every game's actions (loaded first, so only the engine is
// measured), again and again until min has passed.
func (replays) Bench(paths []string, min time.Duration) (game.Bench, error) {
	var all []*replay.Game
	for _, f := range paths {
		gs, err := replay.ReadAll(f)
		if err != nil {
			return game.Bench{}, err
		}
		all = append(all, gs...)
	}
	states := make([]*paperio.State, len(all))
	for i, g := range all {
		s, err := g.Start()
		if err != nil {
			return game.Bench{}, fmt.Errorf("game %s: %v", g.ID, err)
		}
		states[i] = s
	}
	work := &paperio.State{}
	var steps int64
	rounds := 0
	begin := time.Now()
	for time.Since(begin) < min || rounds == 0 {
		for i, g := range all {
			work.CopyFrom(states[i])
			for j := 0; j < len(g.Actions) && !work.Over(); j++ {
				work.Step(paperio.Action(g.Actions[j]))
			}
			steps += int64(work.HalfSteps())
		}
		rounds++
	}
	return game.Bench{Games: len(all), Rounds: rounds, Moves: steps, Took: time.Since(begin)}, nil
}
