package viewer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/paperio/paperio/analysis"
	"github.com/paperio/paperio/game"
	"github.com/paperio/paperio/internal/pool"
	"github.com/paperio/paperio/results"
	"github.com/paperio/paperio/selfplay"
)

// Source kinds.
const (
	KindSelfPlay   = "self-play"
	KindTournament = "tournament"
	KindReplays    = "replays"
	KindLive       = "live"
	KindRecordings = "recordings"
)

// source is one PATH the viewer shows, or the games of a live run, or the
// games people played in the page.
type source struct {
	id    int
	path  string
	kind  string
	g     game.Game
	board Board
	err   string // why it could not be read (it then has no games)

	mu   sync.RWMutex
	rows []Row
	// record gives a row's game.
	record func(r *Row) (*game.Record, error)

	db     *results.Results  // a tournament's results
	ds     *analysis.Dataset // a self-play folder's tables
	files  []string
	config game.Config // a self-play folder's settings
	close  func()
}

// SourceInfo describes a source to the page.
type SourceInfo struct {
	Src   int    `json:"src"`
	Path  string `json:"path"`
	Kind  string `json:"kind"`
	Game  string `json:"game,omitempty"`
	Games int    `json:"games"`
	Error string `json:"error,omitempty"`
}

func (s *source) info() SourceInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	in := SourceInfo{Src: s.id, Path: s.path, Kind: s.kind, Games: len(s.rows), Error: s.err}
	if s.g != nil {
		in.Game = s.g.Name()
	}
	return in
}

// openPaths makes the sources of the paths given: a folder with a results
// database is a tournament, one with a games table a self-play folder, any
// other folder stands for the replay files in it; a file is a replay file.
// A path that cannot be read is a source with its error.
func openPaths(paths []string, first int) []*source {
	var out []*source
	for _, p := range paths {
		st, err := os.Stat(p)
		switch {
		case err != nil:
			out = append(out, &source{path: p, err: oneLine(err)})
		case !st.IsDir():
			out = append(out, &source{path: p, kind: KindReplays})
		case exists(filepath.Join(p, results.DBFile)):
			out = append(out, &source{path: p, kind: KindTournament})
		case exists(filepath.Join(p, selfplay.GamesDir)):
			out = append(out, &source{path: p, kind: KindSelfPlay})
		default:
			files := replayFiles(p)
			if len(files) == 0 {
				out = append(out, &source{path: p, err: "holds no games: no results.sqlite, no games/ table and no replay files (*.jsonl, *.jsonl.gz)"})
			}
			for _, f := range files {
				out = append(out, &source{path: f, kind: KindReplays})
			}
		}
	}
	for i, s := range out {
		s.id = first + i
	}
	pool.Each(context.Background(), 0, len(out), func(_ context.Context, i int) error {
		out[i].load()
		return nil
	})
	return out
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

// replayFiles are the replay files in a folder, sorted.
func replayFiles(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if !e.IsDir() && !strings.HasPrefix(n, ".") && (strings.HasSuffix(n, ".jsonl") || strings.HasSuffix(n, ".jsonl.gz")) {
			out = append(out, filepath.Join(dir, n))
		}
	}
	sort.Strings(out)
	return out
}

// oneLine is an error's message on one line.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// load reads the source's games into its rows; a failure is kept as its
// error.
func (s *source) load() {
	if s.err != "" {
		return
	}
	var err error
	switch s.kind {
	case KindSelfPlay:
		err = s.loadDataset()
	case KindTournament:
		err = s.loadTournament()
	case KindReplays, KindRecordings:
		err = s.loadReplays()
	}
	if err != nil {
		s.err = oneLine(err)
		s.rows = nil
	}
}

// setGame sets the source's game and its board, if the viewer has one:
// the index lists the games of any game, a game's page needs its board.
func (s *source) setGame(g game.Game) {
	s.g = g
	s.board, _ = BoardOf(g.Name())
}

