package tourney

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/bots"
	"github.com/paperio/paperio/engine"
	"github.com/paperio/paperio/internal/testbot"
	"github.com/paperio/paperio/play"
)

func TestMirror(t *testing.T) {
	c := engine.DefaultConfig() // k = 51 (odd)
	s := engine.Start{X: 25, Y: 47, Dir: engine.East}
	m := Mirror(c, s)
	if m != (engine.Start{X: 76, Y: 47, Dir: engine.West}) {
		t.Fatalf("mirror %+v", m)
	}
	if Mirror(c, m) != s {
		t.Fatal("mirroring twice must give the start back")
	}
	for _, d := range []engine.Dir{engine.South, engine.North} {
		if Mirror(c, engine.Start{X: 0, Y: 0, Dir: d}).Dir != d {
			t.Fatal("south and north stay")
		}
	}
	// For odd k the mirror of any course start of player 1 is a course
	// start of player 2: x = k//2 + r ↦ k + k//2 − r.
	for seed := int64(0); seed < 200; seed++ {
		st, _ := engine.RandomStarts(c, seed)
		for i := range st {
			m := Mirror(c, st[i])
			home := 51*(1-i) + 51/2
			if m.X < home-3 || m.X > home+3 || m.Y != st[i].Y {
				t.Fatalf("seed %d: mirror of player %d's start %+v is %+v, outside the other side's range", seed, i+1, st[i], m)
			}
		}
	}
	first := [2]engine.Start{{X: 24, Y: 50, Dir: 0}, {X: 78, Y: 49, Dir: 1}}
	if got := SecondHalfStarts(c, first, PairSame); got != first {
		t.Fatalf("same: %+v", got)
	}
	want := [2]engine.Start{{X: 23, Y: 49, Dir: 1}, {X: 77, Y: 50, Dir: 2}}
	if got := SecondHalfStarts(c, first, PairMirror); got != want {
		t.Fatalf("mirror: %+v, want %+v", got, want)
	}
}

// TestSeriesPairing: the second half replays the first half's starts with
// the sides swapped, and each game is the game "paperio play" gives for
// the same players, start and seed.
func TestSeriesPairing(t *testing.T) {
	for _, pairing := range []Pairing{PairSame, PairMirror} {
		a, b := safe("a"), safe("b")
		opt := SeriesOptions{Config: smallBoard, Games: 8, Seed: 40, Pairing: pairing}
		res, err := PlaySeries(context.Background(), a, b, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Games) < 5 {
			t.Fatalf("only %d games", len(res.Games))
		}
		for _, g := range res.Games {
			j := g.Index % 4
			if g.Pair != j || g.Seed != 40+int64(j) {
				t.Fatalf("game %d: pair %d seed %d", g.Index, g.Pair, g.Seed)
			}
			base, _ := engine.RandomStarts(smallBoard, g.Seed)
			wantStarts, wantP1, wantHalf := base, "a", 1
			if g.Index >= 4 {
				wantStarts, wantP1, wantHalf = SecondHalfStarts(smallBoard, base, pairing), "b", 2
			}
			if g.Starts != wantStarts || g.Players[0] != wantP1 || g.Half != wantHalf {
				t.Fatalf("%v game %d: starts %+v players %v half %d", pairing, g.Index, g.Starts, g.Players, g.Half)
			}
			// The same game through bots.Play.
			var acts []byte
			s, err := bots.Play(smallBoard, g.Starts, [2]bots.Bot{&testbot.Safe{}, &testbot.Safe{}}, uint64(g.Seed), func(_ *engine.State, a engine.Action) { acts = append(acts, byte(a)) })
			if err != nil {
				t.Fatal(err)
			}
			if string(acts) != g.Actions || s.Result() != g.Result {
				t.Fatalf("game %d differs from bots.Play", g.Index)
			}
		}
		if res.WinsA+res.WinsB+res.Draws != len(res.Games) {
			t.Fatal("tally")
		}
	}
}

