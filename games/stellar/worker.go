package stellar

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

func (Game) NewWorker() game.Worker { return &worker{} }

// worker plays games one after another, reusing its state, buffers and the
// last map (the paired game of a pair is played on it again).
type worker struct {
	s     *stellar.State
	snap  stellar.Snapshot
	mw    movesWriter
	rec   recorder
	moves []stellar.Answer
	maps  mapCache
}

// rows are a game's dataset rows: its games row (without id and players)
// and its turn rows, valid until the worker's next game.
type rows struct {
	game  GameRow
	turns []TurnRow
}

// Play plays one game on the map of the seed (or of the given start): both
// players answer every turn on the same view; a course AI's call is limited
// by the settings' CallTime, enforced by the AI's player, and the loop's
// per-game budget (su.Budget) is not used (a failed call costs only its
// turn). A paired game is played on the same map with the seats swapped.
func (w *worker) Play(seats [2]*game.Seat, su game.Setup) (*game.Record, error) {
	c := configOf(su.Config)
	if su.Paired && su.Pairing != "" && su.Pairing != "same" {
		return nil, fmt.Errorf("pairing %q: stellar pairs games one way, same (the same map, seats swapped)", su.Pairing)
	}
	sp, err := StartOf(c, su.Seed, su.Start)
	if err != nil {
		return nil, err
	}
	m, err := w.maps.get(sp)
	if err != nil {
		return nil, err
	}
	if err := w.reset(m, c.Turns); err != nil {
		return nil, err
	}
	ps, err := game.PlaySeats[View, stellar.Answer](seats)
	if err != nil {
		return nil, err
	}
	mt := &match{s: w.s, view: View{State: w.s, CallTime: c.CallTime}}
	w.mw.reset()
	if su.Rows {
		mt.snap = &w.snap
		w.rec.start(w.s, c.Turns)
	}
	if su.Watch != nil {
		su.Watch.Begin(StartString(sp))
	}
	mt.onTurn = func(ans [2]stellar.Answer, fault [2]play.Fault) {
		at := len(w.mw.buf)
		w.mw.turn(ans, fault)
		if su.Watch != nil {
			su.Watch.Move(w.mw.buf[at:]) // the turn as a turn stream holds it
		}
		if su.Rows {
			w.rec.turn(w.s, &w.snap, fault)
		}
	}
	res, err := play.Run[View, stellar.Answer](mt, ps, play.Options[stellar.Answer]{Seed: uint64(su.Seed), Stop: su.Stop, Moves: w.moves})
	if err != nil {
		return nil, err
	}
	clear(res.Moves) // the answers' slices belong to the players
	w.moves = res.Moves[:0]
	r := record(c, su.Seed, sp, w.s, w.mw.text(), res)
	for i, st := range ps {
		if t, ok := st.Player().(thinker); ok {
			r.Think[i] = t.Thought()
		}
	}
	if su.Rows {
		r.Rows = &rows{game: gameRow(r, w.s, sp, c.Turns, w.rec.dist[0], w.rec.failed), turns: w.rec.finish(r.Winner)}
	}
	return r, nil
}

// thinker is a player that measures its own think time (a course AI, timed
// per call by itself): the time of its calls in the last game.
type thinker interface {
	Thought() time.Duration
}

// reset starts a game on m in the worker's state.
func (w *worker) reset(m *stellar.Map, limit int) error {
	if w.s == nil {
		w.s = &stellar.State{}
	}
	if err := w.s.Reset(m); err != nil {
		return err
	}
	if limit != w.s.TurnLimit() {
		return w.s.SetTurnLimit(limit)
	}
	return nil
}

// record is the shared record of a finished game.
func record(c Config, seed int64, sp stellar.MapSpec, s *stellar.State, moves []byte, res *play.Result[stellar.Answer]) *game.Record {
	a0, a1 := s.ForceSums()
	return &game.Record{
		Seed: seed, Config: c, Start: StartString(sp), Moves: moves,
		Winner: winnerOf(s.Result()), Reason: int(s.Result().Reason), Extra: -1,
		Length: s.Turn(), Score: [2]float64{a0, a1},
		Faults: res.Faults, Detail: res.Detail,
	}
}

// winnerOf is the shared winner of a result: a draw, and also no winner
// (both AIs failed to load), is game.Draw.
func winnerOf(r stellar.Result) game.Winner {
	if r.Winner == 0 || r.Winner == 1 {
		return game.Winner(r.Winner)
	}
	return game.Draw
}

// StartString is a game's start in the binding's words: the map kind and
// the seed it was drawn with, "hex_7_0.35_0.1@42".
func StartString(sp stellar.MapSpec) string {
	return sp.String() + "@" + strconv.FormatInt(sp.Seed, 10)
}

// StartOf is the map of a game: given as start ("MAP@SEED"; "MAP" draws it
// with the game's seed, "@SEED" takes the kind the settings give the game's
// seed), else the kind the settings give the seed, drawn with the seed.
func StartOf(c Config, seed int64, start string) (stellar.MapSpec, error) {
	sp := c.MapFor(seed)
	sp.Seed = seed
	if start == "" {
		return sp, nil
	}
	kind, at, hasSeed := strings.Cut(strings.TrimSpace(start), "@")
	if kind != "" {
		k, err := ParseMap(kind)
		if err != nil {
			return sp, fmt.Errorf("start %q: %v", start, err)
		}
		k.Seed = sp.Seed
		sp = k
	}
	if hasSeed {
		n, err := strconv.ParseInt(at, 10, 64)
		if err != nil {
			return sp, fmt.Errorf("start %q: want MAP@SEED, MAP or @SEED with an integer seed, e.g. %s@7", start, DefaultMap)
		}
		sp.Seed = n
	}
	return sp, nil
}

// mapCache keeps the last map made: both games of a pair are played on it.
type mapCache struct {
	key string
	m   *stellar.Map
}

func (mc *mapCache) get(sp stellar.MapSpec) (*stellar.Map, error) {
	key := StartString(sp)
	if key == mc.key && mc.m != nil {
		return mc.m, nil
	}
	m, _, err := sp.Build()
	if err != nil {
		return nil, err
	}
	mc.key, mc.m = key, m
	return m, nil
}