// boardOf is the source's board, or why there is none.
func (s *source) boardOf() (Board, error) {
	if s.board == nil {
		_, err := BoardOf(s.g.Name())
		return nil, err
	}
	return s.board, nil
}

// whyName is the short name of a game's result code.
func whyName(g game.Game, code int) string { return g.Info().ReasonName(code) }

// loadDataset reads a self-play folder's games table, file by file.
func (s *source) loadDataset() error {
	d, err := analysis.Open(s.path)
	if err != nil {
		return err
	}
	s.setGame(d.Game)
	s.ds, s.config = d, d.Game.DefaultConfig()
	if m, err := selfplay.ReadManifest(s.path); err == nil && m != nil {
		if _, c, err := m.Plan.Config(); err == nil {
			s.config = c
		}
	}
	in := d.Game.Info()
	sc := in.ScoreColumns()
	ints, strs := []string{"game_id", "winner", "reason", in.Length}, []string{"p1", "p2"}
	s.files = make([]string, len(d.GameFiles))
	parts := make([][]Row, len(d.GameFiles))
	errs := make([]error, len(d.GameFiles))
	pool.Each(context.Background(), 0, len(d.GameFiles), func(_ context.Context, i int) error {
		s.files[i] = filepath.Join(s.path, d.GameFiles[i])
		c, err := d.ReadColumns(d.GameFiles[i], ints, sc[:], strs)
		if err != nil {
			errs[i] = err
			return nil
		}
		rows := make([]Row, c.N)
		for j := range rows {
			reason := int(c.Ints["reason"][j])
			rows[j] = Row{Src: s.id, ID: c.Ints["game_id"][j], P1: c.Strings["p1"][j], P2: c.Strings["p2"][j],
				Winner: int8(c.Ints["winner"][j]), Reason: reason, Why: whyName(d.Game, reason), Length: int(c.Ints[in.Length][j]),
				Score1: c.Floats[sc[0]][j], Score2: c.Floats[sc[1]][j], file: i}
		}
		parts[i] = rows
		return nil
	})
	var bad []string
	for i, p := range parts {
		if errs[i] != nil {
			bad = append(bad, oneLine(errs[i]))
			continue
		}
		s.rows = append(s.rows, p...)
	}
	if len(bad) > 0 {
		s.err = fmt.Sprintf("%d of %d files could not be read (their games are left out): %s", len(bad), len(parts), strings.Join(bad, "; "))
	}
	s.record = s.datasetRecord
	return nil
}

// datasetRecord reads a game's start and moves from its file.
func (s *source) datasetRecord(r *Row) (*game.Record, error) {
	b, err := s.boardOf()
	if err != nil {
		return nil, err
	}
	start, moves := b.DatasetColumns()
	c, err := s.ds.ReadColumns(s.ds.GameFiles[r.file], []string{"game_id"}, nil, []string{start, moves})
	if err != nil {
		return nil, err
	}
	for j, id := range c.Ints["game_id"] {
		if id == r.ID {
			return rowRecord(r, s.config, c.Strings[start][j], c.Strings[moves][j]), nil
		}
	}
	return nil, fmt.Errorf("%s: no game %d", s.files[r.file], r.ID)
}

// rowRecord is the record of an index row with its start and moves.
func rowRecord(r *Row, c game.Config, start, moves string) *game.Record {
	return &game.Record{Config: c, Start: start, Moves: []byte(moves), Winner: game.WinnerOfCode(r.Winner),
		Reason: r.Reason, Extra: -1, Length: r.Length, Score: [2]float64{r.Score1, r.Score2}}
}

