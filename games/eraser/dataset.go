package eraser

import (
	"io"

	"github.com/paperio/paperio/game"
	"github.com/parquet-go/parquet-go"
)

// SchemaVersion is the version of eraser's tables, written to every
// manifest; it changes when a column changes meaning or is removed.
const SchemaVersion = 1

// GameRow is one row per game (folder games/). Players are numbered in
// move order: player 1 moves first (the course engine's side 1).
type GameRow struct {
	GameID    int64  `parquet:"game_id,delta"` // index of the game in its run, 0-based
	Seed      int64  `parquet:"seed"`          // game seed (derived from the run seed and game_id); the bots' randomness derives from it
	BoardSeed int64  `parquet:"board_seed"`    // numpy seed the board was drawn from: the seed itself when in 1..2^32−1, else 1 + seed mod (2^32−1)
	P1        string `parquet:"p1,dict"`       // spec of player 1 (moves first)
	P2        string `parquet:"p2,dict"`       // spec of player 2
	Rows      int32  `parquet:"rows"`          // rows of the whole board (main board and reserve)
	MaxTurn   int32  `parquet:"max_turn"`      // moves per player
	Regen     int8   `parquet:"regen"`         // times the board was drawn again because its main board had no operation
	Winner    int8   `parquet:"winner"`        // 1 or 2 = player id (eraser has no draws)
	Reason    int8   `parquet:"reason"`        // result code: 0 turns, 1 nomove, 2 empty, 3 error, 4 invalid, 5 timeout
	Moves     int32  `parquet:"moves,delta"`   // the engine's turn counter: moves made, plus one for a move call that failed
	Score1    int32  `parquet:"score1"`        // final score of player 1
	Score2    int32  `parquet:"score2"`        // final score of player 2
	// Tie is true when the scores were equal and no AI failed: the winner
	// was then decided by think time (the second mover only with strictly
	// less; built-in bots are not timed, so between them the first mover).
	Tie    bool    `parquet:"tie"`
	Extra  int32   `parquet:"extra"`  // the engine's extra: |score1 − score2|, or 1000 after an error
	High1  int32   `parquet:"high1"`  // player 1's longest combo: most cells removed by one move
	High2  int32   `parquet:"high2"`  // the same for player 2
	Think1 float64 `parquet:"think1"` // player 1's think time in seconds (0 for built-in bots)
	Think2 float64 `parquet:"think2"` // the same for player 2
	Error  string  `parquet:"error"`  // the failing AI's last traceback line ("" when none failed)
	Tags   string  `parquet:"tags"`   // the engine's tags, space-separated (e.g. "险胜 血战到底 12连消"); "" under 6 moves
	Swaps  string  `parquet:"swaps"`  // every move, 4 digits x1 y1 x2 y2 each: with board_seed the game can be replayed
}

// MoveRow is one row per move (folder moves/). Rows of a file are sorted
// by game_id, then move. Player 1's values come first in each pair of
// columns; "the mover" is the player of the row. Values are after the
// move's whole cascade.
type MoveRow struct {
	GameID int64 `parquet:"game_id,delta"` // the game (games.game_id)
	Move   int32 `parquet:"move,delta"`    // 1-based; the last equals the game's moves, unless a failed call ended it
	Player int8  `parquet:"player"`        // mover: 1 or 2
	X1     int8  `parquet:"x1"`            // the swap as the mover gave it: cell (x1, y1) ...
	Y1     int8  `parquet:"y1"`            // ... x the column from the left, y the row from the bottom, 0..5
	X2     int8  `parquet:"x2"`            // ... with cell (x2, y2)
	Y2     int8  `parquet:"y2"`
	// Offered is true when the swap was one of the offered operations (a
	// swap that is not may score nothing, or be illegal and lose).
	Offered bool  `parquet:"offered"`
	Ops     int16 `parquet:"ops"`     // operations offered to the mover
	Steps   int16 `parquet:"steps"`   // cascade depth: scoring steps of the move
	Removed int16 `parquet:"removed"` // cells removed by the move (its combo)
	Points  int32 `parquet:"points"`  // points the move scored: Σ (m − 2)² over the regions of every step
	Score1  int32 `parquet:"score1,delta"`
	Score2  int32 `parquet:"score2,delta"`
	// Red … Purple are the main board's cells of each colour, Empty its
	// empty cells (a column's reserve ran out); they add up to 36.
	Red    int8 `parquet:"red"`
	Blue   int8 `parquet:"blue"`
	Green  int8 `parquet:"green"`
	Yellow int8 `parquet:"yellow"`
	Purple int8 `parquet:"purple"`
	Empty  int8 `parquet:"empty"`
	// Reserve0 … Reserve5 are the cells left in the reserve of columns
	// 0..5 (rows − 6 minus the cells that have fallen from it, at least 0).
	Reserve0 int32 `parquet:"reserve0,delta"`
	Reserve1 int32 `parquet:"reserve1,delta"`
	Reserve2 int32 `parquet:"reserve2,delta"`
	Reserve3 int32 `parquet:"reserve3,delta"`
	Reserve4 int32 `parquet:"reserve4,delta"`
	Reserve5 int32 `parquet:"reserve5,delta"`
	// Done is true on the game's last move and false on every other.
	Done bool `parquet:"done"`
	// Reward is the game's result for the mover on the last move (1 won,
	// -1 lost) and 0 on every other row; the other player's is the negation.
	Reward int8 `parquet:"reward"`
	// Outcome is the game's final result for this row's mover on every row
	// (1 won, -1 lost): the undiscounted return, a value target.
	Outcome int8 `parquet:"outcome"`
}

// NewGameWriter writes GameRow rows as parquet to w; the file is complete
// after Close.
func NewGameWriter(w io.Writer) *parquet.GenericWriter[GameRow] {
	return parquet.NewGenericWriter[GameRow](w, game.WriterOptions("game_id")...)
}

// NewMoveWriter writes MoveRow rows as parquet to w, sorted by game_id and
// move; the file is complete after Close.
func NewMoveWriter(w io.Writer) *parquet.GenericWriter[MoveRow] {
	return parquet.NewGenericWriter[MoveRow](w, game.WriterOptions("game_id", "move")...)
}
