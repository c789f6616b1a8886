package tourney

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	"github.com/paperio/paperio/game"
	paperiogame "github.com/paperio/paperio/games/paperio"
	"github.com/paperio/paperio/games/paperio/testbot"
	"github.com/paperio/paperio/play"
)

// TestSeriesPairing: the second half replays the first half's starts with
// the sides swapped, and each game is the game "paperio play" gives for
// the same players, start and seed.
func TestSeriesPairing(t *testing.T) {
	for _, pairing := range []string{"same", "mirror"} {
		a, b := safe("a"), safe("b")
		opt := SeriesOptions{Game: paper, Config: smallBoard, Games: 8, Seed: 40, Pairing: pairing}
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
			base, _ := paperio.RandomStarts(smallBoard.Config, g.Seed)
			wantStarts, wantP1, wantHalf := base, "a", 1
			if g.Index >= 4 {
				p, _ := paperiogame.ParsePairing(pairing)
				wantStarts, wantP1, wantHalf = paperiogame.SecondHalfStarts(smallBoard.Config, base, p), "b", 2
			}
			if g.Start != paperio.StartString(wantStarts) || g.Players[0] != wantP1 || g.Half != wantHalf {
				t.Fatalf("%v game %d: start %s players %v half %d", pairing, g.Index, g.Start, g.Players, g.Half)
			}
			// The same game through bots.Play.
			var acts []byte
			s, err := bots.Play(smallBoard.Config, wantStarts, [2]bots.Bot{&testbot.Safe{}, &testbot.Safe{}}, uint64(g.Seed), func(_ *paperio.State, a paperio.Action) { acts = append(acts, byte(a)) })
			if err != nil {
				t.Fatal(err)
			}
			if string(acts) != string(g.Moves) || game.Winner(s.Result().Winner) != g.Winner || int(s.Result().Reason) != g.Reason {
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
	res, err := PlaySeries(context.Background(), spinner("spin"), straight("line"), SeriesOptions{Game: paper, Config: smallBoard, Games: 20, Seed: 1}, nil)
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
	res, err = PlaySeries(context.Background(), spinner("x"), spinner("y"), SeriesOptions{Game: paper, Config: smallBoard, Games: 4, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 4 || res.Draws != 4 || res.Verdict != VerdictDraw || res.Games[0].Reason != int(paperio.END) {
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
	missing := game.NewEntrant("missing", "py:nowhere.py", func() (bots.Bot, error) { panic("no such file") })
	failing, _ := entrant("failing", func() bots.Bot { return &failBot{n: 4, kind: play.Timeout} })
	cases := []struct {
		p      *Entrant
		reason paperio.Reason
		detail string
	}{
		{broken, paperio.ERR, "broken on move 3"},
		{hang, paperio.OVT, "ran out of its 0.03 s think time for the game"},
		{missing, paperio.ERR, "no such file"},
		{failing, paperio.OVT, "the AI said so"},
	}
	for _, c := range cases {
		opt := SeriesOptions{Game: paper, Config: smallBoard, Games: 20, Seed: 7, Budget: 30 * time.Millisecond}
		start := time.Now()
		res, err := PlaySeries(context.Background(), c.p, spinner("spin"), opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.WinsB != 11 || res.WinsA != 0 || res.Verdict != VerdictB || len(res.Games) != 11 {
			t.Fatalf("%s: %+v after %d games", c.p.Name, res.Tally, len(res.Games))
		}
		for _, g := range res.Games {
			loser := g.Winner.Loser()
			if g.Reason != int(c.reason) || g.Players[loser] != c.p.Name || !strings.Contains(g.Detail, c.detail) {
				t.Fatalf("%s game %d: winner %d reason %d %q", c.p.Name, g.Index, g.Winner, g.Reason, g.Detail)
			}
		}
		u := Use(res.Games)
		bad := u[0].Err
		if c.reason == paperio.OVT {
			bad = u[0].Ovt
		}
		if len(u) != 2 || u[0].Player != c.p.Name || u[0].Games != 11 || bad != 11 || u[1].Err+u[1].Ovt != 0 {
			t.Errorf("%s: use %+v", c.p.Name, u)
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
	opt := SeriesOptions{Game: paper, Config: smallBoard, Games: 20, Seed: 3, Budget: time.Second, Cap: 150 * time.Millisecond}
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
	opt := SeriesOptions{Game: paper, Config: paperiogame.Config{Config: paperio.Config{Width: 20, Height: 15, MaxTurns: 5}}, Games: 4, Seed: 1, Budget: time.Second}
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
