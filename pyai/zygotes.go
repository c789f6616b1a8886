package pyai

import (
	"crypto/sha256"
	"fmt"
	"sync"
	"time"
)

// Fork servers outlive their AIs for a while: the next AI of the same file
// and driver with the same interpreter and sandbox (the next series of a
// tournament, the run after the check that refused nothing) takes one that
// is idle rather than start an interpreter. A server is used by one AI (or
// Process) at a time, so there is one per AI file per worker at most.

// zygoteIdle is how long an idle fork server is kept.
const zygoteIdle = 20 * time.Second

var idleZygotes struct {
	mu sync.Mutex
	m  map[string][]*idleZygote
}

type idleZygote struct {
	z     *zygote
	timer *time.Timer
}

// zygoteKey names the fork servers that can serve the AI in aiFile (an
// absolute path) with driver script (nil: pyai's own).
func zygoteKey(o Options, aiFile string, script []byte) string {
	return fmt.Sprintf("%s\x00%v\x00%s\x00%x", o.Python, o.Sandbox, aiFile, sha256.Sum256(script))
}

// takeZygote returns an idle fork server of key, or nil.
func takeZygote(key string) *zygote {
	idle := &idleZygotes
	idle.mu.Lock()
	defer idle.mu.Unlock()
	for list := idle.m[key]; len(list) > 0; list = idle.m[key] {
		iz := list[len(list)-1]
		idle.m[key] = list[:len(list)-1]
		iz.timer.Stop()
		if iz.z.alive() {
			return iz.z
		}
		iz.z.kill()
	}
	return nil
}

// folderOwner is what holds a temporary folder of its own: a fork server,
// or a process started without one. removed is closed once, after its
// process has ended, the folder is gone.
type folderOwner interface {
	kill()
	removed() <-chan struct{}
}

// folderSet is the folder owners started and not yet removed, for Shutdown.
type folderSet struct {
	mu sync.Mutex
	m  map[folderOwner]bool
}

var owners = folderSet{m: map[folderOwner]bool{}}

func (fs *folderSet) add(o folderOwner) {
	fs.mu.Lock()
	fs.m[o] = true
	fs.mu.Unlock()
}

func (fs *folderSet) remove(o folderOwner) {
	fs.mu.Lock()
	delete(fs.m, o)
	fs.mu.Unlock()
}

// Shutdown ends every fork server and every process still running (course
// AIs, executable players), and waits, up to a few seconds, until their
// folders are removed. A program that has run course AIs or executable
// players calls it once its games are over, before it exits: an idle
// server is kept for zygoteIdle after its AI closed, and a folder is
// removed only once its process has ended, so a program that exits sooner
// would leave folders in the temporary directory (the processes end with
// the program).
func Shutdown() {
	idle := &idleZygotes
	idle.mu.Lock()
	for key, list := range idle.m {
		for _, iz := range list {
			iz.timer.Stop()
		}
		delete(idle.m, key)
	}
	idle.mu.Unlock()
	owners.mu.Lock()
	all := make([]folderOwner, 0, len(owners.m))
	for o := range owners.m {
		all = append(all, o)
	}
	owners.mu.Unlock()
	deadline := time.After(5 * time.Second)
	for _, o := range all {
		o.kill()
	}
	for _, o := range all {
		select {
		case <-o.removed():
		case <-deadline:
			return
		}
	}
}

// putZygote keeps fork server z as idle, for zygoteIdle.
func putZygote(key string, z *zygote) {
	if !z.alive() {
		z.kill()
		return
	}
	idle := &idleZygotes
	idle.mu.Lock()
	defer idle.mu.Unlock()
	if idle.m == nil {
		idle.m = map[string][]*idleZygote{}
	}
	iz := &idleZygote{z: z}
	iz.timer = time.AfterFunc(zygoteIdle, func() {
		idle.mu.Lock()
		list := idle.m[key]
		for i, x := range list {
			if x == iz {
				idle.m[key] = append(list[:i:i], list[i+1:]...)
				break
			}
		}
		if len(idle.m[key]) == 0 {
			delete(idle.m, key)
		}
		idle.mu.Unlock()
		z.kill()
	})
	idle.m[key] = append(idle.m[key], iz)
}
