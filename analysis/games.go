package analysis

import (
	"fmt"
	"sort"

	"github.com/paperio/paperio/game"
)

// Columns of the games table that analysis reads. Every game's games table
// has them; the length and score columns are named by the game
// (game.Info: half_steps, area1 and area2 for paper.io, which its binding
// checks against the tags of its tables.Game).
const (
	ColGameID = "game_id"
	ColP1     = "p1"
	ColP2     = "p2"
	ColWinner = "winner"
	ColReason = "reason"
	ColLength = "length" // the game's length column (game.Info.Length)
	ColScore1 = "score1" // the game's score column of player 1
	ColScore2 = "score2"
)

// Column sets: what each question reads from the games table.
var (
	// BarsColumns feed Entries for the bars and dots charts.
	BarsColumns = []string{ColP1, ColP2, ColLength, ColScore1, ColScore2}
	// StatsColumns feed Entries for win rates and end reasons as well.
	StatsColumns = []string{ColP1, ColP2, ColWinner, ColReason, ColLength, ColScore1, ColScore2}
	// GameColumns describe one game for the single-game charts.
	GameColumns = []string{ColGameID, ColP1, ColP2, ColWinner, ColReason, ColLength, ColScore1, ColScore2}
)

var gameKinds = map[string]kind{
	ColGameID: intKind, ColP1: strKind, ColP2: strKind, ColWinner: intKind,
	ColReason: intKind, ColLength: intKind, ColScore1: floatKind, ColScore2: floatKind,
}

// column is the name in the files of a column of the games table.
func (d *Dataset) column(c string) string {
	in := d.Game.Info()
	switch c {
	case ColLength:
		return in.Length
	case ColScore1:
		return in.ScoreColumns()[0]
	case ColScore2:
		return in.ScoreColumns()[1]
	}
	return c
}

// Game is one row of the games table, as far as analysis reads it. Fields
// whose column was not asked for are zero.
type Game struct {
	ID             int64
	P1, P2         string      // player specs (or team names)
	Winner         game.Winner // player index (0 = player 1) or game.Draw
	Reason         int         // the game's result code (game.Info.Reasons)
	Length         int         // in the game's unit (paper.io: half-steps)
	Score1, Score2 float64     // final scores (paper.io: territory) of players 1 and 2
}

// Games reads the named columns (Col… constants) of every game in the
// dataset, in file order.
func (d *Dataset) Games(cols ...string) ([]Game, error) {
	specs := make([]colSpec, 0, len(cols))
	for _, c := range cols {
		k, ok := gameKinds[c]
		if !ok {
			return nil, fmt.Errorf("analysis: games column %q is not one analysis reads", c)
		}
		specs = append(specs, colSpec{d.column(c), k})
	}
	t, err := readTable(d, d.GameFiles, specs, nil)
	if err != nil {
		return nil, err
	}
	out := make([]Game, t.n)
	for _, c := range cols {
		col := t.cols[d.column(c)]
		for i := range out {
			if col.null(i) {
				return nil, errorf("%s: games column %q has a null in row %d", d.Dir, d.column(c), i)
			}
			g := &out[i]
			switch c {
			case ColGameID:
				g.ID = col.ints[i]
			case ColP1:
				g.P1 = col.strs[i]
			case ColP2:
				g.P2 = col.strs[i]
			case ColWinner:
				g.Winner = game.WinnerOfCode(int8(col.ints[i]))
			case ColReason:
				g.Reason = int(col.ints[i])
			case ColLength:
				g.Length = int(col.ints[i])
			case ColScore1:
				g.Score1 = col.flts[i]
			case ColScore2:
				g.Score2 = col.flts[i]
			}
		}
	}
	return out, nil
}

// FindGame returns the game with the given id; with id nil, the game with
// the smallest id. games must have been read with ColGameID.
func (d *Dataset) FindGame(games []Game, id *int64) (Game, error) {
	if len(games) == 0 {
		return Game{}, errorf("%s: the games table has no rows", d.Dir)
	}
	if id == nil {
		first := games[0]
		for _, g := range games[1:] {
			if g.ID < first.ID {
				first = g
			}
		}
		return first, nil
	}
	var found []Game
	lo, hi := games[0].ID, games[0].ID
	for _, g := range games {
		lo, hi = min(lo, g.ID), max(hi, g.ID)
		if g.ID == *id {
			found = append(found, g)
		}
	}
	switch len(found) {
	case 0:
		return Game{}, errorf("%s: no game %d (%d games, ids %d to %d)", d.Dir, *id, len(games), lo, hi)
	case 1:
		return found[0], nil
	}
	return Game{}, errorf("%s: game id %d occurs %d times in the games table", d.Dir, *id, len(found))
}

// Entry is one player's side of one game: the unit of the per-player
// statistics and of the dots chart. A game gives two entries, one per side,
// also when the same player plays both sides.
type Entry struct {
	Game     int64
	Player   string
	Opponent string
	Side     int     // 1 moved first, 2 second
	Length   int     // the game's length (paper.io: half-steps)
	Score    float64 // the player's final score (paper.io: territory)
	Result   int     // 1 won, 0 draw, -1 lost
	Reason   int     // how the game ended (the game's code)
}

// Entries splits each game into its two sides.
func Entries(games []Game) []Entry {
	out := make([]Entry, 0, 2*len(games))
	for _, g := range games {
		out = append(out,
			Entry{g.ID, g.P1, g.P2, 1, g.Length, g.Score1, g.Winner.Outcome(0), g.Reason},
			Entry{g.ID, g.P2, g.P1, 2, g.Length, g.Score2, g.Winner.Outcome(1), g.Reason})
	}
	return out
}

// OnlyPlayers keeps the entries of the named players (all when names is
// empty). It fails, naming the players the data has, when one of names
// does not occur.
func OnlyPlayers(entries []Entry, names []string) ([]Entry, error) {
	if len(names) == 0 {
		return entries, nil
	}
	if err := CheckPlayers(entries, names); err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []Entry
	for _, e := range entries {
		if want[e.Player] {
			out = append(out, e)
		}
	}
	return out, nil
}

// CheckPlayers fails with a line naming the players of the entries when
// one of names is not among them.
func CheckPlayers(entries []Entry, names []string) error {
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.Player] = true
	}
	for _, n := range names {
		if !seen[n] {
			return errorf("no player %q in the data (players: %s)", n, joinQuoted(Players(entries)))
		}
	}
	return nil
}

// Players returns the distinct player names of the entries, sorted.
func Players(entries []Entry) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range entries {
		if !seen[e.Player] {
			seen[e.Player] = true
			out = append(out, e.Player)
		}
	}
	sort.Strings(out)
	return out
}

func joinQuoted(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", n)
	}
	return s
}
