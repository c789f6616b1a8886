package stellar

import (
	"encoding/base64"
	"errors"
	"fmt"

	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// What a viewer needs to replay a game turn by turn: the moves as a stream
// of turns (the bytes of a record's moves, base64 decoded, without the
// version byte), which is also what a game's Watcher hears, one turn per
// Move.

// TurnStream is a record's moves as a stream of turns.
func TurnStream(text []byte) ([]byte, error) {
	if len(text) == 0 {
		return nil, nil
	}
	b := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode(b, text)
	if err != nil {
		return nil, fmt.Errorf("moves: not base64: %v", err)
	}
	if n == 0 || b[0] != movesVersion {
		return nil, errors.New("moves: unknown version")
	}
	return b[1:n], nil
}

// NextTurn reads the turn at the front of a turn stream: both players'
// answers (a failed call's is empty), and the bytes it took.
func NextTurn(b []byte) (ans [2]stellar.Answer, n int, err error) {
	d := &moveReader{b: b}
	for p := range 2 {
		if ans[p], _, err = d.answer(); err != nil {
			return ans, 0, fmt.Errorf("turn, player %d: %v", p+1, err)
		}
	}
	return ans, d.pos, nil
}

// EncodeTurn writes a turn of typed commands as a turn stream holds it.
func EncodeTurn(c0, c1 []stellar.Command) []byte {
	return appendTyped(appendTyped(nil, c0), c1)
}

// Commands are an answer's commands: typed ones, or a Python answer's when
// it is a plain list of (int, int, float) tuples (nil otherwise).
func Commands(a stellar.Answer) []stellar.Command {
	if a.Py != nil {
		cs, _ := typedOf(a.Py)
		return cs
	}
	return a.Cmds
}

// StartState is a record's game at turn 0 (after a failed load when the
// record ended so): its map built from the start, the turn limit set.
func StartState(r *game.Record) (*stellar.State, error) {
	c := configOf(r.Config)
	sp, err := StartOf(c, r.Seed, r.Start)
	if err != nil {
		return nil, err
	}
	m, _, err := sp.Build()
	if err != nil {
		return nil, err
	}
	s, err := stellar.NewState(m)
	if err != nil {
		return nil, err
	}
	if err := s.SetTurnLimit(c.Turns); err != nil {
		return nil, err
	}
	if stellar.Reason(r.Reason) == stellar.InitError && len(r.Moves) == 0 {
		failed := [2]bool{true, true}
		if r.Winner != game.Draw {
			failed[r.Winner] = false
		}
		s.LoadFailed(failed)
	}
	return s, nil
}

// RecordOf is a game of a replay file as a record (the viewer reads replay
// files so): its map's kind and seed as the start, every turn's answers
// (a failed call as its failure) as the moves. A map given by its lists
// alone, without the generator it came from, has no start: an error.
func RecordOf(g *stellar.Game) (*game.Record, error) {
	sp := g.Map.Spec
	if sp.Gen == "" {
		return nil, errors.New("its map was not drawn by a known generator")
	}
	var w movesWriter
	w.reset()
	if len(g.Turns) == 0 {
		return nil, errors.New("it has no turn 0")
	}
	for _, t := range g.Turns[1:] { // turn 0 has no commands
		for p := range 2 {
			var f failure
			switch r := t.Raised[p]; r {
			case "":
			case "timeout":
				f.kind = play.Timeout
			default:
				f = failure{kind: play.Error, name: r}
			}
			var a stellar.Answer
			if t.Cmd[p] != nil {
				a.Py = t.Cmd[p]
			}
			w.answer(a, f)
		}
	}
	c := Config{Maps: []stellar.MapSpec{sp}, Turns: g.Config.MaxTurn, CallTime: time.Duration(g.Config.MaxTime * float64(time.Second))}
	rec := &game.Record{Seed: sp.Seed, Config: c, Start: StartString(sp), Moves: w.text(),
		Winner: winnerOf(g.Result), Reason: int(g.Result.Reason), Extra: -1, Length: g.Result.Turns}
	s, _, err := replay(rec, nil, nil, nil) // the scores, and a check that it ends as recorded
	if err != nil {
		return nil, err
	}
	a0, a1 := s.ForceSums()
	rec.Score = [2]float64{a0, a1}
	return rec, nil
}
