package analysis

import (
	"math"
	"sort"
	"strings"

	"github.com/paperio/paperio/game"
)

// Z95 is the normal quantile of a two-sided 95 % interval.
const Z95 = 1.959963984540054

// Summary is the count, mean and sample standard deviation (n−1 in the
// denominator; 0 for a single value) of some numbers.
type Summary struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
}

// Summarize computes the Summary of xs (Mean and SD are NaN when xs is
// empty).
func Summarize(xs []float64) Summary {
	s := Summary{N: len(xs)}
	if s.N == 0 {
		return Summary{Mean: math.NaN(), SD: math.NaN()}
	}
	for _, x := range xs {
		s.Mean += x
	}
	s.Mean /= float64(s.N)
	if s.N > 1 {
		var ss float64
		for _, x := range xs {
			ss += (x - s.Mean) * (x - s.Mean)
		}
		s.SD = math.Sqrt(ss / float64(s.N-1))
	}
	return s
}

// Wilson returns the Wilson score interval of k successes in n trials at
// normal quantile z (Z95 for 95 %). With n = 0 it is [0, 1].
func Wilson(k, n int, z float64) (lo, hi float64) {
	return WilsonScore(float64(k), n, z)
}

// WilsonScore is Wilson of a score that counts draws as halves (wins +
// draws/2) over n games.
func WilsonScore(score float64, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := score / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = max(0, centre-half), min(1, centre+half)
	if score == 0 {
		lo = 0 // exactly, not a rounding error away from it
	}
	if score == nf {
		hi = 1
	}
	return lo, hi
}

// Unknown is the end-reason name of a result code the game does not know.
const Unknown = "unknown"

// EndNames lists the names of a game's end reasons, in the order reports
// show them, "unknown" last.
func EndNames(in *game.Info) []string {
	out := make([]string, 0, len(in.Reasons)+1)
	for _, r := range in.Reasons {
		out = append(out, r.Name)
	}
	return append(out, Unknown)
}

// EndKey is the name of an end reason as a column or key of stats' table,
// CSV and JSON: lower case, with every character but letters and digits
// turned into "_" ("no move" → "no_move", "head-on" → "head_on").
func EndKey(name string) string {
	b := []byte(strings.ToLower(name))
	for i, c := range b {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			b[i] = '_'
		}
	}
	return string(b)
}

// EndName returns the name of a result code of the game.
func EndName(in *game.Info, code int) string {
	for _, r := range in.Reasons {
		if r.Code == code {
			return r.Name
		}
	}
	return Unknown
}

// PlayerStats is what the course reported per player (or team).
type PlayerStats struct {
	Player string `json:"player"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
	// WinRate is Wins/Games; WinLo and WinHi bound it with the 95 %
	// Wilson interval.
	WinRate float64 `json:"win_rate"`
	WinLo   float64 `json:"win_lo"`
	WinHi   float64 `json:"win_hi"`
	Length  Summary `json:"length"` // game length (paper.io: half-steps per game)
	Score   Summary `json:"score"`  // the player's final score (paper.io: territory)
	// Ends counts the player's games by how they ended, keyed by the names
	// of the game's end reasons; every name but "unknown" is always present.
	Ends map[string]int `json:"ends"`
}

// MirrorsOnce drops the second side of every game a player played against
// itself, so that such a game counts once for the player, as its first
// mover's: a player's games are then the games it played, not the sides it
// took (paperio stats counts so).
func MirrorsOnce(entries []Entry) []Entry {
	out := make([]Entry, 0, len(entries))
	for _, e := range entries {
		if e.Side != 2 || e.Player != e.Opponent {
			out = append(out, e)
		}
	}
	return out
}

// ByPlayer aggregates entries per player, sorted by player name.
func ByPlayer(in *game.Info, entries []Entry) []PlayerStats {
	type acc struct {
		st          PlayerStats
		steps, area []float64
	}
	m := map[string]*acc{}
	for _, e := range entries {
		a := m[e.Player]
		if a == nil {
			a = &acc{st: PlayerStats{Player: e.Player, Ends: map[string]int{}}}
			for _, r := range in.Reasons {
				a.st.Ends[r.Name] = 0
			}
			m[e.Player] = a
		}
		a.st.Games++
		switch e.Result {
		case 1:
			a.st.Wins++
		case 0:
			a.st.Draws++
		default:
			a.st.Losses++
		}
		a.st.Ends[EndName(in, e.Reason)]++
		a.steps = append(a.steps, float64(e.Length))
		a.area = append(a.area, e.Score)
	}
	out := make([]PlayerStats, 0, len(m))
	for _, a := range m {
		s := a.st
		s.WinRate = float64(s.Wins) / float64(s.Games)
		s.WinLo, s.WinHi = Wilson(s.Wins, s.Games, Z95)
		s.Length = Summarize(a.steps)
		s.Score = Summarize(a.area)
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Player < out[j].Player })
	return out
}

// PairStats is the record of Player against Opponent, from Player's side:
// every game between them, whichever side moved first.
type PairStats struct {
	Player   string  `json:"player"`
	Opponent string  `json:"opponent"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	WinRate  float64 `json:"win_rate"`
	WinLo    float64 `json:"win_lo"`
	WinHi    float64 `json:"win_hi"`
}

// ByPair aggregates entries per ordered pair (player, opponent), sorted by
// player then opponent. A pair that met appears in both orders; a player
// that played itself appears once, with one entry per side counted (after
// MirrorsOnce, each game once with the first mover's result).
func ByPair(entries []Entry) []PairStats {
	type key struct{ a, b string }
	m := map[key]*PairStats{}
	for _, e := range entries {
		k := key{e.Player, e.Opponent}
		p := m[k]
		if p == nil {
			p = &PairStats{Player: e.Player, Opponent: e.Opponent}
			m[k] = p
		}
		p.Games++
		switch e.Result {
		case 1:
			p.Wins++
		case 0:
			p.Draws++
		default:
			p.Losses++
		}
	}
	out := make([]PairStats, 0, len(m))
	for _, p := range m {
		p.WinRate = float64(p.Wins) / float64(p.Games)
		p.WinLo, p.WinHi = Wilson(p.Wins, p.Games, Z95)
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Player != out[j].Player {
			return out[i].Player < out[j].Player
		}
		return out[i].Opponent < out[j].Opponent
	})
	return out
}
