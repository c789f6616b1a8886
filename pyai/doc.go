// Package pyai plays course AIs: Python files with the 2018 course's
// interface (play, and optionally load, summary, init, summaryall) as
// players of this toolkit. "py:path/to/ai.py" names one wherever a bot spec
// is accepted.
//
// Each Player runs its AI in a Python 3 process of its own, driven over two
// pipes on file descriptors 3 and 4 by a small driver (driver.py, embedded
// in the binary). The AI's stdout and stderr go elsewhere, to a capped log
// (Player.Output), so nothing it prints can disturb the game.
//
// The AI sees exactly what the course platform gave it: stat is a dict with
// size, log and now; every frame is a dict with turnleft, timeleft, fields,
// players, bands, me and enemy (the course's key order), the grids are
// tuples of column tuples holding 1, 2 or None, players is a list of two
// dicts and me and enemy are the very dicts in it; the log holds every frame
// of the game so far, the start frame first. The answer is read as the
// course read it. A course AI whose decisions depend only on what it is
// given plays the same game as on the course platform.
//
// Only what changed goes to the process: each turn it receives the frames
// since its last turn as the grid columns that changed, and rebuilds just
// those column tuples; an unchanged column is the same tuple object in
// consecutive frames, so a whole game's log costs a few MB.
//
// A move is one request and one reply (driver.py describes them), each
// written with one system call and usually read with one. The Go side
// sleeps in ppoll(2) until the reply comes or the call's deadline passes
// (wait_linux.go says why neither in the runtime's poller nor polling the
// pipe). A game's two AI processes, and the thread waiting for their
// answers, are pinned to one CPU, the game's, so that each hand-over is a
// switch on that CPU rather than the wake-up of an idle one; games in
// progress are spread over the CPUs (affinity.go). What changed is found
// by comparing only the mover's bounding box (a half-step changes nothing
// outside it), and the frame after the AI's own move comes from a copy of
// the game that follows it move by move; nothing is allocated per move.
// The driver decodes each frame's header with one unpack and builds the
// course's dicts directly. bench_test.go measures the cost of a half-step
// and its parts (Go side, round trip, Python side).
//
// Time is charged as the course charged it, for load and for every play
// call (measured on the Go side around the whole call). A call still
// running when the player's time runs out is stopped: the process is killed
// and replaced before the next game (Prepare, charged to no game, as the
// first import was not), and the game is lost on time (OVT). An
// exception loses with ERR, and its traceback is the Failure detail; so
// does a process that dies (sys.exit, os._exit, a crash). Errors in
// summary, init and summaryall are ignored, as the course ignored them.
//
// Before any game the driver reads, imports and checks the file, the same
// way for every course game (driver.py's import_ai, which the other games'
// drivers call): a file that is missing, does not parse, breaks the course
// rules, raises or calls sys.exit at import, or lacks what the game's AIs
// define (Options.Interface: paper.io's play, eraser's Plaser, stellar's
// player_class) is refused with one line naming it and saying why, in the
// user's terms: a file that defines another game's interface is named as
// that game's AI.
//
// Storage lasts through the games of a series and the module is imported
// once per series (Player.BeginSeries, SwapSides, EndSeries follow the
// course's series runner). Outside a series every game has a process of
// its own that imports the module afresh, so nothing of one game's AI
// (module-level state, files) is seen in the next.
//
// Processes are forked from a warm interpreter (zygote.go): each Player has
// a fork server, a Python process that has imported the driver once and runs
// in the sandbox, and each process is a child of it that puts its pipes in
// place, applies its limits and seccomp filter and imports the module, in a
// few milliseconds rather than the tens an interpreter's start and imports
// take. The server has also imported the installed packages (not the
// standard library, whose few modules that act when imported only a
// child's sandbox refuses) that the AI's file
// imports at its top level (numpy...), with one thread for their thread
// pools, which a fork would not carry: a child imports only the AI's own
// modules (its globals fresh every game), and numpy's global generator gets
// new seeds in each. A closed Player's server serves the next Player of the
// same file for a while (a tournament's next series).
//
// Containment: every AI process has resource limits (address space, CPU
// time, file size, open files), a seccomp filter that refuses new
// processes, network sockets (threads still work) and what would outlive
// the process (System V IPC, POSIX message queues, keys), a fresh working
// directory, a clean environment, and a session and process group of its
// own that is killed after the game; where bubblewrap (bwrap) works it also
// runs without network, with a read-only view of the filesystem and in a
// process tree of its own (a forked process in its fork server's, with
// /tmp and /dev read-only too). Options.CourseRules refuses AIs that use what
// the course banned (global statements; the modules os, sys, threading,
// multiprocessing), naming file and line.
//
// StartStdio runs an executable player (package execai) under the same
// containment: launcher.py applies the limits and the seccomp filter (which
// then lets the process exec its program) and becomes the program, which
// speaks over its standard input and output.
//
// Made for Linux; on other Unix systems the AI runs without the seccomp
// filter and bwrap (RLIMIT_NPROC then keeps it from starting processes).
package pyai
