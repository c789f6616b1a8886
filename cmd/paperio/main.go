// Command paperio plays, replays, measures and analyses paper.io.sessdsa
// games. Run "paperio help" for the subcommands.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"syscall"

	"github.com/paperio/paperio/pyai"
	"github.com/paperio/paperio/store"
)

// command is one subcommand: run gets the arguments after its name.
type command struct {
	summary string
	run     func(args []string) error
}

// commands is filled by each subcommand's file in its init function.
var commands = map[string]command{}

func register(name, summary string, run func([]string) error) {
	commands[name] = command{summary, run}
}

// usageError marks a mistake in how the command was called: exit code 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// usagef returns a usage error.
func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// exitError carries an exit code without a message of its own (the command
// has already said what went wrong), e.g. conform's exit 1 on mismatches.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

func main() {
	os.Exit(cli(os.Args[1:], os.Stderr))
}

// cli is the program: run, then the end of the course AIs' fork servers,
// which are kept idle for a while after their games and whose temporary
// folders would otherwise outlive the program.
func cli(args []string, stderr io.Writer) int {
	code := run(args, stderr)
	pyai.Shutdown()
	return code
}

func run(args []string, stderr io.Writer) int {
	if len(args) == 2 && args[0] == "help" {
		args = []string{args[1], "--help"} // paperio help CMD: that command's help
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 || len(args) > 1 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "paperio: unknown command %q (commands: %s)\n", args[0], names())
		return 2
	}
	err := cmd.run(args[1:])
	var ue usageError
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &ue), badPath(err), errors.Is(err, store.ErrNoDriver):
		fmt.Fprintf(stderr, "paperio %s: %v\n", args[0], err)
		return 2
	default:
		fmt.Fprintf(stderr, "paperio %s: %v\n", args[0], err)
		return 1
	}
}

// badPath says whether err is a path the command line named that cannot be
// used: a file or folder that is not there, a file where a folder should
// be or the other way round, one the user may not read or write. That is a
// mistake in the call (exit 2), not a failure of the run.
func badPath(err error) bool {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return false
	}
	for _, e := range []error{fs.ErrNotExist, fs.ErrPermission, syscall.ENOTDIR, syscall.EISDIR, syscall.EROFS} {
		if errors.Is(pe.Err, e) {
			return true
		}
	}
	return false
}

func names() string {
	var n []string
	for k := range commands {
		n = append(n, k)
	}
	sort.Strings(n)
	s := ""
	for i, k := range n {
		if i > 0 {
			s += ", "
		}
		s += k
	}
	return s
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "paperio: paper.io.sessdsa engine, self-play and analysis")
	fmt.Fprintln(w, "\nUsage: paperio COMMAND [flags]   (paperio help COMMAND or paperio COMMAND --help for its flags)")
	fmt.Fprintln(w, "Bad input (a flag, a file, a game id) exits 2 with one line saying what is wrong; a failed run exits 1.")
	fmt.Fprintln(w, "\nCommands:")
	var n []string
	for k := range commands {
		n = append(n, k)
	}
	sort.Strings(n)
	for _, k := range n {
		fmt.Fprintf(w, "  %-12s %s\n", k, commands[k].summary)
	}
}

// newFlags returns a flag set whose parse errors are usage errors and whose
// --help prints the command's usage line and flags.
func newFlags(name, usageLine string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(os.Stderr, "Usage: paperio %s %s\n\nFlags:\n", name, usageLine)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; errors become usage errors (exit 2) and leftover
// arguments are refused unless allowArgs. Flags may follow the arguments
// (paperio conform a.jsonl b.jsonl --help); "--" ends the flags.
func parseFlags(fs *flag.FlagSet, args []string, allowArgs bool) error {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return err
			}
			return usageError{err.Error()}
		}
		args = fs.Args()
		i := 0
		for i < len(args) && (!strings.HasPrefix(args[i], "-") || args[i] == "-") {
			i++
		}
		rest = append(rest, args[:i]...)
		if i == len(args) {
			break
		}
		if args[i] == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		args = args[i:]
	}
	if !allowArgs && len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	return fs.Parse(append([]string{"--"}, rest...))
}
