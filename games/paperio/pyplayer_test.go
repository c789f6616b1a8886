package paperio

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/engine/paperio/replay"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// squareBot is a Go player that walks a square of side 8 around its start,
// like testdata/square.py: it never leaves its half of the course board.
type squareBot struct{ n int }

func (b *squareBot) Reset(*paperio.State, int, uint64, play.Clock) { b.n = 0 }
func (b *squareBot) Act(*paperio.State, play.Clock) paperio.Action {
	b.n++
	if b.n%8 == 0 {
		return paperio.Right
	}
	return paperio.Straight
}

var sandboxFlag = flag.String("sandbox", "auto", "run the tests' AIs with this Sandbox option: auto, off or on")

// opt sets the sandbox the tests were asked for.
func opt(o pyai.Options) pyai.Options {
	sb, err := pyai.ParseSandbox(*sandboxFlag)
	if err != nil {
		panic(err)
	}
	o.Sandbox = sb
	return o
}

// fastOpts are options for tests that wait for time to run out.
func fastOpts() pyai.Options {
	return opt(pyai.Options{TimeBudget: 500 * time.Millisecond, HookTimeout: 3 * time.Second})
}

func newPlayer(t testing.TB, file string, o pyai.Options) *PyPlayer {
	t.Helper()
	p, err := NewPyPlayer(file, o)
	if err != nil {
		t.Fatalf("NewPyPlayer(%s): %v", file, err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

var course = paperio.DefaultConfig()

func starts(t testing.TB, seed int64) [2]paperio.Start {
	st, err := paperio.RandomStarts(course, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// runGame plays a game through the play loop, which charges the py
// players' think time (their options' TimeBudget) as the course did.
func runGame(c paperio.Config, st [2]paperio.Start, ps [2]bots.Bot, seed uint64, onStep func(*paperio.State, paperio.Action)) (*paperio.State, error) {
	var budget time.Duration
	for _, p := range ps {
		if pp, ok := p.(*PyPlayer); ok {
			budget = max(budget, pp.ai.Options().TimeBudget)
		}
	}
	s, err := paperio.NewGame(c, st)
	if err != nil {
		return nil, err
	}
	seats := [2]*play.Seat[*paperio.State, paperio.Action]{play.SeatOf("player 1", ps[0]), play.SeatOf("player 2", ps[1])}
	o := play.Options[paperio.Action]{Seed: seed, Budget: budget}
	if onStep != nil {
		o.OnMove = func(_ int, a paperio.Action) { onStep(s, a) }
	}
	_, err = play.Run(bots.Game{S: s}, seats, o)
	return s, err
}

// playOne plays one game on the course board and returns the state and every
// frame's record line as testdata/probe.py writes it.
func playOne(t testing.TB, a, b bots.Bot, seed int64) (*paperio.State, []string) {
	t.Helper()
	var lines []string
	st := starts(t, seed)
	first, err := paperio.NewGame(course, st)
	if err != nil {
		t.Fatal(err)
	}
	lines = append(lines, frameLine(first))
	s, err := runGame(course, st, [2]bots.Bot{a, b}, uint64(seed), func(s *paperio.State, _ paperio.Action) {
		lines = append(lines, frameLine(s))
	})
	if err != nil {
		t.Fatal(err)
	}
	return s, lines
}

func frameLine(s *paperio.State) string {
	x0, y0, d0 := s.Head(0)
	x1, y1, d1 := s.Head(1)
	return fmt.Sprintf("%016x:%d,%d,%d,%d,%d,%d:%d,%d\n", s.Digest(), x0, y0, d0, x1, y1, d1, s.TurnsLeft(0), s.TurnsLeft(1))
}

func digestOf(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// probeReport is what testdata/probe.py prints at summary time.
type probeReport struct {
	Imports, Loads, Inits int
	Result                []any
	Games                 int
	Init                  bool
	Frames, Checked       int
	Digest                string
	Problems              []string
	Timeleft, Timeleft0   []any
}

func probeReports(t testing.TB, p *PyPlayer) []probeReport {
	t.Helper()
	var out []probeReport
	for _, line := range strings.Split(p.Output(), "\n") {
		if rest, ok := strings.CutPrefix(line, "PROBE "); ok {
			var r probeReport
			if err := json.Unmarshal([]byte(rest), &r); err != nil {
				t.Fatalf("probe report %q: %v", rest, err)
			}
			out = append(out, r)
		}
	}
	return out
}

func lastProbe(t testing.TB, p *PyPlayer) probeReport {
	t.Helper()
	r := probeReports(t, p)
	if len(r) == 0 {
		t.Fatalf("no probe report; output:\n%s", p.Output())
	}
	return r[len(r)-1]
}

// A full game between two probes: every frame each AI saw is the frame the
// engine was in, in a dict of the course's shape, with unchanged columns
// shared, and the log holds every frame up to the last.
func TestFramesAreTheEngines(t *testing.T) {
	a := newPlayer(t, "testdata/probe.py", opt(pyai.Options{}))
	b := newPlayer(t, "testdata/probe.py", opt(pyai.Options{}))
	s, lines := playOne(t, a, b, 7)
	if r := s.Result(); r.Reason != paperio.END {
		t.Fatalf("result %+v, want a game of all rounds", r)
	}
	for i, p := range []*PyPlayer{a, b} {
		r := lastProbe(t, p)
		if len(r.Problems) > 0 {
			t.Errorf("player %d saw: %q", i+1, r.Problems)
		}
		if r.Frames != len(lines) || r.Checked != len(lines) {
			t.Errorf("player %d: %d frames in its log, %d checked; the game had %d", i+1, r.Frames, r.Checked, len(lines))
		}
		if r.Digest != digestOf(lines) {
			t.Errorf("player %d: its log differs from the engine's frames", i+1)
		}
		if r.Timeleft0[0] != 30.0 || r.Timeleft0[1] != 30.0 {
			t.Errorf("player %d: timeleft of the start frame %v, want (30, 30)", i+1, r.Timeleft0)
		}
		for j, v := range r.Timeleft {
			if f, ok := v.(float64); !ok || f <= 0 || f >= 30 {
				t.Errorf("player %d: timeleft[%d] at the end is %v", i+1, j, v)
			}
		}
		if fmt.Sprint(r.Result) != "[<nil> -3]" && fmt.Sprint(r.Result) != fmt.Sprintf("[%d -3]", s.Result().Winner) {
			t.Errorf("player %d: summary got %v for %+v", i+1, r.Result, s.Result())
		}
	}
}

// Two course games replayed by AIs that answer with the recorded actions:
// the games end exactly as recorded, and every frame the AIs saw is the
// recorded frame.
func TestReplaysCourseGames(t *testing.T) {
	games, err := replay.ReadAll("../../testdata/paperio/conformance/public.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("testdata/probe.py")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"t_n17_xray-t_n17_november-0", "t_n17_mike-t_n17_victor-0", "t_n17_yankee-t_f17_romeo-0"} {
		var g *replay.Game
		for _, x := range games {
			if x.ID == id {
				g = x
			}
		}
		if g == nil {
			t.Fatalf("game %s not in the recordings", id)
		}
		file := filepath.Join(t.TempDir(), "replayer.py")
		code := strings.Replace(string(src), "ACTIONS = None", fmt.Sprintf("ACTIONS = %q", g.Actions), 1)
		if err := os.WriteFile(file, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		a, b := newPlayer(t, file, opt(pyai.Options{})), newPlayer(t, file, opt(pyai.Options{}))
		s, err := runGame(g.Config(), g.Starts(), [2]bots.Bot{a, b}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := replay.FromEngine(s.Result(), ""); !got.Equal(g.Result) {
			t.Errorf("%s: result %v, recorded %v", id, got, g.Result)
		}
		var lines []string
		for k, d := range g.Frames.Digest {
			p := g.Frames.Pos[k]
			lines = append(lines, fmt.Sprintf("%s:%d,%d,%d,%d,%d,%d:%d,%d\n", d, p[0], p[1], p[2], p[3], p[4], p[5],
				g.MaxTurns-(k+1)/2, g.MaxTurns-k/2))
		}
		for i, p := range []*PyPlayer{a, b} {
			r := lastProbe(t, p)
			_, rss := procStats(t, p)
			t.Logf("%s (%d half-steps): player %d's process peaked at %.1f MB", id, len(g.Actions), i+1, float64(rss)/(1<<20))
			if len(r.Problems) > 0 {
				t.Errorf("%s: player %d saw: %q", id, i+1, r.Problems)
			}
			if r.Digest != digestOf(lines) || r.Frames != len(lines) {
				t.Errorf("%s: player %d saw %d frames that differ from the %d recorded", id, i+1, r.Frames, len(lines))
			}
		}
	}
}

// Storage lasts through the games of a series and is fresh when sides
// swap; the module is imported once per series; init and summaryall run.
func TestSeriesStorageAndModule(t *testing.T) {
	p := newPlayer(t, "testdata/probe.py", opt(pyai.Options{}))
	if err := p.BeginSeries(); err != nil {
		t.Fatal(err)
	}
	playOne(t, p, &squareBot{}, 1)
	playOne(t, p, &squareBot{}, 2)
	if err := p.SwapSides(); err != nil {
		t.Fatal(err)
	}
	playOne(t, &squareBot{}, p, 3)
	p.EndSeries()
	if err := p.BeginSeries(); err != nil { // a new series: a fresh import
		t.Fatal(err)
	}
	playOne(t, p, &squareBot{}, 4)
	r := probeReports(t, p)
	if len(r) != 4 {
		t.Fatalf("%d summaries, want 4:\n%s", len(r), p.Output())
	}
	want := []struct{ imports, loads, inits, games int }{
		{1, 1, 1, 1}, // series 1, first direction
		{1, 2, 1, 2}, // storage kept: the second game of the direction
		{1, 3, 2, 1}, // sides swapped: fresh storage, init again, same module
		{1, 1, 1, 1}, // series 2: imported afresh
	}
	for i, w := range want {
		g := r[i]
		if g.Imports != w.imports || g.Loads != w.loads || g.Inits != w.inits || g.Games != w.games || !g.Init {
			t.Errorf("game %d: imports %d loads %d inits %d games %d init %v, want %+v", i+1, g.Imports, g.Loads, g.Inits, g.Games, g.Init, w)
		}
		if len(g.Problems) > 0 {
			t.Errorf("game %d: %q", i+1, g.Problems)
		}
	}
}

// Answers are read the way the course read them.
func TestOddAnswers(t *testing.T) {
	p := newPlayer(t, "testdata/odd.py", opt(pyai.Options{}))
	var got []byte
	st := starts(t, 11)
	_, err := runGame(course, st, [2]bots.Bot{p, &squareBot{}}, 1, func(s *paperio.State, a paperio.Action) {
		if s.HalfSteps()%2 == 1 && len(got) < 15 {
			got = append(got, byte(a))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	// 'Legendary', b'L', 3.5, 'right', '', None, ['L'], 'l', 'rest', 'S', 'x', ('R',), 'RL', 'İ', 'L'
	if want := "LSSRSSSLRSSSRSL"; string(got) != want {
		t.Errorf("actions %s, want %s", got, want)
	}
}

func wantFailure(t *testing.T, p *PyPlayer, s *paperio.State, loser int, reason paperio.Reason, detail string) {
	t.Helper()
	r := s.Result()
	if r.Reason != reason || r.Winner != paperio.Winner(1-loser) {
		t.Errorf("result %+v, want player %d to lose with %v", r, loser+1, reason)
	}
	f := p.Failure()
	if f.Kind == play.NoFault || bots.FaultReason(f.Kind) != reason || !strings.Contains(f.Detail, detail) {
		t.Errorf("Failure() = %+v; want %v with %q", f, reason, detail)
	}
}

// A play call that never returns is stopped when the time runs out: the
// game is lost on time and the process replaced for the next game.
//
// The budget is all the four moves of a game have on a busy machine, where
// a call's wall time (which is what is charged) can be many times its CPU
// time: 0.5 s, enough on an idle one, then runs out before the loop.
func TestInfiniteLoopInPlay(t *testing.T) {
	o := fastOpts()
	o.TimeBudget, o.HookTimeout = 2*time.Second, 6*time.Second
	p := newPlayer(t, "testdata/loop_play.py", o)
	for game := range 2 {
		start := time.Now()
		s, _ := playOne(t, p, &squareBot{}, int64(game))
		if el := time.Since(start); el > o.TimeBudget+5*time.Second {
			t.Errorf("game %d took %v with a budget of %v", game+1, el, o.TimeBudget)
		}
		wantFailure(t, p, s, 0, paperio.OVT, "play ran out of its 2 s think time for the game (stopped")
		if s.HalfSteps() != 8 {
			t.Errorf("game %d: %d half-steps, want 8 (four moves each, then the loop)", game+1, s.HalfSteps())
		}
	}
	if n := strings.Count(p.Output(), "new AI process"); n != 1 {
		t.Errorf("%d process replacements, want 1:\n%s", n, p.Output())
	}
}

// A process that was stopped is replaced by Prepare, before the game and
// charged to no one. A loop that does not call Prepare has Reset start it,
// and that time counts with load's: when it takes all the time left, load
// loses on time and says why (never a game lost with no failure).
func TestReplacedProcessTime(t *testing.T) {
	p := newPlayer(t, "testdata/square.py", fastOpts())
	s, err := paperio.NewGame(course, starts(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	kill := p.ai.Kill
	short := play.Clock{Budget: 500 * time.Millisecond, Left: [2]time.Duration{time.Millisecond, 500 * time.Millisecond}}
	kill()
	// A start that surely takes the 1 ms left: a new fork server's (none
	// is left idle for this file by the other tests).
	p.ai.KillForkServer()
	abs, _ := filepath.Abs("testdata/square.py")
	pyai.DropIdle(p.ai.Options(), abs, driverSource)
	p.Reset(s, 0, 1, short)
	if f := p.Failure(); f.Kind != play.Timeout || !strings.Contains(f.Detail, "load ran out of its 0.5 s think time for the game (starting a new AI process took") {
		t.Errorf("Failure() = %+v after a restart in Reset with 1 ms left", f)
	}
	p.EndGame(s, 0, short)

	kill()
	p.Prepare()
	if !p.ai.Live() {
		t.Fatal("Prepare left no live process")
	}
	full := play.Clock{Budget: 500 * time.Millisecond, Left: [2]time.Duration{500 * time.Millisecond, 500 * time.Millisecond}}
	p.Reset(s, 0, 1, full)
	if f := p.Failure(); f.Kind != play.NoFault {
		t.Errorf("Failure() = %+v after Prepare", f)
	}
	if strings.Contains(p.Output(), "summary raised") {
		t.Errorf("summary ran for a game the process never saw:\n%s", p.Output())
	}
	if n := strings.Count(p.Output(), "new AI process:"); n != 2 {
		t.Errorf("%d process replacements, want 2:\n%s", n, p.Output())
	}
}

// So is a load that never returns.
func TestInfiniteLoopInLoad(t *testing.T) {
	p := newPlayer(t, "testdata/loop_load.py", fastOpts())
	s, _ := playOne(t, &squareBot{}, p, 1)
	wantFailure(t, p, s, 1, paperio.OVT, "load ran out of its 0.5 s think time for the game")
}

// A module whose import never ends is refused.
func TestInfiniteLoopInImport(t *testing.T) {
	o := fastOpts()
	o.HookTimeout = time.Second
	_, err := NewPyPlayer("testdata/loop_import.py", o)
	if err == nil || !strings.Contains(err.Error(), "loop_import.py: the import did not finish") {
		t.Fatalf("New: %v", err)
	}
}

// An exception in load or play loses with ERR and its traceback; one in
// summary, init or summaryall is ignored.
func TestExceptionInEachHook(t *testing.T) {
	for _, hook := range []string{"load", "play", "summary", "init", "summaryall"} {
		t.Run(hook, func(t *testing.T) {
			p := newPlayer(t, "testdata/raise_"+hook+".py", opt(pyai.Options{}))
			p.BeginSeries()
			s, _ := playOne(t, p, &squareBot{}, 1)
			s2, _ := playOne(t, p, &squareBot{}, 2)
			p.EndSeries()
			out := p.Output()
			switch hook {
			case "load", "play":
				for _, s := range []*paperio.State{s, s2} {
					wantFailure(t, p, s, 0, paperio.ERR, "KeyError: 'no such key in "+hook+"'")
				}
				d := p.Failure().Detail
				if !strings.HasPrefix(d, "Traceback (most recent call last):") || !strings.Contains(d, "raise_"+hook+".py\", line") ||
					strings.Contains(d, "driver.py") {
					t.Errorf("traceback:\n%s", d)
				}
			default:
				for _, s := range []*paperio.State{s, s2} {
					if s.Result().Reason != paperio.END {
						t.Errorf("result %+v, want a game of all rounds", s.Result())
					}
				}
				if !strings.Contains(out, hook+" raised an exception (ignored)") {
					t.Errorf("no note of the %s error:\n%s", hook, out)
				}
			}
			// Every hook ran: 2 loads, 2 summaries, 1 init; summaryall at the end.
			if !strings.Contains(out, "CALLS 2 ") || !strings.Contains(out, "SUMMARYALL 1") {
				t.Errorf("hooks did not all run:\n%s", out)
			}
			if strings.Count(out, "new AI process") != 0 {
				t.Errorf("the process was replaced:\n%s", out)
			}
		})
	}
}

// A memory bomb hits the memory limit and loses with ERR.
func TestMemoryBomb(t *testing.T) {
	o := opt(pyai.Options{MemoryLimit: 200 << 20})
	p := newPlayer(t, "testdata/membomb.py", o)
	start := time.Now()
	s, _ := playOne(t, p, &squareBot{}, 1)
	wantFailure(t, p, s, 0, paperio.ERR, "MemoryError")
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("took %v", el)
	}
	s, _ = playOne(t, p, &squareBot{}, 2) // the process is still usable
	wantFailure(t, p, s, 0, paperio.ERR, "MemoryError")
}

// sys.exit and os._exit end the process: the game is lost with ERR and
// the next game gets a new process.
func TestExitingProcess(t *testing.T) {
	for _, c := range []struct{ file, status string }{
		{"testdata/sysexit.py", "exit status 3"},
		{"testdata/osexit.py", "exit status 7"},
	} {
		p := newPlayer(t, c.file, opt(pyai.Options{}))
		for game := range 2 {
			s, _ := playOne(t, &squareBot{}, p, int64(game))
			wantFailure(t, p, s, 1, paperio.ERR, "the AI process died during play ("+c.status+")")
		}
	}
}

// An AI that writes to the driver's channel itself (here with a wrong
// sequence number) is caught: its reply is out of turn, and it loses.
func TestForgedReply(t *testing.T) {
	p := newPlayer(t, "testdata/forge.py", opt(pyai.Options{}))
	s, _ := playOne(t, p, &squareBot{}, 1)
	wantFailure(t, p, s, 0, paperio.ERR, "protocol violation")
}

// By default an AI cannot start processes. Allowed to, what it starts is
// killed when the game ends.
func TestFork(t *testing.T) {
	p := newPlayer(t, "testdata/forker.py", opt(pyai.Options{}))
	s, _ := playOne(t, p, &squareBot{}, 1)
	if s.Result().Reason != paperio.END || !strings.Contains(p.Output(), "FORK FAILED BlockingIOError 11") {
		t.Errorf("result %+v, output:\n%s", s.Result(), p.Output())
	}

	// RLIMIT_NPROC counts all of a user's processes: a limit this high is
	// only capped by the hard limit, so the test works for any user.
	p = newPlayer(t, "testdata/forker.py", opt(pyai.Options{MaxProcesses: 1 << 30}))
	pgid, keep := p.ai.ProcessGroup()
	most := 0
	st := starts(t, 1)
	s, err := runGame(course, st, [2]bots.Bot{p, &squareBot{}}, 1, func(s *paperio.State, _ paperio.Action) {
		if s.HalfSteps() == 10 {
			most = len(pyai.GroupMembers(pgid))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.Result().Reason != paperio.END || !strings.Contains(p.Output(), "FORKED") {
		t.Errorf("result %+v, output:\n%s", s.Result(), p.Output())
	}
	after := pyai.GroupMembers(pgid)
	if most != len(keep)+1 || len(after) != len(keep) {
		t.Errorf("group: %d members at first (%d the runner's), %d during the game, %d after", len(keep), len(keep), most, len(after))
	}
	for _, pid := range after {
		if !keep[pid] {
			t.Errorf("process %d survived the game", pid)
		}
	}
	p.Close()
	for try := 0; len(pyai.GroupMembers(pgid)) > 0 && try < 100; try++ {
		time.Sleep(20 * time.Millisecond)
	}
	if left := pyai.GroupMembers(pgid); len(left) > 0 {
		t.Errorf("after Close, processes %v are left", left)
	}
}

// The CPU-time limit backs up the timer: reaching it loses on time.
func TestCPULimit(t *testing.T) {
	p := newPlayer(t, "testdata/loop_play.py", opt(pyai.Options{CPULimit: time.Second}))
	s, _ := playOne(t, p, &squareBot{}, 1)
	wantFailure(t, p, s, 0, paperio.OVT, "CPU-time limit")
}

// Printing, however much and whatever it looks like, cannot disturb the
// protocol; the output is kept, capped.
func TestOutputSpam(t *testing.T) {
	p := newPlayer(t, "testdata/spam.py", opt(pyai.Options{LogLimit: 4096}))
	s, _ := playOne(t, p, &squareBot{}, 1)
	if s.Result().Reason != paperio.END {
		t.Errorf("result %+v", s.Result())
	}
	out := p.Output()
	if len(out) > 4096+200 || !strings.Contains(out, "bytes of output left out") || !strings.Contains(out, "PLAY 3999") {
		t.Errorf("output of %d bytes:\n%.300s\n...\n%s", len(out), out, out[max(0, len(out)-300):])
	}
}

// Files that cannot be course AIs are refused before any game, with one
// line naming the file.
func TestRefusals(t *testing.T) {
	cases := []struct {
		file   string
		course bool
		want   string
	}{
		{"testdata/syntax_error.py", false, "testdata/syntax_error.py:4: does not parse: SyntaxError: "},
		{"testdata/noplay.py", false, "testdata/noplay.py: no play function"},
		{"testdata/play_not_callable.py", false, "testdata/play_not_callable.py: no play function"},
		{"testdata/import_raises.py", false, "testdata/import_raises.py: the import raised an exception: json.decoder.JSONDecodeError: "},
		{"testdata/uses_os.py", true, "testdata/uses_os.py:2: imports os.path, which the course rules ban"},
		{"testdata/uses_global.py", true, "testdata/uses_global.py:5: global statement, which the course rules ban (no global statements; no os, sys, threading, multiprocessing) (and 1 more: line 11)"},
		{"testdata/missing.py", false, "testdata/missing.py: no such file or directory"},
	}
	for _, c := range cases {
		_, err := NewPyPlayer(c.file, opt(pyai.Options{CourseRules: c.course}))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v\nwant one line starting %q", c.file, err, c.want)
		}
		if c.file == "testdata/import_raises.py" {
			var ie *pyai.ImportError
			if !errors.As(err, &ie) || !strings.Contains(ie.Traceback, "import_raises.py\", line 3") {
				t.Errorf("import error %#v", err)
			}
		} else if err != nil && !strings.Contains(c.file, "missing") {
			if cerr := CheckPy(c.file, opt(pyai.Options{CourseRules: c.course})); c.file != "testdata/play_not_callable.py" &&
				(cerr == nil || cerr.Error() != err.Error()) {
				t.Errorf("CheckPy(%s) = %v, New said %v", c.file, cerr, err)
			}
		}
	}
	for _, f := range []string{"testdata/course_ok.py", "testdata/probe.py", "testdata/square.py"} {
		p, err := NewPyPlayer(f, opt(pyai.Options{CourseRules: f == "testdata/course_ok.py"}))
		if err != nil {
			t.Errorf("%s refused: %v", f, err)
			continue
		}
		p.Close()
	}
}

// The AI runs in a fresh directory with a clean environment, without a
// network, and (under bwrap) cannot write outside its directory.
func TestContainment(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/writer.py")
	file := filepath.Join(dir, "writer.py")
	os.WriteFile(file, src, 0o644)
	p := newPlayer(t, file, opt(pyai.Options{}))
	playOne(t, p, &squareBot{}, 1)
	out := p.Output()
	cwd := lineAfter(out, "CWD ")
	if cwd == "" || strings.HasPrefix(cwd, dir) || cwd == mustGetwd(t) {
		t.Errorf("working directory %q", cwd)
	}
	if env := lineAfter(out, "ENV "); env != "HOME LANG PATH TMPDIR" && env != "HOME LANG PATH PWD TMPDIR" {
		t.Errorf("environment %q", env)
	}
	if p.ai.Sandboxed() {
		if !strings.Contains(out, "OUTSIDE WRITE REFUSED 30") {
			t.Errorf("wrote outside its directory:\n%s", out)
		}
	} else {
		t.Log("bwrap not available: the read-only view is not tested")
	}

	p = newPlayer(t, "testdata/network.py", opt(pyai.Options{}))
	playOne(t, p, &squareBot{}, 1)
	if !strings.Contains(p.Output(), "NET REFUSED 1") {
		t.Errorf("network:\n%s", p.Output())
	}
	if p.ai.Sandboxed() {
		p = newPlayer(t, "testdata/network.py", opt(pyai.Options{Network: true}))
		playOne(t, p, &squareBot{}, 1)
		if !strings.Contains(p.Output(), "NET REFUSED 101") { // ENETUNREACH: bwrap's empty network
			t.Errorf("network under bwrap:\n%s", p.Output())
		}
	}
}

// The AI cannot reach the processes beside it, with bwrap or without:
// signals, limits and scheduling of its parent and of every process of
// the user are refused, while its own still work.
func TestReachOut(t *testing.T) {
	p := newPlayer(t, "testdata/reach_out.py", opt(pyai.Options{}))
	s, _ := playOne(t, p, &squareBot{}, 1)
	if s.Result().Reason != paperio.END || p.Failure().Kind != play.NoFault {
		t.Fatalf("result %+v, failure %+v\n%s", s.Result(), p.Failure(), p.Output())
	}
	out := p.Output()
	for _, probe := range []string{"signal to the parent", "signal to every process", "limit of the parent",
		"priority of the parent", "affinity of the parent"} {
		if !strings.Contains(out, "REFUSED "+probe+"\n") {
			t.Errorf("%s: not refused:\n%s", probe, out)
		}
	}
	for _, probe := range []string{"signal to itself", "signal to its group", "its own limit", "its own affinity"} {
		if !strings.Contains(out, "WENT THROUGH "+probe+"\n") {
			t.Errorf("%s: did not go through:\n%s", probe, out)
		}
	}
}

func lineAfter(out, prefix string) string {
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return rest
		}
	}
	return ""
}

func mustGetwd(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// A full game's log stays small in the AI's process: unchanged columns
// are shared between frames.
func TestMemoryOfFullGame(t *testing.T) {
	a := newPlayer(t, "testdata/square.py", opt(pyai.Options{}))
	b := newPlayer(t, "testdata/square.py", opt(pyai.Options{}))
	s, err := runGame(course, starts(t, 1), [2]bots.Bot{a, b}, 1, nil)
	if err != nil || s.HalfSteps() != 2*course.MaxTurns {
		t.Fatalf("%v %+v after %d half-steps", err, s.Result(), s.HalfSteps())
	}
	for i, p := range []*PyPlayer{a, b} {
		if _, rss := procStats(t, p); rss > 60<<20 {
			t.Errorf("player %d's process peaked at %.1f MB, over 60 MB", i+1, float64(rss)/(1<<20))
		}
	}
}

// An AI may put a list of its own in stat['log']: the frames that follow
// go there, as on the course platform, which looked the log up each time.
func TestLogReplacedByTheAI(t *testing.T) {
	p := newPlayer(t, "testdata/relog.py", opt(pyai.Options{}))
	s, _ := playOne(t, p, &squareBot{}, 1)
	if s.Result().Reason != paperio.END {
		t.Fatalf("result %+v", s.Result())
	}
	// Player 1 made 2000 plays; at its 10th the log kept 3 frames, each
	// later turn added 2 and the end 2 more.
	if want := fmt.Sprintf("2000 %d ok", 3+2*(2000-10)+2); lineAfter(p.Output(), "RELOG ") != want {
		t.Errorf("RELOG %q, want %q", lineAfter(p.Output(), "RELOG "), want)
	}
}

// forked reports whether p's process is a child of its fork server, and
// says so in the test's log otherwise (on systems without one, or when
// the server could not start).
func forked(t *testing.T, p *PyPlayer) bool {
	t.Helper()
	if !p.ai.Forked() {
		if pyai.ForkServers() {
			t.Errorf("the AI process is not a child of a fork server:\n%s", p.Output())
		}
		return false
	}
	return true
}

// Outside a series each game has a process of its own, forked afresh and
// importing the module afresh: a module-level list, a file left in the
// working directory and one in /tmp are not seen in the next game.
func TestFreshModuleEachGame(t *testing.T) {
	p := newPlayer(t, "testdata/remember.py", opt(pyai.Options{}))
	forked(t, p)
	for game := range 3 {
		playOne(t, p, &squareBot{}, int64(game+1))
		forked(t, p)
	}
	out := p.Output()
	if n := strings.Count(out, "GAMES SEEN 1\n"); n != 3 || strings.Contains(out, "GAMES SEEN 2") {
		t.Errorf("module state carried over (%d fresh imports in 3 games):\n%s", n, out)
	}
	if n := strings.Count(out, "FILE LEFT False\n"); n != 3 {
		t.Errorf("a file carried over (%d fresh folders in 3 games):\n%s", n, out)
	}
	if p.ai.Sandboxed() && strings.Count(out, "TMP WRITE REFUSED 30\n") != 3 {
		t.Errorf("/tmp is writable under the fork server's sandbox:\n%s", out)
	}
	if strings.Contains(out, "new AI process") {
		t.Errorf("a routine new process was noted as a replacement:\n%s", out)
	}
}

// A child that crashes, hangs or takes too much memory loses its game as
// a fresh interpreter would (ERR, OVT, ERR); it is replaced from the same
// fork server and the next game plays in full. A fork server that dies is
// replaced too.
func TestFailingChildReplaced(t *testing.T) {
	src, err := os.ReadFile("testdata/fail_first.py")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fail, detail string
		reason       paperio.Reason
	}{
		{"crash", "the AI process died during play (exit status 9)", paperio.ERR},
		{"hang", "play ran out of its 2 s think time", paperio.OVT},
		{"memory", "MemoryError", paperio.ERR},
	} {
		t.Run(c.fail, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "fail_first.py")
			code := strings.Replace(string(src), "FAIL = None", fmt.Sprintf("FAIL = %q", c.fail), 1)
			if err := os.WriteFile(file, []byte(code), 0o644); err != nil {
				t.Fatal(err)
			}
			o := opt(pyai.Options{TimeBudget: 2 * time.Second, HookTimeout: 6 * time.Second, MemoryLimit: 300 << 20})
			p := newPlayer(t, file, o)
			isForked := forked(t, p)
			z := p.ai.ForkServer()
			s, _ := playOne(t, p, &squareBot{}, 1)
			wantFailure(t, p, s, 0, c.reason, c.detail)
			// A short game: the 2 s think time is not enough for 2000
			// moves on a busy machine.
			short := course
			short.MaxTurns = 100
			s, err := runGame(short, starts(t, 2), [2]bots.Bot{&squareBot{}, p}, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r := s.Result(); r.Reason != paperio.END || p.Failure().Kind != play.NoFault {
				t.Errorf("the next game: %+v, failure %+v", r, p.Failure())
			}
			if isForked && p.ai.ForkServer() != z {
				t.Errorf("the fork server was replaced after a child failed")
			}
		})
	}
	t.Run("server", func(t *testing.T) {
		p := newPlayer(t, "testdata/square.py", opt(pyai.Options{}))
		if !forked(t, p) {
			t.Skip("no fork server here")
		}
		z := p.ai.ForkServer()
		p.ai.KillForkServer()
		s, _ := playOne(t, p, &squareBot{}, 1)
		if r := s.Result(); r.Reason != paperio.END || p.Failure().Kind != play.NoFault {
			t.Errorf("after the fork server died: %+v, failure %+v\n%s", r, p.Failure(), p.Output())
		}
		if z2 := p.ai.ForkServer(); z2 == 0 || z2 == z || !forked(t, p) {
			t.Errorf("no new fork server")
		}
	})
}
