package analysis

import (
	"sort"
	"strings"

	"github.com/paperio/paperio/results"
)

// ResultsFile is the results database a tournament folder holds besides its
// games/ and turns/ tables (paperio tournament --out DIR).
const ResultsFile = results.DBFile

// Tournament is what a tournament folder says about its players beyond the
// games: the groups of its first stage and, for a knockout, the players who
// went through the group stage. Players are named by their specs, as in the
// games table.
type Tournament struct {
	// Groups are the groups of the first stage in the tournament's order
	// (E, W, S, N, …; a single group for a gauntlet or a one-group round
	// robin), each with its players in the order they were listed.
	Groups []Group
	// Qualified are the players of the knockout rounds, sorted; empty when
	// none has been played.
	Qualified []string
}

// Group is one group of a tournament's first stage.
type Group struct {
	Name    string
	Players []string
}

// knockoutRound reports whether a series stage is a round after the groups
// (tourney names them quarter-final, semi-final, final, third place and
// round of N).
func knockoutRound(stage string) bool {
	switch stage {
	case "quarter-final", "semi-final", "final", "third place":
		return true
	}
	return strings.HasPrefix(stage, "round of ")
}

// Tournament reads the groups and the knockout's qualified players from the
// folder's results database. A folder without one (a self-play dataset)
// is a data error.
func (d *Dataset) Tournament() (*Tournament, error) {
	db, done, err := d.results()
	if err != nil {
		return nil, errorf("%v", err)
	}
	if db == nil {
		return nil, errorf("%s is not a tournament folder (no %s), so it has no groups or knockout", d.Dir, ResultsFile)
	}
	defer done()
	t := &Tournament{}
	spec := map[string]string{} // tournament name → spec
	players, err := db.Players()
	if err != nil {
		return nil, errorf("%v", err)
	}
	byName := map[string]int{}
	for _, p := range players {
		spec[p.Name] = p.Spec
		if p.Group == "" {
			continue
		}
		i, ok := byName[p.Group]
		if !ok {
			i = len(t.Groups)
			byName[p.Group] = i
			t.Groups = append(t.Groups, Group{Name: p.Group})
		}
		t.Groups[i].Players = append(t.Groups[i].Players, p.Spec)
	}
	series, err := db.Series()
	if err != nil {
		return nil, errorf("%v", err)
	}
	qualified := map[string]bool{}
	for _, s := range series {
		if knockoutRound(s.Stage) {
			for _, n := range []string{s.A, s.B} {
				if sp, ok := spec[n]; ok {
					n = sp
				}
				qualified[n] = true
			}
		}
	}
	for n := range qualified {
		t.Qualified = append(t.Qualified, n)
	}
	sort.Strings(t.Qualified)
	return t, nil
}

// GroupNames lists the names of the groups.
func (t *Tournament) GroupNames() []string {
	out := make([]string, len(t.Groups))
	for i, g := range t.Groups {
		out[i] = g.Name
	}
	return out
}
