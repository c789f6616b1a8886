// Package eraser implements the rules of eraser (星际消战), the two-player
// match-3 duel of the 2023 PKU data-structures course, exactly as the
// course's reference engine (Python + numpy) played them: RULES.md of the
// project's specification, whose section numbers the comments cite.
//
// The board is Size = 6 columns × Rows rows (1200 by default); cell (x, y)
// has x the column from the left, 0..5, and y the row from the bottom. The
// main board is the bottom 6 rows; the rows above are the reserve, which
// falls into the main board as cells are removed. Boards are stored
// column-major, board[x][y], as the engine's numpy array was.
//
// How the package maps to RULES.md:
//   - §1 Config; §2 Board, Colour (Empty is the engine's 'nan'), tile ids
//     (State.TileAt).
//   - §3 Generate: numpy's legacy RandomState (package pyrand), the blocks,
//     the CPython set order of the fix-ups (pyset.go), the redraw while the
//     main board has no operation.
//   - §4 State: New or NewFromBoard starts the first round; Move is one
//     move (steps 5–10) followed by the next round's steps 1–4, so Over, Ops
//     and ToMove describe the coming question. Players are indexed in move
//     order: 0 moves first (the engine's side 1, constructed with
//     isFirst=True), 1 moves second (side 0).
//   - §5 operations (bits.go): the engine's patterns on bitboards; State.Ops
//     writes the list, in the engine's order, into the caller's buffer.
//   - §6 cascade.go: seeds, regions, points, fall.
//   - §7 Result, Reason, Tags; the tie rule reads think times given with
//     AddThinkTime.
//   - §8 Swap.Check, CheckMove and ReadMove validate a move; Fail ends the
//     game with an AI's error.
//   - §13 and the corpus format: Game, Open, ReadAll, Append, Recorder, and
//     Check, which replays a recorded game and compares every frame.
//
// A move allocates nothing: the main board is a 6×6 board of tiles plus one
// 64-bit mask per colour, the reserve is the start board read in place, and a
// copy (CopyFrom) is a few hundred bytes, for look-ahead bots. A game drawn
// from a seed draws its reserve block by block as falls reach it (a course
// game between random players draws about 60 of its 200 blocks); DrawAll
// draws the rest, for states read from more than one goroutine.
//
// Players: the sub-package bots holds the course's two samples, random and
// greedy, move for move, and a tunable look-ahead bot.
//
// The package uses the standard library only, and pyrand.
package eraser
