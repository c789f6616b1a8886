package pyai

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/paperio/paperio/engine"
)

// The log keeps the first and the last half of its limit and says how
// much fell out between.
func TestCapLog(t *testing.T) {
	l := newCapLog(10)
	l.Write([]byte("abc"))
	if got := l.String(); got != "abc" {
		t.Fatalf("%q", got)
	}
	l.Write([]byte("defgh"))
	l.Write([]byte("ijklmnopqrstuvwxyz"))
	got := l.String()
	if !strings.HasPrefix(got, "abcde") || !strings.HasSuffix(got, "vwxyz") || !strings.Contains(got, "16 bytes of output left out") {
		t.Fatalf("%q", got)
	}
	l = newCapLog(10)
	for _, c := range "0123456789abcdefghij" {
		l.Write([]byte{byte(c)})
	}
	if got := l.String(); !strings.HasPrefix(got, "01234") || !strings.HasSuffix(got, "fghij") || !strings.Contains(got, " 10 bytes") {
		t.Fatalf("%q", got)
	}
}

// A game's clock is shared by the players of the game and forgotten with
// the game.
func TestClockOf(t *testing.T) {
	s, err := engine.NewGame(engine.DefaultConfig(), [2]engine.Start{{X: 25, Y: 50}, {X: 76, Y: 50}})
	if err != nil {
		t.Fatal(err)
	}
	c := clockOf(s)
	if clockOf(s) != c {
		t.Fatal("two clocks for one game")
	}
	c.mark(0, 0, timeLeft{30, true})
	c.mark(0, 1, timeLeft{29.5, false})
	c.mark(0, 1, timeLeft{29, false}) // a later charge for the same frame
	c.mark(0, 3, timeLeft{28, false})
	def := timeLeft{30, true}
	for step, want := range []float64{30, 29, 29, 28, 28} {
		if got := c.at(step, def); got[0].sec != want || got[1] != def {
			t.Errorf("at(%d) = %v, want %v for player 1", step, got, want)
		}
	}
	k := weak.Make(s)
	s = nil
	for try := 0; try < 100; try++ {
		runtime.GC()
		clocksMu.Lock()
		_, there := clocks[k]
		clocksMu.Unlock()
		if !there {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Error("the clock outlived its game")
}