// loadTournament reads a tournament folder's results database.
func (s *source) loadTournament() error {
	path := filepath.Join(s.path, results.DBFile)
	db, err := results.Read(path)
	if err != nil {
		return err
	}
	name, err := db.Game()
	if err == nil && name == "" {
		err = fmt.Errorf("%s: holds no games yet", path)
	}
	var g game.Game
	if err == nil {
		if g, err = game.Lookup(name); err != nil {
			err = fmt.Errorf("%s: %v", path, err)
		}
	}
	if err != nil {
		db.Close()
		return err
	}
	s.setGame(g)
	s.db, s.close = db, func() { db.Close() }
	games, err := db.Games()
	if err != nil {
		return err
	}
	for _, l := range games {
		r := Row{Src: s.id, ID: l.ID, P1: l.P1, P2: l.P2, Spec1: l.Spec1, Spec2: l.Spec2, Winner: l.Winner,
			Reason: l.Reason, Length: l.Length, Score1: l.Score1, Score2: l.Score2, Stage: l.Stage}
		r.Why = whyName(g, r.Reason)
		if r.Spec1 == r.P1 {
			r.Spec1 = ""
		}
		if r.Spec2 == r.P2 {
			r.Spec2 = ""
		}
		s.rows = append(s.rows, r)
	}
	s.record = s.tournamentRecord
	return nil
}

// tournamentRecord reads a game from the results database.
func (s *source) tournamentRecord(r *Row) (*game.Record, error) {
	p, err := s.db.Replay(r.ID)
	if err != nil {
		return nil, err
	}
	c, err := s.g.DecodeConfig([]byte(p.Settings))
	if err != nil {
		return nil, fmt.Errorf("game %d: %v", r.ID, err)
	}
	rec := rowRecord(r, c, p.Start, p.Moves)
	rec.Seed = p.Seed
	return rec, nil
}

// loadReplays reads a replay file with the first board that can.
func (s *source) loadReplays() error {
	if s.kind == KindRecordings && !exists(s.path) {
		name := game.Default()
		if s.g != nil { // the game people play on this server
			name = s.g.Name()
		}
		b, err := BoardOf(name)
		if err != nil {
			return err
		}
		s.g, s.board, s.record = b.Game(), b, func(*Row) (*game.Record, error) { return nil, errors.New("no such game") }
		return nil
	}
	var firstErr error
	for _, b := range allBoards() {
		games, err := readReplays(b, s.path)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		s.g, s.board = b.Game(), b
		s.setReplays(games)
		return nil
	}
	if firstErr == nil {
		firstErr = errors.New("no game can read it")
	}
	return firstErr
}

// setReplays makes the rows of a replay file's games.
func (s *source) setReplays(games []game.ReplayGame) {
	rows := make([]Row, len(games))
	recs := make([]*game.Record, len(games))
	for i, rg := range games {
		rows[i] = recordRow(s.g, s.id, int64(i), rg.Players, rg.Record)
		rows[i].Label = rg.ID
		recs[i] = rg.Record
	}
	s.mu.Lock()
	s.rows = rows
	s.record = func(r *Row) (*game.Record, error) {
		if r.ID < 0 || r.ID >= int64(len(recs)) {
			return nil, fmt.Errorf("no game %d", r.ID)
		}
		return recs[r.ID], nil
	}
	s.mu.Unlock()
}

// recordRow is the index row of a record.
func recordRow(g game.Game, src int, id int64, players [2]string, r *game.Record) Row {
	return Row{Src: src, ID: id, P1: players[0], P2: players[1], Winner: r.Winner.Code(), Reason: r.Reason,
		Why: whyName(g, r.Reason), Length: r.Length, Score1: r.Score[0], Score2: r.Score[1]}
}

// find is the row of game id.
func (s *source) find(id int64) (Row, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i, ok := sort.Find(len(s.rows), func(i int) int {
		switch {
		case id < s.rows[i].ID:
			return -1
		case id > s.rows[i].ID:
			return 1
		}
		return 0
	})
	if ok {
		return s.rows[i], true
	}
	for _, r := range s.rows { // rows not sorted by id
		if r.ID == id {
			return r, true
		}
	}
	return Row{}, false
}

// Record is the record of game id of the source.
func (s *source) Record(id int64) (Row, *game.Record, error) {
	r, ok := s.find(id)
	if !ok {
		return r, nil, fmt.Errorf("%s has no game %d", s.path, id)
	}
	s.mu.RLock()
	rec := s.record
	s.mu.RUnlock()
	g, err := rec(&r)
	return r, g, err
}
