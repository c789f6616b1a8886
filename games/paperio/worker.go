package paperio

import (
	"fmt"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/games/paperio/tables"
	"github.com/paperio/paperio/play"
)

func (Game) NewWorker() game.Worker { return &worker{} }

// worker plays games one after another, reusing its buffers.
type worker struct {
	s     *paperio.State // the game being played, reused from game to game
	rec   tables.Recorder
	moves []paperio.Action
	move  [1]byte // the move a watcher is shown
}

// rows are a game's dataset rows: its games row (without id and players)
// and its turn rows, valid until the worker's next game.
type rows struct {
	game  tables.Game
	turns []tables.Turn
}

// Play plays one game: from the course's start of the seed (or the given
// start), the paired game from the same draw with the sides swapped as the
// pairing says (tourney.SecondHalfStarts), players seeded with the seed.
func (w *worker) Play(seats [2]*game.Seat, su game.Setup) (*game.Record, error) {
	c := EngineConfig(su.Config)
	starts, err := Starts(c, su)
	if err != nil {
		return nil, err
	}
	// The state is the worker's, reset for each game: a new course board
	// costs as much as a few hundred half-steps.
	if w.s == nil {
		w.s = &paperio.State{}
	}
	if err := w.s.Reset(c, starts); err != nil {
		return nil, err
	}
	s := w.s
	ps, err := game.PlaySeats[*paperio.State, paperio.Action](seats)
	if err != nil {
		return nil, err
	}
	o := play.Options[paperio.Action]{Seed: uint64(su.Seed), Budget: su.Budget, Stop: su.Stop, Moves: w.moves}
	var frames *replay.Frames
	if su.Frames {
		frames = &replay.Frames{}
		frames.Snapshot(s)
	}
	if su.Watch != nil {
		su.Watch.Begin(paperio.StartString(starts))
	}
	if su.Rows || frames != nil {
		w.rec.Start(0)
	}
	if su.Rows || frames != nil || su.Watch != nil {
		o.OnMove = func(_ int, a paperio.Action) {
			if su.Rows {
				w.rec.Step(s, a)
			}
			if frames != nil {
				frames.Snapshot(s)
			}
			if su.Watch != nil {
				w.move[0] = byte(a)
				su.Watch.Move(w.move[:])
			}
		}
	}
	res, err := play.Run(bots.Game{S: s}, ps, o)
	if err != nil {
		return nil, err
	}
	w.moves = res.Moves
	r := record(c, su.Seed, starts, s, res)
	if su.Rows {
		r.Rows = &rows{game: tables.GameRow(0, su.Seed, "", "", c, starts, s, r.Moves), turns: w.rec.Finish(s)}
	}
	if frames != nil {
		r.Frames = frames
	}
	return r, nil
}

// Starts are the starts of a game: the explicit start, or the course's
// start of the seed, swapped for the paired game.
func Starts(c paperio.Config, su game.Setup) ([2]paperio.Start, error) {
	var st [2]paperio.Start
	var err error
	if su.Start != "" {
		if st, err = paperio.ParseStart(su.Start); err == nil {
			err = checkStarts(c, st)
		}
	} else {
		st, err = paperio.RandomStarts(c, su.Seed)
	}
	if err != nil {
		return st, err
	}
	if su.Paired {
		p, err := ParsePairing(su.Pairing)
		if err != nil {
			return st, err
		}
		st = SecondHalfStarts(c, st, p)
	}
	return st, nil
}

// record is the shared record of a finished game.
func record(c paperio.Config, seed int64, starts [2]paperio.Start, s *paperio.State, res *play.Result[paperio.Action]) *game.Record {
	moves := make([]byte, len(res.Moves))
	for i, a := range res.Moves {
		moves[i] = byte(a)
	}
	r := s.Result()
	return &game.Record{
		Seed: seed, Config: Config{c}, Start: paperio.StartString(starts), Moves: moves,
		Winner: r.Winner, Reason: int(r.Reason), Extra: r.Extra,
		Length: s.HalfSteps(), Score: [2]float64{float64(s.Area(0)), float64(s.Area(1))},
		Think: res.Think, Faults: res.Faults, Detail: res.Detail,
	}
}

// Replay replays a record from its start and moves (onStep hears every
// half-step) and applies the recorded forfeit, if the game ended on one.
// It checks that the replay ends as the record says.
func Replay(r *game.Record, onStep func(*paperio.State, paperio.Action)) (*paperio.State, error) {
	c := EngineConfig(r.Config)
	starts, err := paperio.ParseStart(r.Start)
	if err != nil {
		return nil, err
	}
	s, err := paperio.NewGame(c, starts)
	if err != nil {
		return nil, err
	}
	for _, b := range r.Moves {
		a := paperio.Action(b)
		s.Step(a)
		if onStep != nil {
			onStep(s, a)
		}
	}
	reason := paperio.Reason(r.Reason)
	if !s.Over() && (reason == paperio.ERR || reason == paperio.OVT) && r.Winner != game.Draw {
		s.Forfeit(r.Winner.Loser(), reason)
	}
	if got := s.Result(); !s.Over() || got.Winner != r.Winner || int(got.Reason) != r.Reason {
		return nil, errorf("the replay ends %+v, the record says winner %d reason %d", got, r.Winner, r.Reason)
	}
	return s, nil
}

func errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }

// checkStarts refuses explicit starts off the board, or whose 3x3 home
// squares overlap: one player would start on the other's territory, or on
// its head. (The course's drawn starts overlap on boards under 18 cells
// wide, and are played as drawn.)
func checkStarts(c paperio.Config, st [2]paperio.Start) error {
	for i, s := range st {
		if s.X < 0 || s.X >= c.Width || s.Y < 0 || s.Y >= c.Height {
			return errorf("start of player %d at (%d,%d) is off the %dx%d board", i+1, s.X, s.Y, c.Width, c.Height)
		}
	}
	if dx, dy := st[0].X-st[1].X, st[0].Y-st[1].Y; max(dx, -dx) < 3 && max(dy, -dy) < 3 {
		return errorf("starts (%d,%d) and (%d,%d) overlap: each player's 3x3 home square must be clear of the other's (3 cells apart in x or y)",
			st[0].X, st[0].Y, st[1].X, st[1].Y)
	}
	return nil
}
