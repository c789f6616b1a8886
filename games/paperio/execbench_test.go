package paperio

import (
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

// BenchmarkExecRoundTrip measures a turn's round trip of whole games of
// go-round through the protocol of executable players (the C, Python and
// JavaScript examples) against a course AI of the same size through the
// py: bridge, side by side (package execai's BenchmarkRoundTrip measures
// the pipes alone). The games are against the built-in goround; only the
// player's calls are timed. Run them with a few iterations: -benchtime 3x.
func BenchmarkExecRoundTrip(b *testing.B) {
	dir := b.TempDir()
	players := []struct {
		name string
		make func() (bots.Bot, error)
	}{
		{"exec-c", func() (bots.Bot, error) {
			return NewExecPlayer(gcc(b, "../../examples/bots/c/goround.c", dir), pyai.Options{})
		}},
		{"exec-python", func() (bots.Bot, error) {
			return NewExecPlayer("../../examples/bots/python/goround.py", pyai.Options{})
		}},
		{"exec-js", func() (bots.Bot, error) { return NewExecPlayer("../../examples/bots/js/goround.js", pyai.Options{}) }},
		{"py-bridge", func() (bots.Bot, error) { return NewPyPlayer("testdata/square.py", pyai.Options{}) }},
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

// BenchmarkExecFrame measures what paper.io's state costs per turn in a whole
// game between built-in bots: written as the full board (as at start) or
// as the changes since the player's last turn (as every turn), in bytes
// and in the runner's time to write it and a player's time to parse it
// (Go's encoding/json standing for the player's parser).
func BenchmarkExecFrame(b *testing.B) {
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
				p := &ExecPlayer{field: append([]byte(nil), s.Fields()...), band: append([]byte(nil), s.Bands()...)}
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
