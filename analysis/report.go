package analysis

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/label"
)

// StatsFormats are the formats of WritePlayerStats and WritePairStats.
var StatsFormats = []string{"table", "csv", "json"}

func checkFormat(format string) error {
	if !slices.Contains(StatsFormats, format) {
		return fmt.Errorf("format %q: want table, csv or json", format)
	}
	return nil
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// WritePlayerStats writes the per-player results of games games (ByPlayer)
// in a format: "table" (aligned columns under a line that says what they
// mean, players by their short names), "csv" or "json" (players by spec).
// The end_unknown column is there only when a game ended for a reason the
// game does not know.
func WritePlayerStats(w io.Writer, in *game.Info, format string, games int, stats []PlayerStats) error {
	if err := checkFormat(format); err != nil {
		return err
	}
	ends := EndNames(in)
	unknown := 0
	for _, s := range stats {
		unknown += s.Ends[Unknown]
	}
	if unknown == 0 {
		ends = ends[:len(ends)-1]
	}
	switch format {
	case "json":
		// The keys of length and score are the game's column names
		// (half_steps and area for paper.io); those of ends are the
		// reasons' keys (EndKey).
		rows := make([]object, len(stats))
		for i, s := range stats {
			keyed := make(map[string]int, len(s.Ends))
			for r, n := range s.Ends {
				keyed[EndKey(r)] = n
			}
			rows[i] = object{{"player", s.Player}, {"games", s.Games}, {"wins", s.Wins}, {"draws", s.Draws}, {"losses", s.Losses},
				{"win_rate", s.WinRate}, {"win_lo", s.WinLo}, {"win_hi", s.WinHi}, {in.Length, s.Length}, {in.Score, s.Score}, {"ends", keyed}}
		}
		return writeIndented(w, object{{"games", games}, {"players", rows}})
	case "csv":
		cw := csv.NewWriter(w)
		head := []string{"player", "games", "wins", "draws", "losses", "win_rate", "win_lo", "win_hi",
			in.Length + "_mean", in.Length + "_sd", in.Score + "_mean", in.Score + "_sd"}
		for _, r := range ends {
			head = append(head, endColumn(r))
		}
		cw.Write(head)
		for _, s := range stats {
			row := []string{s.Player, strconv.Itoa(s.Games), strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses),
				num(s.WinRate), num(s.WinLo), num(s.WinHi),
				num(s.Length.Mean), num(s.Length.SD), num(s.Score.Mean), num(s.Score.SD)}
			for _, r := range ends {
				row = append(row, strconv.Itoa(s.Ends[r]))
			}
			cw.Write(row)
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintf(w, "%d games (a player's games against itself count once, as the first mover's); win%% with its 95 %% Wilson interval; %s (%s per game) and %s (final %s) as mean ± sd; end_*: games by end reason\n\n",
		games, in.Length, in.LengthWords, in.Score, in.ScoreWords)
	specs := make([]string, len(stats))
	for i, s := range stats {
		specs[i] = s.Player
	}
	name := playerNames(specs)
	names := make([]string, len(stats))
	for i, s := range stats {
		names[i] = name[s.Player]
	}
	left := leftAligner(append(names, "player"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	// Column names hold no spaces and no two are alike (paper.io's score is
	// "area", its end reason "end_territory"), so that scripts can split
	// the header.
	fmt.Fprintf(tw, "%s\tgames\tW\tD\tL\twin%%\t95%%CI\t%s\t%s\t", left("player"), in.Length, in.Score)
	for _, r := range ends {
		fmt.Fprintf(tw, "%s\t", endColumn(r))
	}
	fmt.Fprintln(tw)
	for _, s := range stats {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s–%s\t%.0f ± %.0f\t%.0f ± %.0f\t", left(name[s.Player]), s.Games, s.Wins, s.Draws, s.Losses,
			pct(s.WinRate), pct(s.WinLo), pct(s.WinHi), s.Length.Mean, s.Length.SD, s.Score.Mean, s.Score.SD)
		for _, r := range ends {
			fmt.Fprintf(tw, "%d\t", s.Ends[r])
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// endColumn is the column of an end reason in stats' table and CSV.
func endColumn(reason string) string { return "end_" + EndKey(reason) }

// WritePairStats writes the results of every pair of players (ByPair) of
// games games in a format: "table" (a matrix of the row player's win % and
// games against the column player), "csv" or "json" (a row per pair).
func WritePairStats(w io.Writer, format string, games int, players []string, pairs []PairStats) error {
	if err := checkFormat(format); err != nil {
		return err
	}
	switch format {
	case "json":
		return writeIndented(w, object{{"games", games}, {"pairs", pairs}})
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"player", "opponent", "games", "wins", "draws", "losses", "win_rate", "win_lo", "win_hi"})
		for _, p := range pairs {
			cw.Write([]string{p.Player, p.Opponent, strconv.Itoa(p.Games), strconv.Itoa(p.Wins), strconv.Itoa(p.Draws),
				strconv.Itoa(p.Losses), num(p.WinRate), num(p.WinLo), num(p.WinHi)})
		}
		cw.Flush()
		return cw.Error()
	}
	cell := map[[2]string]PairStats{}
	for _, p := range pairs {
		cell[[2]string{p.Player, p.Opponent}] = p
	}
	fmt.Fprintf(w, "%d games; each cell: win %% of the row player against the column player (games played), either side first; a player against itself: the first mover's win %%, each game once\n\n", games)
	name := playerNames(players)
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = name[p]
	}
	left := leftAligner(names)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, left("")+"\t")
	for _, b := range names {
		fmt.Fprintf(tw, "%s\t", b)
	}
	fmt.Fprintln(tw)
	for _, a := range players {
		fmt.Fprintf(tw, "%s\t", left(name[a]))
		for _, b := range players {
			if p, ok := cell[[2]string{a, b}]; ok {
				fmt.Fprintf(tw, "%s (%d)\t", pct(p.WinRate), p.Games)
			} else {
				fmt.Fprint(tw, "–\t")
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// playerNames maps specs to the names tables show (course AIs by file
// stem); csv and json keep the specs, which are the data.
func playerNames(specs []string) map[string]string {
	names := label.Players(specs)
	out := make(map[string]string, len(specs))
	for i, s := range specs {
		out[s] = names[i]
	}
	return out
}

// leftAligner pads names to the longest of them, so that a right-aligned
// table column of them reads left-aligned.
func leftAligner(names []string) func(string) string {
	width := 0
	for _, n := range names {
		width = max(width, utf8.RuneCountInString(n))
	}
	return func(s string) string { return fmt.Sprintf("%-*s", width, s) }
}

// object is a JSON object whose keys keep their order (a map's would be
// sorted), so the output reads like the table: player first.
type object []struct {
	key   string
	value any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeIndented writes v as indented JSON.
func writeIndented(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
