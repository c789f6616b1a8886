// Package results is the output folder of series and tournaments: a SQLite
// database of series, games, standings, ratings and placings, the games and
// turns as Parquet (the self-play schema) and the games as replays. It is
// the tourney.Recorder the CLI uses.
package results

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/durable"
	"github.com/paperio/paperio/rating"
	"github.com/paperio/paperio/tourney"

	_ "modernc.org/sqlite" // database/sql driver "sqlite" (pure Go)
)

// Store is a run's output folder:
//
//	DIR/results.sqlite       series, games (with start and actions), standings,
//	                         ratings, placings; views match_raw and match_result
//	DIR/games/series-N.parquet  one row per game, the game's self-play schema
//	DIR/turns/series-N.parquet  one row per move (paperio: half-step; the
//	                         folder is the game's moves table)
//	DIR/replays/series-N.jsonl.gz  each game in the replay format (start,
//	                         actions, result), for paperio conform and replays
//
// A series is written whole or not at all: its Parquet files are written
// under temporary names and renamed, then its rows are committed in one
// transaction. A run that stops part-way leaves every finished series in
// place, and a new run on the same folder skips them (Completed).
type Store struct {
	dir string
	g   game.Game
	db  *sql.DB
	mu  sync.Mutex
}

// DBFile is the name of the results database in the output folder.
const DBFile = "results.sqlite"

const schema = `
CREATE TABLE IF NOT EXISTS meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
	name     TEXT PRIMARY KEY,
	spec     TEXT NOT NULL,
	grp      TEXT NOT NULL DEFAULT '',  -- group of the first stage ('' when none)
	position INTEGER NOT NULL           -- order given on the command line, 1-based
);
CREATE TABLE IF NOT EXISTS series (
	id            INTEGER PRIMARY KEY,  -- N of games/series-N.parquet
	key           TEXT NOT NULL UNIQUE, -- the series' place in the schedule
	stage         TEXT NOT NULL,        -- group name, play-off, quarter-final, semi-final, final, third place, gauntlet, series
	player_a      TEXT NOT NULL,        -- moves first in the first half
	player_b      TEXT NOT NULL,
	seed          INTEGER NOT NULL,     -- pair j starts from the course's start of seed+j
	games_planned INTEGER NOT NULL,
	games_played  INTEGER NOT NULL,
	wins_a        INTEGER NOT NULL,
	wins_b        INTEGER NOT NULL,
	draws         INTEGER NOT NULL,
	verdict       TEXT NOT NULL,        -- A, B, draw or overrun (passed the wall-time cap)
	winner        TEXT,                 -- NULL for a draw or an overrun
	points_a      INTEGER NOT NULL,     -- 3 win, 1 draw, 0 loss or overrun
	points_b      INTEGER NOT NULL,
	pairing       TEXT NOT NULL,        -- paperio: same or mirror
	wall_seconds  REAL NOT NULL,
	finished_at   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
	game_id     INTEGER PRIMARY KEY,    -- game_id of the Parquet tables
	series_id   INTEGER NOT NULL REFERENCES series(id),
	idx         INTEGER NOT NULL,       -- 0-based position in the series
	half        INTEGER NOT NULL,       -- 1: player_a is player 1; 2: player_b is
	pair        INTEGER NOT NULL,       -- games of both halves with the same pair share the start draw
	p1          TEXT NOT NULL,          -- player 1 (moves first)
	p2          TEXT NOT NULL,
	spec1       TEXT NOT NULL,
	spec2       TEXT NOT NULL,
	seed        INTEGER NOT NULL,       -- start draw and bots' seed
	settings    TEXT NOT NULL,          -- the game's settings as JSON (paperio: width, height, max_turns)
	start       TEXT NOT NULL,          -- the start in the game's words (paperio: x,y,d:x,y,d)
	moves       TEXT NOT NULL,          -- every move in the game's replay encoding (paperio: L/R/S per half-step)
	winner      INTEGER NOT NULL,       -- 1, 2, or 0 for a draw
	reason      INTEGER NOT NULL,       -- the game's result code (paperio: 0 WAL 1 TAP 2 SID 3 FAC 4 CIT -1 ERR -2 OVT -3 END)
	reason_name TEXT NOT NULL,
	extra       INTEGER NOT NULL,       -- paperio: TAP mover's index; CIT 1 enclosed, 0 lost; else -1
	length      INTEGER NOT NULL,       -- paperio: half-steps; eraser: moves; stellar: turns
	score1      REAL NOT NULL,          -- paperio: territory; eraser: points; stellar: force
	score2      REAL NOT NULL,
	think1      REAL NOT NULL,          -- seconds of think time used
	think2      REAL NOT NULL,
	detail      TEXT NOT NULL           -- what a failed player reported
);
CREATE INDEX IF NOT EXISTS games_series ON games(series_id);
CREATE TABLE IF NOT EXISTS standings (
	grp      TEXT NOT NULL,
	rank     INTEGER NOT NULL,
	player   TEXT NOT NULL,
	played   INTEGER NOT NULL,
	won      INTEGER NOT NULL,
	drawn    INTEGER NOT NULL,
	lost     INTEGER NOT NULL,
	overrun  INTEGER NOT NULL,
	points   INTEGER NOT NULL,
	games_won   INTEGER NOT NULL,
	games_drawn INTEGER NOT NULL,
	games_lost  INTEGER NOT NULL,
	net      INTEGER NOT NULL,
	tie      TEXT NOT NULL,             -- '', net, h2h, play-off (unresolved) or play-off won/lost
	PRIMARY KEY (grp, player)
);
CREATE TABLE IF NOT EXISTS ratings (
	player TEXT PRIMARY KEY,
	elo    REAL NOT NULL,               -- Bradley–Terry rating, mean 0
	ci95   REAL NOT NULL,               -- half-width of the 95 % interval
	games  INTEGER NOT NULL,
	score  REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS placings (
	place  INTEGER NOT NULL,
	player TEXT NOT NULL,
	how    TEXT NOT NULL
);
-- The course's tables: one row per game as its runner returned it, and one
-- row per series.
CREATE VIEW IF NOT EXISTS match_raw AS
	SELECT g.series_id AS match_id, g.idx + 1 AS round, g.p1 AS code1, g.p2 AS code2,
	       CASE g.winner WHEN 1 THEN 0 WHEN 2 THEN 1 END AS winner, g.reason, g.extra,
	       g.score1, g.score2, g.detail, g.length, g.game_id
	FROM games g;
CREATE VIEW IF NOT EXISTS match_result AS
	SELECT s.id AS match_id, s.stage, s.player_a AS code1, s.player_b AS code2,
	       s.wins_a AS win1, s.wins_b AS win2, s.draws, s.games_played AS rounds,
	       s.verdict, s.winner, s.points_a, s.points_b
	FROM series s;
`

