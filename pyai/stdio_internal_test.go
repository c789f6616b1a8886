package pyai

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startScript starts the shell script body as an executable player.
func startScript(t *testing.T, body string) *Stdio {
	t.Helper()
	prog := filepath.Join(t.TempDir(), "player.sh")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := StartStdio(opt(Options{}), []string{prog})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// An executable player that ends on its own, without a Kill, leaves no
// folder behind.
func TestEndedPlayerLeavesNoFolder(t *testing.T) {
	s := startScript(t, "echo ready\n")
	dir := s.p.dir
	s.Wait()
	select {
	case <-s.p.removed():
	case <-time.After(5 * time.Second):
		t.Fatal("the folder of a player that ended is not removed")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the folder %s of a player that ended is still there (%v)", dir, err)
	}
}

// Shutdown ends the executable players still running and waits until
// their folders are gone: a program that exits with a player alive
// (killed by the kernel as its parent ends) would leave its folder.
func TestShutdownEndsRunningPlayers(t *testing.T) {
	s := startScript(t, "read line\nsleep 60\n")
	dir := s.p.dir
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the running player's folder: %v", err)
	}
	Shutdown()
	if s.Alive() {
		t.Error("the player still runs after Shutdown")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("after Shutdown the player's folder %s is still there (%v)", dir, err)
	}
}

// Finish closes the player's input and waits for it only until it exits:
// a player that ends at the end of its input costs no grace, one that
// does not is killed once the grace is over; neither leaves its folder.
func TestFinishWaitsOnlyUntilThePlayerExits(t *testing.T) {
	quits := startScript(t, "while read line; do :; done\necho bye >&2\n")
	start := time.Now()
	quits.Finish(30 * time.Second)
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("Finish waited %v for a player that exits at the end of its input", took)
	}
	if quits.CPUExceeded() || !strings.Contains(quits.Output(), "bye") {
		t.Errorf("the player did not read to the end of its input: %q", quits.Output())
	}
	stays := startScript(t, "while :; do read line; done\n")
	start = time.Now()
	stays.Finish(300 * time.Millisecond)
	if took := time.Since(start); took < 300*time.Millisecond {
		t.Errorf("Finish returned after %v, before the grace of a player that does not exit", took)
	}
	for _, s := range []*Stdio{quits, stays} {
		if s.Alive() {
			t.Error("a player runs after Finish")
		}
		if _, err := os.Stat(s.p.dir); !os.IsNotExist(err) {
			t.Errorf("after Finish the player's folder %s is still there (%v)", s.p.dir, err)
		}
	}
}
