package tune

import (
	"flag"
	"math"
	"math/rand/v2"

	"github.com/paperio/paperio/botspec"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
)

// guess is a game of the tests whose best player is known by construction,
// so that tuning can be checked against the truth in milliseconds. Each
// player names a whole number; a target is drawn from the game's seed,
// normal with mean 70 and deviation 20, and the number closer to it wins
// (as close: a draw). The bot "guess" names its parameter v (default 30);
// its parameter "unused" changes nothing.
//
// Against the pool guess:v=50, guess:v=60 the defaults score 0.09 and the
// best v, near 65, scores 0.65 (the score is P(target nearer to v than to
// the opponent's number), a normal integral); the score rises from the
// defaults to the best all the way, gently at first.
var guess = guessGame{}

// guessGame implements what the tuner uses of a game; the embedded nil
// interface stands for the rest (tables, replays, flags), which tuning
// never calls.
type guessGame struct{ game.Game }

func (guessGame) Name() string               { return "guess" }
func (guessGame) DefaultConfig() game.Config { return guessConfig{} }
func (guessGame) Bots() []game.BotInfo       { return guessBots.Infos() }
func (guessGame) NewWorker() game.Worker     { return guessWorker{} }
func (guessGame) ConfigFlags(*flag.FlagSet) func() (game.Config, error) {
	return func() (game.Config, error) { return guessConfig{}, nil }
}

func (guessGame) Canonical(spec string) (string, error) {
	s, err := guessBots.Parse(spec)
	return s.String(), err
}

func (g guessGame) Entrant(spec string, _ game.PlayerOptions) (*game.Entrant, error) {
	c, err := g.Canonical(spec)
	if err != nil {
		return nil, err
	}
	return game.NewEntrant(c, c, func() (play.Player[*guessState, int], error) { return guessBots.Make(c) }), nil
}

type guessConfig struct{}

func (guessConfig) String() string { return "one guess each" }
func (guessConfig) Encode() []byte { return []byte("{}") }

var guessBots = func() *botspec.Catalog[play.Player[*guessState, int]] {
	c := &botspec.Catalog[play.Player[*guessState, int]]{}
	c.Register(botspec.Info{Name: "guess", Summary: "names its number", Params: []botspec.Param{
		{Name: "v", Default: 30, Min: 0, Max: 100, Int: true, Doc: "the number named"},
		{Name: "unused", Default: 5, Min: 0, Max: 10, Int: true, Doc: "changes nothing"},
	}}, func(p map[string]float64) play.Player[*guessState, int] { return guessBot(p["v"]) })
	return c
}()

// guessBot names its number.
type guessBot int

func (guessBot) Reset(*guessState, int, uint64, play.Clock) {}
func (b guessBot) Act(*guessState, play.Clock) int          { return int(b) }

// guessState is a game in progress: both players name their number at
// once.
type guessState struct {
	target float64
	pick   [2]int
	moved  int
	lost   int // a player that failed, -1 when none
}

func (s *guessState) Over() bool                         { return s.moved == 2 || s.lost >= 0 }
func (s *guessState) Movers() uint8                      { return 3 }
func (s *guessState) View() *guessState                  { return s }
func (s *guessState) Snapshot(*guessState) *guessState   { c := *s; return &c }
func (s *guessState) Apply(me int, a int)                { s.pick[me] = a; s.moved++ }
func (s *guessState) Fault(me int, _ play.Fault, _ bool) { s.lost = me }

type guessWorker struct{}

// Play draws the target from the seed (the paired game has the same one)
// and plays both players' guesses.
func (guessWorker) Play(seats [2]*game.Seat, su game.Setup) (*game.Record, error) {
	ps, err := game.PlaySeats[*guessState, int](seats)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(su.Seed), 0x6e55))
	s := &guessState{target: 70 + 20*rng.NormFloat64(), lost: -1}
	if _, err := play.Run[*guessState, int](s, ps, play.Options[int]{Seed: uint64(su.Seed), Stop: su.Stop}); err != nil {
		return nil, err
	}
	r := &game.Record{Seed: su.Seed, Config: su.Config, Length: 1, Extra: -1,
		Moves: []byte{byte(s.pick[0]), byte(s.pick[1])}, Score: [2]float64{float64(s.pick[0]), float64(s.pick[1])}}
	d0, d1 := math.Abs(s.target-float64(s.pick[0])), math.Abs(s.target-float64(s.pick[1]))
	switch {
	case s.lost >= 0:
		r.Winner = game.Winner(1 - s.lost)
	case d0 < d1:
		r.Winner = 0
	case d1 < d0:
		r.Winner = 1
	default:
		r.Winner = game.Draw
	}
	return r, nil
}

// guessScore is the exact expected score of guess:v=v against the
// opponent naming o.
func guessScore(v, o int) float64 {
	if v == o {
		return 0.5
	}
	z := (float64(v+o)/2 - 70) / 20
	below := 0.5 * math.Erfc(-z/math.Sqrt2) // P(target < midpoint)
	if v < o {
		return below
	}
	return 1 - below
}
