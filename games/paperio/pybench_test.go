package paperio

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/internal/cputime"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// The cost of a move of a course AI, taken apart. A full game between two
// trivial AIs (testdata/square.py, which never dies, so every game has its
// 4000 half-steps) costs BenchmarkFullGame's µs/half-step; it is about the
// sum of
//   - BenchmarkGoSide: the game loop, the engine, and for both players
//     the frames encoded and the shadow state kept, without processes;
//   - pyai's BenchmarkRoundTrip: an empty request and its reply through
//     the same pipes, the limit of what a move can cost;
//   - BenchmarkPythonSide: the driver's work for the moves of a recorded
//     game (decode the frames, rebuild the course's dicts, call play,
//     encode the answer), in CPU time, without the pipes.
// Outside a series each game also starts a new AI process per player:
// pyai's BenchmarkStartUp compares a fork server's child with a fresh
// interpreter.
// An op is a game (or a game's worth of round trips): run them with
// -benchtime 10x. On a busy machine the figures vary from run to run by
// tens of percent; compare figures of one run.

const halfSteps = 2 * paperio.DefaultMaxTurns

// waits are the ways of running the processes of a game that the
// benchmarks compare: "pinned", as PyPlayers do (the game on one CPU, the
// caller sleeping until each answer), "spread" (the scheduler places the
// processes) and "poll" (spread, and the caller polls the pipe first).
var waits = []struct {
	name string
	pin  bool
	spin time.Duration
}{{"pinned", true, 0}, {"spread", false, 0}, {"poll", false, 200 * time.Microsecond}}

// setWait sets a way of waiting until the benchmark ends.
func setWait(b *testing.B, pin bool, sp time.Duration) {
	b.Cleanup(pyai.SetWaiting(pin, sp))
}

// BenchmarkFullGame plays whole games between two trivial AIs, each in its
// own process, and reports wall and CPU time per half-step. The games are
// a series, so that each AI keeps its process from game to game: this is
// the cost of the moves; pyai's BenchmarkStartUp is that of each game's
// new process outside a series.
func BenchmarkFullGame(b *testing.B) {
	for _, w := range waits {
		b.Run(w.name, func(b *testing.B) {
			setWait(b, w.pin, w.spin)
			a := newPlayer(b, "testdata/square.py", opt(pyai.Options{}))
			c := newPlayer(b, "testdata/square.py", opt(pyai.Options{}))
			for _, p := range []*PyPlayer{a, c} {
				if err := p.BeginSeries(); err != nil {
					b.Fatal(err)
				}
			}
			st := starts(b, 1)
			goCPU, _ := cputime.Process()
			pyA, pyB := processCPU(b, a), processCPU(b, c)
			playTimed(b, a, c, st)
			n := float64(b.N * halfSteps)
			goCPU1, _ := cputime.Process()
			b.ReportMetric(float64((goCPU1-goCPU).Microseconds())/n, "go-cpu-µs/half-step")
			py := processCPU(b, a) - pyA + processCPU(b, c) - pyB
			b.ReportMetric(float64(py.Microseconds())/n, "py-cpu-µs/half-step")
		})
	}
}

// playTimed plays the game from st between a and c b.N times on the
// benchmark's clock, each to its full length, and reports the wall time per
// half-step.
func playTimed(b *testing.B, a, c bots.Bot, st [2]paperio.Start) {
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := runGame(course, st, [2]bots.Bot{a, c}, 1, nil)
		if err != nil || s.HalfSteps() != halfSteps {
			b.Fatalf("%v %+v", err, s.Result())
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*halfSteps), "µs/half-step")
}

// BenchmarkChattyGame is BenchmarkFullGame's pinned game between AIs that
// print a line every move (testdata/chatty.py): the cost of the output's
// pump.
func BenchmarkChattyGame(b *testing.B) {
	a := newPlayer(b, "testdata/chatty.py", opt(pyai.Options{}))
	c := newPlayer(b, "testdata/chatty.py", opt(pyai.Options{}))
	playTimed(b, a, c, starts(b, 1))
	if out := a.Output(); !strings.Contains(out, "move 2000 log") {
		b.Fatalf("the output is not all there:\n%.300s", out)
	}
}

// encoderOnly is a PyPlayer without a process: it builds the requests a
// PyPlayer sends and answers as bot does. record, if not nil, receives every
// request with its header.
type encoderOnly struct {
	p      PyPlayer
	bot    bots.Bot
	record func(me int, msg []byte)
	check  func(*encoderOnly) // if not nil, called after the frames of each turn
}

func newEncoderOnly(bot bots.Bot, record func(int, []byte)) *encoderOnly {
	return &encoderOnly{p: PyPlayer{}, bot: bot, record: record}
}

func (e *encoderOnly) OwnDeadline() bool { return true }

func (e *encoderOnly) Reset(s *paperio.State, me int, seed uint64, c play.Clock) {
	p := &e.p
	p.game, p.me, p.last = s, me, paperio.Straight
	p.budget = p.budgetShown(c)
	p.enemyLeft = p.budget
	e.keep('G', p.gameMessage(s, me))
	e.bot.Reset(s, me, seed, c)
}

func (e *encoderOnly) Act(s *paperio.State, c play.Clock) paperio.Action {
	p := &e.p
	p.buf, _ = p.framesSince(s, p.message(), c)
	e.keep('P', p.buf)
	if e.check != nil {
		e.check(e)
	}
	p.last = e.bot.Act(s, c)
	return p.last
}

