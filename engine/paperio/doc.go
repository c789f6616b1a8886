// Package paperio implements the rules of paper.io.sessdsa (纸带圈地), the
// two-player territory game of the 2018 PKU data-structures course, exactly as
// the course's reference engine played them (see RULES.md in the project's
// specification).
//
// A State is one game. Step applies the action of the player to move (one
// half-step) and runs the rules in the order of RULES.md, one small function
// per rule. Territory and band counts are kept incrementally, enclosure only
// explores the regions next to the band that just closed, and a half-step
// allocates nothing in steady state. CopyFrom gives look-ahead bots a cheap
// copy that reuses the destination's buffers; Do and Undo make a half-step
// and take it back exactly, for searches that walk a game tree.
//
// The package uses the standard library only (and pyrand, which does too).
package paperio
