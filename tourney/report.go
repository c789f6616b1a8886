package tourney

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/play"
	"github.com/paperio/paperio/rating"
)

// Text output: the final report of a tournament, a series' game list, the
// SPRT summary, and the live status table.

func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// DescribeGames is one line about how each game of a series is played.
func DescribeGames(o SeriesOptions) string {
	b := "unlimited think time"
	if o.Budget > 0 {
		in := o.Game.Info()
		b = in.BudgetText(o.Budget.Seconds())
	}
	s := fmt.Sprintf("%s, %s", o.Config, b)
	if o.Pairing != "" {
		s += fmt.Sprintf(", %s starts", o.Pairing)
	}
	return s
}

// DescribeSeries is one line about how series are played.
func DescribeSeries(o SeriesOptions) string {
	cp := "no wall-time cap"
	if o.Cap > 0 {
		cp = fmt.Sprintf("wall-time cap %gs per series", o.Cap.Seconds())
	}
	return fmt.Sprintf("series of up to %d games (stop at %d wins), %s, %s", o.Games, o.Games/2+1, cp, DescribeGames(o))
}

// SeriesName is a series' key with its players when the key does not name
// them (knockout ties are keyed QF1, SF2, final, …).
func SeriesName(key string, t Tally) string {
	if strings.Contains(key, t.A+" v "+t.B) {
		return key
	}
	return fmt.Sprintf("%s: %s v %s", key, t.A, t.B)
}

