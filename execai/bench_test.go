package execai

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

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

// BenchmarkRoundTrip measures a turn's round trip, side by side: an echo
// of one short line through a plain pipe, the program started as is and
// contained as a player is (a game's whole turns through the protocol are
// games/paperio's BenchmarkExecRoundTrip). Run it with many iterations:
// -benchtime 5000x.
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
}
