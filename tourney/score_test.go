package tourney

import (
	"reflect"
	"testing"
)

func tally(a, b string, wa, wb, d int) Tally {
	v := VerdictDraw
	if wa > wb {
		v = VerdictA
	} else if wb > wa {
		v = VerdictB
	}
	return Tally{A: a, B: b, WinsA: wa, WinsB: wb, Draws: d, Verdict: v}
}

// TestStandingsGroup1 is a crafted five-player group, worked out by hand:
//
//	A–B 11–4, A–C 11–5, A–D 11–6, A–E 11–7 (2 draws),
//	B–C 11–9, B–D 11–6, E–B 11–8, C–D 11–3, C–E 11–6, D–E 11–5.
//
// Points: A 4 wins = 12; B wins over C and D = 6; C wins over D and E = 6;
// D beat E = 3; E beat B = 3.
// Games: A 44–22 (net +22); C 5+9+11+11 = 36 won, 11+11+3+6 = 31 lost (+5);
// B 4+11+11+8 = 34 won, 11+9+6+11 = 37 lost (−3): C is ahead of B on net
// game wins although B beat C. D 6+6+3+11 = 26 won, 38 lost (−12); E
// 7+11+6+5 = 29 won, 41 lost (−12): equal, so the head-to-head decides: D
// beat E.
func TestStandingsGroup1(t *testing.T) {
	series := []Tally{
		tally("A", "B", 11, 4, 0), tally("A", "C", 11, 5, 0), tally("A", "D", 11, 6, 0), tally("A", "E", 11, 7, 2),
		tally("B", "C", 11, 9, 0), tally("B", "D", 11, 6, 0), tally("E", "B", 11, 8, 0),
		tally("C", "D", 11, 3, 0), tally("C", "E", 11, 6, 0), tally("D", "E", 11, 5, 0),
	}
	got := Standings([]string{"A", "B", "C", "D", "E"}, series)
	want := []Standing{
		{Rank: 1, Player: "A", Played: 4, Won: 4, Points: 12, GW: 44, GD: 2, GL: 22, Net: 22},
		{Rank: 2, Player: "C", Played: 4, Won: 2, Lost: 2, Points: 6, GW: 36, GL: 31, Net: 5, Tie: "net"},
		{Rank: 3, Player: "B", Played: 4, Won: 2, Lost: 2, Points: 6, GW: 34, GL: 37, Net: -3, Tie: "net"},
		{Rank: 4, Player: "D", Played: 4, Won: 1, Lost: 3, Points: 3, GW: 26, GL: 38, Net: -12, Tie: "h2h"},
		{Rank: 5, Player: "E", Played: 4, Won: 1, Lost: 3, Points: 3, GW: 29, GD: 2, GL: 41, Net: -12, Tie: "h2h"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("standings\n got %+v\nwant %+v", got, want)
	}
}

// TestStandingsGroup2: three players tied on points and net wins, split by
// the series among them, then two still tied:
//
//	X–Y 11–0, X–Z 11–0, Y–Z 10–10, X–V 9–9 (2 draws), W–X 11–0,
//	Y–V 11–0, Y–W 11–0, Z–V 11–0, Z–W 11–0, V–W 11–8.
//
// X: 3+3+1+0 = 7 points, games 31–20 (+11); Y: 0+1+3+3 = 7, games 32–21
// (+11); Z the same as Y. Among X, Y, Z: X 6 points, Y 1, Z 1, so X is
// first; between Y and Z the series was drawn: a play-off, shared rank 2.
// V: 1+0+0+3 = 4 (games 20–39, −19); W: 3 (games 19–33, −14).
func TestStandingsGroup2(t *testing.T) {
	series := []Tally{
		tally("X", "Y", 11, 0, 0), tally("X", "Z", 11, 0, 0), tally("Y", "Z", 10, 10, 0),
		tally("X", "V", 9, 9, 2), tally("W", "X", 11, 0, 0),
		tally("Y", "V", 11, 0, 0), tally("Y", "W", 11, 0, 0), tally("Z", "V", 11, 0, 0), tally("Z", "W", 11, 0, 0),
		tally("V", "W", 11, 8, 0),
	}
	got := Standings([]string{"V", "W", "X", "Y", "Z"}, series)
	want := []Standing{
		{Rank: 1, Player: "X", Played: 4, Won: 2, Drawn: 1, Lost: 1, Points: 7, GW: 31, GD: 2, GL: 20, Net: 11, Tie: "h2h"},
		{Rank: 2, Player: "Y", Played: 4, Won: 2, Drawn: 1, Lost: 1, Points: 7, GW: 32, GL: 21, Net: 11, Tie: "play-off"},
		{Rank: 2, Player: "Z", Played: 4, Won: 2, Drawn: 1, Lost: 1, Points: 7, GW: 32, GL: 21, Net: 11, Tie: "play-off"},
		{Rank: 4, Player: "V", Played: 4, Won: 1, Drawn: 1, Lost: 2, Points: 4, GW: 20, GD: 2, GL: 39, Net: -19},
		{Rank: 5, Player: "W", Played: 4, Won: 1, Lost: 3, Points: 3, GW: 19, GL: 33, Net: -14},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("standings\n got %+v\nwant %+v", got, want)
	}
}

// TestStandingsCycleAndOverrun: P beat Q, Q beat R, R beat P, all 11–9:
// 3 points and net 0 each, and 3 points each among them: all share rank 1.
// A series over its wall-time cap gives both players 0 points and its games
// are not counted.
func TestStandingsCycleAndOverrun(t *testing.T) {
	got := Standings([]string{"P", "Q", "R"}, []Tally{tally("P", "Q", 11, 9, 0), tally("Q", "R", 11, 9, 0), tally("R", "P", 11, 9, 0)})
	for _, s := range got {
		if s.Rank != 1 || s.Points != 3 || s.Net != 0 || s.Tie != "play-off" {
			t.Fatalf("cycle: %+v", s)
		}
	}
	got = Standings([]string{"M", "N", "O"}, []Tally{
		{A: "M", B: "N", WinsA: 5, WinsB: 3, Verdict: VerdictOverrun},
		tally("M", "O", 11, 2, 0), tally("N", "O", 9, 9, 2),
	})
	want := []Standing{
		{Rank: 1, Player: "M", Played: 2, Won: 1, Over: 1, Points: 3, GW: 11, GL: 2, Net: 9},
		{Rank: 2, Player: "N", Played: 2, Drawn: 1, Over: 1, Points: 1, GW: 9, GD: 2, GL: 9, Net: 0},
		{Rank: 3, Player: "O", Played: 2, Drawn: 1, Lost: 1, Points: 1, GW: 11, GD: 2, GL: 20, Net: -9},
	}
	// N and O both have 1 point; N is ahead on net wins.
	want[1].Tie, want[2].Tie = "net", "net"
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("standings\n got %+v\nwant %+v", got, want)
	}
}
