package results

import (
	"database/sql"
	"fmt"
)

// Results is a results database opened for reading: what the viewer and
// analysis read of a tournament folder, so that neither writes SQL of its
// own. Every method reads the database as it is now (a running tournament
// adds rows between calls).
type Results struct {
	db   *sql.DB
	path string
}

// Read opens the results database at path (a folder's DBFile) read-only.
func Read(path string) (*Results, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &Results{db: db, path: path}, nil
}

// Close closes the database.
func (r *Results) Close() error { return r.db.Close() }

// Game is the name of the game the database holds: "" when it holds none
// yet (no meta table, or an empty one), as GameOf says otherwise.
func (r *Results) Game() (string, error) {
	var tables int
	if err := r.db.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).Scan(&tables); err != nil {
		return "", r.errorf(err)
	}
	if tables == 0 {
		return "", nil
	}
	name, err := GameOf(r.db)
	return name, r.errorf(err)
}

// Player is a tournament's entrant, in the order of the command line.
type Player struct {
	Name, Spec string
	Group      string // of the first stage; "" when none
}

// Players lists the entrants in their order on the command line.
func (r *Results) Players() ([]Player, error) {
	return scanAll(r, `SELECT name, spec, grp FROM players ORDER BY position`, func(rows *sql.Rows) (Player, error) {
		var p Player
		return p, rows.Scan(&p.Name, &p.Spec, &p.Group)
	})
}

// SeriesLine is a series played, by id.
type SeriesLine struct {
	ID                  int64
	Key, Stage          string
	A, B                string // A moves first in the first half
	WinsA, WinsB, Draws int
	Played              int
	Verdict             string // A, B, draw or overrun
	Winner              string // "" for a draw or an overrun
}

// Series lists the series played, by id.
func (r *Results) Series() ([]SeriesLine, error) {
	return scanAll(r, `SELECT id, key, stage, player_a, player_b, wins_a, wins_b, draws, games_played, verdict, COALESCE(winner, '') FROM series ORDER BY id`,
		func(rows *sql.Rows) (SeriesLine, error) {
			var l SeriesLine
			return l, rows.Scan(&l.ID, &l.Key, &l.Stage, &l.A, &l.B, &l.WinsA, &l.WinsB, &l.Draws, &l.Played, &l.Verdict, &l.Winner)
		})
}

// GameLine is a game played, with the stage of its series.
type GameLine struct {
	ID             int64
	P1, P2         string // names
	Spec1, Spec2   string
	Winner         int8 // 1, 2, or 0 for a draw
	Reason, Length int
	Score1, Score2 float64
	Stage          string
}

// Games lists the games played, by id.
func (r *Results) Games() ([]GameLine, error) {
	return scanAll(r, `SELECT g.game_id, g.p1, g.p2, g.spec1, g.spec2, g.winner, g.reason, g.length, g.score1, g.score2, s.stage
		FROM games g JOIN series s ON s.id = g.series_id ORDER BY g.game_id`,
		func(rows *sql.Rows) (GameLine, error) {
			var g GameLine
			return g, rows.Scan(&g.ID, &g.P1, &g.P2, &g.Spec1, &g.Spec2, &g.Winner, &g.Reason, &g.Length, &g.Score1, &g.Score2, &g.Stage)
		})
}

// Replay is what replays a game: its settings (game.Config's encoding),
// start and moves in the game's words, and seed.
type Replay struct {
	Settings, Start, Moves string
	Seed                   int64
}

// Replay reads game id's replay.
func (r *Results) Replay(id int64) (*Replay, error) {
	var p Replay
	err := r.db.QueryRow(`SELECT settings, start, moves, seed FROM games WHERE game_id = ?`, id).Scan(&p.Settings, &p.Start, &p.Moves, &p.Seed)
	if err != nil {
		return nil, fmt.Errorf("game %d: %v", id, err)
	}
	return &p, nil
}

// StandingLine is a player's line in a group's table.
type StandingLine struct {
	Group, Player            string
	Rank                     int
	Played, Won, Drawn, Lost int
	Points, Net              int
	Tie                      string // how a tie was broken
}

// Standings lists the groups' tables, by group and rank.
func (r *Results) Standings() ([]StandingLine, error) {
	return scanAll(r, `SELECT grp, rank, player, played, won, drawn, lost, points, net, tie FROM standings ORDER BY grp, rank, player`,
		func(rows *sql.Rows) (StandingLine, error) {
			var s StandingLine
			return s, rows.Scan(&s.Group, &s.Rank, &s.Player, &s.Played, &s.Won, &s.Drawn, &s.Lost, &s.Points, &s.Net, &s.Tie)
		})
}

// RatingLine is a player's rating.
type RatingLine struct {
	Player    string
	Elo, CI95 float64
	Games     int
}

// Ratings lists the ratings, best first.
func (r *Results) Ratings() ([]RatingLine, error) {
	return scanAll(r, `SELECT player, elo, ci95, games FROM ratings ORDER BY elo DESC`, func(rows *sql.Rows) (RatingLine, error) {
		var l RatingLine
		return l, rows.Scan(&l.Player, &l.Elo, &l.CI95, &l.Games)
	})
}

// PlacingLine is a final place.
type PlacingLine struct {
	Place       int
	Player, How string
}

// Placings lists the final places in order.
func (r *Results) Placings() ([]PlacingLine, error) {
	return scanAll(r, `SELECT place, player, how FROM placings ORDER BY place`, func(rows *sql.Rows) (PlacingLine, error) {
		var l PlacingLine
		return l, rows.Scan(&l.Place, &l.Player, &l.How)
	})
}

func scanAll[T any](r *Results, query string, scan func(*sql.Rows) (T, error)) ([]T, error) {
	rows, err := r.db.Query(query)
	if err != nil {
		return nil, r.errorf(err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, r.errorf(err)
		}
		out = append(out, v)
	}
	return out, r.errorf(rows.Err())
}

// errorf names the database in an error (nil stays nil).
func (r *Results) errorf(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %v", r.path, err)
}
