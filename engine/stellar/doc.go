// Package stellar implements the rules of stellar (星际群落), the two-player
// game of the 2021 PKU data-structures course, exactly as the course's
// reference engine played them, bit for bit (the project's specification,
// stellar/RULES.md).
//
// How the package maps to RULES.md:
//
//   - §1 constants: MaxTurn, PowerLimit, DespawnRate, StartForce (state.go).
//   - §2 nodes, forces, owners: State, with Power, Force, Owner, Next; the
//     owner rule is ownerOf (rules.go).
//   - §3 maps: Map and MapSpec (maps.go): Hexagon and Tree are the reference's
//     generators, drawing from Python's random module (package pyrand) so that
//     MapSpec.Build gives the map a seed gave on the course platform; Fixed
//     holds g_design2 and the legacy maps.
//   - §4 a turn: NewState plays turn 0; Step (typed commands from Go bots) and
//     StepPython (what a Python AI returned, Returned/Item/Value in value.go)
//     play one simultaneous turn: judge (judge.go, the exact error strings
//     included), move, combat, growth (rules.go, one function per rule).
//     StepAnswers takes each player's Answer in either form (a bot against a
//     Python AI). SetTurnLimit changes MAX_TURN for one game.
//   - §6 floating point: the reference computes every ** with glibc's pow,
//     which is not correctly rounded; GlibcPow reproduces it (pow.go, tables
//     generated into powtab.go from testdata/stellar/glibc_pow_tables.json),
//     and PowHalf and PowTwo are CPython's x ** 0.5 and x ** 2 on top of it,
//     taking math.Sqrt or x*x only where that provably gives the same bits.
//   - §7 end and result: checkEnd and points; Result, Reason and Result.Text
//     with the reference's texts (result.go).
//   - §8 AI failures: a failed or late call counts as [] (nil to Step or
//     StepPython); LoadFailed ends a game whose AIs could not be loaded.
//   - §10 replays: Game, ReadAll, ParseGame, Create/Writer and MarshalGame
//     read and write the replay format (record.go); Check replays a recorded
//     game and compares every force of every phase bit for bit (check.go).
//
// A turn allocates nothing in steady state; CopyFrom and Reset reuse a
// State's buffers. The package uses the standard library only (and pyrand,
// which does too); the tests compare GlibcPow with the C library's pow
// through cgo in internal/libm, which the package itself never uses.
// Built-in players are in the sub-package bots.
package stellar
