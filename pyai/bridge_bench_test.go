package pyai

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/paperio/paperio/internal/cputime"
)

// BenchmarkBridge puts side by side, in one run, what a course AI's move
// and game cost and their limits: an op is, in turn,
//   - "bare": a game's worth (4000) of round trips of a 9-byte message
//     through a pipe to cat and back, the runner blocking in read: the
//     least two processes can spend on a hand-over (two system calls and
//     a wake-up each way);
//   - "session": the same with cat in a session of its own, as every AI
//     process is (setsid: no controlling terminal). Where the kernel
//     groups each session's processes for the scheduler (autogroup), a
//     hand-over between sessions waits for the other group's turn, which
//     on a loaded machine shows in the wall time, not the CPU time;
//   - "py": the same through a Python loop of os.read and os.write, the
//     least a Python driver can spend;
//   - "bridge": as many empty requests (N) through pyai's driver in a
//     child of a fork server, as a move's call makes them (the header, the
//     wait for the reply with its deadline, the sequence check);
//   - a new process as a game outside a series gets one: "fork", a child
//     of a warm fork server, and "exec", a fresh interpreter (each in its
//     sandbox, up to the AI imported).
//
// Everything runs on one CPU, as a game does (ClaimCPU). Each trip reports
// its wall time and its CPU time (the runner's and the other process's)
// per round trip, each start its wall and CPU time in ms (the runner's,
// the new processes' and the fork server's).
func BenchmarkBridge(b *testing.B) {
	o := opt(Options{}).withDefaults()
	abs, err := filepath.Abs("testdata/idle.py")
	if err != nil {
		b.Fatal(err)
	}
	python, err := resolvePython(o.Python)
	if err != nil {
		b.Skip(err)
	}
	z, err := startZygote(o, abs, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer z.kill()
	cfg := config(abs, "idle.py", o)
	game := new(int)
	cpu := ClaimCPU(game)
	defer ReleaseCPU(game)
	if cpu >= 0 {
		PinThread(cpu)
		defer UnpinThread()
	}
	bare := newEcho(b, cpu, false, "cat")
	session := newEcho(b, cpu, true, "cat")
	py := newEcho(b, cpu, false, python, "-I", "-S", "-c",
		"import os\nwhile True:\n d = os.read(0, 65536)\n if not d: break\n os.write(1, d)")
	br, err := z.fork(o.HookTimeout, newCapLog(4096), nil)
	if err == nil {
		err = br.configure(cfg, o.HookTimeout)
	}
	if err != nil {
		b.Fatal(err)
	}
	defer br.kill()
	if cpu >= 0 {
		br.pinTo(cpu)
	}
	var wall, cpuGo, cpuPeer [4]time.Duration
	var startWall, startCPU [2]time.Duration
	b.ResetTimer()
	for range b.N {
		for i, e := range []*echo{bare, session, py, nil} {
			t0, g0 := time.Now(), processCPU()
			var c0, c1 time.Duration
			if e != nil {
				c0 = schedCPU([]int{e.cmd.Process.Pid})
				e.trips(b, halfSteps)
				c1 = schedCPU([]int{e.cmd.Process.Pid})
			} else {
				c0 = schedCPU(br.members())
				for range halfSteps {
					if rep, _, err := br.call('N', nil, o.HookTimeout); err != nil || rep.kind != 'D' {
						b.Fatalf("%v %q", err, rep.kind)
					}
				}
				c1 = schedCPU(br.members())
			}
			wall[i] += time.Since(t0)
			cpuGo[i] += processCPU() - g0
			cpuPeer[i] += c1 - c0
		}
		for i, start := range []func() (*process, error){
			func() (*process, error) { return z.fork(o.HookTimeout, newCapLog(4096), nil) },
			func() (*process, error) { return startDriver(o, abs, newCapLog(4096), nil) },
		} {
			t0, g0 := time.Now(), processCPU()
			z0 := schedCPU(groupMembers(z.cmd.Process.Pid))
			pr, err := start()
			if err == nil {
				err = pr.configure(cfg, o.HookTimeout)
			}
			if err != nil {
				b.Fatal(err)
			}
			startWall[i] += time.Since(t0)
			startCPU[i] += processCPU() - g0 + schedCPU(pr.members())
			if i == 0 {
				startCPU[i] += schedCPU(groupMembers(z.cmd.Process.Pid)) - z0
			}
			pr.kill()
			pr.wait()
		}
	}
	b.StopTimer()
	trips := float64(b.N * halfSteps)
	for i, name := range []string{"bare", "session", "py", "bridge"} {
		b.ReportMetric(float64(wall[i].Nanoseconds())/trips/1e3, name+"-µs/trip")
		b.ReportMetric(float64(cpuGo[i].Nanoseconds())/trips/1e3, name+"-go-cpu-µs/trip")
		b.ReportMetric(float64(cpuPeer[i].Nanoseconds())/trips/1e3, name+"-peer-cpu-µs/trip")
	}
	n := float64(b.N)
	for i, name := range []string{"fork", "exec"} {
		b.ReportMetric(float64(startWall[i].Microseconds())/1e3/n, name+"-ms/start")
		b.ReportMetric(float64(startCPU[i].Microseconds())/1e3/n, name+"-cpu-ms/start")
	}
}

// processCPU is the runner's CPU time so far.
func processCPU() time.Duration {
	d, _ := cputime.Process()
	return d
}

// echo is a process that writes back what it reads, on blocking pipes.
type echo struct {
	cmd    *exec.Cmd
	in     int // its standard input, our end
	out    int // its standard output, our end
	msg    [headerSize]byte
	answer [64]byte
}

// newEcho starts argv as an echo pinned to cpu (-1: anywhere), in a
// session of its own if setsid; it is stopped when the benchmark ends.
func newEcho(b *testing.B, cpu int, setsid bool, argv ...string) *echo {
	inR, inW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout = inR, outW
	if setsid {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	}
	if err := cmd.Start(); err != nil {
		b.Skip(err)
	}
	inR.Close()
	outW.Close()
	// Fd puts our ends in blocking mode: the reads block in the kernel.
	e := &echo{cmd: cmd, in: int(inW.Fd()), out: int(outR.Fd())}
	b.Cleanup(func() {
		inW.Close()
		outR.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	if cpu >= 0 {
		setAffinity(cmd.Process.Pid, cpu)
	}
	e.trips(b, 10) // started and answering
	return e
}

// trips sends n messages and reads each back.
func (e *echo) trips(b *testing.B, n int) {
	for range n {
		if k, err := syscall.Write(e.in, e.msg[:]); err != nil || k != len(e.msg) {
			b.Fatalf("echo write: %d %v", k, err)
		}
		for got := 0; got < len(e.msg); {
			k, err := syscall.Read(e.out, e.answer[:])
			if err != nil || k <= 0 {
				b.Fatalf("echo read: %d %v", k, err)
			}
			got += k
		}
	}
}
