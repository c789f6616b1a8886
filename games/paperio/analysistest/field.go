package analysistest

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite" // database/sql driver "sqlite" (pure Go)

	"github.com/paperio/paperio/games/paperio/tables"
)

// Field is a made-up tournament of many players, as a course ran one:
// groups that play round robins, then a knockout of the first two of each
// group.
type Field struct {
	Players    []string   // specs, in the order listed
	GroupNames []string   // E, W, S, N for four groups, "all" for one
	Groups     [][]string // the players of each group, in listing order
	Qualified  []string   // the players of the knockout, in group order
	Games      []tables.Game
	Turns      []tables.Turn // of the first games only, which single-game charts use
}

// FieldPlayers returns n distinct specs of the kinds a course field has:
// Python AIs with long paths, some sharing a file name in different
// folders, and built-in bots with parameters.
func FieldPlayers(n int) []string {
	out := make([]string, n)
	for i := range out {
		switch i % 4 {
		case 0:
			out[i] = fmt.Sprintf("py:course/2018/teams/t_team%02d/t_team%02d_final.py", i, i)
		case 1:
			out[i] = fmt.Sprintf("py:submissions/group%d/ai.py", i)
		case 2:
			out[i] = fmt.Sprintf("heuristic:maxband=%d,margin=%d", 40+i, i%5)
		default:
			out[i] = fmt.Sprintf("wanderer:grow=%d,start=%d", i%20, 1+i%7)
		}
	}
	return out
}

// MakeField deals players to groups in turn (player i to group i mod
// groups, as paperio tournament does), lets every pair of a group play
// perPair games (a player alone plays itself), then the first two players
// of each group by listing order play one knockout game in pairs. Each
// player has a skill that scales its territory, so that the players'
// means spread as real ones do. The games and turns come from Make with
// the same seed; turns are kept for the first three games.
func MakeField(players []string, groups, perPair int, seed uint64) *Field {
	f := &Field{Players: players, Groups: make([][]string, groups)}
	switch groups {
	case 1:
		f.GroupNames = []string{"all"}
	case 4:
		f.GroupNames = []string{"E", "W", "S", "N"}
	default:
		for i := range groups {
			f.GroupNames = append(f.GroupNames, string(rune('A'+i)))
		}
	}
	for i, p := range players {
		f.Groups[i%groups] = append(f.Groups[i%groups], p)
	}
	var pairs [][2]string
	for _, g := range f.Groups {
		if len(g) == 1 {
			pairs = append(pairs, [2]string{g[0], g[0]})
		}
		for i := range g {
			for j := i + 1; j < len(g); j++ {
				pairs = append(pairs, [2]string{g[i], g[j]})
			}
		}
	}
	var schedule [][2]string
	for _, p := range pairs {
		for k := range perPair {
			if k%2 == 1 {
				p[0], p[1] = p[1], p[0]
			}
			schedule = append(schedule, p)
		}
	}
	for _, g := range f.Groups {
		f.Qualified = append(f.Qualified, g[:min(2, len(g))]...)
	}
	f.Qualified = f.Qualified[:len(f.Qualified)/2*2] // a knockout needs pairs
	for i := 0; i+1 < len(f.Qualified); i += 2 {
		schedule = append(schedule, [2]string{f.Qualified[i], f.Qualified[i+1]})
	}
	skill := map[string]float64{}
	for i, p := range players {
		skill[p] = 0.3 + float64((i*37)%100)/40
	}
	games, turns := Make(len(schedule), seed)
	for i := range games {
		g := &games[i]
		g.P1, g.P2 = schedule[i][0], schedule[i][1]
		if i >= 3 {
			g.Area1 = int32(float64(g.Area1) * skill[g.P1])
			g.Area2 = int32(float64(g.Area2) * skill[g.P2])
		}
	}
	for _, t := range turns {
		if t.GameID < 3 {
			f.Turns = append(f.Turns, t)
		}
	}
	f.Games = games
	return f
}

// WriteField writes the field's games and turns under dir (see Write) and
// a results.sqlite holding the players (with their groups) and the series
// of each stage, in the tables and columns of paperio tournament's results
// database that analysis reads.
func WriteField(tb testing.TB, dir string, f *Field) {
	tb.Helper()
	Write(tb, dir, f.Games, f.Turns)
	path := filepath.Join(dir, "results.sqlite")
	os.Remove(path)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	// One transaction: a commit per row would wait on the disk each time.
	tx, err := db.Begin()
	if err != nil {
		tb.Fatal(err)
	}
	exec := func(q string, args ...any) {
		tb.Helper()
		if _, err := tx.Exec(q, args...); err != nil {
			tb.Fatal(err)
		}
	}
	exec(`CREATE TABLE players (name TEXT PRIMARY KEY, spec TEXT NOT NULL, grp TEXT NOT NULL DEFAULT '', position INTEGER NOT NULL)`)
	exec(`CREATE TABLE series (id INTEGER PRIMARY KEY, key TEXT NOT NULL DEFAULT '', stage TEXT NOT NULL, player_a TEXT NOT NULL, player_b TEXT NOT NULL,
		wins_a INTEGER NOT NULL DEFAULT 0, wins_b INTEGER NOT NULL DEFAULT 0, draws INTEGER NOT NULL DEFAULT 0, games_played INTEGER NOT NULL DEFAULT 0,
		verdict TEXT NOT NULL DEFAULT 'draw', winner TEXT)`)
	group := map[string]string{}
	for g, ps := range f.Groups {
		for _, p := range ps {
			group[p] = f.GroupNames[g]
		}
	}
	for i, p := range f.Players {
		exec(`INSERT INTO players (name, spec, grp, position) VALUES (?, ?, ?, ?)`, p, p, group[p], i+1)
	}
	for g, ps := range f.Groups {
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				exec(`INSERT INTO series (stage, player_a, player_b) VALUES (?, ?, ?)`, "group "+f.GroupNames[g], ps[i], ps[j])
			}
		}
	}
	for i := 0; i+1 < len(f.Qualified); i += 2 {
		exec(`INSERT INTO series (stage, player_a, player_b) VALUES (?, ?, ?)`, "quarter-final", f.Qualified[i], f.Qualified[i+1])
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
}
