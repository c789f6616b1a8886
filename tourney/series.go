package tourney

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/play"
)

// Pairing is how the second half of a series reuses the starts of the first.
//
// A start is a pair of heads: player 1's in the west half of the board
// (x near k//2) and player 2's in the east half (x near k + k//2), W = 2k.
// First-half game j is played from the course's start drawn with seed S+j:
// A is player 1 (moves first) from the west head, B player 2 from the east
// head. Second-half game j (B now moves first) uses the same draw:
//
//   - PairSame (the default): the same two heads. B, now player 1, starts
//     from the west head A had; A, now player 2, from the east head B had.
//     So both players play each start from both sides, and the luck of a
//     start (a head facing the wall, a head facing the enemy) falls on each
//     player once: the pairing that cancels it, as paired openings with
//     colours reversed do in chess testing.
//   - PairMirror: each player keeps its own head, mirrored into its new half
//     across the vertical centre line: (x, y, d) → (W−1−x, y, d') with east
//     and west swapped (0 ↔ 2; south and north stay). Player 1 of
//     second-half game j (B) starts at Mirror(B's east head of first-half
//     game j) and player 2 (A) at Mirror(A's west head). The board is then
//     the mirror image of first-half game j with only the move order
//     changed; a start's luck stays with the same player. For odd k the
//     mirror of a course start is again a start the course could draw (x =
//     k//2 + r maps to k + k//2 − r); for even k it lies one column further
//     west than the course's range.
type Pairing int

const (
	PairSame Pairing = iota
	PairMirror
)

func (p Pairing) String() string {
	if p == PairMirror {
		return "mirror"
	}
	return "same"
}

// ParsePairing reads "same" or "mirror".
func ParsePairing(s string) (Pairing, error) {
	switch s {
	case "same", "":
		return PairSame, nil
	case "mirror":
		return PairMirror, nil
	}
	return 0, fmt.Errorf("pairing %q: want same or mirror", s)
}

// Mirror reflects a head across the board's vertical centre line.
func Mirror(c engine.Config, s engine.Start) engine.Start {
	d := s.Dir
	switch d {
	case engine.East:
		d = engine.West
	case engine.West:
		d = engine.East
	}
	return engine.Start{X: c.Width - 1 - s.X, Y: s.Y, Dir: d}
}

// SecondHalfStarts are the starts of the second-half game paired with a
// first-half game played from first (player 1's head, player 2's head).
func SecondHalfStarts(c engine.Config, first [2]engine.Start, p Pairing) [2]engine.Start {
	if p == PairMirror {
		return [2]engine.Start{Mirror(c, first[1]), Mirror(c, first[0])}
	}
	return first
}

// SeriesOptions shape a series.
type SeriesOptions struct {
	Config engine.Config
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
	Cap     time.Duration
	Pairing Pairing
}

// CourseCap is the course's wall-time cap of a series: (2·budget + 5 s)
// for each game.
func CourseCap(games int, budget time.Duration) time.Duration {
	return time.Duration(games) * (2*budget + 5*time.Second)
}

// Validate reports options that cannot be played.
func (o SeriesOptions) Validate() error {
	if err := o.Config.Validate(); err != nil {
		return err
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
	Index     int       // position in the series, 0-based
	Half      int       // 1: A is player 1; 2: B is player 1
	Pair      int       // first-half and second-half game Pair share the start draw
	Players   [2]string // entrant names of player 1 (moves first) and player 2
	Specs     [2]string
	Seed      int64 // the start draw's seed and the bots' seed
	Config    engine.Config
	Starts    [2]engine.Start
	Actions   string // L, R or S per half-step: with Starts, the game can be replayed
	Result    engine.Result
	HalfSteps int
	Area      [2]int
	Think     [2]time.Duration
	Detail    string // why a player failed, when one did
}

// Score of player index i: 1, ½ or 0.
func (g *GameRecord) Score(i int) float64 { return g.Result.Winner.Score(i) }

// WinnerName is the entrant that won, "" for a draw.
func (g *GameRecord) WinnerName() string {
	if g.Result.Winner == engine.Draw {
		return ""
	}
	return g.Players[g.Result.Winner]
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
	firstStarts := make([][2]engine.Start, half)
	for i := 0; i < opt.Games; i++ {
		if res.WinsA > half || res.WinsB > half {
			break
		}
		j := i % half
		seed := opt.Seed + int64(j)
		var starts [2]engine.Start
		order := seats
		hf := 1
		if i < half {
			st, err := engine.RandomStarts(opt.Config, seed)
			if err != nil {
				return nil, err
			}
			firstStarts[j] = st
			starts = st
		} else {
			if i == half {
				for _, st := range seats {
					st.SwapSides(stopCh)
				}
			}
			starts = SecondHalfStarts(opt.Config, firstStarts[j], opt.Pairing)
			order = [2]*seat{seats[1], seats[0]}
			hf = 2
		}
		p, err := playGame(order, gameSetup{config: opt.Config, starts: starts, seed: seed, budget: opt.Budget, stop: stopCh})
		if err == play.ErrStopped {
			break
		}
		if err != nil {
			return nil, err
		}
		g := GameRecord{
			Index: i, Half: hf, Pair: j, Seed: seed, Config: opt.Config, Starts: starts,
			Players: [2]string{order[0].Entrant().Name, order[1].Entrant().Name}, Specs: [2]string{order[0].Entrant().Spec, order[1].Entrant().Spec},
			Actions: p.actions(), Result: p.State.Result(), HalfSteps: p.State.HalfSteps(),
			Area: [2]int{p.State.Area(0), p.State.Area(1)}, Think: p.Run.Think, Detail: p.Run.Detail,
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
