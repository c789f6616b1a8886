package pyai

import (
	"os"
	"path/filepath"
	"testing"
)

// Another game's process (StartModule) is a child of a fork server too:
// it holds the server while it lives, the next process of the same AI
// and driver takes the same server, and imports the module afresh.
func TestStartModuleForks(t *testing.T) {
	driver, err := os.ReadFile("testdata/echo_driver.py")
	if err != nil {
		t.Fatal(err)
	}
	o := opt(Options{})
	var first *zygote
	for round := range 2 {
		proc, err := StartModule(o, "testdata/counter.py", "counter.py", driver)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			rep, _, err := proc.Call('N', nil, o.withDefaults().HookTimeout)
			if err != nil || rep.Kind != 'D' || string(rep.Body) != string(rune('1'+i)) {
				t.Fatalf("round %d call %d: %v %q %q\n%s", round, i, err, rep.Kind, rep.Body, proc.Output())
			}
		}
		z := proc.p.zyg
		if forkSupported && (proc.p.cmd != nil || z == nil) {
			t.Fatalf("round %d: not a forked child:\n%s", round, proc.Output())
		}
		if round == 0 {
			first = z
		} else if z != first {
			t.Errorf("the second process has another fork server")
		}
		proc.Kill()
		proc.Wait()
	}
}

// A closed AI's fork server is kept idle for the next AI of its file, and
// Shutdown, which a program calls before it exits, ends it and removes its
// folder, which would otherwise outlive the program.
func TestShutdownRemovesIdleServers(t *testing.T) {
	if !forkSupported {
		t.Skip("no fork servers on this system")
	}
	driver, err := os.ReadFile("testdata/echo_driver.py")
	if err != nil {
		t.Fatal(err)
	}
	proc, err := StartModule(opt(Options{}), "testdata/counter.py", "counter.py", driver)
	if err != nil {
		t.Fatal(err)
	}
	z := proc.p.zyg
	proc.Kill()
	proc.Wait()
	if z == nil {
		t.Fatal("not a forked child")
	}
	if _, err := os.Stat(z.dir); err != nil {
		t.Fatalf("the idle server's folder is gone before Shutdown: %v", err)
	}
	Shutdown()
	if _, err := os.Stat(z.dir); !os.IsNotExist(err) {
		t.Errorf("after Shutdown the server's folder %s is still there (%v)", z.dir, err)
	}
	if z.alive() {
		t.Error("after Shutdown the server is still running")
	}
}

// A server being killed has its folder removed only once its process has
// ended; Shutdown waits for that too.
func TestShutdownWaitsForKilledServers(t *testing.T) {
	if !forkSupported {
		t.Skip("no fork servers on this system")
	}
	driver, err := os.ReadFile("testdata/echo_driver.py")
	if err != nil {
		t.Fatal(err)
	}
	ai, err := filepath.Abs("testdata/counter.py")
	if err != nil {
		t.Fatal(err)
	}
	z, err := startZygote(opt(Options{}).withDefaults(), ai, driver)
	if err != nil {
		t.Fatal(err)
	}
	z.kill()
	Shutdown()
	if _, err := os.Stat(z.dir); !os.IsNotExist(err) {
		t.Errorf("after Shutdown the killed server's folder %s is still there (%v)", z.dir, err)
	}
}