// OpenStore opens (or creates) the output folder dir of a run of game g.
// Files left by a run that stopped while writing a series are removed.
func OpenStore(dir string, g game.Game) (*Store, error) {
	for _, d := range []string{dir, filepath.Join(dir, "games"), filepath.Join(dir, g.Info().MovesTable), filepath.Join(dir, "replays")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	dsn := "file:" + filepath.Join(dir, DBFile) + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, DBFile), err)
	}
	s := &Store{dir: dir, g: g, db: db}
	if err := s.checkGame(); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.removeStale(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// GameOf is the game whose results dir holds ("" when it holds none): the
// meta table's game, paperio for folders written before it was recorded.
func GameOf(db *sql.DB) (string, error) {
	var name string
	err := db.QueryRow(`SELECT value FROM meta WHERE key = 'game'`).Scan(&name)
	if err == sql.ErrNoRows {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM meta`).Scan(&n); err != nil || n == 0 {
			return "", err
		}
		return game.Default(), nil
	}
	return name, err
}

// checkGame records the store's game, or refuses a folder of another game.
func (s *Store) checkGame() error {
	have, err := GameOf(s.db)
	switch {
	case err != nil:
		return err
	case have == "":
		_, err = s.db.Exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('game', ?)`, s.g.Name())
		return err
	case have != s.g.Name():
		return fmt.Errorf("%w (%s holds %s results, not %s): use another --out", ErrOtherRun, s.dir, have, s.g.Name())
	}
	return nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Dir is the output folder.
func (s *Store) Dir() string { return s.dir }

var seriesFile = regexp.MustCompile(`^series-(\d+)\.(parquet|jsonl\.gz)$`)

// removeStale deletes temporary files and Parquet files of series that were
// never committed.
func (s *Store) removeStale() error {
	known := map[int64]bool{}
	rows, err := s.db.Query(`SELECT id FROM series`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		known[id] = true
	}
	rows.Close()
	for _, sub := range []string{"games", s.g.Info().MovesTable, "replays"} {
		ents, err := os.ReadDir(filepath.Join(s.dir, sub))
		if err != nil {
			return err
		}
		for _, e := range ents {
			name := e.Name()
			stale := durable.IsTemp(name)
			if m := seriesFile.FindStringSubmatch(name); m != nil {
				id, _ := strconv.ParseInt(m[1], 10, 64)
				stale = !known[id]
			}
			if stale {
				os.Remove(filepath.Join(s.dir, sub, name))
			}
		}
	}
	return nil
}

// ErrOtherRun is returned when the folder holds results of a different run.
var ErrOtherRun = errors.New("the output folder holds another run")

// BeginRun records the run's description (any text that changes when the
// run would play different series), or checks it against the one already
// there: a folder holds one run, which a new call resumes.
func (s *Store) BeginRun(desc string) (resumed bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var have string
	err = s.db.QueryRow(`SELECT value FROM meta WHERE key = 'run'`).Scan(&have)
	switch {
	case err == sql.ErrNoRows:
		_, err = s.db.Exec(`INSERT OR REPLACE INTO meta (key, value) VALUES ('run', ?), ('created_at', ?)`,
			desc, time.Now().UTC().Format(time.RFC3339))
		return false, err
	case err != nil:
		return false, err
	case have != desc:
		return false, fmt.Errorf("%w (%s):\n  there: %s\n  asked: %s\nuse another --out, or the same flags to resume it", ErrOtherRun, s.dir, have, desc)
	}
	return true, nil
}

// SavePlayers records the entrants.
func (s *Store) SavePlayers(players []*tourney.Entrant, groups map[string]string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for i, p := range players {
		if _, err := tx.Exec(`INSERT OR REPLACE INTO players (name, spec, grp, position) VALUES (?, ?, ?, ?)`, p.Name, p.Spec, groups[p.Name], i+1); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// Completed returns every committed series by key, with its games.
func (s *Store) Completed() (map[string]*tourney.StoredSeries, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]*tourney.StoredSeries{}
	byID := map[int64]*tourney.StoredSeries{}
	rows, err := s.db.Query(`SELECT id, key, stage, seed, player_a, player_b, games_planned, wins_a, wins_b, draws, verdict, wall_seconds FROM series`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		st := &tourney.StoredSeries{SeriesResult: &tourney.SeriesResult{}}
		var verdict string
		var wall float64
		if err := rows.Scan(&st.ID, &st.Key, &st.Stage, &st.Seed, &st.A, &st.B, &st.Planned, &st.WinsA, &st.WinsB, &st.Draws, &verdict, &wall); err != nil {
			rows.Close()
			return nil, err
		}
		if st.Verdict, err = tourney.ParseVerdict(verdict); err != nil {
			rows.Close()
			return nil, err
		}
		st.Wall = time.Duration(wall * float64(time.Second))
		out[st.Key] = st
		byID[st.ID] = st
	}
	rows.Close()
	rows, err = s.db.Query(`SELECT series_id, idx, half, pair, p1, p2, spec1, spec2, seed, settings, start, moves,
		winner, reason, extra, length, score1, score2, think1, think2, detail FROM games ORDER BY game_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		g := tourney.GameRecord{Record: &game.Record{}}
		var sid int64
		var settings, moves string
		var winner int8
		var t1, t2 float64
		if err := rows.Scan(&sid, &g.Index, &g.Half, &g.Pair, &g.Players[0], &g.Players[1], &g.Specs[0], &g.Specs[1], &g.Seed,
			&settings, &g.Start, &moves, &winner, &g.Reason, &g.Extra, &g.Length, &g.Score[0], &g.Score[1], &t1, &t2, &g.Detail); err != nil {
			return nil, err
		}
		if g.Config, err = s.g.DecodeConfig([]byte(settings)); err != nil {
			return nil, err
		}
		g.Moves = []byte(moves)
		g.Winner = game.WinnerOfCode(winner)
		g.Think = [2]time.Duration{time.Duration(t1 * float64(time.Second)), time.Duration(t2 * float64(time.Second))}
		if st := byID[sid]; st != nil {
			st.Games = append(st.Games, g)
		}
	}
	return out, rows.Err()
}

// SaveSeries writes a finished series: its games' Parquet rows (games and
// turns, the turns recomputed by replaying each game from its start and
// actions) and its database rows. It returns the series id.
func (s *Store) SaveSeries(key, stage string, seed int64, pairing string, res *tourney.SeriesResult) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id, firstGame int64
	if err := tx.QueryRow(`SELECT COALESCE(MAX(id), 0) + 1 FROM series`).Scan(&id); err != nil {
		return 0, err
	}
	if err := tx.QueryRow(`SELECT COALESCE(MAX(game_id) + 1, 0) FROM games`).Scan(&firstGame); err != nil {
		return 0, err
	}
	if err := s.writeFiles(id, firstGame, res.Games); err != nil {
		return 0, err
	}
	pa, pb := res.Points()
	var winner any
	if w := res.Winner(); w != "" {
		winner = w
	}
	if _, err := tx.Exec(`INSERT INTO series (id, key, stage, player_a, player_b, seed, games_planned, games_played, wins_a, wins_b, draws,
		verdict, winner, points_a, points_b, pairing, wall_seconds, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, key, stage, res.A, res.B, seed, res.Planned, len(res.Games), res.WinsA, res.WinsB, res.Draws,
		res.Verdict.String(), winner, pa, pb, pairing, res.Wall.Seconds(), time.Now().UTC().Format(time.RFC3339)); err != nil {
		return 0, err
	}
	stmt, err := tx.Prepare(`INSERT INTO games (game_id, series_id, idx, half, pair, p1, p2, spec1, spec2, seed, settings,
		start, moves, winner, reason, reason_name, extra, length, score1, score2, think1, think2, detail)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return 0, err
	}
	defer stmt.Close()
	for i := range res.Games {
		g := &res.Games[i]
		info := s.g.Info()
		if _, err := stmt.Exec(firstGame+int64(i), id, g.Index, g.Half, g.Pair, g.Players[0], g.Players[1], g.Specs[0], g.Specs[1], g.Seed,
			string(g.Config.Encode()), g.Start, string(g.Moves),
			g.Winner.Code(), g.Reason, info.ReasonName(g.Reason), g.Extra,
			g.Length, g.Score[0], g.Score[1], g.Think[0].Seconds(), g.Think[1].Seconds(), g.Detail); err != nil {
			return 0, err
		}
	}
	return id, tx.Commit()
}

// writeFiles writes the games, moves and replays files of series id, in
// the game's schema and replay format.
func (s *Store) writeFiles(id, firstGame int64, games []tourney.GameRecord) error {
	name := fmt.Sprintf("series-%06d.parquet", id)
	reps := make([]game.ReplayGame, len(games))
	for i := range games {
		g := &games[i]
		reps[i] = game.ReplayGame{ID: fmt.Sprintf("game-%d", firstGame+int64(i)), Players: g.Specs, Record: g.Record}
	}
	rp := filepath.Join(s.dir, "replays", fmt.Sprintf("series-%06d.jsonl.gz", id))
	os.Remove(rp) // a file of an uncommitted series with this number
	if err := s.g.Replays().Append(rp, reps...); err != nil {
		return err
	}
	gamesFile, err := durable.Create(filepath.Join(s.dir, "games", name))
	if err != nil {
		return err
	}
	defer gamesFile.Abort()
	movesFile, err := durable.Create(filepath.Join(s.dir, s.g.Info().MovesTable, name))
	if err != nil {
		return err
	}
	defer movesFile.Abort()
	ch := s.g.Tables().NewChunk(gamesFile, movesFile)
	for i := range games {
		g := &games[i]
		if _, err := ch.Add(firstGame+int64(i), g.Specs[0], g.Specs[1], g.Record); err != nil {
			return fmt.Errorf("game %d of %s v %s: %v", g.Index+1, g.Players[0], g.Players[1], err)
		}
	}
	if err := ch.Close(); err != nil {
		return err
	}
	if err := movesFile.Commit(); err != nil {
		return err
	}
	return gamesFile.Commit()
}

// replaceRows runs del (with delArgs), then insert once per row, in one
// transaction: readers see the old rows or the new ones, never a mix.
func (s *Store) replaceRows(del string, delArgs []any, insert string, rows [][]any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(del, delArgs...); err != nil {
		return err
	}
	for _, r := range rows {
		if _, err := tx.Exec(insert, r...); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// SaveStandings replaces the table of group grp.
func (s *Store) SaveStandings(grp string, st []tourney.Standing) error {
	rows := make([][]any, len(st))
	for i, x := range st {
		rows[i] = []any{grp, x.Rank, x.Player, x.Played, x.Won, x.Drawn, x.Lost, x.Over, x.Points, x.GW, x.GD, x.GL, x.Net, x.Tie}
	}
	return s.replaceRows(`DELETE FROM standings WHERE grp = ?`, []any{grp},
		`INSERT INTO standings (grp, rank, player, played, won, drawn, lost, overrun, points, games_won, games_drawn, games_lost, net, tie)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, rows)
}

// SaveRatings replaces the ratings.
func (s *Store) SaveRatings(r []rating.Rating) error {
	rows := make([][]any, len(r))
	for i, x := range r {
		rows[i] = []any{x.Player, x.Elo, x.CI95, x.Games, x.Score}
	}
	return s.replaceRows(`DELETE FROM ratings`, nil,
		`INSERT INTO ratings (player, elo, ci95, games, score) VALUES (?, ?, ?, ?, ?)`, rows)
}

// SavePlacings replaces the placings.
func (s *Store) SavePlacings(p []tourney.Placing) error {
	rows := make([][]any, len(p))
	for i, x := range p {
		rows[i] = []any{x.Place, x.Player, x.How}
	}
	return s.replaceRows(`DELETE FROM placings`, nil,
		`INSERT INTO placings (place, player, how) VALUES (?, ?, ?)`, rows)
}

// DB is the results database, for reading.
func (s *Store) DB() *sql.DB { return s.db }
