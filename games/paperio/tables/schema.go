// Package tables defines paper.io's dataset: the tables that self-play and
// tournaments write for it and analysis reads. Each table is one Go struct;
// its field comments are the column reference (docs/DATASET.md repeats them for
// users of other tools).
//
// The struct tags also choose each column's parquet encoding; the names in
// the tags are the column names and never change. Recorder fills the rows of
// a game as it is played, and NewGameWriter and NewTurnWriter write them
// with the project's compression settings.
package tables

// SchemaVersion is written to every manifest; it changes when a column
// changes meaning or is removed. Version 2 added the columns after ratio in
// Turn and extra in Game.
const SchemaVersion = 2

// Game is one row per game (folder games/).
type Game struct {
	GameID    int64  `parquet:"game_id,delta"`    // index of the game in its run, 0-based
	Seed      int64  `parquet:"seed"`             // game seed (derived from the run seed and game_id); also the start's seed
	P1        string `parquet:"p1,dict"`          // spec of player 1 (moves first)
	P2        string `parquet:"p2,dict"`          // spec of player 2
	Width     int32  `parquet:"width"`            // board width
	Height    int32  `parquet:"height"`           // board height
	MaxTurns  int32  `parquet:"max_turns"`        // rounds of the game
	Winner    int8   `parquet:"winner"`           // 1 or 2 = player id, 0 = draw
	Reason    int8   `parquet:"reason"`           // course result code: 0 WAL, 1 TAP, 2 SID, 3 FAC, 4 CIT, -1 ERR, -2 OVT, -3 END
	HalfSteps int32  `parquet:"half_steps,delta"` // half-steps played
	Area1     int32  `parquet:"area1"`            // final territory of player 1
	Area2     int32  `parquet:"area2"`            // final territory of player 2
	Start     string `parquet:"start"`            // start as x,y,d:x,y,d
	Actions   string `parquet:"actions"`          // every action, L/R/S per half-step: the game can be replayed
	// Extra is the course's third result element: for TAP (1) the index
	// (0 or 1) of the player who moved; for CIT (4) 1 when the mover
	// enclosed and won, 0 when it lost; -1 for every other reason.
	Extra int8 `parquet:"extra"`
}

// Turn is one row per half-step (folder turns/). Rows of a file are sorted by
// game_id, then half_step. Player 1's values come first in each pair of
// columns (area1, area2); "the mover" is the player of the row.
type Turn struct {
	GameID       int64   `parquet:"game_id,delta"`           // the game (games.game_id)
	HalfStep     int32   `parquet:"half_step,delta"`         // 1-based; the last equals the game's half_steps
	Player       int8    `parquet:"player"`                  // mover: 1 or 2
	Action       byte    `parquet:"action"`                  // 'L', 'R' or 'S' (the byte: 76, 82 or 83)
	X            int16   `parquet:"x"`                       // mover's head after the move (off the board after a wall hit)
	Y            int16   `parquet:"y"`                       // the same, y
	Dir          int8    `parquet:"direction"`               // mover's direction after the move: 0 E, 1 S, 2 W, 3 N
	Area1        int32   `parquet:"area1,delta"`             // territory of player 1 after the half-step
	Area2        int32   `parquet:"area2,delta"`             // territory of player 2 after the half-step
	Band1        int32   `parquet:"band1,delta"`             // band cells of player 1
	Band2        int32   `parquet:"band2,delta"`             // band cells of player 2
	DistHeads    int32   `parquet:"dist_heads"`              // Manhattan distance between the heads
	Band1ToHead2 *int32  `parquet:"band1_to_head2,optional"` // Manhattan distance from player 1's nearest band cell to player 2's head; null when player 1 has no band
	Band2ToHead1 *int32  `parquet:"band2_to_head1,optional"` // the same for player 2's band and player 1's head
	Ratio        float32 `parquet:"ratio"`                   // area1 / (area1 + area2); 0.5 when both are 0

	// HomeDist1 is the Manhattan distance from player 1's head to the
	// nearest cell of player 1's territory after the half-step: 0 on its own
	// territory, null when it has none. The head may be off the board after
	// a wall hit; the distance is measured from there.
	HomeDist1 *int32 `parquet:"home_dist1,optional"`
	HomeDist2 *int32 `parquet:"home_dist2,optional"` // the same for player 2
	// Gain is how many cells the mover's territory grew by in this
	// half-step: its band turned into territory plus the cells it enclosed
	// (0 on most rows). A player's territory only grows on its own moves.
	Gain int32 `parquet:"gain"`
	// Taken is how many of the enemy's territory cells the mover took in
	// this half-step (part of gain; the enemy's area fell by this much).
	Taken int32 `parquet:"taken"`
	// Done is true on the game's last half-step and false on every other.
	Done bool `parquet:"done"`
	// Reward is the game's result for the mover on the last half-step
	// (1 won, -1 lost, 0 draw) and 0 on every other row. The game is
	// zero-sum: the other player's reward on that row is the negation.
	Reward int8 `parquet:"reward"`
	// Outcome is the game's final result for this row's mover on every row
	// (1 won, -1 lost, 0 draw): the undiscounted return, a value target.
	Outcome int8 `parquet:"outcome"`
}
