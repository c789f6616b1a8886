package eraser

import (
	"strings"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/game"
)

// rowRecorder builds a game's move rows as it is played (or replayed):
// before and after each move. It is reused game after game and allocates
// nothing once its buffer has grown to the longest game.
type rowRecorder struct {
	moves   []MoveRow
	ops     int16 // operations offered for the coming move
	offered bool  // the coming swap is one of them
	score   int   // the mover's score before the move
}

func (r *rowRecorder) start() { r.moves = r.moves[:0] }

// before notes what a row needs from before the mover's swap sw.
func (r *rowRecorder) before(s *eraser.State, sw eraser.Swap) {
	r.ops, r.offered, r.score = int16(s.NumOps()), s.Offers(sw), s.Score(s.ToMove())
}

// after adds the row of player p's swap sw; s is the state after it.
func (r *rowRecorder) after(s *eraser.State, p int, sw eraser.Swap) {
	rows := s.Rows() - eraser.Size
	reserve := func(x int) int32 { return int32(max(0, rows-s.Removed(x))) }
	r.moves = append(r.moves, MoveRow{
		Move: int32(s.Turn()), Player: int8(p + 1),
		X1: sw.X1, Y1: sw.Y1, X2: sw.X2, Y2: sw.Y2,
		Offered: r.offered, Ops: r.ops,
		Steps: int16(s.Depth()), Removed: int16(s.Combo(p)), Points: int32(s.Score(p) - r.score),
		Score1: int32(s.Score(0)), Score2: int32(s.Score(1)),
		Red: int8(s.Count(eraser.Red)), Blue: int8(s.Count(eraser.Blue)), Green: int8(s.Count(eraser.Green)),
		Yellow: int8(s.Count(eraser.Yellow)), Purple: int8(s.Count(eraser.Purple)), Empty: int8(s.Count(eraser.Empty)),
		Reserve0: reserve(0), Reserve1: reserve(1), Reserve2: reserve(2),
		Reserve3: reserve(3), Reserve4: reserve(4), Reserve5: reserve(5),
	})
}

// finish fills the result columns once the game is over (winner: player
// index) and returns the rows, valid until the next start.
func (r *rowRecorder) finish(winner int) []MoveRow {
	for i := range r.moves {
		m := &r.moves[i]
		m.Outcome = -1
		if int(m.Player)-1 == winner {
			m.Outcome = 1
		}
	}
	if n := len(r.moves); n > 0 {
		r.moves[n-1].Done = true
		r.moves[n-1].Reward = r.moves[n-1].Outcome
	}
	return r.moves
}

// gameRow is the games row of a finished game (without id and players).
func gameRow(rec *game.Record, s *eraser.State) GameRow {
	res := s.Result()
	var tags []string
	for _, t := range res.Tags.Pairs() {
		tags = append(tags, t[0])
	}
	return GameRow{
		Seed: rec.Seed, BoardSeed: s.Seed(), Rows: int32(s.Rows()), MaxTurn: int32(s.Config().MaxTurn), Regen: int8(min(s.Regen(), 127)),
		Winner: game.Winner(res.Winner).Code(), Reason: int8(ReasonCode(res)), Moves: int32(res.Length),
		Score1: int32(res.Scores[0]), Score2: int32(res.Scores[1]), Tie: res.Tie, Extra: int32(res.Extra),
		High1: int32(s.High(0)), High2: int32(s.High(1)),
		Think1: s.ThinkTime(0).Seconds(), Think2: s.ThinkTime(1).Seconds(),
		Error: res.Error.Message, Tags: strings.Join(tags, " "), Swaps: string(rec.Moves),
	}
}
