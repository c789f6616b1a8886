package stellar

import (
	"fmt"
	"io"
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/jsonl"
	"github.com/paperio/paperio/play"
)

// Replays are replay files in the format of the course's recordings
// (testdata/stellar/conformance/FORMAT.md): every turn's commands as the
// AIs returned them and every force of every phase.
func (Game) Replays() game.Replays { return replays{} }

type replays struct{}

// Append adds games to a replay file, each replayed from its record to
// recover every phase of every turn.
func (replays) Append(path string, games ...game.ReplayGame) error {
	lines := make([][]byte, len(games))
	for i, g := range games {
		rg, err := ReplayGame(g)
		if err != nil {
			return fmt.Errorf("game %s: %v", g.ID, err)
		}
		if lines[i], err = stellar.MarshalGame(rg); err != nil {
			return fmt.Errorf("game %s: %v", g.ID, err)
		}
	}
	return appendLines(path, lines)
}

// ReplayGame is a record in the replay format: the record is replayed and
// every turn recorded with what each player answered, why a call failed,
// and the forces after each phase.
func ReplayGame(g game.ReplayGame) (*stellar.Game, error) {
	c := configOf(g.Config)
	var snap stellar.Snapshot
	var out *stellar.Game
	s, _, err := replay(g.Record, &snap,
		func(s *stellar.State) {
			out = stellar.NewGame(g.ID, g.Players, c.CallTime.Seconds(), s, &snap)
			out.Config.MaxTurn = c.Turns
		},
		func(s *stellar.State, t turnAnswers) {
			var cmd [2]*stellar.Returned
			var raised [2]string
			for p := range 2 {
				switch a, f := t.ans[p], t.fault[p]; {
				case f.kind == play.Timeout:
					raised[p] = "timeout"
				case f.kind != play.NoFault:
					raised[p] = f.name
				case a.Py != nil:
					cmd[p] = a.Py
				default:
					cmd[p] = stellar.Commands(a.Cmds)
				}
			}
			out.AddTurn(cmd, raised, &snap)
		})
	if err != nil {
		return nil, err
	}
	out.Finish(s)
	return out, nil
}

// Read reads a replay file's games as records (RecordOf).
func (replays) Read(path string) ([]game.ReplayGame, error) {
	gms, err := stellar.ReadAll(path)
	if err != nil {
		return nil, err
	}
	out := make([]game.ReplayGame, len(gms))
	for i, g := range gms {
		r, err := RecordOf(g)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d (%s): %v", path, i, g.ID, err)
		}
		out[i] = game.ReplayGame{ID: g.ID, Players: g.Players, Record: r}
	}
	return out, nil
}

// appendLines adds the lines to the end of the file, durably
// (jsonl.Append).
func appendLines(path string, lines [][]byte) error {
	return jsonl.Append(path, func(w io.Writer) error {
		for _, l := range lines {
			if _, err := w.Write(l); err != nil {
				return err
			}
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		return nil
	})
}

// Check replays every game of a replay file on the engine and compares
// every phase of every turn bit for bit (stellar.Check).
func (replays) Check(path string, bad func(string)) (games, frames, mismatched int, err error) {
	return game.CheckFile(path, stellar.Open, func(g *stellar.Game) (string, int, error) {
		n, m := stellar.Check(g)
		if m == nil {
			return g.ID, n, nil // not a nil *Mismatch in an error
		}
		return g.ID, n, m
	}, bad)
}

// Bench replays every game's turns (read and converted first, so only the
// engine is measured: typed commands where an answer is a plain list of
// (int, int, float) tuples, as a bot gives them, Python values otherwise),
// again and again until min has passed. It returns the turns replayed.
func (replays) Bench(paths []string, min time.Duration) (game.Bench, error) {
	games, err := loadReplays(paths)
	if err != nil {
		return game.Bench{}, err
	}
	var work stellar.State
	var turns int64
	rounds := 0
	begin := time.Now()
	for ; rounds == 0 || time.Since(begin) < min; rounds++ {
		turns += replayAll(&work, games)
	}
	return game.Bench{Games: len(games), Rounds: rounds, Moves: turns, Took: time.Since(begin)}, nil
}

// replayed is a recorded game ready to replay: its start and its turns'
// answers.
type replayed struct {
	start *stellar.State
	turns [][2]stellar.Answer
}

// loadReplays reads the games of replay files for replaying (games that
// ended before their first turn are left out).
func loadReplays(paths []string) ([]replayed, error) {
	var all []replayed
	for _, p := range paths {
		gs, err := stellar.ReadAll(p)
		if err != nil {
			return nil, err
		}
		for _, g := range gs {
			s, err := stellar.NewState(g.Map)
			if err != nil {
				return nil, fmt.Errorf("game %s: %v", g.ID, err)
			}
			if g.Config.MaxTurn > 0 && g.Config.MaxTurn != stellar.MaxTurn {
				if err := s.SetTurnLimit(g.Config.MaxTurn); err != nil {
					return nil, fmt.Errorf("game %s: %v", g.ID, err)
				}
			}
			if g.Result.Reason == stellar.InitError {
				continue
			}
			rg := replayed{start: s}
			for _, t := range g.Turns[1:] {
				var ans [2]stellar.Answer
				for p := range 2 {
					if cs, ok := typedOf(t.Cmd[p]); ok {
						ans[p].Cmds = cs
					} else {
						ans[p].Py = t.Cmd[p]
					}
				}
				rg.turns = append(rg.turns, ans)
			}
			all = append(all, rg)
		}
	}
	return all, nil
}

// replayAll replays every game once in work and returns the turns played.
func replayAll(work *stellar.State, games []replayed) int64 {
	var turns int64
	for _, g := range games {
		work.CopyFrom(g.start)
		for _, t := range g.turns {
			work.StepAnswers(t[0], t[1], nil)
		}
		turns += int64(len(g.turns))
	}
	return turns
}