// TestSeriesStopsAtMajority: the spinner beats the straight runner every
// game, so a 20-game series ends 11–0 after game 11 (the first of the
// second half).
func TestSeriesStopsAtMajority(t *testing.T) {
	res, err := PlaySeries(context.Background(), spinner("spin"), straight("line"), SeriesOptions{Config: smallBoard, Games: 20, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 11 || res.WinsA != 11 || res.WinsB != 0 || res.Verdict != VerdictA {
		t.Fatalf("%d games, %d–%d, %v", len(res.Games), res.WinsA, res.WinsB, res.Verdict)
	}
	if res.Games[10].Half != 2 || res.Games[10].Players[0] != "line" {
		t.Fatalf("game 11: %+v", res.Games[10])
	}
	// Two spinners draw every game on territory: a drawn series of 20.
	res, err = PlaySeries(context.Background(), spinner("x"), spinner("y"), SeriesOptions{Config: smallBoard, Games: 4, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 4 || res.Draws != 4 || res.Verdict != VerdictDraw || res.Games[0].Result.Reason != engine.END {
		t.Fatalf("spinners: %+v", res.Tally)
	}
}

// TestBrokenPlayers: a player that raises an error loses by ERR, one that
// never answers loses by OVT once its think time is gone (and a new
// instance is built for the next game), one that cannot be built loses by
// ERR; the series still finishes, scored as the course did.
func TestBrokenPlayers(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	broken, _ := entrant("broken", func() bots.Bot { return &panicBot{n: 3} })
	hang, built := entrant("hang", func() bots.Bot { return &hangBot{n: 2, release: release} })
	missing := &Entrant{Name: "missing", Spec: "py:nowhere.py", New: func() (bots.Bot, error) { panic("no such file") }}
	failing, _ := entrant("failing", func() bots.Bot { return &failBot{n: 4, kind: play.Timeout} })
	cases := []struct {
		p      *Entrant
		reason engine.Reason
		detail string
	}{
		{broken, engine.ERR, "broken on move 3"},
		{hang, engine.OVT, "did not answer"},
		{missing, engine.ERR, "no such file"},
		{failing, engine.OVT, "the AI said so"},
	}
	for _, c := range cases {
		opt := SeriesOptions{Config: smallBoard, Games: 20, Seed: 7, Budget: 30 * time.Millisecond}
		start := time.Now()
		res, err := PlaySeries(context.Background(), c.p, spinner("spin"), opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.WinsB != 11 || res.WinsA != 0 || res.Verdict != VerdictB || len(res.Games) != 11 {
			t.Fatalf("%s: %+v after %d games", c.p.Name, res.Tally, len(res.Games))
		}
		for _, g := range res.Games {
			loser := 1 - g.Result.Winner
			if g.Result.Reason != c.reason || g.Players[loser] != c.p.Name || !strings.Contains(g.Detail, c.detail) {
				t.Fatalf("%s game %d: %+v %q", c.p.Name, g.Index, g.Result, g.Detail)
			}
		}
		if time.Since(start) > 5*time.Second {
			t.Fatalf("%s: the series took %v", c.p.Name, time.Since(start))
		}
	}
	// One instance per series, plus a new one after each of the 11 hangs
	// but the last (the series was over).
	if n := built.Load(); n != 11 {
		t.Fatalf("hang: %d instances built", n)
	}
}

// TestSeriesCap: a series that passes its wall-time cap ends at once and is
// an overrun; a cancelled series reports the cancellation.
func TestSeriesCap(t *testing.T) {
	slow, _ := entrant("slow", func() bots.Bot { return &slowBot{d: 2 * time.Millisecond} })
	opt := SeriesOptions{Config: smallBoard, Games: 20, Seed: 3, Budget: time.Second, Cap: 150 * time.Millisecond}
	start := time.Now()
	res, err := PlaySeries(context.Background(), slow, spinner("spin"), opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != VerdictOverrun || time.Since(start) > 2*time.Second {
		t.Fatalf("%+v after %v", res.Tally, time.Since(start))
	}
	a, b := res.Points()
	if a != 0 || b != 0 {
		t.Fatal("an overrun scores 0 for both")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	opt.Cap = 0
	if _, err := PlaySeries(ctx, slow, spinner("spin"), opt, nil); err == nil {
		t.Fatal("a cancelled series must report it")
	}
	if CourseCap(20, 30*time.Second) != 1300*time.Second {
		t.Fatal("course cap: 20·(2·30+5) s = 1300 s")
	}
}

// TestSeriesHooks: one instance per player per series; BeginSeries first,
// SwapSides at half time, EndGame after every game, EndSeries and Close at
// the end.
func TestSeriesHooks(t *testing.T) {
	var c hookCounts
	h, built := entrant("hooks", func() bots.Bot { return &hookBot{&c} })
	opt := SeriesOptions{Config: engine.Config{Width: 20, Height: 15, MaxTurns: 5}, Games: 4, Seed: 1, Budget: time.Second}
	res, err := PlaySeries(context.Background(), h, spinner("spin"), opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 4 || built.Load() != 1 {
		t.Fatalf("%d games, %d instances", len(res.Games), built.Load())
	}
	want := "begin reset endgame reset endgame swap reset endgame reset endgame endseries close"
	if got := strings.Join(c.order, " "); got != want {
		t.Fatalf("hooks: %s\nwant %s", got, want)
	}
}
