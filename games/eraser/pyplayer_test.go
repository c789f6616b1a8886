package eraser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/eraser"
	"github.com/paperio/paperio/game"
	_ "github.com/paperio/paperio/games/paperio" // registers paper.io's AI interface, as every binary of games/all has it
	"github.com/paperio/paperio/internal/numpytest"
	"github.com/paperio/paperio/play"
)

// playAI plays one game between two specs (bots or py:) with the options.
func playAI(t *testing.T, p1, p2 string, o game.PlayerOptions, su game.Setup) (*game.Record, [2]*game.Entrant) {
	t.Helper()
	es, err := game.Entrants(binding, o, p1, p2)
	if err != nil {
		t.Fatal(err)
	}
	seats := [2]*game.Seat{game.NewSeat(es[0], false), game.NewSeat(es[1], false)}
	defer seats[0].Close()
	defer seats[1].Close()
	if su.Config == nil {
		su.Config = binding.DefaultConfig()
	}
	su.Budget = o.Budget
	r, err := binding.NewWorker().Play(seats, su)
	if err != nil {
		t.Fatal(err)
	}
	return r, [2]*game.Entrant{es[0], es[1]}
}

// Course AIs play whole games unchanged: a numpy board of the whole board,
// the operations as tuples, the scores and the move number; move_history
// and used_time kept on the object; any answer shaped like a move (tuples,
// numpy arrays). Their think time is measured.
func TestCourseAIPlays(t *testing.T) {
	o := game.PlayerOptions{Budget: 60 * time.Second, Python: numpytest.Python(t, "eraser AIs are given numpy boards"), Sandbox: "auto"}
	for _, c := range []struct{ p1, p2 string }{
		{"py:testdata/sample.py", "greedy"},
		{"random", "py:testdata/first.py"},
		{"py:testdata/first.py", "py:testdata/sample.py"},
	} {
		r, _ := playAI(t, c.p1, c.p2, o, game.Setup{Seed: 11, Rows: true})
		if r.Reason >= CodeError || r.Length < 20 {
			t.Fatalf("%s v %s: code %d after %d moves: %s", c.p1, c.p2, r.Reason, r.Length, r.Detail)
		}
		for i, spec := range []string{c.p1, c.p2} {
			if py := strings.HasPrefix(spec, "py:"); py != (r.Think[i] > 0) {
				t.Errorf("%s v %s: %s thought %v", c.p1, c.p2, spec, r.Think[i])
			}
		}
		if g := r.Rows.(*rows).game; g.Think1 != r.Think[0].Seconds() {
			t.Errorf("think1 %v, think %v", g.Think1, r.Think[0])
		}
	}
}

// wrongAI writes a copy of testdata/wrong.py answering answer.
func wrongAI(t *testing.T, answer string) string {
	b, err := os.ReadFile("testdata/wrong.py")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "wrong_"+answer+".py")
	src := strings.Replace(string(b), "answer = 'three'", "answer = '"+answer+"'", 1)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Failures lose as the course's engine judged them (RULES.md §8), and the
// games' replay file replays exactly.
func TestCourseAIFailures(t *testing.T) {
	o := game.PlayerOptions{Budget: time.Second, Python: numpytest.Python(t, "eraser AIs are given numpy boards"), Sandbox: "off"}
	replayFile := filepath.Join(t.TempDir(), "failures.jsonl")
	cases := []struct {
		ai      string
		first   bool
		code    int
		message string // the result's error, or its start
		moves   int    // moves applied before the failed call
	}{
		{"testdata/raises.py", true, CodeError, "ZeroDivisionError: division by zero", 4},
		{"testdata/hangs.py", false, CodeTimeout, eraser.TimeoutMessage, 3},
		{"testdata/exits.py", true, CodeTimeout, eraser.TimeoutMessage, 0},
		{"testdata/badinit.py", false, CodeError, "ValueError: no board for me", -1},
		{"testdata/noclass.py", true, CodeError, "could not be started: testdata/noclass.py: no class Plaser", -1},
		{wrongAI(t, "three"), true, CodeInvalid, "exception_manager.InvalidMove: Not a proper input.", 2},
		{wrongAI(t, "diagonal"), false, CodeInvalid, "exception_manager.InvalidMove: Not adjacent positions.", 3},
		{wrongAI(t, "reserve"), true, CodeInvalid, "exception_manager.InvalidMove: Positions out of board.", 2},
		{wrongAI(t, "int"), true, CodeError, "TypeError: object of type 'int' has no len()", 2},
		{wrongAI(t, "none"), true, CodeError, "TypeError: object of type 'NoneType' has no len()", 2},
		{wrongAI(t, "strings"), true, CodeError, "", 2},
		{wrongAI(t, "float"), true, CodeError, "IndexError: only integers", 2},
	}
	replays := make([]game.ReplayGame, 0, len(cases))
	t.Run("games", func(t *testing.T) {
		for _, c := range cases {
			replays = append(replays, game.ReplayGame{ID: filepath.Base(c.ai)})
			rg := &replays[len(replays)-1]
			t.Run(rg.ID, func(t *testing.T) {
				t.Parallel() // most of a case is starting Python and numpy
				p1, p2 := "py:"+c.ai, "random"
				if !c.first {
					p1, p2 = p2, p1
				}
				loser := map[bool]int{true: 0, false: 1}[c.first]
				r, es := playAI(t, p1, p2, o, game.Setup{Seed: 3, Rows: true, Frames: true})
				rg.Players, rg.Record = [2]string{es[0].Spec, es[1].Spec}, r
				g := r.Rows.(*rows).game
				if r.Reason != c.code || int(r.Winner) != 1-loser || !strings.HasPrefix(g.Error, c.message) {
					t.Fatalf("code %d, winner %d, error %q; want code %d, winner %d, error %q (%s)", r.Reason, r.Winner, g.Error, c.code, 1-loser, c.message, r.Detail)
				}
				applied := len(r.Moves) / 4
				if c.moves >= 0 && (applied != c.moves || r.Length != c.moves+1) || c.moves < 0 && (applied != 0 || r.Length != 0) {
					t.Errorf("%d moves applied, length %d; want %d moves", applied, r.Length, c.moves)
				}
				if c.code == CodeInvalid && len(r.Frames.(*eraser.Game).Result.Error.Returned) == 0 {
					t.Errorf("the replay file does not keep the illegal answer")
				}
			})
		}
	})
	t.Run("replay file", func(t *testing.T) {
		for _, rg := range replays {
			if rg.Record == nil {
				t.Fatalf("%s did not finish", rg.ID)
			}
		}
		if err := binding.Replays().Append(replayFile, replays...); err != nil {
			t.Fatal(err)
		}
		games, _, bad, err := binding.Replays().Check(replayFile, func(l string) { t.Error(l) })
		if err != nil || games != 12 || bad != 0 {
			t.Fatalf("the failures' replay file: %d games, %d mismatched, %v", games, bad, err)
		}
	})
}

