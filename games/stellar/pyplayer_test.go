package stellar

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/stellar"
	"github.com/paperio/paperio/game"
	_ "github.com/paperio/paperio/games/paperio" // registers paper.io's AI interface, as every binary of games/all has it
	"github.com/paperio/paperio/play"
)

// pyOptions are the options of the test AIs: the sandbox where it works.
var pyOptions = game.PlayerOptions{Budget: 20 * time.Second, Sandbox: "auto", Python: "python3"}

// pyGame plays a course AI in testdata (player 1) against a bot at the
// course's call time and checks that the game replays frame for frame.
func pyGame(t *testing.T, ai, bot string) (*game.Record, *stellar.Game) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed to run course AIs: %v", err)
	}
	es, err := game.Entrants(g, pyOptions, "py:testdata/"+ai, bot)
	if err != nil {
		t.Fatal(err)
	}
	st := [2]*game.Seat{game.NewSeat(es[0], false), game.NewSeat(es[1], false)}
	defer st[0].Close()
	defer st[1].Close()
	r, err := g.NewWorker().Play(st, game.Setup{Config: g.DefaultConfig(), Seed: 2, Rows: true})
	if err != nil {
		t.Fatal(err)
	}
	return r, checkReplay(t, r)
}

// TestCourseAIPlays runs course AIs written as the course's were: one like
// the sample plays a whole game; one that checks every attribute of the
// map object RULES §8 describes never fails, and its think time is
// measured.
func TestCourseAIPlays(t *testing.T) {
	r, _ := pyGame(t, "sample.py", "rush")
	if r.Faults[0].Kind != play.NoFault || r.Length < 5 || r.Think[0] <= 0 {
		t.Errorf("sample: %s, faults %+v, think %v", g.ResultText(r, [2]string{"sample", "rush"}), r.Faults, r.Think)
	}
	r, rg := pyGame(t, "checks.py", "greedy")
	if r.Faults[0].Kind != play.NoFault {
		t.Errorf("the map object is not as the course gave it: %s", r.Faults[0].Detail)
	}
	if got := rg.Turns[1].Cmd[0]; len(got.Items) != 1 {
		t.Errorf("checks.py's first turn: %+v", got)
	}
}

// TestCourseAIFailures checks each way a course AI fails, judged as RULES
// §8 says: an exception or an overrun is [] for that turn only (the
// instance lives on), what the judge refuses is dropped with the judge's
// message, and a failed load loses before the first turn.
func TestCourseAIFailures(t *testing.T) {
	r, rg := pyGame(t, "raises.py", "rush")
	for k, turn := range rg.Turns[1:] {
		want := ""
		if (k+1)%3 == 0 {
			want = "ValueError"
		}
		if turn.Raised[0] != want {
			t.Errorf("raises.py turn %d: raised %q, want %q", k+1, turn.Raised[0], want)
		}
	}
	if r.Faults[0].Kind != play.Error || r.Faults[0].Detail != "ValueError: turn 3" || r.Rows.(*rows).game.Failed1 != int16(r.Length/3) {
		t.Errorf("raises.py: faults %+v, %d failed calls in %d turns", r.Faults, r.Rows.(*rows).game.Failed1, r.Length)
	}

	_, rg = pyGame(t, "slow.py", "idle")
	for k, turn := range rg.Turns[1:5] {
		overran := k == 1 || k == 2
		if (turn.Raised[0] == "timeout") != overran {
			t.Errorf("slow.py turn %d: raised %q", k+1, turn.Raised[0])
		}
	}
	if c := rg.Turns[4].Cmd[0]; len(c.Items) != 1 || c.Items[0].Values[2].Float != 4 {
		t.Errorf("slow.py turn 4 sent %+v: its instance did not live on", c)
	}

	_, rg = pyGame(t, "wrong.py", "idle")
	want := []string{
		"RuntimeError: Judgement!!! Invalid input type!",
		"RuntimeError: Judgement!!! Invalid input type!",
		"RuntimeError: Judgement!!! Invalid input type! ",
		"RuntimeError: Judgement!!! Invalid input length! ",
		"RuntimeError: Judgement!!! Invalid input type! ",
		"RuntimeError: Judgement!!! Invalid input value(<=0)! ",
		"RuntimeError: Judgement!!! Invalid input target(out of range): (0, 2, 1.0)",
		"RuntimeError: invalid move: no connection: (1, 1, 1.0)",
		"RuntimeError: Judgement!!! Invalid move:no enough power: player0",
		"", "",
	}
	for k, w := range want {
		if got := rg.Turns[k+1].Judge[0]; got != w {
			t.Errorf("wrong.py turn %d: judge %q, want %q", k+1, got, w)
		}
	}

	r, rg = pyGame(t, "nofunc.py", "rush")
	if r.Faults[0].Detail != "AttributeError: 'player_class' object has no attribute 'player_func'" || rg.Turns[r.Length].Raised[0] != "AttributeError" {
		t.Errorf("nofunc.py: %+v", r.Faults[0])
	}

	for _, ai := range []string{"badinit.py", "noparse.py", "missing.py"} {
		r, _ := pyGame(t, ai, "rush")
		if stellar.Reason(r.Reason) != stellar.InitError || r.Winner != 1 || r.Faults[0].Kind != play.Error {
			t.Errorf("%s: %s", ai, g.ResultText(r, [2]string{ai, "rush"}))
		}
	}
}

// TestCourseAIHangs checks an AI that swallows every interruption: its
// process is stopped after the call time and a grace, the turn is overrun,
// every later turn of the game fails, and the game goes on to its end.
func TestCourseAIHangs(t *testing.T) {
	r, rg := pyGame(t, "hangs.py", "rush")
	if rg.Turns[2].Raised[0] != "timeout" || rg.Turns[3].Raised[0] != "error" || r.Faults[0].Kind != play.Timeout {
		t.Errorf("hangs.py: turns 2, 3 raised %q, %q; fault %+v", rg.Turns[2].Raised[0], rg.Turns[3].Raised[0], r.Faults[0])
	}
	if !strings.Contains(r.Faults[0].Detail, "process was stopped") || r.Winner != 1 {
		t.Errorf("hangs.py: %s", g.ResultText(r, [2]string{"hangs", "rush"}))
	}
}

// A paper.io AI given to stellar is refused in the user's terms, before
// any game.
func TestOtherGamesAIRefused(t *testing.T) {
	ai := filepath.Join(t.TempDir(), "t.py")
	os.WriteFile(ai, []byte("def play(stat, storage):\n    return 'l'\n"), 0o644)
	_, err := NewPlayer("py:"+ai, pyOptions)
	want := ai + ": not a stellar AI: it defines play(stat, storage), a paper.io AI; a stellar AI defines class player_class(player_id) with player_func(self, map_info)"
	if err == nil || err.Error() != want {
		t.Fatalf("%v\nwant %s", err, want)
	}
}
