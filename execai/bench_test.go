package execai

import (
	"bufio"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/pyai"
)

// gcc builds a C file of the tests into dir.
func gcc(tb testing.TB, src, dir string) string {
	tb.Helper()
	out := filepath.Join(dir, filepath.Base(src)+".bin")
	if b, err := exec.Command("gcc", "-O2", "-o", out, src).CombinedOutput(); err != nil {
		tb.Fatalf("gcc %s: %v\n%s", src, err, b)
	}
	return out
}

// newGame is the course's board with fixed starts.
func newGame(tb testing.TB) *paperio.State {
	s := &paperio.State{}
	if err := s.Reset(paperio.Config{Width: 102, Height: 101, MaxTurns: 2000},
		[2]paperio.Start{{X: 25, Y: 50, Dir: paperio.East}, {X: 76, Y: 50, Dir: paperio.West}}); err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkRoundTrip measures a turn's round trip, side by side: an echo
// of one short line through a plain pipe (the program started as is, and
// contained as a player is), and a whole game's turns of go-round through
// this protocol (the C, Python and JavaScript examples) against a course AI of the same size through the py:
// bridge. The games are against the built-in goround; only the player's
// calls are timed. Run the pipes with many iterations and the games with a
// few: -bench 'RoundTrip/pipe' -benchtime 5000x, -bench
// 'RoundTrip/(exec|py)' -benchtime 3x.
func BenchmarkRoundTrip(b *testing.B) {
	dir := b.TempDir()
	echo := gcc(b, "testdata/echo.c", dir)
	line := []byte(`{"type":"turn","state":{"turn_left":[1999,2000],"changes":[[26,50,0,1]]}}` + "\n")
	b.Run("pipe-plain", func(b *testing.B) {
		cmd := exec.Command(echo)
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		defer cmd.Wait()
		defer in.Close()
		r := bufio.NewReader(out)
		in.Write(line) // the program has started
		r.ReadSlice('\n')
		b.ResetTimer()
		for range b.N {
			in.Write(line)
			if _, err := r.ReadSlice('\n'); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/turn")
	})
	b.Run("pipe-contained", func(b *testing.B) {
		p, err := pyai.StartStdio(pyai.Options{}, []string{echo})
		if err != nil {
			b.Fatal(err)
		}
		defer p.Kill()
		if _, _, err := p.Call(line, time.Minute, MaxLine); err != nil { // the program has started
			b.Fatal(err)
		}
		b.ResetTimer()
		for range b.N {
			if _, _, err := p.Call(line, 10*time.Second, MaxLine); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/turn")
	})
	players := []struct {
		name string
		make func() (bots.Bot, error)
	}{
		{"exec-c", func() (bots.Bot, error) { return New(gcc(b, "../examples/bots/c/goround.c", dir), pyai.Options{}) }},
		{"exec-python", func() (bots.Bot, error) { return New("../examples/bots/python/goround.py", pyai.Options{}) }},
		{"exec-js", func() (bots.Bot, error) { return New("../examples/bots/js/goround.js", pyai.Options{}) }},
		{"py-bridge", func() (bots.Bot, error) { return pyai.New("../pyai/testdata/square.py", pyai.Options{}) }},
	}
	for _, pl := range players {
		b.Run(pl.name, func(b *testing.B) {
			p, err := pl.make()
			if err != nil {
				b.Fatal(err)
			}
			defer p.(interface{ Close() error }).Close()
			turns := 0
			var thought time.Duration
			for range b.N {
				n, d := timedGame(b, p)
				turns += n
				thought += d
			}
			b.ReportMetric(float64(thought.Nanoseconds())/float64(turns)/1e3, "µs/turn")
		})
	}
}

// timedGame plays a game of p (player 1) against goround and returns p's
// turns and the time its calls took.
func timedGame(b *testing.B, p bots.Bot) (int, time.Duration) {
	b.StopTimer()
	defer b.StartTimer()
	s := newGame(b)
	enemy, _ := bots.Make("goround")
	var c play.Clock
	p.Reset(s, 0, 1, c)
	enemy.Reset(s, 1, 1, c)
	turns := 0
	var took time.Duration
	for !s.Over() {
		if s.ToMove() == 0 {
			t := time.Now()
			a := p.Act(s, c)
			took += time.Since(t)
			turns++
			if f, ok := p.(play.Failer); ok && f.Failure().Kind != play.NoFault {
				b.Fatal(f.Failure().Detail)
			}
			s.Step(a)
		} else {
			s.Step(enemy.Act(s, c))
		}
	}
	return turns, took
}

// BenchmarkFrame measures what paper.io's state costs per turn in a whole
// game between built-in bots: written as the full board (as at start) or
// as the changes since the player's last turn (as every turn), in bytes
// and in the runner's time to write it and a player's time to parse it
// (Go's encoding/json standing for the player's parser).
func BenchmarkFrame(b *testing.B) {
	for _, full := range []bool{true, false} {
		name := "changes"
		if full {
			name = "full"
		}
		b.Run(name, func(b *testing.B) {
			var bytes, turns int
			var write, parse time.Duration
			for range b.N {
				s := newGame(b)
				a, _ := bots.Make("heuristic")
				e, _ := bots.Make("wanderer")
				var c play.Clock
				a.Reset(s, 0, 1, c)
				e.Reset(s, 1, 1, c)
				p := &Player{field: append([]byte(nil), s.Fields()...), band: append([]byte(nil), s.Bands()...)}
				for !s.Over() {
					if s.ToMove() == 1 {
						s.Step(e.Act(s, c))
						continue
					}
					t := time.Now()
					p.buf = p.appendState(p.buf[:0], s, c, full)
					write += time.Since(t)
					t = time.Now()
					var v map[string]any
					if err := json.Unmarshal(p.buf, &v); err != nil {
						b.Fatal(err)
					}
					parse += time.Since(t)
					bytes += len(p.buf)
					turns++
					s.Step(a.Act(s, c))
				}
			}
			b.ReportMetric(float64(bytes)/float64(turns), "bytes/turn")
			b.ReportMetric(float64(write.Nanoseconds())/float64(turns)/1e3, "µs-write/turn")
			b.ReportMetric(float64(parse.Nanoseconds())/float64(turns)/1e3, "µs-parse/turn")
			b.ReportMetric(0, "ns/op")
		})
	}
}