// An AI stopped for running out of time gets a new process before its
// next game, charged to no game: however long Python and numpy take to
// start on a busy machine, the next game is played as the first was.
func TestCourseAIReplacedProcess(t *testing.T) {
	o := game.PlayerOptions{Budget: time.Second, Python: numpytest.Python(t, "eraser AIs are given numpy boards"), Sandbox: "auto"}
	es, err := game.Entrants(binding, o, "random", "py:testdata/hangs.py")
	if err != nil {
		t.Fatal(err)
	}
	seats := [2]*game.Seat{game.NewSeat(es[0], false), game.NewSeat(es[1], false)}
	defer seats[0].Close()
	defer seats[1].Close()
	for n := 1; n <= 2; n++ {
		r, err := binding.NewWorker().Play(seats, game.Setup{Config: binding.DefaultConfig(), Budget: o.Budget, Seed: 3, Rows: true})
		if err != nil {
			t.Fatal(err)
		}
		if g := r.Rows.(*rows).game; r.Reason != CodeTimeout || r.Winner != 0 || g.Error != eraser.TimeoutMessage || len(r.Moves)/4 != 3 {
			t.Errorf("game %d: code %d, winner %d, error %q, %d moves; want player 2 out of time after 3 moves (%s)",
				n, r.Reason, r.Winner, g.Error, len(r.Moves)/4, r.Detail)
		}
	}
}

// Prepare replaces a stopped process; a restart left to Reset counts with
// the constructor's time, and when it takes all the time left the game is
// lost on time, with the reason.
func TestCourseAIRestartTime(t *testing.T) {
	o := game.PlayerOptions{Budget: time.Second, Python: numpytest.Python(t, "eraser AIs are given numpy boards"), Sandbox: "auto"}
	b, err := newCourseAI("testdata/first.py", o)
	if err != nil {
		t.Fatal(err)
	}
	p := b.(*courseAI)
	defer p.Close()
	kill := func() {
		p.proc.Kill()
		p.proc.Wait()
	}
	kill()
	p.Prepare()
	if !p.proc.Alive() {
		t.Fatal("Prepare left no live process")
	}
	s, err := eraser.New(eraser.DefaultConfig(), 3)
	if err != nil {
		t.Fatal(err)
	}
	p.Reset(s, 0, 0, play.Clock{Budget: time.Second, Left: [2]time.Duration{time.Second, time.Second}})
	if f := p.Failure(); f.Kind != play.NoFault {
		t.Errorf("after Prepare: %+v", f)
	}
	kill()
	p.Reset(s, 0, 0, play.Clock{Budget: time.Second, Left: [2]time.Duration{time.Millisecond, time.Second}})
	if f := p.Failure(); f.Kind != play.Timeout || f.Detail != "ran out of its 1 s think time for the game" {
		t.Errorf("a restart in Reset with 1 ms left: %+v", f)
	}
}

// A paper.io AI given to eraser, and one that ends the process at import,
// are refused in the user's terms before any game.
func TestOtherGamesAIRefused(t *testing.T) {
	o := game.PlayerOptions{Budget: time.Second, Python: numpytest.Python(t, "eraser AIs are given numpy boards"), Sandbox: "off"}
	dir := t.TempDir()
	cases := []struct{ file, src, want string }{
		{"t.py", "def play(stat, storage):\n    return 'l'\n",
			": not an eraser AI: it defines play(stat, storage), a paper.io AI; an eraser AI defines class Plaser(isFirst) with move(self, board, operations, scores, turn_number)"},
		{"quits.py", "import sys\nsys.exit(0)\nclass Plaser:\n    pass\n",
			": exits at import (SystemExit(0)): a course AI must not end the process when it is imported"},
	}
	for _, c := range cases {
		ai := filepath.Join(dir, c.file)
		os.WriteFile(ai, []byte(c.src), 0o644)
		if _, err := NewPlayer("py:"+ai, o); err == nil || err.Error() != ai+c.want {
			t.Errorf("%v\nwant %s%s", err, ai, c.want)
		}
	}
}
