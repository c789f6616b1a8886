package tourney

import (
	"fmt"
	"sort"
)

// Verdict is how a series ended for its two players A and B.
type Verdict int

const (
	VerdictA       Verdict = iota // A won more games
	VerdictB                      // B won more games
	VerdictDraw                   // equal wins
	VerdictOverrun                // the series passed its wall-time cap: 0 points for both
)

func (v Verdict) String() string {
	switch v {
	case VerdictA:
		return "A"
	case VerdictB:
		return "B"
	case VerdictDraw:
		return "draw"
	case VerdictOverrun:
		return "overrun"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// ParseVerdict reads the String form.
func ParseVerdict(s string) (Verdict, error) {
	for _, v := range []Verdict{VerdictA, VerdictB, VerdictDraw, VerdictOverrun} {
		if v.String() == s {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown series verdict %q", s)
}

// Tally is the score of one finished series, enough for standings.
type Tally struct {
	A, B         string
	WinsA, WinsB int
	Draws        int
	Verdict      Verdict
}

// Winner and Loser of a decided series ("" otherwise).
func (t Tally) Winner() string {
	switch t.Verdict {
	case VerdictA:
		return t.A
	case VerdictB:
		return t.B
	}
	return ""
}

func (t Tally) Loser() string {
	switch t.Verdict {
	case VerdictA:
		return t.B
	case VerdictB:
		return t.A
	}
	return ""
}

// Series points of the course: a win 3, a draw 1 each, a loss 0; a series
// over its wall-time cap 0 for both.
const (
	PointsWin  = 3
	PointsDraw = 1
)

// Points of A and B for a series.
func (t Tally) Points() (a, b int) {
	switch t.Verdict {
	case VerdictA:
		return PointsWin, 0
	case VerdictB:
		return 0, PointsWin
	case VerdictDraw:
		return PointsDraw, PointsDraw
	}
	return 0, 0
}

// Standing is one player's line in a table.
type Standing struct {
	Rank   int // 1-based; players whose tie is unresolved share a rank
	Player string
	Played int // series
	Won    int
	Drawn  int
	Lost   int
	Over   int // series over the wall-time cap
	Points int
	GW     int // games won, drawn and lost (series over the cap not counted)
	GD     int
	GL     int
	Net    int // GW − GL
	// Tie says what placed the player among those with equal points:
	// "" (no one had its points), "net" (net game wins), "h2h" (head-to-head
	// result) or "play-off" (still tied: the players share the rank and only
	// a play-off can separate them).
	Tie string
}

// Standings ranks players by the course's rules: points; among equal
// points, more net game wins; then the head-to-head result (with more than
// two tied, the points of the series among them, applied again to any that
// remain tied); then a play-off, which this function cannot play: such
// players share a rank and are marked "play-off". The order of players is
// the last resort for listing (not ranking) players that share a rank.
func Standings(players []string, series []Tally) []Standing {
	idx := map[string]int{}
	st := make([]Standing, len(players))
	for i, p := range players {
		idx[p] = i
		st[i].Player = p
	}
	for _, s := range series {
		ia, okA := idx[s.A]
		ib, okB := idx[s.B]
		if !okA || !okB {
			continue
		}
		a, b := &st[ia], &st[ib]
		a.Played++
		b.Played++
		pa, pb := s.Points()
		a.Points += pa
		b.Points += pb
		switch s.Verdict {
		case VerdictA:
			a.Won++
			b.Lost++
		case VerdictB:
			b.Won++
			a.Lost++
		case VerdictDraw:
			a.Drawn++
			b.Drawn++
		case VerdictOverrun:
			a.Over++
			b.Over++
			continue // its games are not counted
		}
		a.GW += s.WinsA
		a.GL += s.WinsB
		b.GW += s.WinsB
		b.GL += s.WinsA
		a.GD += s.Draws
		b.GD += s.Draws
	}
	for i := range st {
		st[i].Net = st[i].GW - st[i].GL
	}
	order := make([]int, len(st))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool {
		a, b := st[order[x]], st[order[y]]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		return a.Net > b.Net
	})
	var out []Standing
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && st[order[hi]].Points == st[order[lo]].Points {
			hi++
		}
		// Players lo..hi share points.
		for a := lo; a < hi; {
			b := a + 1
			for b < hi && st[order[b]].Net == st[order[a]].Net {
				b++
			}
			var names []string
			for _, i := range order[a:b] {
				names = append(names, st[i].Player)
			}
			for _, block := range headToHead(names, series) {
				rank := len(out) + 1
				for _, p := range block {
					s := st[idx[p]]
					s.Rank = rank
					switch {
					case hi-lo == 1:
						s.Tie = ""
					case b-a == 1:
						s.Tie = "net"
					case len(block) == 1:
						s.Tie = "h2h"
					default:
						s.Tie = "play-off"
					}
					out = append(out, s)
				}
			}
			a = b
		}
		lo = hi
	}
	return out
}

// headToHead orders players tied on points and net wins by the series
// among them. It returns blocks in order; a block of more than one player
// is still tied.
func headToHead(players []string, series []Tally) [][]string {
	if len(players) < 2 {
		return [][]string{players}
	}
	in := map[string]bool{}
	for _, p := range players {
		in[p] = true
	}
	mini := map[string]int{}
	for _, s := range series {
		if in[s.A] && in[s.B] {
			a, b := s.Points()
			mini[s.A] += a
			mini[s.B] += b
		}
	}
	sorted := append([]string(nil), players...)
	sort.SliceStable(sorted, func(x, y int) bool { return mini[sorted[x]] > mini[sorted[y]] })
	if mini[sorted[0]] == mini[sorted[len(sorted)-1]] {
		return [][]string{sorted} // the series among them do not separate them
	}
	var out [][]string
	for lo := 0; lo < len(sorted); {
		hi := lo + 1
		for hi < len(sorted) && mini[sorted[hi]] == mini[sorted[lo]] {
			hi++
		}
		out = append(out, headToHead(sorted[lo:hi], series)...)
		lo = hi
	}
	return out
}
