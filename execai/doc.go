// Package execai plays executable players: programs in any language (C,
// Go, JavaScript, Python, ...) that speak docs/PROTOCOL.md, one JSON
// object per line on their standard input and output. "exec:path/to/bot"
// names one wherever a bot spec is accepted, in every game; arguments go
// through a wrapper script.
//
// Each player runs in a process of its own, contained as a course AI's
// is (pyai.Stdio: resource limits, no new processes, other processes out
// of reach, no network sockets, a fresh directory, bwrap where it works). Its think time is the course's:
// every answer, and the answer to the start of a game, is charged, and a
// call still running when the player's time runs out is stopped (the
// process is killed and replaced for the next game) and lost on time
// (OVT). Anything else that breaks the protocol — an answer that is not a
// JSON object, an illegal move, a line past MaxLine, output out of turn,
// a process that ends — loses with ERR, and the reason says which. What
// the player writes on standard error is kept, capped, and shown when it
// fails.
//
// Conn is all of it that no game has its own: the process, the lines and
// the faults. Each game's player is built on a Conn beside its game
// (games/<game>/execplayer.go), which writes the game's messages and reads
// its answers.
package execai
