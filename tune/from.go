package tune

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/botspec"
)

// MinGames is the fewest games a parameter value needs in a dataset to be
// chosen as a start.
const MinGames = 20

// FromDataset reads the games of a dataset folder and, for each tuned
// parameter, picks the value whose games (as either player, any opponent)
// scored best among the values played at least MinGames times, when it
// beats the default value's score by more than two standard errors
// (otherwise, and for parameters seen with one value only, the default
// stays). It returns the starting
// values and a description of what it inferred.
func FromDataset(dir string, sp *Space) ([]float64, string, error) {
	ds, err := analysis.Open(dir)
	if err != nil {
		return nil, "", err
	}
	games, err := ds.Games(analysis.ColP1, analysis.ColP2, analysis.ColWinner)
	if err != nil {
		return nil, "", err
	}
	type tally struct {
		pts float64
		n   int
	}
	by := make([]map[float64]*tally, sp.Dim())
	for i := range by {
		by[i] = map[float64]*tally{}
	}
	entries := 0
	for _, e := range analysis.Entries(games) {
		name, params, err := botspec.Values(e.Player)
		if err != nil || name != sp.Bot {
			continue
		}
		entries++
		pts := 0.5 + 0.5*float64(e.Result)
		for i, p := range sp.Params {
			v, given := params[p.Name]
			if !given {
				v = p.Default
			}
			t := by[i][v]
			if t == nil {
				t = &tally{}
				by[i][v] = t
			}
			t.pts += pts
			t.n++
		}
	}
	start := sp.Defaults()
	if entries == 0 {
		return start, fmt.Sprintf("%s: no games of %s; starting from the defaults", dir, sp.Bot), nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %d games, %d sides played by %s", dir, len(games), entries, sp.Bot)
	for i, p := range sp.Params {
		vals := make([]float64, 0, len(by[i]))
		for v := range by[i] {
			vals = append(vals, v)
		}
		sort.Float64s(vals)
		if len(vals) < 2 {
			fmt.Fprintf(&sb, "\n  %s: one value played (%g); start %g (default)", p.Name, vals[0], start[i])
			continue
		}
		best, bestRate := start[i], -1.0
		var parts []string
		for _, v := range vals {
			t := by[i][v]
			rate := t.pts / float64(t.n)
			parts = append(parts, fmt.Sprintf("%g: %.3f over %d", v, rate, t.n))
			if t.n >= MinGames && rate > bestRate && v >= p.Lo && v <= p.Hi {
				best, bestRate = v, rate
			}
		}
		if bestRate < 0 {
			fmt.Fprintf(&sb, "\n  %s: no value in range with %d games (%s); start %g (default)", p.Name, MinGames, strings.Join(parts, ", "), start[i])
			continue
		}
		if d := by[i][p.Default]; d != nil && best != p.Default {
			dr := d.pts / float64(d.n)
			se := math.Sqrt(0.25/float64(d.n) + 0.25/float64(by[i][best].n))
			if bestRate-dr <= 2*se {
				fmt.Fprintf(&sb, "\n  %s: score by value %s; best %g is within two standard errors of the default; start %g (default)", p.Name, strings.Join(parts, ", "), best, start[i])
				continue
			}
		}
		start[i] = best
		fmt.Fprintf(&sb, "\n  %s: score by value %s; start %g", p.Name, strings.Join(parts, ", "), best)
	}
	return start, sb.String(), nil
}