func (e *encoderOnly) keep(kind byte, msg []byte) {
	if e.record == nil {
		return
	}
	binary.LittleEndian.PutUint32(msg, uint32(len(msg)-4))
	msg[4] = kind
	e.record(e.p.me, msg)
}

// encodedGame plays a game of two encoderOnly players answering as
// testdata/square.py, with the think-time budget of py players, as the
// game loop plays py players.
func encodedGame(t testing.TB, record func(int, []byte)) {
	s, err := paperio.NewGame(course, starts(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	a, c := newEncoderOnly(&squareBot{}, record), newEncoderOnly(&squareBot{}, record)
	if err := playEncoded(s, a, c); err != nil {
		t.Fatal(err)
	}
	if s.HalfSteps() != halfSteps {
		t.Fatalf("%+v after %d half-steps", s.Result(), s.HalfSteps())
	}
}

func playEncoded(s *paperio.State, a, b *encoderOnly) error {
	seats := [2]*play.Seat[*paperio.State, paperio.Action]{play.SeatOf[*paperio.State, paperio.Action]("a", a), play.SeatOf[*paperio.State, paperio.Action]("b", b)}
	_, err := play.Run(bots.Game{S: s}, seats, play.Options[paperio.Action]{Seed: 1, Budget: 30 * time.Second})
	return err
}

// BenchmarkGoSide is the Go side of a full game: the game loop, the
// engine, and for both players the frames encoded and the shadow state.
func BenchmarkGoSide(b *testing.B) {
	for i := 0; i < b.N; i++ {
		encodedGame(b, nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*halfSteps)/1e3, "µs/half-step")
}

// BenchmarkPythonSide replays the requests of a full game through the
// driver's code (testdata/driver_bench.py) in one Python process.
func BenchmarkPythonSide(b *testing.B) {
	var reqs []byte
	encodedGame(b, func(me int, msg []byte) {
		reqs = binary.LittleEndian.AppendUint32(reqs, uint32(len(msg)+1))
		reqs = append(append(reqs, byte(me)), msg...)
	})
	dir := b.TempDir()
	file := filepath.Join(dir, "requests")
	if err := os.WriteFile(file, reqs, 0o644); err != nil {
		b.Fatal(err)
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		b.Skip(err)
	}
	cmd := exec.Command(python, "-I", "-B", "testdata/driver_bench.py", "driver.py", "testdata/square.py", file, "../../pyai")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer cmd.Wait()
	defer in.Close()
	lines := bufio.NewScanner(out)
	var inPython time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in.Write([]byte("\n"))
		if !lines.Scan() {
			b.Fatal("driver_bench.py stopped")
		}
		ns, err := strconv.ParseInt(lines.Text(), 10, 64)
		if err != nil {
			b.Fatalf("driver_bench.py: %s", lines.Text())
		}
		inPython += time.Duration(ns)
	}
	b.ReportMetric(float64(inPython.Nanoseconds())/float64(b.N*halfSteps)/1e3, "µs/half-step")
}

// processCPU is the CPU time used so far by a PyPlayer's processes (the
// interpreter and, under bwrap, the sandbox's).
func processCPU(t testing.TB, p *PyPlayer) time.Duration {
	cpu, _ := procStats(t, p)
	return cpu
}

// procStats sums the CPU time of a PyPlayer's processes and gives the
// largest peak resident size.
func procStats(t testing.TB, p *PyPlayer) (cpu time.Duration, peakRSS int64) {
	pids := p.ai.Members()
	if pids == nil {
		t.Fatal("no process")
	}
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		cpu += time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ = 100
		status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
		for _, l := range strings.Split(string(status), "\n") {
			if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
				peakRSS = max(peakRSS, kb<<10)
			}
		}
	}
	return cpu, peakRSS
}

func selfPeakRSS() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Maxrss << 10
}

// BenchmarkParallelGames plays k games at once, each between two trivial
// AIs in processes of their own, and reports games per second.
func BenchmarkParallelGames(b *testing.B) {
	for _, k := range []int{1, 4, 8} {
		b.Run(strconv.Itoa(k), func(b *testing.B) {
			players := make([][2]*PyPlayer, k)
			for i := range players {
				players[i] = [2]*PyPlayer{newPlayer(b, "testdata/square.py", opt(pyai.Options{})), newPlayer(b, "testdata/square.py", opt(pyai.Options{}))}
			}
			st := starts(b, 1)
			b.ResetTimer()
			for range b.N {
				var wg sync.WaitGroup
				for _, ps := range players {
					wg.Go(func() {
						if s, err := runGame(course, st, [2]bots.Bot{ps[0], ps[1]}, 1, nil); err != nil || s.HalfSteps() != halfSteps {
							b.Errorf("%v %+v", err, s.Result())
						}
					})
				}
				wg.Wait()
			}
			b.ReportMetric(float64(b.N*k)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkCourseCopying runs testdata/course_cost.py: one game's worth of
// what the course platform did per half-step (new tuples of both grids and
// new frame dicts for each player and the public log), for comparison
// with BenchmarkFullGame.
func BenchmarkCourseCopying(b *testing.B) {
	python, err := exec.LookPath("python3")
	if err != nil {
		b.Skip(err)
	}
	for range b.N {
		if out, err := exec.Command(python, "testdata/course_cost.py", "1").CombinedOutput(); err != nil {
			b.Fatalf("%v: %s", err, out)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*halfSteps), "µs/half-step")
}
