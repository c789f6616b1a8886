// Package dataset defines the tables that self-play and tournaments write and
// analysis reads. Each table is one Go struct; its field comments are the
// column reference (DATASET.md repeats them for users of other tools).
package dataset

// SchemaVersion is written to every manifest; it changes when a column
// changes meaning or is removed.
const SchemaVersion = 1

// Game is one row per game (folder games/).
type Game struct {
	GameID    int64  `parquet:"game_id"`    // index of the game in its run, 0-based
	Seed      int64  `parquet:"seed"`       // game seed (derived from the run seed and game_id); also the start's seed
	P1        string `parquet:"p1"`         // spec of player 1 (moves first)
	P2        string `parquet:"p2"`         // spec of player 2
	Width     int32  `parquet:"width"`      // board width
	Height    int32  `parquet:"height"`     // board height
	MaxTurns  int32  `parquet:"max_turns"`  // rounds of the game
	Winner    int8   `parquet:"winner"`     // 1 or 2 = player id, 0 = draw
	Reason    int8   `parquet:"reason"`     // course result code: 0 WAL, 1 TAP, 2 SID, 3 FAC, 4 CIT, -1 ERR, -2 OVT, -3 END
	HalfSteps int32  `parquet:"half_steps"` // half-steps played
	Area1     int32  `parquet:"area1"`      // final territory of player 1
	Area2     int32  `parquet:"area2"`      // final territory of player 2
	Start     string `parquet:"start"`      // start as x,y,d:x,y,d
	Actions   string `parquet:"actions"`    // every action, L/R/S per half-step: the game can be replayed
}

// Turn is one row per half-step (folder turns/).
type Turn struct {
	GameID       int64   `parquet:"game_id"`
	HalfStep     int32   `parquet:"half_step"` // 1-based; the last equals the game's half_steps
	Player       int8    `parquet:"player"`    // mover: 1 or 2
	Action       byte    `parquet:"action"`    // 'L', 'R' or 'S'
	X            int16   `parquet:"x"`         // mover's head after the move (off the board after a wall hit)
	Y            int16   `parquet:"y"`
	Dir          int8    `parquet:"direction"` // mover's direction after the move: 0 E, 1 S, 2 W, 3 N
	Area1        int32   `parquet:"area1"`     // territory of player 1 after the half-step
	Area2        int32   `parquet:"area2"`
	Band1        int32   `parquet:"band1"` // band cells of player 1
	Band2        int32   `parquet:"band2"`
	DistHeads    int32   `parquet:"dist_heads"`              // Manhattan distance between the heads
	Band1ToHead2 *int32  `parquet:"band1_to_head2,optional"` // Manhattan distance from player 1's nearest band cell to player 2's head; null when player 1 has no band
	Band2ToHead1 *int32  `parquet:"band2_to_head1,optional"` // the same for player 2's band and player 1's head
	Ratio        float32 `parquet:"ratio"`                   // area1 / (area1 + area2); 0.5 when both are 0
}
