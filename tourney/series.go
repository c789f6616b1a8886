package tourney

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// SeriesOptions shape a series.
type SeriesOptions struct {
	Game   game.Game
	Config game.Config
	// Games is the most games played (even): the first half with A moving
	// first, the second with B. The course played 20. The series stops as
	// soon as one player has won more than half of them.
	Games int
	// Seed: pair j (first-half game j and second-half game j) starts from the
	// course's start drawn with seed Seed+j, and the bots of both of its
	// games are seeded with Seed+j as in "paperio play --seed".
	Seed int64
	// Budget is each player's think time per game (the course's 30 s, 60 s in
	// the final); 0 means unlimited (and no protection against a player that
	// never answers).
	Budget time.Duration
	// Cap is the wall-time cap of the whole series; 0 means none. The course
	// used (2·Budget + 5 s) per game: see CourseCap. A series that passes it
	// ends at once and scores 0 points for both.
	Cap time.Duration
	// Pairing is how second-half games reuse the starts of the first
	// (paper.io: same or mirror; the other games have one way).
	Pairing string
	// Watch, if not nil, is asked for a watcher of each game as it begins
	// (a live view): the game's index in the series and its players'
	// entrant names, player 1 first. It returns nil for a game it does not
	// follow.
	Watch func(index int, players [2]string) game.Watcher
}

// CourseCap is the course's wall-time cap of a series: (2·budget + 5 s)
// for each game.
func CourseCap(games int, budget time.Duration) time.Duration {
	return time.Duration(games) * (2*budget + 5*time.Second)
}

// Validate reports options that cannot be played.
func (o SeriesOptions) Validate() error {
	if o.Game == nil || o.Config == nil {
		return fmt.Errorf("series: no game or settings")
	}
	if o.Games < 2 || o.Games%2 != 0 {
		return fmt.Errorf("games per series %d: must be even and at least 2", o.Games)
	}
	if o.Budget < 0 || o.Cap < 0 {
		return fmt.Errorf("negative time limit")
	}
	return nil
}

// GameRecord is one finished game of a series.
type GameRecord struct {
	Index   int       // position in the series, 0-based
	Half    int       // 1: A is player 1; 2: B is player 1
	Pair    int       // first-half and second-half game Pair share the start draw
	Players [2]string // entrant names of player 1 (moves first) and player 2
	Specs   [2]string
	*game.Record
}

// WinnerName is the entrant that won, "" for a draw.
func (g *GameRecord) WinnerName() string {
	if g.Winner == game.Draw {
		return ""
	}
	return g.Players[g.Winner]
}

// SeriesResult is a finished series.
type SeriesResult struct {
	Tally
	Planned int // games the series could have had
	Games   []GameRecord
	Wall    time.Duration
}

// count adds a game to the tally.
func (t *Tally) count(g *GameRecord) {
	switch g.WinnerName() {
	case t.A:
		t.WinsA++
	case t.B:
		t.WinsB++
	default:
		t.Draws++
	}
}

// verdict decides a finished (not cut) series.
func (t *Tally) verdict() {
	switch {
	case t.WinsA > t.WinsB:
		t.Verdict = VerdictA
	case t.WinsB > t.WinsA:
		t.Verdict = VerdictB
	default:
		t.Verdict = VerdictDraw
	}
}

const (
	haltCap    = 1
	haltCancel = 2
)

// PlaySeries plays the course's series between a and b: up to opt.Games
// games, a moving first in the first half and b in the second, stopping as
// soon as one has won more than half; the one with more wins takes it.
// Each player gets a new instance for the series (series hooks are called
// on it) and a new one after an instance had to be abandoned. onGame, if
// not nil, hears every game with the running tally. A cancelled ctx
// returns its error; the series is then incomplete and not scored.
func PlaySeries(ctx context.Context, a, b *Entrant, opt SeriesOptions, onGame func(*GameRecord, Tally)) (*SeriesResult, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	res := &SeriesResult{Tally: Tally{A: a.Name, B: b.Name}, Planned: opt.Games}
	start := time.Now()
	// stop closes when the cap passes (why = haltCap) or ctx is cancelled
	// (why = haltCancel); running calls and games end at once.
	stop := make(chan struct{})
	var why atomic.Int32
	var once sync.Once
	halt := func(r int32) { once.Do(func() { why.Store(r); close(stop) }) }
	var timer *time.Timer
	if opt.Cap > 0 {
		timer = time.AfterFunc(opt.Cap, func() { halt(haltCap) })
	}
	done := make(chan struct{})
	defer close(done)
	if ctx.Done() != nil {
		go func() {
			select {
			case <-ctx.Done():
				halt(haltCancel)
			case <-done:
			}
		}()
	}
	var stopCh <-chan struct{} = stop
	if opt.Cap == 0 && ctx.Done() == nil {
		stopCh = nil
	}
	seats := newSeats(a, b)
	defer func() {
		for _, st := range seats {
			st.Close()
		}
	}()
	for _, st := range seats {
		st.Start() // an error is reported by each game as the player's error
	}
	half := opt.Games / 2
	w := opt.Game.NewWorker()
	for i := 0; i < opt.Games; i++ {
		if res.WinsA > half || res.WinsB > half {
			break
		}
		j := i % half
		seed := opt.Seed + int64(j)
		order, hf := seats, 1
		if i >= half {
			if i == half {
				for _, st := range seats {
					st.SwapSides(stopCh)
				}
			}
			order, hf = [2]*seat{seats[1], seats[0]}, 2
		}
		su := game.Setup{Config: opt.Config, Seed: seed, Paired: hf == 2, Pairing: opt.Pairing, Budget: opt.Budget, Stop: stopCh}
		if opt.Watch != nil {
			su.Watch = opt.Watch(i, [2]string{order[0].Entrant().Name, order[1].Entrant().Name})
		}
		r, err := w.Play(order, su)
		if err == play.ErrStopped {
			break
		}
		if err != nil {
			return nil, err
		}
		g := GameRecord{
			Index: i, Half: hf, Pair: j, Record: r,
			Players: [2]string{order[0].Entrant().Name, order[1].Entrant().Name}, Specs: [2]string{order[0].Entrant().Spec, order[1].Entrant().Spec},
		}
		res.Games = append(res.Games, g)
		res.count(&g)
		if onGame != nil {
			onGame(&res.Games[len(res.Games)-1], res.Tally)
		}
	}
	if timer != nil {
		timer.Stop()
	}
	res.Wall = time.Since(start)
	switch why.Load() {
	case haltCancel:
		return nil, ctx.Err()
	case haltCap:
		res.Verdict = VerdictOverrun
		return res, nil
	}
	res.verdict()
	return res, nil
}
