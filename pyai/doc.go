// Package pyai runs course AIs, Python files written for a course game,
// in processes of their own: contained, timed, and spoken to over pipes by
// a small driver. It knows no game: each game's player is built on it
// beside the game (games/<game>/pyplayer.go with its driver.py), and
// "py:path/to/ai.py" names one wherever a bot spec is accepted.
//
// Each process runs the game's driver, embedded in the game's binary, with
// pyai's own driver (pyai_driver.py) beside it as the module pyai_driver,
// which every game's driver builds on: the framing, the containment, the
// reading and checking of the AI's file, the loader and the capture of the
// AI's errors. Requests go on file descriptor 3 and replies come on 4, each
//
//	uint32 length | kind byte | uint32 sequence | payload
//
// (little-endian, the length counting what follows it); every driver
// serves C (the configuration: the AI file, its limits, the interface its
// game's AIs define; the module is imported then) and N (nothing: the
// round trip alone), and the game's driver adds the game's requests. The
// AI's stdout and stderr go elsewhere, to a capped log (AI.Output), so
// nothing it prints can disturb the game.
//
// A request and its reply are each written with one system call and
// usually read with one. The Go side sleeps in ppoll(2) until the reply
// comes or the call's deadline passes, then reads it: three system calls a
// call on the Go side, two on the driver's (wait_linux.go says why neither
// in the runtime's poller nor polling the pipe). A game's two AI
// processes, and the thread waiting for their answers, can be pinned to
// one CPU, the game's (ClaimCPU, AI.PinTo, PinThread; a game's player pins
// the thread once per game), so that each hand-over is a switch on that
// CPU rather than the wake-up of an idle one; games in progress are spread
// over the CPUs (affinity.go). On a virtual machine a system call costs
// microseconds, which is why their number per call is kept low.
// bench_test.go measures a round trip and a process's start;
// BenchmarkBridge (bridge_bench_test.go) puts a call's round trip beside
// its limits, a bare pipe's round trip between two processes and a Python
// loop's, and a forked process's start beside a fresh interpreter's.
//
// Time: a call is given a deadline, the player's time left, and a call
// still running then is stopped (the process is killed; AI.Fault says the
// call ran out of its think time, as the course's OVT). A process killed or
// dead is replaced before the next game (AI.Restart, charged to no game, as
// the first import was not); a process that dies during a call, or reaches
// its CPU-time limit, fails that call.
//
// Before any game the driver reads, imports and checks the file, the same
// way for every course game (pyai_driver.import_ai): a file that is
// missing, does not parse, breaks the course rules, raises or calls
// sys.exit at import, or lacks what the game's AIs define (Options.Interface,
// which each game registers: RegisterInterface) is refused with one line
// naming it and saying why, in the user's terms: a file that defines
// another game's interface is named as that game's AI.
//
// Processes are forked from a warm interpreter (zygote.go): each AI has a
// fork server, a Python process that has imported the driver once and runs
// in the sandbox, and each process is a child of it that puts its pipes in
// place, applies its limits and seccomp filter and imports the module, in a
// few milliseconds rather than the tens an interpreter's start and imports
// take. The server has also imported the installed packages (not the
// standard library, whose few modules that act when imported only a
// child's sandbox refuses) that the AI's file imports at its top level
// (numpy...), with one thread for their thread pools, which a fork would
// not carry: a child imports only the AI's own modules (its globals fresh
// every time), and numpy's global generator gets new seeds in each. A
// closed AI's server serves the next AI of the same file and driver for a
// while (a tournament's next series); a program calls Shutdown before it
// exits, which ends every server and removes their temporary folders.
//
// Containment: every AI process has resource limits (address space, CPU
// time, file size, open files), a seccomp filter that refuses new
// processes, network sockets (threads still work), what would outlive
// the process (System V IPC, POSIX message queues, keys) and any reach
// into another process (a signal, ptrace, its memory, limits or
// scheduling, unless it names the process itself or its own group: the
// runner and the fork server are processes of the same user, out of
// reach even without a sandbox's process tree), a fresh working
// directory, a clean environment, and a session and process group of its
// own that is killed with it; where bubblewrap (bwrap) works it also runs
// without network, with a read-only view of the filesystem and in a
// process tree of its own (a forked process in its fork server's, with
// /tmp and /dev read-only too). Options.CourseRules refuses AIs that use
// what the course banned (global statements; the modules os, sys,
// threading, multiprocessing), naming file and line.
//
// AI is a course AI over a player's life: its processes one after another,
// one output log. Process (StartModule) is a single process, for a driver
// that needs no more. StartStdio runs an executable player (package
// execai) under the same containment: launcher.py applies the limits and
// the seccomp filter (which then lets the process exec its program) and
// becomes the program, which speaks over its standard input and output.
//
// Made for Linux; on other Unix systems the AI runs without the seccomp
// filter and bwrap (RLIMIT_NPROC then keeps it from starting processes).
package pyai
