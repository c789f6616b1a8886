package tourney

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/engine/paperio/bots"
	paperiogame "github.com/paperio/paperio/games/paperio"
)

func quickSeries(games int) SeriesOptions {
	return SeriesOptions{Game: paper, Config: smallBoard, Games: games, Budget: 2 * time.Second}
}

// TestKnockoutBracket: eight players in the course's four groups (dealt in
// turn: E s0 l0, W s1 l1, S s2 l2, N s3 l3). A spinner always beats a
// straight runner, and two spinners always draw, so: group winners s0..s3;
// quarter-finals E1–W2 s0 v l1, E2–W1 l0 v s1, S1–N2 s2 v l3, S2–N1 l2 v s3;
// semi-finals s0 v s1 and s2 v s3, drawn and replayed, then decided by
// place (equal group ranks: the order given); final s0 v s2 (s0), third
// place s1 v s3 (s1).
func TestKnockoutBracket(t *testing.T) {
	var ps []*Entrant
	for i := 0; i < 4; i++ {
		ps = append(ps, spinner("s"+string(rune('0'+i))))
	}
	for i := 0; i < 4; i++ {
		ps = append(ps, straight("l"+string(rune('0'+i))))
	}
	so := quickSeries(4)
	so.Config = rounds(10)
	rep, err := Run(context.Background(), Options{Format: Knockout, Players: ps, Series: so, Seed: 1, Workers: 2, Replays: 1})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range rep.Bracket {
		got = append(got, m.Key+" "+m.LabelA+" "+m.A+" v "+m.LabelB+" "+m.B+" → "+m.Winner)
	}
	want := []string{
		"QF1 E1 s0 v W2 l1 → s0", "QF2 E2 l0 v W1 s1 → s1", "QF3 S1 s2 v N2 l3 → s2", "QF4 S2 l2 v N1 s3 → s3",
		"SF1 winner QF1 s0 v winner QF2 s1 → s0", "SF2 winner QF3 s2 v winner QF4 s3 → s2",
		"final winner SF1 s0 v winner SF2 s2 → s0", "third place loser SF1 s1 v loser SF2 s3 → s1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("bracket\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var places []string
	for _, p := range rep.Placings {
		places = append(places, p.Player)
	}
	if !reflect.DeepEqual(places, []string{"s0", "s2", "s1", "s3"}) {
		t.Fatalf("placings %v", places)
	}
	// Drawn ties were replayed once each: two semi-finals, final, third place.
	sf := rep.Bracket[4]
	if len(sf.Series) != 2 || !sf.ByPlace || sf.Series[1].Key != "SF1 replay 1" {
		t.Fatalf("SF1: %+v", sf)
	}
	if len(rep.Played) != 4+4+2*2+2*2 {
		t.Fatalf("%d series played", len(rep.Played))
	}
}

// TestKnockoutPlayoff: three spinners in one group draw every series, so
// they are tied on points, net wins and head-to-head; a play-off round
// robin among them draws too and the order given decides, then the final
// s0 v s1 is drawn and s0 goes through by place.
func TestKnockoutPlayoff(t *testing.T) {
	so := quickSeries(2)
	so.Config = rounds(10)
	rep, err := Run(context.Background(), Options{Format: Knockout, Groups: 1, Players: []*Entrant{spinner("s0"), spinner("s1"), spinner("s2")}, Series: so, Replays: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Groups[0].Standings[0].Tie != "play-off" || !reflect.DeepEqual(rep.Groups[0].Order, []string{"s0", "s1", "s2"}) {
		t.Fatalf("group: %+v", rep.Groups[0])
	}
	// 3 group series, 3 play-off series, final and its replay.
	if len(rep.Played) != 8 || rep.Played[3].Stage != "play-off" {
		t.Fatalf("%d series", len(rep.Played))
	}
	if len(rep.Placings) != 2 || rep.Placings[0].Player != "s0" {
		t.Fatalf("placings %+v", rep.Placings)
	}
	if len(rep.Notes) < 2 {
		t.Fatalf("notes %v", rep.Notes)
	}
}

// TestTournamentWithBrokenPlayers: a gauntlet of a spinner against a
// player that raises an error, one that hangs and one that takes so long
// after each game that its series passes the wall-time cap still
// finishes: the first two lose every game (ERR, OVT), the third's series
// is an overrun with 0 points each.
func TestTournamentWithBrokenPlayers(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	broken, _ := entrant("broken", func() bots.Bot { return &panicBot{n: 2} })
	hang, _ := entrant("hang", func() bots.Bot { return &hangBot{n: 2, release: release} })
	slow, _ := entrant("slow", func() bots.Bot { return &sleepyBot{d: 250 * time.Millisecond} })
	so := SeriesOptions{Game: paper, Config: smallBoard, Games: 20, Budget: 40 * time.Millisecond, Cap: 1500 * time.Millisecond}
	so.Config = rounds(200)
	rep, err := Run(context.Background(), Options{Format: Gauntlet, Players: []*Entrant{spinner("spin"), broken, hang, slow}, Series: so, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	pts := map[string]int{}
	for _, s := range rep.Groups[0].Standings {
		pts[s.Player] = s.Points
	}
	if pts["spin"] != 6 || pts["broken"] != 0 || pts["hang"] != 0 || pts["slow"] != 0 {
		t.Fatalf("points %v", pts)
	}
	for _, p := range rep.Played {
		name, want := "", paperio.Reason(0)
		switch {
		case strings.Contains(p.Key, "broken"):
			name, want = "broken", paperio.ERR
		case strings.Contains(p.Key, "hang"):
			name, want = "hang", paperio.OVT
		default:
			if p.Result.Verdict != VerdictOverrun {
				t.Fatalf("slow: %+v", p.Result.Tally)
			}
			continue
		}
		if len(p.Result.Games) != 11 {
			t.Fatalf("%s: %d games", name, len(p.Result.Games))
		}
		for _, g := range p.Result.Games {
			if g.Reason != int(want) || g.WinnerName() != "spin" {
				t.Fatalf("%s: reason %d winner %d", name, g.Reason, g.Winner)
			}
		}
	}
}

func TestTournamentOptions(t *testing.T) {
	ps := []*Entrant{spinner("a"), spinner("b"), spinner("c")}
	for _, o := range []Options{
		{Format: "swiss", Players: ps, Series: quickSeries(2)},
		{Format: Knockout, Groups: 3, Players: ps, Series: quickSeries(2)},
		{Format: Knockout, Groups: 2, Players: ps, Series: quickSeries(2)},
		{Format: RoundRobin, Players: []*Entrant{ps[0], ps[0]}, Series: quickSeries(2)},
		{Format: RoundRobin, Players: ps, Series: quickSeries(3)},
	} {
		if err := o.Validate(); err == nil {
			t.Fatalf("accepted %+v", o)
		}
	}
	if SeriesSeed(1, "x") == SeriesSeed(1, "y") || SeriesSeed(1, "x") != SeriesSeed(1, "x") || SeriesSeed(1, "x") >= 1<<31 {
		t.Fatal("series seeds")
	}
}

// TestTracker: the live table shows running series, the standings so far
// and the latest results.
func TestTracker(t *testing.T) {
	tr := NewTracker("test")
	var mid bytes.Buffer
	_, err := Run(context.Background(), Options{Format: RoundRobin, Players: []*Entrant{spinner("a"), straight("b"), straight("c")},
		Series: quickSeries(4), Workers: 1, OnEvent: func(ev Event) {
			tr.Handle(ev)
			if ev.Kind == GamePlayed && ev.Key == "round robin: a v c" && ev.Game.Index == 1 {
				tr.Render(&mid)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"round robin: 1 of 3 series done, 1 running", "Running", "round robin: a v c  2–0  game 3 of up to 4", "Standings, round robin", "Latest", "round robin: a v b  3–0  a wins"} {
		if !strings.Contains(mid.String(), want) {
			t.Fatalf("live table lacks %q:\n%s", want, mid.String())
		}
	}
	if !strings.Contains(tr.Line(), "[3/3 round robin] round robin: b v c") {
		t.Fatalf("line %q", tr.Line())
	}
}

// rounds is the small board with n rounds.
func rounds(n int) paperiogame.Config {
	c := smallBoard
	c.MaxTurns = n
	return c
}
