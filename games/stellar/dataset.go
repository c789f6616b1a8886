package stellar

import (
	"io"

	"github.com/paperio/paperio/game"
	"github.com/parquet-go/parquet-go"
)

// The dataset of stellar games: one row per game (folder games/) and one row
// per turn and player (folder turns/). docs/STELLAR.md is the reference for
// users of other tools; the field comments here say the same, and a test
// checks that the two agree.

// SchemaVersion is the version of the tables; it changes when a column
// changes meaning or is removed. Version 2 added start and moves to the
// games table, with which the viewer and render replay a game.
const SchemaVersion = 2

// GameRow is one row per game.
type GameRow struct {
	GameID   int64  `parquet:"game_id,delta"` // index of the game in its run, 0-based
	Seed     int64  `parquet:"seed"`          // game seed: draws the map and seeds both players
	P1       string `parquet:"p1,dict"`       // spec of player 1 (player id 0, base node 1)
	P2       string `parquet:"p2,dict"`       // spec of player 2 (player id 1, base node N)
	Map      string `parquet:"map,dict"`      // map kind: hex_7_0.35_0.1, tree_2_1_4_3, g_design2, …
	MapSeed  int64  `parquet:"map_seed"`      // the seed the map was drawn with (Python's random.seed, then the generator)
	Nodes    int16  `parquet:"nodes"`         // N, the map's nodes
	BaseDist int16  `parquet:"base_distance"` // steps between the two bases
	MaxTurns int16  `parquet:"max_turns"`     // AI turns before the game is decided on points
	Winner   int8   `parquet:"winner"`        // 1 or 2 = player, 0 = draw (also when both AIs failed to load)
	// Reason is how the game ended: 1 base (a base fell), 2 both_bases
	// (both in one turn, decided on points), 3 limit_nodes, 4 limit_army,
	// 5 limit_draw (the turn limit, decided by node count, by total force,
	// or drawn), 6 init_error (an AI failed to load).
	Reason  int8    `parquet:"reason"`
	Turns   int16   `parquet:"turns"`   // AI turns played
	Force1  float64 `parquet:"force1"`  // player 1's total force at the end: its forces summed over its nodes in node order, as the points rule sums them
	Force2  float64 `parquet:"force2"`  // player 2's total force at the end
	Nodes1  int16   `parquet:"nodes1"`  // nodes player 1 owns at the end
	Nodes2  int16   `parquet:"nodes2"`  // nodes player 2 owns at the end
	Failed1 int16   `parquet:"failed1"` // player 1's calls that raised or overran (each counted as an empty list)
	Failed2 int16   `parquet:"failed2"` // player 2's failed calls
	// Start is the game's map as MAP@SEED (map kind and map_seed), as
	// --start takes it.
	Start string `parquet:"start"`
	// Moves is every answer of both players, turn by turn, as a record
	// keeps them (docs/STELLAR.md, "Replays and moves"): with start, the
	// game replays bit for bit.
	Moves string `parquet:"moves"`
}

// TurnRow is one row per AI turn and player, after the turn (its move,
// combat and growth). Rows of a file are sorted by game_id, turn, player.
// "The player" is the row's player, "the enemy" the other one.
type TurnRow struct {
	GameID int64 `parquet:"game_id,delta"` // the game (games.game_id)
	Turn   int16 `parquet:"turn,delta"`    // 1-based AI turn; the last equals the game's turns
	Player int8  `parquet:"player"`        // 1 or 2
	// Force is the player's total force after the turn: its forces summed
	// over its nodes in node order (the points rule's sum).
	Force float64 `parquet:"force"`
	Nodes int16   `parquet:"nodes"` // nodes the player owns after the turn
	// BaseForce is the player's force on its own base after the turn (0 when
	// the base is empty or taken).
	BaseForce float64 `parquet:"base_force"`
	// Commands is how many of the player's commands were carried out: 0
	// when the judge dropped the list (rejected) or the call failed.
	Commands int16 `parquet:"commands"`
	// Sent is the sum of the amounts the player sent this turn.
	Sent float64 `parquet:"sent"`
	// TransportLoss is what the transports lost on the way: each amount s
	// arrives as max(s - s**0.5, 0), so s minus that, summed.
	TransportLoss float64 `parquet:"transport_loss"`
	// CombatLoss is the player's force lost in combat: on every node where
	// both players had force after the move, its force then minus after
	// combat, summed.
	CombatLoss float64 `parquet:"combat_loss"`
	// Growth is what growth added to the player's forces (negative where
	// forces above the limit of 100 decayed), summed over its nodes.
	Growth float64 `parquet:"growth"`
	// FrontToBase is the distance, in steps along the map's edges, from the
	// player's base to the nearest node the enemy owns after the turn: how
	// close the enemy's front is. Null when the enemy owns no node.
	FrontToBase *int16 `parquet:"front_to_base,optional"`
	// FrontToEnemyBase is the distance from the enemy's base to the nearest
	// node the player owns: how close the player's front is. Null when the
	// player owns no node.
	FrontToEnemyBase *int16 `parquet:"front_to_enemy_base,optional"`
	Rejected         bool   `parquet:"rejected"` // the judge dropped the player's list this turn
	Failed           bool   `parquet:"failed"`   // the player's call raised or overran its time (counted as an empty list)
	// Done is true on the game's last turn and false on every other.
	Done bool `parquet:"done"`
	// Reward is the game's result for the player on the last turn (1 won,
	// -1 lost, 0 draw) and 0 on every other row.
	Reward int8 `parquet:"reward"`
	// Outcome is the game's final result for the player on every row (1
	// won, -1 lost, 0 draw): the undiscounted return.
	Outcome int8 `parquet:"outcome"`
}

// newGameWriter writes GameRow rows as parquet to w, compressed as every
// dataset table is; the file is complete after Close. The moves column has
// no minimum and maximum, neither in its pages nor in the footer: each
// would be a whole game's answers (greedy against greedy: 120 KB), stored
// uncompressed, several times over.
func newGameWriter(w io.Writer) *parquet.GenericWriter[GameRow] {
	opts := append(game.WriterOptions("game_id"), parquet.SkipPageStatistics("moves"), parquet.SkipPageBounds("moves"))
	return parquet.NewGenericWriter[GameRow](w, opts...)
}

// newTurnWriter writes TurnRow rows, which must come sorted by game_id, turn
// and player.
func newTurnWriter(w io.Writer) *parquet.GenericWriter[TurnRow] {
	return parquet.NewGenericWriter[TurnRow](w, game.WriterOptions("game_id", "turn", "player")...)
}