// TallyText is "11–4 (2 draws)".
func TallyText(t Tally) string {
	s := fmt.Sprintf("%d–%d", t.WinsA, t.WinsB)
	if t.Draws > 0 {
		s += fmt.Sprintf(" (%d draw%s)", t.Draws, plural(t.Draws))
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// VerdictText is who took a series.
func VerdictText(t Tally) string {
	switch t.Verdict {
	case VerdictA:
		return t.A + " wins"
	case VerdictB:
		return t.B + " wins"
	case VerdictDraw:
		return "drawn"
	}
	return "over the wall-time cap: 0 points each"
}

// WriteStandings writes a standings table.
func WriteStandings(w io.Writer, st []Standing) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tplayer\tseries\tW\tD\tL\tover\tpts\tgames W–D–L\twin %\tscore %\tnet\ttie\t")
	for _, s := range st {
		rank := fmt.Sprint(s.Rank)
		if s.Tie == "play-off" {
			rank += "="
		}
		win, score := "-", "-"
		if n := s.GW + s.GD + s.GL; n > 0 {
			win = fmt.Sprintf("%.1f", 100*float64(s.GW)/float64(n))
			score = fmt.Sprintf("%.1f", 100*(float64(s.GW)+0.5*float64(s.GD))/float64(n))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d–%d–%d\t%s\t%s\t%s\t%s\t\n", rank, s.Player, s.Played, s.Won, s.Drawn, s.Lost, s.Over, s.Points, s.GW, s.GD, s.GL, win, score, signed(s.Net), s.Tie)
	}
	tw.Flush()
}

// PlayerUse is one player's think time and failures over games.
type PlayerUse struct {
	Player   string
	Games    int
	Think    time.Duration
	Err, Ovt int // games lost by an error, on time
}

// Use is each player's think time and failures over games, in the order
// the players first appear.
func Use(games []GameRecord) []PlayerUse {
	var out []PlayerUse
	at := map[string]int{}
	for _, g := range games {
		if g.Record == nil {
			continue
		}
		for i, name := range g.Players {
			k, ok := at[name]
			if !ok {
				k = len(out)
				at[name] = k
				out = append(out, PlayerUse{Player: name})
			}
			u := &out[k]
			u.Games++
			u.Think += g.Think[i]
			switch g.Faults[i].Kind {
			case play.Error:
				u.Err++
			case play.Timeout:
				u.Ovt++
			}
		}
	}
	return out
}

// WriteUse writes a table of think time and failures per player.
func WriteUse(w io.Writer, us []PlayerUse) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\tgames\tthink s\ts/game\tERR\tOVT\t")
	for _, u := range us {
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t%.3f\t%d\t%d\t\n", u.Player, u.Games, u.Think.Seconds(), u.Think.Seconds()/float64(max(u.Games, 1)), u.Err, u.Ovt)
	}
	tw.Flush()
}

// WriteRatings writes a ratings table.
func WriteRatings(w io.Writer, rs []rating.Rating) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tplayer\tElo\t± 95 %\tgames\tscore\t")
	for i, r := range rs {
		elo := Fixed(r.Elo, 1)
		if !strings.HasPrefix(elo, "-") {
			elo = "+" + elo // zero too: "+0.0", never "-0.0"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.1f\t%d\t%.1f\t\n", i+1, r.Player, elo, r.CI95, r.Games, r.Score)
	}
	tw.Flush()
}

// WriteText writes the final report.
func (rep *Report) WriteText(w io.Writer) {
	title := map[string]string{RoundRobin: "Round robin", Knockout: "Knockout", Gauntlet: "Gauntlet"}[rep.Format]
	fmt.Fprintf(w, "%s: %d players; %s\n", title, len(rep.Players), DescribeSeries(rep.Series))
	games, by := rep.Reasons()
	fmt.Fprintf(w, "%d series, %d games in %s", len(rep.Played), games, rep.Wall.Round(time.Second))
	if rep.Resumed > 0 {
		fmt.Fprintf(w, " (%d series taken from the output folder)", rep.Resumed)
	}
	fmt.Fprintln(w)
	for _, g := range rep.Groups {
		fmt.Fprintf(w, "\n%s\n", strings.ToUpper(g.Name[:1])+g.Name[1:])
		WriteStandings(w, g.Standings)
		if rep.Format == Knockout {
			fmt.Fprintf(w, "  goes through: %s\n", strings.Join(g.Order[:2], ", "))
		}
	}
	fmt.Fprintln(w, "\nSeries")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range rep.Played {
		t := p.Result.Tally
		fmt.Fprintf(tw, "  %s\t%s\t%d of %d games\t%s\n", SeriesName(p.Key, t), TallyText(t), len(p.Result.Games), p.Result.Planned, VerdictText(t))
	}
	tw.Flush()
	if len(rep.Bracket) > 0 {
		fmt.Fprintln(w, "\nKnockout")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, m := range rep.Bracket {
			var res []string
			for _, s := range m.Series {
				res = append(res, TallyText(s.Result.Tally))
			}
			how := ""
			if m.ByPlace {
				how = " (better placed)"
			}
			fmt.Fprintf(tw, "  %s\t%s %s\tv\t%s %s\t%s\t→ %s%s\n", m.Key, m.LabelA, m.A, m.LabelB, m.B, strings.Join(res, ", replay "), m.Winner, how)
		}
		tw.Flush()
	}
	if len(rep.Placings) > 0 {
		fmt.Fprintln(w, "\nPlacings")
		for _, p := range rep.Placings {
			fmt.Fprintf(w, "  %d  %s (%s)\n", p.Place, p.Player, p.How)
		}
	}
	if len(rep.Notes) > 0 {
		fmt.Fprintln(w, "\nNotes")
		for _, n := range rep.Notes {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	if len(rep.Ratings) > 0 {
		prior := ""
		if rep.Prior > 0 {
			prior = fmt.Sprintf("; prior: %g virtual draw(s) per player against a 0-rated anchor", rep.Prior)
		}
		fmt.Fprintf(w, "\nRatings (Bradley–Terry over all %d games, Elo scale, mean 0, 95 %% intervals%s)\n", games, prior)
		WriteRatings(w, rep.Ratings)
	} else if rep.RatingsNote != "" {
		fmt.Fprintf(w, "\nRatings: %s\n", rep.RatingsNote)
	}
	var all []GameRecord
	for _, p := range rep.Played {
		all = append(all, p.Result.Games...)
	}
	fmt.Fprintf(w, "\nThink time and failures (%s)\n", rep.Series.Game.Info().FailureText())
	WriteUse(w, Use(all))
	fmt.Fprintf(w, "\nGames by result: %s\n", ReasonCounts(rep.Series.Game.Info(), by))
	var fails []string
	for _, p := range rep.Played {
		for _, g := range p.Result.Games {
			if g.Detail != "" {
				fails = append(fails, fmt.Sprintf("%s game %d: %s", SeriesName(p.Key, p.Result.Tally), g.Index+1, g.Detail))
			}
		}
	}
	if len(fails) > 0 {
		fmt.Fprintf(w, "Player failures (%d):\n", len(fails))
		for i, f := range fails {
			if i == 10 {
				fmt.Fprintf(w, "  … %d more (table games, column detail)\n", len(fails)-10)
				break
			}
			fmt.Fprintf(w, "  %s\n", f)
		}
	}
}

// ReasonCounts is "WAL 3, TAP 10, …" in the game's order of result codes.
func ReasonCounts(in *game.Info, by map[int]int) string {
	var parts []string
	for _, r := range in.Reasons {
		if by[r.Code] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", r.Short, by[r.Code]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// GameLine describes one game of a series.
func GameLine(in *game.Info, g *GameRecord) string {
	res := "draw"
	if g.Winner != game.Draw {
		res = g.Players[g.Winner] + " wins"
	}
	s := fmt.Sprintf("game %2d  %s v %s  start %s  %s (%s)  %d %s, %s %s:%s",
		g.Index+1, g.Players[0], g.Players[1], g.Start, res, in.ReasonName(g.Reason), g.Length, in.LengthWords,
		in.ScoreWords, fmtScore(g.Score[0]), fmtScore(g.Score[1]))
	if g.Detail != "" {
		s += "  — " + g.Detail
	}
	return s
}

func fmtScore(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// SPRTReport is the state of an SPRT run, printed like fastchess.
type SPRTReport struct {
	A, B     string
	Test     rating.SPRT
	Pairs    rating.Pairs
	W, D, L  int // games, from A's view
	Decision rating.Decision
	Wall     time.Duration
}

// Estimate is the pentanomial estimate.
func (s *SPRTReport) Estimate() rating.Estimate { return rating.EstimatePairs(s.Pairs) }

// LLR of the pairs so far.
func (s *SPRTReport) LLR() float64 { return s.Test.LLRPairs(s.Pairs) }

// Fixed prints v with prec decimals, never as "-0.0": a value that rounds
// to zero is zero. Reports print only finite values with it; where a
// figure is infinite or not a number they say why in words (EloText,
// ratio).
func Fixed(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	return s
}

// EloWords is why an estimate has no finite Elo, in words ("not bounded:
// a won every game", "n/a: no games"), or "" when it has one. a and b
// name the first and the second player.
func EloWords(e rating.Estimate, a, b string) string {
	switch {
	case e.N == 0:
		return "n/a: no games"
	case e.Sweep() > 0:
		return "not bounded: " + a + " won every game"
	case e.Sweep() < 0:
		return "not bounded: " + b + " won every game"
	}
	return ""
}

// EloInterval is the 95 % interval of a finite Elo estimate, "[12.3,
// 45.6]"; an end the games do not bound (a score of 1 or 0 within the
// interval) reads "no upper bound" or "no lower bound".
func EloInterval(e rating.Estimate, prec int) string {
	lo, hi := Fixed(e.EloLo, prec), Fixed(e.EloHi, prec)
	if math.IsInf(e.EloLo, 0) || math.IsNaN(e.EloLo) {
		lo = "no lower bound"
	}
	if math.IsInf(e.EloHi, 0) || math.IsNaN(e.EloHi) {
		hi = "no upper bound"
	}
	return "[" + lo + ", " + hi + "]"
}

// EloText is an Elo estimate of a against b as reports print it: "35.2
// +/- 12.1" with prec decimals; "35.2, 95 % interval [5.0, no upper
// bound]" when an end of the interval is not bounded; in words
// (EloWords) when no finite Elo fits.
func EloText(e rating.Estimate, a, b string, prec int) string {
	if w := EloWords(e, a, b); w != "" {
		return w
	}
	if math.IsInf(e.EloErr, 0) || math.IsNaN(e.EloErr) {
		return Fixed(e.Elo, prec) + ", 95 % interval " + EloInterval(e, prec)
	}
	return Fixed(e.Elo, prec) + " +/- " + Fixed(e.EloErr, prec)
}

// ratio is num/den with two decimals, or in words when den is 0.
func ratio(num, den int, none, zero string) string {
	switch {
	case den > 0:
		return Fixed(float64(num)/float64(den), 2)
	case num > 0:
		return "not bounded: " + zero
	}
	return "n/a: " + none
}

// WriteText prints the report in fastchess's layout; where fastchess
// prints inf or nan (a side won every game, a ratio over 0) it says why.
func (s *SPRTReport) WriteText(w io.Writer) {
	e := s.Estimate()
	games := s.W + s.D + s.L
	fmt.Fprintf(w, "Results of %s vs %s:\n", s.A, s.B)
	nElo := Fixed(e.NElo, 2) + " +/- " + Fixed(e.NEloErr, 2)
	switch {
	case e.N == 0:
		nElo = "n/a"
	case e.Sweep() != 0:
		nElo = "not bounded"
	case math.IsNaN(e.NElo):
		nElo = "not bounded: every pair scored the same"
	}
	fmt.Fprintf(w, "Elo: %s, nElo: %s\n", EloText(e, s.A, s.B, 2), nElo)
	c := s.Pairs.Counts()
	dr := 0.0
	if n := s.Pairs.N(); n > 0 {
		dr = 100 * float64(c[2]) / float64(n)
	}
	pr := ratio(c[3]+c[4], c[0]+c[1], "no pair won or lost", "no pair lost")
	fmt.Fprintf(w, "LOS: %.2f %%, DrawRatio: %.2f %% (pairs scoring 1 of 2), PairsRatio: %s\n", 100*e.LOS, dr, pr)
	pts := float64(s.W) + 0.5*float64(s.D)
	pct := 0.0
	if games > 0 {
		pct = 100 * pts / float64(games)
	}
	fmt.Fprintf(w, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n", games, s.W, s.L, s.D, pts, pct)
	wldd := ratio(s.Pairs.WL, s.Pairs.DD, "no pair scored 1 of 2", "no pair of two draws")
	fmt.Fprintf(w, "Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s\n", c[0], c[1], c[2], c[3], c[4], wldd)
	lo, hi := s.Test.Bounds()
	l := s.LLR()
	frac := l / hi
	if l < 0 {
		frac = -l / lo
	}
	fmt.Fprintf(w, "LLR: %s (%s%%) (%.2f, %.2f) [%.2f, %.2f] (%s model)\n", Fixed(l, 2), Fixed(100*frac, 1), lo, hi, s.Test.Elo0, s.Test.Elo1, s.Test.Model)
	switch s.Decision {
	case rating.Continue:
		fmt.Fprintf(w, "SPRT ([%.2f, %.2f]) stopped without a decision after %d games\n", s.Test.Elo0, s.Test.Elo1, games)
	default:
		fmt.Fprintf(w, "SPRT ([%.2f, %.2f]) completed - %s\n", s.Test.Elo0, s.Test.Elo1, s.Decision)
	}
}
