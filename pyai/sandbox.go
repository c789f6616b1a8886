package pyai

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// interpreters caches the real path of each configured interpreter: a
// version-manager shim (pyenv) is resolved once to the binary it runs, so
// that the AI starts fast in a clean environment.
var interpreters sync.Map // name -> interpreterInfo

type interpreterInfo struct {
	path string
	err  error
}

func resolvePython(name string) (string, error) {
	if v, ok := interpreters.Load(name); ok {
		in := v.(interpreterInfo)
		return in.path, in.err
	}
	path, err := findPython(name)
	interpreters.Store(name, interpreterInfo{path, err})
	return path, err
}

func findPython(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("python interpreter %q not found: %v", name, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if abs, err := filepath.Abs(p); err == nil && isBinary(abs) {
		// The interpreter itself, not a version manager's shim: only its
		// version is asked, which it tells before starting up (a few ms of
		// CPU rather than tens), and the path is what it would call
		// itself (sys.executable).
		out, err := exec.CommandContext(ctx, abs, "-I", "-S", "-V").Output()
		if err != nil {
			return "", fmt.Errorf("python interpreter %s does not run: %v", abs, err)
		}
		var major, minor int
		if _, err := fmt.Sscanf(string(out), "Python %d.%d", &major, &minor); err != nil || major != 3 || minor < 8 {
			return "", fmt.Errorf("python interpreter %s: Python 3.8 or newer needed (it says %q)", abs, strings.TrimSpace(string(out)))
		}
		return abs, nil
	}
	// -S: the question is the interpreter's, its site-packages (whose .pth
	// files may take tens of milliseconds) have nothing to add.
	out, err := exec.CommandContext(ctx, p, "-I", "-S", "-c",
		"import sys; print(sys.executable); print(sys.version_info >= (3, 8))").Output()
	if err != nil {
		return "", fmt.Errorf("python interpreter %s does not run: %v", p, err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != 2 {
		return "", fmt.Errorf("python interpreter %s: unexpected answer %q", p, out)
	}
	if lines[1] != "True" {
		return "", fmt.Errorf("python interpreter %s: Python 3.8 or newer needed", p)
	}
	if lines[0] == "" {
		return p, nil
	}
	return lines[0], nil
}

// isBinary reports whether the file at path (links followed) is an ELF
// executable rather than a script.
func isBinary(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [4]byte
	_, err = io.ReadFull(f, magic[:])
	return err == nil && string(magic[:]) == "\x7fELF"
}

// bwrapState caches whether bubblewrap works here, probed once.
var bwrapState struct {
	once sync.Once
	path string
	err  error
}

// bwrapArgs is the sandbox: every namespace unshared (so no network, its
// own process tree that dies with it), the whole filesystem read-only,
// a private /tmp, fresh /dev and /proc, and the process's own directory
// the only place it can write.
// aiDir, the AI file's directory, is bound again after /tmp is replaced,
// in case it lies there.
func bwrapArgs(bwrap, aiDir, driverDir, workDir string) []string {
	return []string{bwrap,
		"--unshare-all", "--die-with-parent",
		"--ro-bind", "/", "/",
		"--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
		"--ro-bind", aiDir, aiDir,
		"--ro-bind", driverDir, driverDir,
		"--bind", workDir, workDir,
		"--chdir", workDir,
		"--"}
}

// findBwrap looks for a bwrap that can run the interpreter here (it fails
// where user namespaces are not allowed, e.g. in some containers).
func findBwrap(python string) (string, error) {
	bwrapState.once.Do(func() {
		p, err := exec.LookPath("bwrap")
		if err != nil {
			bwrapState.err = fmt.Errorf("bwrap not installed (Debian package bubblewrap)")
			return
		}
		dir, err := os.MkdirTemp("", "paperio-bwrap-probe-")
		if err != nil {
			bwrapState.err = err
			return
		}
		defer os.RemoveAll(dir)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		// -V: the interpreter runs in the sandbox, without the tens of
		// milliseconds of its start-up.
		args := append(bwrapArgs(p, dir, dir, dir), python, "-I", "-S", "-V")
		var stderr bytes.Buffer
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Stderr = &stderr
		cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin"}
		if err := cmd.Run(); err != nil {
			bwrapState.err = fmt.Errorf("bwrap does not work here: %v: %s", err, strings.TrimSpace(stderr.String()))
			return
		}
		bwrapState.path = p
	})
	return bwrapState.path, bwrapState.err
}

// groupMembers lists the processes of process group pgid, read from /proc.
func groupMembers(pgid int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 3 || f[0] == "Z" || f[0] == "X" { // zombies are dead already
			continue
		}
		if g, err := strconv.Atoi(f[2]); err == nil && g == pgid {
			out = append(out, pid)
		}
	}
	return out
}

// killStrays kills every member of group pgid that is not in keep: what the
// AI started, while the AI's own process (and the sandbox's) live on.
// It waits (briefly) until they are gone.
func killStrays(pgid int, keep map[int]bool) int {
	n := 0
	for try := 0; try < 50; try++ {
		strays := 0
		for _, pid := range groupMembers(pgid) {
			if !keep[pid] {
				strays++
				if syscall.Kill(pid, syscall.SIGKILL) == nil && try == 0 {
					n++
				}
			}
		}
		if strays == 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return n
}
