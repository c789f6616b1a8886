package pyai

import (
	"fmt"
	"os"
	"time"
)

// Sandbox chooses how much of the operating system an AI process sees.
type Sandbox int

const (
	// SandboxAuto runs the AI under bubblewrap (bwrap) when bwrap is
	// installed and works here, and without it otherwise.
	SandboxAuto Sandbox = iota
	// SandboxOff never uses bwrap (resource limits, the seccomp filter,
	// the fresh directory and the clean environment still apply).
	SandboxOff
	// SandboxOn requires bwrap: a process fails to start where it is
	// missing or broken.
	SandboxOn
)

func (s Sandbox) String() string {
	switch s {
	case SandboxAuto:
		return "auto"
	case SandboxOff:
		return "off"
	case SandboxOn:
		return "on"
	}
	return fmt.Sprintf("Sandbox(%d)", int(s))
}

// ParseSandbox reads "auto", "off" or "on".
func ParseSandbox(s string) (Sandbox, error) {
	switch s {
	case "auto", "":
		return SandboxAuto, nil
	case "off":
		return SandboxOff, nil
	case "on":
		return SandboxOn, nil
	}
	return 0, fmt.Errorf("sandbox %q: want auto, off or on", s)
}

// Options configure an AI's processes. The zero value gives the course's
// settings.
type Options struct {
	// TimeBudget is each player's think time per game, charged for every
	// call the game's course timed (default 30 s).
	TimeBudget time.Duration
	// CourseRules refuses AIs that use what the course banned: global
	// statements and the modules os, sys, threading, multiprocessing.
	CourseRules bool
	// HookTimeout bounds the import of the module and each call the course
	// did not time (a game's hooks, AI.Hook; default twice TimeBudget). A
	// hook that runs longer is stopped and its process replaced; the game
	// result does not change.
	HookTimeout time.Duration
	// MemoryLimit is the address-space limit of the AI process in bytes
	// (default 1 GiB).
	MemoryLimit int64
	// CPULimit is the CPU-time limit of the AI process over its whole
	// life, a backstop behind the per-call timer (default 30 × TimeBudget
	// + 60 s, enough for a full 20-game series).
	CPULimit time.Duration
	// FileSizeLimit caps any file the AI writes, in bytes (default 64 MiB).
	FileSizeLimit int64
	// MaxProcesses is how many processes the AI may start. 0 (the
	// default) means none: a seccomp filter refuses fork, vfork, clone
	// of a process and exec (threads still work). n > 0 lifts the filter
	// and sets RLIMIT_NPROC to n, which the kernel counts per user and
	// does not apply to root. Whatever the AI starts is killed after
	// each game.
	MaxProcesses int
	// Network lets the AI open network sockets (off by default: the
	// seccomp filter refuses sockets other than AF_UNIX, and bwrap runs
	// the AI without a network).
	Network bool
	// Sandbox chooses whether the AI runs under bwrap (default auto).
	Sandbox Sandbox
	// Python is the interpreter (default $PAPERIO_PYTHON, else "python3"
	// from PATH).
	Python string
	// Interface is what the AI file must define (a game's player sets its
	// game's; none: any module is imported); pyai's driver checks it after
	// the import.
	Interface Interface
	// LogLimit is how much of the AI's printed output is kept, in bytes:
	// the first and the last half (default 64 KiB).
	LogLimit int
	// StderrDir, if not empty, is a folder (it must exist) where each
	// executable player's process (StartStdio) also writes its standard
	// error, whole up to FileSizeLimit, with the runner's notes, in a file
	// of its own (StderrFile).
	StderrDir string

	// noFork starts every process as a fresh interpreter (zygote.go).
	noFork bool
}

// withDefaults fills in the zero fields.
func (o Options) withDefaults() Options {
	if o.TimeBudget <= 0 {
		o.TimeBudget = 30 * time.Second
	}
	if o.HookTimeout <= 0 {
		o.HookTimeout = 2 * o.TimeBudget
	}
	if o.MemoryLimit <= 0 {
		o.MemoryLimit = 1 << 30
	}
	if o.CPULimit <= 0 {
		o.CPULimit = 30*o.TimeBudget + 60*time.Second
	}
	if o.FileSizeLimit <= 0 {
		o.FileSizeLimit = 64 << 20
	}
	if o.MaxProcesses < 0 {
		o.MaxProcesses = 0
	}
	if o.Python == "" {
		o.Python = DefaultPython()
	}
	if o.LogLimit <= 0 {
		o.LogLimit = 64 << 10
	}
	return o
}

// DefaultPython is the interpreter of course AIs when none is named:
// $PAPERIO_PYTHON (say, the one with the course's numpy), else python3.
func DefaultPython() string {
	if p := os.Getenv("PAPERIO_PYTHON"); p != "" {
		return p
	}
	return "python3"
}
